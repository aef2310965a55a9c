import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

/// The switch, slider and progress view: UIKit's geometry as numbers, their colours read
/// from the pixels against the compositing formula, and their event sequences.
@MainActor
@Suite(.manualClock(), .serialized) struct StandardControlTests {
    /// `color` over opaque white, one channel at a time, as the source-over formula gives
    /// it: what a translucent fill over a white page shows.
    static func over(white color: Color) -> (Int, Int, Int) {
        func ch(_ c: Double) -> Int { Int((255 * (1 - color.alpha) + 255 * c * color.alpha).rounded()) }
        return (ch(color.red), ch(color.green), ch(color.blue))
    }

    static func rgb(_ p: Pixel) -> (Int, Int, Int) { (Int(p.r), Int(p.g), Int(p.b)) }

    static func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
        abs(a.0 - b.0) <= 1 && abs(a.1 - b.1) <= 1 && abs(a.2 - b.2) <= 1
    }

    /// A white root holding `view`, rendered at `scale` with animations settled.
    func shot(_ view: View, size: Size = Size(width: 220, height: 60), scale: Double = 1) throws -> Surface {
        let root = RootView(size: size)
        root.backgroundColor = .white
        root.addSubview(view)
        let s = try Surface(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale)
        root.render(into: s, full: true)
        return s
    }

    // MARK: Switch

    @Test func aSwitchHasUIKitsGeometry() {
        let s = Switch(frame: Rect(x: 10, y: 10, width: 200, height: 200))
        #expect(s.frame == Rect(x: 10, y: 10, width: 51, height: 31), "UIKit's switch keeps its 51 x 31")
        #expect(s.intrinsicContentSize == Size(width: 51, height: 31))
        // The thumb, 27 across, 2 in from the track's ends; 34 wide while pressed.
        #expect(s.thumbRect(on: false, pressed: false) == Rect(x: 2, y: 2, width: 27, height: 27))
        #expect(s.thumbRect(on: true, pressed: false) == Rect(x: 22, y: 2, width: 27, height: 27))
        #expect(s.thumbRect(on: false, pressed: true) == Rect(x: 2, y: 2, width: 34, height: 27))
        #expect(s.thumbRect(on: true, pressed: true) == Rect(x: 15, y: 2, width: 34, height: 27))
        #expect(s.trackColor(on: true) == Color(red8: 52, green8: 199, blue8: 89, alpha8: 255))
        s.onTintColor = .red
        #expect(s.trackColor(on: true) == .red)
    }

    @Test(arguments: [1.0, 2.0])
    func aSwitchShowsItsTrackAndThumb(scale: Double) throws {
        let s = Switch(frame: Rect(x: 20, y: 10, width: 0, height: 0))
        // Off: the track's grey (120, 120, 128 at 16 %) over white at the right end, the
        // white thumb at the left.
        var p = try shot(s, scale: scale)
        let k = scale
        let grey = StandardControlTests.over(white: .secondarySystemFill)
        #expect(
            StandardControlTests.close(StandardControlTests.rgb(p[Int(64 * k), Int(25 * k)]), grey),
            "off track \(p[Int(64 * k), Int(25 * k)]) against \(grey)")
        #expect(StandardControlTests.rgb(p[Int(35 * k), Int(25 * k)]) == (255, 255, 255), "thumb")
        // On: systemGreen at the left end, the thumb at the right.
        s.setOn(true, animated: false)
        p = try shot(s, scale: scale)
        #expect(StandardControlTests.rgb(p[Int(26 * k), Int(25 * k)]) == (52, 199, 89), "on track")
        #expect(StandardControlTests.rgb(p[Int(56 * k), Int(25 * k)]) == (255, 255, 255), "thumb on the right")
        // Outside the rounded track's corner: the page.
        #expect(StandardControlTests.rgb(p[Int(20 * k), Int(10 * k)]) == (255, 255, 255))
    }

    @Test func aTapTogglesAndSendsValueChangedOnRelease() {
        let s = Switch(frame: Rect(x: 100, y: 100, width: 0, height: 0))
        let (root, r) = watchedRoot(s)
        root.handle(PointerEvent(.press, at: Point(x: 110, y: 115)))
        #expect(!s.isOn && r.log == ["a:touchDown+"], "nothing changes while pressed")
        root.handle(PointerEvent(.release, at: Point(x: 110, y: 115)))
        #expect(s.isOn)
        #expect(r.log == ["a:touchDown+", "a:valueChanged+", "a:touchUpInside+"])
        root.click(110, 115)
        #expect(!s.isOn)
    }

    @Test func draggingTheThumbTakesTheSideUnderThePointer() {
        let s = Switch(frame: Rect(x: 100, y: 100, width: 0, height: 0))
        let (root, r) = watchedRoot(s)
        // Off; dragged to the right half and released there: on.
        root.handle(PointerEvent(.press, at: Point(x: 112, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 140, y: 115)))
        #expect(!s.isOn, "the value waits for the release")
        root.handle(PointerEvent(.release, at: Point(x: 140, y: 115)))
        #expect(s.isOn && r.log.filter { $0.hasPrefix("a:valueChanged") }.count == 1)
        // On; dragged left and back right: released on the same side, no change, nothing sent.
        r.log = []
        root.handle(PointerEvent(.press, at: Point(x: 140, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 105, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 145, y: 115)))
        root.handle(PointerEvent(.release, at: Point(x: 145, y: 115)))
        #expect(s.isOn && !r.log.contains { $0.hasPrefix("a:valueChanged") })
        // A cancelled drag changes nothing.
        r.log = []
        root.handle(PointerEvent(.press, at: Point(x: 140, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 105, y: 115)))
        root.cancelTouch()
        #expect(s.isOn && r.log == ["a:touchDown+", "a:touchDragInside+", "a:touchCancel-"])
    }

    @Test func spaceTogglesAFocusedSwitchAndADisabledOneTakesNothing() {
        let s = Switch(frame: Rect(x: 100, y: 100, width: 0, height: 0))
        let (root, r) = watchedRoot(s)
        Keys.type(Keys.tab, into: root)
        #expect(s.isFocused)
        Keys.type(Keys.space, into: root)
        #expect(s.isOn && r.log.contains("a:valueChanged+"))
        s.isEnabled = false
        #expect(!s.isFocused || !s.canBecomeFocused)
        r.log = []
        root.click(110, 115)
        #expect(s.isOn && r.log.isEmpty)
    }

    // MARK: Slider

    @Test func aSliderHasUIKitsGeometry() {
        let s = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        s.value = 0.5
        let track = s.trackRect(forBounds: s.bounds)
        #expect(track == Rect(x: 0, y: 13.5, width: 200, height: 4))
        // The thumb's edges meet the track's ends at the extremes: 172 points of travel.
        #expect(
            s.thumbRect(forBounds: s.bounds, trackRect: track, value: 0.5) == Rect(x: 86, y: 1.5, width: 28, height: 28)
        )
        #expect(s.thumbRect(forBounds: s.bounds, trackRect: track, value: 0).minX == 0)
        #expect(s.thumbRect(forBounds: s.bounds, trackRect: track, value: 1).maxX == 200)
        #expect(s.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 31))
        s.value = 7
        #expect(s.value == 1, "clamped")
        s.value = .nan
        #expect(s.value == 1, "NaN ignored")
    }

    @Test(arguments: [1.0, 2.0])
    func aSliderShowsBothSidesOfItsTrack(scale: Double) throws {
        let s = Slider(frame: Rect(x: 10, y: 10, width: 200, height: 31))
        s.value = 0.5
        s.minimumTrackTintColor = Color(red8: 200, green8: 30, blue8: 40, alpha8: 255)
        let p = try shot(s, scale: scale)
        let k = scale
        let y = Int(25.5 * k)
        #expect(StandardControlTests.rgb(p[Int(30 * k), y]) == (200, 30, 40), "minimum side")
        let grey = StandardControlTests.over(white: .systemFill)
        #expect(
            StandardControlTests.close(StandardControlTests.rgb(p[Int(190 * k), y]), grey),
            "maximum side: \(p[Int(190 * k), y])")
        #expect(StandardControlTests.rgb(p[Int(110 * k), y]) == (255, 255, 255), "thumb in the middle")
        // Above and below the 4-point track, away from the thumb: the page.
        #expect(StandardControlTests.rgb(p[Int(30 * k), Int(21 * k)]) == (255, 255, 255))
    }

    @Test func aDragMustBeginOnTheThumb() {
        let s = Slider(frame: Rect(x: 100, y: 100, width: 200, height: 31))
        s.value = 0.5
        let (root, r) = watchedRoot(s)
        // On the track, far from the thumb (at 186...214): nothing.
        root.handle(PointerEvent(.press, at: Point(x: 130, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 150, y: 115)))
        root.handle(PointerEvent(.release, at: Point(x: 150, y: 115)))
        #expect(s.value == 0.5 && r.log.isEmpty)
        // On the thumb, 3 points right of its centre (200), dragged 43 points right: the
        // centre goes to 243, a quarter of the 172-point travel further.
        root.handle(PointerEvent(.press, at: Point(x: 203, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 246, y: 118)))
        #expect(abs(s.value - 0.75) < 1e-6)
        root.handle(PointerEvent(.release, at: Point(x: 246, y: 118)))
        #expect(r.log == ["a:touchDown+", "a:valueChanged+", "a:touchDragInside+", "a:touchUpInside+"])
        // Not continuous: one valueChanged, at the end.
        s.isContinuous = false
        r.log = []
        root.handle(PointerEvent(.press, at: Point(x: 243, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 260, y: 115)))
        root.handle(PointerEvent(.move, at: Point(x: 280, y: 115)))
        root.handle(PointerEvent(.release, at: Point(x: 280, y: 115)))
        #expect(r.log.filter { $0.hasPrefix("a:valueChanged") }.count == 1)
        #expect(r.log.last == "a:touchUpInside+" && r.log[r.log.count - 2] == "a:valueChanged+")
    }

    @Test func keysMoveAFocusedSlider() {
        let s = Slider(frame: Rect(x: 100, y: 100, width: 200, height: 31))
        s.minimumValue = 10
        s.maximumValue = 50
        s.value = 30
        let (root, r) = watchedRoot(s)
        Keys.type(Keys.tab, into: root)
        #expect(s.isFocused)
        Keys.type(Keys.named(.keyboardRightArrow), into: root)
        #expect(s.value == 34, "a tenth of the range")
        Keys.type(Keys.named(.keyboardDownArrow), into: root)
        #expect(s.value == 30)
        Keys.type(Keys.named(.keyboardPageUp), into: root)
        #expect(s.value == 40, "a quarter")
        Keys.type(Keys.named(.keyboardEnd), into: root)
        #expect(s.value == 50)
        Keys.type(Keys.named(.keyboardRightArrow), into: root)
        #expect(s.value == 50, "at the end")
        Keys.type(Keys.named(.keyboardHome), into: root)
        #expect(s.value == 10)
        #expect(r.log.filter { $0.hasPrefix("a:valueChanged") }.count == 5, "one for each change: \(r.log)")
    }

    // MARK: Progress view

    @Test(arguments: [1.0, 2.0])
    func aProgressViewFillsItsDonePart(scale: Double) throws {
        let p = ProgressView(frame: Rect(x: 10, y: 20, width: 200, height: 4))
        #expect(p.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 4))
        #expect(ProgressView(progressViewStyle: .bar).intrinsicContentSize.height == 2.5)
        p.progress = 0.3
        #expect(abs(p.progressRect.width - 60) < 1e-4 && p.progressRect.height == 4, "30 % of 200 (a Float's 0.3)")
        p.progress = 2
        #expect(p.progress == 1)
        p.setProgress(0.25, animated: false)
        p.tintColor = Color(red8: 10, green8: 120, blue8: 250, alpha8: 255)
        let s = try shot(p, scale: scale)
        let k = scale
        let y = Int(22 * k)
        #expect(StandardControlTests.rgb(s[Int(40 * k), y]) == (10, 120, 250), "done part in the tint")
        #expect(
            StandardControlTests.close(
                StandardControlTests.rgb(s[Int(150 * k), y]),
                StandardControlTests.over(white: .systemFill)), "the track")
        #expect(StandardControlTests.rgb(s[Int(150 * k), Int(26 * k)]) == (255, 255, 255), "below the bar")
    }

    @Test func progressAnimatesWhenAsked() throws {
        MediaClock.manualTime = 10
        let p = ProgressView(frame: Rect(x: 0, y: 0, width: 200, height: 4))
        let root = RootView(size: Size(width: 200, height: 10))
        root.addSubview(p)
        root.render(into: try Surface(width: 200, height: 10))
        p.setProgress(1, animated: true)
        #expect(p.progressRect.width == 200)
        AnimationEngine.step(at: 10.05)
        let shown = p.subviews[1].layer.presentation().bounds.width
        #expect(shown > 0 && shown < 200, "on its way: \(shown)")
    }

    @Test func theHandShowsOnlyWhereAClickActs() {
        let root = RootView(size: Size(width: 400, height: 200))
        let slider = Slider(frame: Rect(x: 100, y: 20, width: 200, height: 31))
        slider.value = 0.5
        let stepper = Stepper(frame: Rect(x: 100, y: 80, width: 0, height: 0))
        let segmented = SegmentedControl(items: ["A", "B"], frame: Rect(x: 100, y: 140, width: 200, height: 32))
        segmented.setEnabled(false, forSegmentAt: 1)
        for v in [slider, stepper, segmented] as [View] { root.addSubview(v) }
        func over(_ x: Double, _ y: Double) -> Cursor {
            root.handle(PointerEvent(.move, at: Point(x: x, y: y)))
            return root.currentCursor
        }
        // The slider's thumb spans 186...214 (grown by 8: 178...222).
        #expect(over(200, 35) == .pointingHand && over(220, 35) == .pointingHand)
        #expect(over(130, 35) == .arrow && over(280, 35) == .arrow, "the track alone does nothing")
        // The stepper at 0: the minus half cannot step, the plus half can.
        #expect(over(120, 96) == .arrow && over(170, 96) == .pointingHand)
        #expect(over(150, 156) == .pointingHand && over(250, 156) == .arrow, "a disabled segment")
    }
}
