import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

/// The segmented control: segment geometry as numbers, the card and the background in
/// the pixels against the compositing formula, and its events.
@MainActor
@Suite(.manualClock(), .serialized) struct SegmentedControlTests {
    func control(_ items: [Any] = ["One", "Two", "Three"]) -> (RootView, SegmentedControl, Recorder) {
        let c = SegmentedControl(items: items, frame: Rect(x: 100, y: 100, width: 300, height: 32))
        let (root, r) = watchedRoot(c, size: Size(width: 500, height: 300))
        return (root, c, r)
    }

    func click(_ root: RootView, _ x: Double, _ y: Double = 116) { root.click(x, y) }

    @Test func segmentsShareTheWidthAndTheCardIsInsetTwoPoints() {
        let (_, c, _) = control()
        #expect(c.numberOfSegments == 3 && c.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(
            c.segmentFrames == [
                Rect(x: 0, y: 0, width: 100, height: 32), Rect(x: 100, y: 0, width: 100, height: 32),
                Rect(x: 200, y: 0, width: 100, height: 32)
            ])
        #expect(c.cardRect(for: 1) == Rect(x: 102, y: 2, width: 96, height: 28))
        c.setWidth(150, forSegmentAt: 0)
        #expect(c.segmentFrames.map(\.width) == [150, 75, 75], "a fixed width, the rest shared")
        c.setWidth(0, forSegmentAt: 0)
        c.apportionsSegmentWidthsByContent = true
        let content = (0..<3).map { c.contentWidth($0) }
        let sum = content.reduce(0, +)
        for (f, w) in zip(c.segmentFrames, content) { #expect(abs(f.width - 300 * w / sum) < 1e-9) }
        #expect(c.intrinsicContentSize.height == 32)
    }

    @Test func aClickSelectsOnReleaseAndADragMovesTheSelection() {
        let (root, c, r) = control()
        click(root, 250)
        #expect(c.selectedSegmentIndex == 1)
        #expect(r.log == ["a:touchDown+", "a:valueChanged+", "a:touchUpInside+"])
        r.log = []
        click(root, 250)
        #expect(!r.log.contains("a:valueChanged+"), "the same segment again: no change")
        // Pressing the selected card and dragging moves the selection with the pointer.
        r.log = []
        root.handle(PointerEvent(.press, at: Point(x: 250, y: 116)))
        root.handle(PointerEvent(.move, at: Point(x: 350, y: 116)))
        #expect(c.selectedSegmentIndex == 2)
        root.handle(PointerEvent(.move, at: Point(x: 120, y: 116)))
        #expect(c.selectedSegmentIndex == 0)
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 116)))
        #expect(r.log.filter { $0.hasPrefix("a:valueChanged") }.count == 2)
    }

    @Test func disabledSegmentsMomentaryModeAndKeys() {
        let (root, c, r) = control()
        c.selectedSegmentIndex = 0
        c.setEnabled(false, forSegmentAt: 1)
        click(root, 250)
        #expect(c.selectedSegmentIndex == 0 && r.log.isEmpty, "a disabled segment takes no click")
        // Keys skip the disabled segment and stop at the ends.
        Keys.type(Keys.tab, into: root)
        #expect(c.isFocused)
        Keys.type(Keys.named(.keyboardRightArrow), into: root)
        #expect(c.selectedSegmentIndex == 2)
        Keys.type(Keys.named(.keyboardRightArrow), into: root)
        #expect(c.selectedSegmentIndex == 2)
        Keys.type(Keys.named(.keyboardLeftArrow), into: root)
        #expect(c.selectedSegmentIndex == 0)
        #expect(r.log.filter { $0.hasPrefix("a:valueChanged") }.count == 2)
        // Momentary: the index tells the click, the card shows only while pressed.
        c.isMomentary = true
        r.log = []
        click(root, 350)
        #expect(c.selectedSegmentIndex == 2 && r.log.contains("a:valueChanged+"))
        r.log = []
        Keys.type(Keys.tab, into: root)
        #expect(c.isFocused, "a click took the focus away; Tab brings it back")
        Keys.type(Keys.space, into: root)
        #expect(
            c.selectedSegmentIndex == 2 && r.log.filter { $0.hasPrefix("a:valueChanged") }.count == 1,
            "Space chooses the focused segment again: \(r.log)")
    }

    @Test func insertingAndRemovingKeepTheSelection() {
        let (_, c, _) = control()
        c.selectedSegmentIndex = 1
        c.insertSegment(withTitle: "Zero", at: 0, animated: false)
        #expect(c.selectedSegmentIndex == 2 && c.titleForSegment(at: 2) == "Two")
        c.removeSegment(at: 0, animated: false)
        #expect(c.selectedSegmentIndex == 1)
        c.removeSegment(at: 1, animated: false)
        #expect(c.selectedSegmentIndex == SegmentedControl.noSegment && c.numberOfSegments == 2)
        c.removeSegment(at: 9, animated: false)
        #expect(c.numberOfSegments == 2)
        c.selectedSegmentIndex = 7
        #expect(c.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    @Test(arguments: [1.0, 2.0])
    func theCardAndTheBackgroundInThePixels(scale: Double) throws {
        let (root, c, _) = control(["A", "B"])
        root.backgroundColor = .white
        c.selectedSegmentIndex = 0
        let s = try Surface(width: Int(500 * scale), height: Int(300 * scale), scale: scale)
        root.render(into: s, full: true)
        let k = scale
        // Inside the card, away from its title: white. On the unselected half, away from
        // its title: tertiarySystemFill (118, 118, 128 at 12 %) over white.
        let card = s[Int(110 * k), Int(108 * k)]
        #expect(card.r == 255 && card.g == 255 && card.b == 255, "card \(card)")
        let grey = StandardControlTests.over(white: .tertiarySystemFill)
        let bg = StandardControlTests.rgb(s[Int(380 * k), Int(104 * k)])
        #expect(StandardControlTests.close(bg, grey), "background \(bg) against \(grey)")
    }
}
