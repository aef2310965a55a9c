import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

@MainActor
@Suite struct HoverTests {
    @Test func hoverBeginsChangesAndEndsAndTheWindowsEdgeEndsIt() {
        let root = RootView(size: Size(width: 300, height: 200))
        let card = View(frame: Rect(x: 20, y: 20, width: 120, height: 120))
        let inner = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        root.addSubview(card)
        card.addSubview(inner)
        var log: [String] = []
        card.addGestureRecognizer(GestureRecognizer(handler: { _ in }))  // not a hover recognizer: never told
        card.addGestureRecognizer(
            HoverGestureRecognizer { r in
                let p = r.location(in: r.view)
                log.append("card \(r.state) \(Int(p.x)),\(Int(p.y))")
            })
        inner.addGestureRecognizer(HoverGestureRecognizer { r in log.append("inner \(r.state)") })
        func move(_ x: Double, _ y: Double) { root.handle(PointerEvent(.move, at: Point(x: x, y: y), button: 0)) }
        move(5, 5)
        #expect(log.isEmpty)
        move(100, 100)
        move(110, 100)
        move(35, 35)  // over the inner view, still over the card
        move(200, 100)
        #expect(
            log == [
                "card began 80,80", "card changed 90,80", "card changed 15,15", "inner began", "inner ended",
                "card ended 180,80"
            ])
        log.removeAll()
        move(35, 35)
        root.handle(PointerEvent(.exit, at: Point(x: 0, y: 0), button: 0))
        #expect(log == ["card began 15,15", "inner began", "inner ended", "card ended 15,15"])
    }

    @Test func theCursorIsTheHandOverEnabledControlsAndChangesOnlyWhenItMust() {
        let root = RootView(size: Size(width: 300, height: 200))
        let button = Button(frame: Rect(x: 20, y: 20, width: 80, height: 40))
        let off = Button(frame: Rect(x: 120, y: 20, width: 80, height: 40))
        off.isEnabled = false
        let text = View(frame: Rect(x: 20, y: 100, width: 80, height: 40))
        text.cursor = .iBeam
        for v in [button, off, text] { root.addSubview(v) }
        var shown: [Cursor] = []
        root.onCursorChange = { shown.append($0) }
        func move(_ x: Double, _ y: Double) { root.handle(PointerEvent(.move, at: Point(x: x, y: y), button: 0)) }
        move(5, 5)
        move(30, 30)
        move(40, 35)
        move(130, 30)  // a disabled control: the background's arrow
        move(30, 110)
        move(250, 180)
        #expect(shown == [.pointingHand, .arrow, .iBeam, .arrow], "told once per change, not per motion")
        #expect(root.currentCursor == .arrow)
    }

    @Test func contentScrolledByAKeyUnderAStillPointerChangesTheCursor() {
        let root = RootView(size: Size(width: 200, height: 100))
        let scroll = ScrollView(frame: root.bounds)
        scroll.contentSize = Size(width: 200, height: 400)
        let button = Button(frame: Rect(x: 20, y: 20, width: 100, height: 40))
        scroll.addSubview(button)
        root.addSubview(scroll)
        scroll.becomeFirstResponder()
        var hovered: [GestureRecognizer.State] = []
        button.addGestureRecognizer(HoverGestureRecognizer { hovered.append($0.state) })
        root.handle(PointerEvent(.move, at: Point(x: 50, y: 40), button: 0))
        #expect(root.currentCursor == .pointingHand && hovered == [.began])
        Keys.type(Keys.named(.keyboardDownArrow), into: root)
        #expect(root.currentCursor == .arrow && hovered == [.began, .ended], "the button moved away from the pointer")
    }

    @Test func disabledControlsTakeNoHoverNoFocusAndNoPress() {
        let root = RootView(size: Size(width: 300, height: 200))
        let box = Checkbox(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        box.isEnabled = false
        root.addSubview(box)
        var hovered = 0
        box.addGestureRecognizer(HoverGestureRecognizer { _ in hovered += 1 })
        let log = Recorder()
        log.watch(box)
        root.handle(PointerEvent(.move, at: Point(x: 40, y: 40), button: 0))
        root.handle(PointerEvent(.press, at: Point(x: 40, y: 40)))
        root.handle(PointerEvent(.release, at: Point(x: 40, y: 40)))
        Keys.type(Keys.tab, into: root)
        Keys.type(Keys.space, into: root)
        #expect(hovered == 0 && log.log.isEmpty && !box.checked && root.focusedView == nil)
        #expect(!box.canBecomeFocused && root.currentCursor == .arrow)
    }
}

@MainActor
@Suite(.manualClock()) struct ScrollViewTests {
    func scene() -> (RootView, ScrollView) {
        MediaClock.manualTime = 0
        let root = RootView(size: Size(width: 200, height: 150))
        let scroll = ScrollView(frame: root.bounds)
        scroll.contentSize = Size(width: 500, height: 1000)
        root.addSubview(scroll)
        scroll.becomeFirstResponder()
        root.layoutIfNeeded()
        return (root, scroll)
    }

    @Test func keysScrollByLinePageAndToTheEnds() {
        let (root, scroll) = scene()
        func press(_ key: Key) -> Point {
            Keys.type(key, into: root)
            return scroll.contentOffset
        }
        let page = 150 - ScrollView.lineStep
        #expect(press(Keys.named(.keyboardDownArrow)) == Point(x: 0, y: 40))
        #expect(press(Keys.named(.keyboardRightArrow)) == Point(x: 40, y: 40))
        #expect(press(Keys.named(.keyboardPageDown)) == Point(x: 40, y: 40 + page))
        #expect(press(Keys.space) == Point(x: 40, y: 40 + 2 * page))
        #expect(press(Keys.shiftSpace) == Point(x: 40, y: 40 + page))
        #expect(press(Keys.named(.keyboardPageUp)) == Point(x: 40, y: 40))
        #expect(press(Keys.named(.keyboardEnd)) == Point(x: 40, y: 850))
        #expect(press(Keys.named(.keyboardDownArrow)) == Point(x: 40, y: 850), "kept within the content")
        #expect(press(Keys.named(.keyboardHome)) == Point(x: 40, y: 0))
        #expect(press(Keys.named(.keyboardLeftArrow)) == Point(x: 0, y: 0))
        // Holding an arrow repeats.
        root.handle(KeyEvent(.down, key: Keys.named(.keyboardDownArrow)))
        root.handle(KeyEvent(.repeat, key: Keys.named(.keyboardDownArrow)))
        root.handle(KeyEvent(.up, key: Keys.named(.keyboardDownArrow)))
        #expect(scroll.contentOffset == Point(x: 0, y: 80))
        // A key with Control is not a scrolling key.
        var unhandled: [Key] = []
        root.unhandledKeyHandler = { unhandled.append($0) }
        let ctrlEnd = Key(characters: "", keyCode: .keyboardEnd, modifierFlags: .control)
        #expect(press(ctrlEnd) == Point(x: 0, y: 80) && unhandled == [ctrlEnd])
    }

    @Test func spaceActivatesAFocusedControlRatherThanScrolling() {
        let (root, scroll) = scene()
        let box = Checkbox(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        scroll.addSubview(box)
        Keys.type(Keys.tab, into: root)
        Keys.type(Keys.space, into: root)
        #expect(box.checked && scroll.contentOffset == Point(x: 0, y: 0))
        Keys.type(Keys.named(.keyboardDownArrow), into: root)
        #expect(scroll.contentOffset == Point(x: 0, y: 40), "the arrows pass through the focused control")
    }

    @Test func theIndicatorsShowWhileScrollingAndFadeAfterwards() throws {
        let (root, scroll) = scene()
        let bars = scroll.layer.sublayers!.compactMap { $0 as? ScrollIndicatorLayer }
        #expect(bars.count == 2)
        func opacities() -> [Double] {
            AnimationEngine.step()
            return bars.map { $0.presentation().opacityValue }
        }
        // Flashed when the content first does not fit.
        #expect(opacities() == [1, 1])
        MediaClock.advance(by: 0.5)
        #expect(opacities() == [1, 1])
        MediaClock.advance(by: 0.125)
        #expect(opacities().allSatisfy { abs($0 - 0.5) < 1e-9 })
        MediaClock.advance(by: 0.125)
        #expect(opacities() == [0, 0])
        // A scroll shows them again.
        root.handle(PointerEvent(.scroll(delta: Point(x: 0, y: 30)), at: Point(x: 50, y: 50), button: 0))
        #expect(opacities() == [1, 1])
        // Lengths say how much shows, positions where.
        let v = bars[0].frame
        #expect(abs(v.height - 2 - max(ScrollIndicatorLayer.minimumLength, (150 - 12) * 150 / 1000)) < 1e-9)
        #expect(v.minX == 200 - 3 - 3 - 1)
    }

    @Test func contentThatFitsHasNoIndicator() {
        MediaClock.manualTime = 0
        let root = RootView(size: Size(width: 200, height: 150))
        let scroll = ScrollView(frame: root.bounds)
        scroll.contentSize = Size(width: 200, height: 100)
        root.addSubview(scroll)
        root.layoutIfNeeded()
        AnimationEngine.step()
        let bars = scroll.layer.sublayers!.compactMap { $0 as? ScrollIndicatorLayer }
        #expect(bars.allSatisfy { $0.isHidden })
        scroll.contentOffset = Point(x: 0, y: 500)
        #expect(scroll.contentOffset == Point(x: 0, y: 0))
    }
}
