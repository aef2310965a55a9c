import Raster
import Testing

@testable import Views

/// Records every event a control sends, with its highlighted state at that moment.
@MainActor
final class Recorder: ActionTarget {
    var log: [String] = []

    func perform(_ action: Selector, sender: Control, event: ControlEvents) {
        log.append("\(action.name):\(event)\(sender.isHighlighted ? "+" : "-")")
    }

    func watch(_ control: Control, as name: Selector = "a") {
        control.addTarget(self, action: name, for: .allEvents)
    }
}

@MainActor
@Suite struct ControlTrackingTests {
    func setUp(_ control: Control = Control(frame: Rect(x: 100, y: 100, width: 40, height: 40))) -> (
        RootView, Control, Recorder
    ) {
        let root = RootView(size: Size(width: 400, height: 400))
        root.addSubview(control)
        let r = Recorder()
        r.watch(control)
        return (root, control, r)
    }

    @Test func pressReleaseInside() {
        let (root, c, r) = setUp()
        root.handle(PointerEvent(.press, at: Point(x: 110, y: 110)))
        #expect(c.isHighlighted && c.isTracking && c.state == .highlighted)
        root.handle(PointerEvent(.release, at: Point(x: 112, y: 111)))
        #expect(r.log == ["a:touchDown+", "a:touchUpInside+"])
        #expect(!c.isHighlighted && !c.isTracking && c.state == .normal)
    }

    @Test func onlyThePrimaryButtonIsTracked() {
        let box = Checkbox(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        let (root, _, r) = setUp(box)
        for button in [3, 2] {  // right, middle
            root.handle(PointerEvent(.press, at: Point(x: 120, y: 120), button: button))
            #expect(!box.isHighlighted && !box.isTracking)
            root.handle(PointerEvent(.release, at: Point(x: 120, y: 120), button: button))
        }
        #expect(!box.checked && r.log.isEmpty)
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120), button: 1))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120), button: 1))
        #expect(box.checked && r.log == ["a:touchDown+", "a:valueChanged+", "a:touchUpInside+"])
        // A control that asks for the secondary button gets it.
        let other = Control(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        other.buttonMask = [.primary, .secondary]
        let (root2, _, r2) = setUp(other)
        root2.handle(PointerEvent(.press, at: Point(x: 120, y: 120), button: 3))
        root2.handle(PointerEvent(.release, at: Point(x: 120, y: 120), button: 3))
        #expect(r2.log == ["a:touchDown+", "a:touchUpInside+"])
    }

    @Test func theToleranceIsSeventyPointsOnEverySide() {
        // The control spans 100..<140 on both axes; the tracking rectangle is 70 points
        // larger on every side, half-open as the bounds are.
        for (inside, outside) in [
            (Point(x: 209.9, y: 120), Point(x: 210, y: 120)),
            (Point(x: 30, y: 120), Point(x: 29.9, y: 120)),
            (Point(x: 120, y: 209.9), Point(x: 120, y: 210)),
            (Point(x: 120, y: 30), Point(x: 120, y: 29.9))
        ] {
            let (root, c, _) = setUp()
            root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
            root.handle(PointerEvent(.move, at: inside))
            #expect(c.isHighlighted, "\(inside) is within the tolerance")
            root.handle(PointerEvent(.move, at: outside))
            #expect(!c.isHighlighted, "\(outside) is past it")
        }
    }

    @Test func dragOutPastToleranceAndBack() {
        let (root, c, r) = setUp()
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.move, at: Point(x: 200, y: 120)))  // 60 beyond the right edge: inside
        #expect(c.isHighlighted)
        root.handle(PointerEvent(.move, at: Point(x: 211, y: 120)))  // 71 beyond: outside
        #expect(!c.isHighlighted)
        root.handle(PointerEvent(.move, at: Point(x: 215, y: 120)))
        root.handle(PointerEvent(.move, at: Point(x: 130, y: 130)))
        #expect(c.isHighlighted)
        root.handle(PointerEvent(.release, at: Point(x: 130, y: 130)))
        #expect(
            r.log == [
                "a:touchDown+", "a:touchDragInside+", "a:touchDragExit-", "a:touchDragOutside-",
                "a:touchDragOutside-", "a:touchDragEnter+", "a:touchDragInside+", "a:touchUpInside+"
            ])
        #expect(!c.isHighlighted)
    }

    @Test func releaseOutsideAfterLeaving() {
        let (root, _, r) = setUp()
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 390, y: 390)))
        #expect(r.log == ["a:touchDown+", "a:touchDragExit+", "a:touchUpOutside+"])
    }

    @Test func pressThenCancel() {
        let (root, c, r) = setUp()
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.cancel, at: Point(x: 120, y: 120)))
        #expect(r.log == ["a:touchDown+", "a:touchCancel-"])
        #expect(!c.isHighlighted && !c.isTracking)
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
        #expect(r.log.count == 2)
    }

    @Test func disabledControlLetsTouchesFallThrough() {
        let (root, c, r) = setUp()
        let below = Recorder()
        let under = Control(frame: Rect(x: 90, y: 90, width: 60, height: 60))
        root.insertSubview(under, at: 0)
        below.watch(under, as: "under")
        c.isEnabled = false
        #expect(c.state == .disabled)
        c.isHighlighted = true
        #expect(!c.isHighlighted)
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
        #expect(r.log.isEmpty)
        #expect(below.log == ["under:touchDown+", "under:touchUpInside+"])
    }

    @MainActor
    final class Refusing: Control {
        var calls: [String] = []
        override func beginTracking(_ touch: Touch) -> Bool {
            calls.append("begin")
            return false
        }
        override func continueTracking(_ touch: Touch) -> Bool {
            calls.append("continue")
            return true
        }
        override func endTracking(_ touch: Touch?) { calls.append("end") }
    }

    @Test func beginTrackingReturningFalse() {
        let refusing = Refusing(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        let (root, c, r) = setUp(refusing)
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        #expect(!c.isHighlighted)
        root.handle(PointerEvent(.move, at: Point(x: 121, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 121, y: 120)))
        #expect(r.log.isEmpty && refusing.calls == ["begin"])
    }

    @MainActor
    final class StopsOnMove: Control {
        override func continueTracking(_ touch: Touch) -> Bool { false }
    }

    @Test func continueTrackingReturningFalseKeepsTheHighlight() {
        let (root, c, r) = setUp(StopsOnMove(frame: Rect(x: 100, y: 100, width: 40, height: 40)))
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.move, at: Point(x: 300, y: 300)))
        #expect(c.isHighlighted && !c.isTracking)
        root.handle(PointerEvent(.release, at: Point(x: 300, y: 300)))
        #expect(r.log == ["a:touchDown+"])
    }

    @Test func twoTargetsInOrderAndTheSameTargetMerged() {
        let (root, c, r) = setUp()
        let second = Recorder()
        c.addTarget(second, action: "b", for: .touchUpInside)
        var order: [String] = []
        c.addAction(for: .touchUpInside) { _, _ in order.append("closure") }
        c.addTarget(r, action: "a", for: .touchUpInside)  // merged into the first entry
        c.addTarget(r, action: "x", for: .touchDown)  // another action: its own entry
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
        #expect(r.log == ["a:touchDown+", "x:touchDown+", "a:touchUpInside+"])
        #expect(second.log == ["b:touchUpInside+"])
        #expect(order == ["closure"])
        #expect(c.actionEntries.count == 4)
    }

    @Test func targetsAreHeldWeakly() {
        let (root, c, _) = setUp()
        var transient: Recorder? = Recorder()
        transient!.watch(c, as: "t")
        weak let gone = transient
        transient = nil
        #expect(gone == nil)
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
    }

    @Test func highlightedInsideTheTouchUpInsideHandler() {
        let (root, c, _) = setUp()
        var seen: Bool?
        c.addAction(for: .touchUpInside) { sender, _ in seen = sender.isHighlighted }
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
        #expect(seen == true && !c.isHighlighted)
    }

    @Test func buttonSendsPrimaryActionAfterTouchUpInside() {
        let (root, _, r) = setUp(Button(frame: Rect(x: 100, y: 100, width: 40, height: 40)))
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
        #expect(r.log == ["a:touchDown+", "a:touchUpInside+", "a:primaryActionTriggered+"])
    }

    @Test func checkboxTogglesThenSendsValueChangedBeforeTouchUpInside() {
        let box = Checkbox(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        let (root, _, r) = setUp(box)
        var values: [Bool] = []
        box.addAction(for: .valueChanged) { box, _ in values.append(box.checked) }
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 120, y: 120)))
        #expect(box.checked && box.isSelected && values == [true])
        #expect(r.log == ["a:touchDown+", "a:valueChanged+", "a:touchUpInside+"])
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        root.handle(PointerEvent(.release, at: Point(x: 350, y: 350)))
        #expect(box.checked)
    }

    @Test func removingATrackingViewCancelsItsTouch() {
        let (root, c, r) = setUp()
        root.handle(PointerEvent(.press, at: Point(x: 120, y: 120)))
        c.removeFromSuperview()
        #expect(r.log == ["a:touchDown+", "a:touchCancel-"])
        #expect(root.trackingView == nil)
    }
}

/// Action closures and the lifetime of their control.
@MainActor
@Suite struct ActionLifetimeTests {
    @Test func anActionReadingItsTypedSenderLeavesTheControlFree() {
        weak var gone: Checkbox?
        var values: [Bool] = []
        do {
            let root = RootView(size: Size(width: 100, height: 100))
            let box = Checkbox(frame: Rect(x: 10, y: 10, width: 40, height: 40))
            // The sender is a Checkbox: `checked` is read without capturing `box`.
            box.addAction(for: .valueChanged) { sender, _ in values.append(sender.checked) }
            root.addSubview(box)
            root.handle(PointerEvent(.press, at: Point(x: 30, y: 30)))
            root.handle(PointerEvent(.release, at: Point(x: 30, y: 30)))
            gone = box
        }
        #expect(values == [true])
        #expect(gone == nil, "the checkbox outlived its tree: something holds it")
    }
}
