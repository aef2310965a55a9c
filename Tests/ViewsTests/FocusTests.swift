import Raster
import Testing

@testable import Views

@MainActor
@Suite struct FocusTests {
    /// A 3 x 3 grid of controls whose tops vary within each row, added in a scrambled
    /// order, with a disabled and a hidden control besides.
    func grid(in parent: View) -> [[Control]] {
        var rows: [[Control]] = []
        for r in 0..<3 {
            var row: [Control] = []
            for c in 0..<3 {
                // 14, 7 or 0 points down from left to right: the top edges alone would read
                // each row backwards.
                let jitter = Double(2 - c) * 7
                let control = Checkbox(
                    frame: Rect(x: 20 + Double(c) * 60, y: 20 + Double(r) * 60 + jitter, width: 40, height: 30))
                control.tag = 10 * r + c
                row.append(control)
            }
            rows.append(row)
        }
        for (r, c) in [(2, 1), (0, 2), (1, 0), (0, 0), (2, 2), (1, 2), (0, 1), (2, 0), (1, 1)] {
            parent.addSubview(rows[r][c])
        }
        let disabled = Checkbox(frame: Rect(x: 250, y: 20, width: 40, height: 30))
        disabled.isEnabled = false
        let hidden = Checkbox(frame: Rect(x: 250, y: 80, width: 40, height: 30))
        hidden.isHidden = true
        parent.addSubview(disabled)
        parent.addSubview(hidden)
        return rows
    }

    @Test func tabVisitsAGridInReadingOrderAndWraps() {
        let root = RootView(size: Size(width: 400, height: 300))
        let rows = grid(in: root)
        let expected = rows.flatMap { $0 }
        #expect(root.focusOrder.map(\.tag) == expected.map(\.tag))
        var visited: [Int] = []
        for _ in 0..<10 {
            Keys.type(Keys.tab, into: root)
            visited.append(root.focusedView?.tag ?? -1)
        }
        #expect(visited == expected.map(\.tag) + [expected[0].tag], "every control once, then back to the first")
        var back: [Int] = []
        for _ in 0..<2 {
            Keys.type(Keys.shiftTab, into: root)
            back.append(root.focusedView?.tag ?? -1)
        }
        #expect(back == [expected[8].tag, expected[7].tag], "Shift+Tab goes back, wrapping at the start")
    }

    @Test func theOrderInsideAScrolledViewIsTheContentsOrder() {
        let root = RootView(size: Size(width: 400, height: 160))
        let scroll = ScrollView(frame: Rect(x: 0, y: 40, width: 400, height: 120))
        root.addSubview(scroll)
        let header = Button(frame: Rect(x: 300, y: 5, width: 60, height: 30))
        header.tag = 99
        root.addSubview(header)
        let rows = grid(in: scroll)
        scroll.contentSize = Size(width: 400, height: 260)
        scroll.contentOffset = Point(x: 0, y: 100)
        root.layoutIfNeeded()
        // Scrolled or not, the header comes first and the grid reads as it is laid out.
        #expect(root.focusOrder.map(\.tag) == [99] + rows.flatMap { $0 }.map(\.tag))
    }

    @Test func focusScrollsTheLeastThatShowsTheControlWithAMargin() {
        let root = RootView(size: Size(width: 400, height: 100))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        root.addSubview(scroll)
        let rows = grid(in: scroll)
        scroll.contentSize = Size(width: 400, height: 260)
        root.layoutIfNeeded()
        let low = rows[2][0]  // y 154...184 in the content
        #expect(root.updateFocus(to: low))
        #expect(scroll.contentOffset.y == low.frame.maxY + ScrollView.focusMargin - 100)
        let high = rows[0][1]  // y 27...57
        #expect(root.updateFocus(to: high))
        #expect(scroll.contentOffset.y == high.frame.minY - ScrollView.focusMargin)
        // Already in view: nothing moves.
        let before = scroll.contentOffset
        #expect(root.updateFocus(to: rows[0][0]))
        #expect(scroll.contentOffset == before)
    }

    @Test func disabledHiddenAndZeroSizedControlsRefuseFocus() {
        let root = RootView(size: Size(width: 400, height: 300))
        let disabled = Button(frame: Rect(x: 10, y: 10, width: 60, height: 30))
        disabled.isEnabled = false
        let hidden = Button(frame: Rect(x: 80, y: 10, width: 60, height: 30))
        hidden.isHidden = true
        let empty = Button(frame: Rect(x: 150, y: 10, width: 0, height: 30))
        let plain = View(frame: Rect(x: 200, y: 10, width: 60, height: 30))
        let enabled = Button(frame: Rect(x: 10, y: 60, width: 60, height: 30))
        for v in [disabled, hidden, empty, plain, enabled] { root.addSubview(v) }
        #expect(root.focusOrder.count == 1 && root.focusOrder[0] === enabled)
        for v in [disabled, hidden, empty, plain] { #expect(!root.updateFocus(to: v)) }
        #expect(root.focusedView == nil)
        // A focused control that is disabled loses the focus before the next frame.
        #expect(root.updateFocus(to: enabled) && enabled.isFocused && enabled.state.contains(.focused))
        enabled.isEnabled = false
        root.render(into: try! Surface(width: 40, height: 30))
        #expect(root.focusedView == nil && !enabled.state.contains(.focused))
        // With nothing to focus, Tab does nothing.
        Keys.type(Keys.tab, into: root)
        #expect(root.focusedView == nil)
    }

    @Test func spaceAndReturnActivateTheFocusedControlAsAClickDoes() {
        let root = RootView(size: Size(width: 400, height: 300))
        let box = Checkbox(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let button = Button(frame: Rect(x: 80, y: 10, width: 80, height: 40))
        root.addSubview(box)
        root.addSubview(button)
        let boxLog = Recorder()
        let buttonLog = Recorder()
        boxLog.watch(box)
        buttonLog.watch(button)
        // Nothing focused: Space activates nothing.
        Keys.type(Keys.space, into: root)
        #expect(boxLog.log.isEmpty && !box.checked)
        Keys.type(Keys.tab, into: root)
        #expect(box.isFocused)
        root.handle(KeyEvent(.down, key: Keys.space))
        #expect(box.isHighlighted && boxLog.log == ["a:touchDown+"])
        root.handle(KeyEvent(.repeat, key: Keys.space))
        #expect(boxLog.log.count == 1, "a held key does not activate again")
        root.handle(KeyEvent(.up, key: Keys.space))
        #expect(box.checked && !box.isHighlighted)
        #expect(boxLog.log == ["a:touchDown+", "a:valueChanged+", "a:touchUpInside+", "a:primaryActionTriggered+"])
        Keys.type(Keys.tab, into: root)
        #expect(button.isFocused && !box.isFocused && !box.state.contains(.focused))
        Keys.type(Keys.enter, into: root)
        #expect(buttonLog.log == ["a:touchDown+", "a:touchUpInside+", "a:primaryActionTriggered+"])
        #expect(buttonLog.log.filter { $0.hasPrefix("a:touchUpInside") }.count == 1)
    }

    @Test func aFocusedButtonPressedBySpaceLooksPressed() {
        let root = RootView(size: Size(width: 300, height: 100))
        let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
        button.setTitle("Go", for: .normal)
        button.setTitle("Going", for: .highlighted)
        button.setTitleColor(.white, for: .normal)
        button.setTitleColor(.red, for: .highlighted)
        root.addSubview(button)
        Keys.type(Keys.tab, into: root)
        #expect(button.state == .focused && button.currentTitle == "Go")
        root.handle(KeyEvent(.down, key: Keys.space))
        #expect(button.state == [.focused, .highlighted])
        #expect(button.currentTitle == "Going" && button.titleColor(for: button.state) == .red)
        root.handle(KeyEvent(.up, key: Keys.space))
        #expect(button.currentTitle == "Go" && button.titleColor(for: button.state) == .white)
    }

    @Test func escapeCancelsAKeyPressThenClearsTheFocus() {
        let root = RootView(size: Size(width: 400, height: 300))
        let box = Checkbox(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let other = Checkbox(frame: Rect(x: 80, y: 10, width: 40, height: 40))
        root.addSubview(box)
        root.addSubview(other)
        let log = Recorder()
        log.watch(box)
        var unhandled: [Key] = []
        root.unhandledKeyHandler = { unhandled.append($0) }
        Keys.type(Keys.escape, into: root)
        #expect(unhandled == [Keys.escape], "with nothing focused, Escape is the program's")
        Keys.type(Keys.tab, into: root)
        root.handle(KeyEvent(.down, key: Keys.space))
        Keys.type(Keys.escape, into: root)
        root.handle(KeyEvent(.up, key: Keys.space))
        #expect(!box.checked && !box.isHighlighted && log.log == ["a:touchDown+", "a:touchCancel-"])
        #expect(box.isFocused, "the first Escape only cancelled the press")
        Keys.type(Keys.escape, into: root)
        #expect(root.focusedView == nil && unhandled.count == 1)
        // Tab goes on from where the focus was.
        Keys.type(Keys.tab, into: root)
        #expect(other.isFocused)
    }

    @Test func aClickHidesTheRingAndIsWhereTheNextTabStarts() {
        let root = RootView(size: Size(width: 400, height: 300))
        let controls = (0..<4).map { i in Button(frame: Rect(x: 10 + Double(i) * 90, y: 10, width: 80, height: 40)) }
        for c in controls { root.addSubview(c) }
        Keys.type(Keys.tab, into: root)
        #expect(controls[0].isFocused && root.focusRing.superlayer != nil)
        root.handle(PointerEvent(.press, at: Point(x: 200, y: 30)))
        root.handle(PointerEvent(.release, at: Point(x: 200, y: 30)))
        #expect(
            root.focusedView == nil && root.focusRing.superlayer == nil,
            "a click takes the ring away and focuses nothing")
        Keys.type(Keys.tab, into: root)
        #expect(controls[3].isFocused, "Tab goes on after the button clicked")
        root.handle(PointerEvent(.press, at: Point(x: 390, y: 200)))
        root.handle(PointerEvent(.release, at: Point(x: 390, y: 200)))
        Keys.type(Keys.shiftTab, into: root)
        #expect(controls[3].isFocused, "after a click on nothing, Shift+Tab starts from the end")
    }

    @Test func theRingIsInFrontOfTheControlsSiblings() throws {
        let root = RootView(size: Size(width: 200, height: 100))
        let box = Checkbox(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        let neighbour = View(frame: Rect(x: 62, y: 0, width: 100, height: 100))
        neighbour.backgroundColor = Color(white: 0.5)
        let later = View(frame: Rect(x: 0, y: 62, width: 100, height: 38))
        later.backgroundColor = Color(white: 0.5)
        root.addSubview(box)
        root.addSubview(neighbour)
        Keys.type(Keys.tab, into: root)
        // A sibling added after the focus moved goes in front of the ring's layer in the
        // list; the ring stays in front all the same.
        root.addSubview(later)
        let s = try Surface(width: 200, height: 100)
        root.render(into: s, full: true)
        // The circle's right edge is at x 60; the ring spans 62...65 outside it, over the
        // neighbour.
        for p in [s[63, 40], s[40, 63]] { #expect(p.r < 20 && p.g > 100 && p.b > 240, "\(p)") }
    }
}
