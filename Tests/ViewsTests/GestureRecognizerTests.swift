import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

/// A view that logs the touches reaching it.
@MainActor
final class TouchLog: View {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.append("began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.append("cancelled") }
}

/// A delegate with answers set by the test.
@MainActor
final class Answers: GestureRecognizerDelegate {
    var begin = true, together = false, receive = true
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { begin }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        together
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
}

/// The recognizers' state machines, arbitration and timing, on the manual clock.
@MainActor
@Suite(.manualClock(), .serialized) struct GestureRecognizerTests {
    /// A root with a 200 x 200 view at (50, 50) that logs its touches.
    func scene() -> (RootView, TouchLog) {
        MediaClock.manualTime = 10
        let root = RootView(size: Size(width: 400, height: 400))
        let v = TouchLog(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        root.addSubview(v)
        return (root, v)
    }

    /// Steps the animation clock to `time`.
    func advance(to time: Double) {
        var t = MediaClock.manualTime ?? 10
        while t < time - 1e-9 {
            t = min(time, t + 0.01)
            MediaClock.manualTime = t
            AnimationEngine.step(at: t)
        }
    }

    func press(_ root: RootView, _ x: Double, _ y: Double, at time: Double = 0) {
        root.handle(PointerEvent(.press, at: Point(x: x, y: y), timestamp: time))
    }
    func moveTo(_ root: RootView, _ x: Double, _ y: Double, at time: Double = 0) {
        root.handle(PointerEvent(.move, at: Point(x: x, y: y), timestamp: time))
    }
    func release(_ root: RootView, _ x: Double, _ y: Double, at time: Double = 0) {
        root.handle(PointerEvent(.release, at: Point(x: x, y: y), timestamp: time))
    }

    @Test func aTapIsRecognizedOnReleaseAndTakesTheTouchFromTheView() {
        let (root, v) = scene()
        var states: [GestureRecognizer.State] = []
        let tap = TapGestureRecognizer { states.append($0.state) }
        v.addGestureRecognizer(tap)
        press(root, 100, 100)
        release(root, 102, 101)
        #expect(states == [.recognized] && tap.location(in: v) == Point(x: 52, y: 51))
        #expect(v.log == ["began", "cancelled"], "cancelsTouchesInView")
        // A press that moves 11 points is no tap.
        press(root, 100, 100)
        moveTo(root, 111, 100)
        release(root, 111, 100)
        #expect(states == [.recognized] && tap.state == .failed)
        tap.cancelsTouchesInView = false
        v.log = []
        press(root, 100, 100)
        release(root, 100, 100)
        #expect(v.log == ["began", "ended"] && states.count == 2)
    }

    /// A target of a recognizer's actions, as a view controller is in UIKit.
    final class Handler: ActionTarget {
        var log: [String] = []
        func perform(_ action: Selector, sender: GestureRecognizer) { log.append("\(action.name) \(sender.state)") }
    }

    @Test func targetsAndActionsAreSentAsUIKitSendsThem() {
        let (root, v) = scene()
        let handler = Handler()
        let tap = TapGestureRecognizer(target: handler, action: "handleTap:")
        tap.addTarget(handler, action: "handleTap:")  // the same pair again: sent once
        tap.addTarget(handler, action: "logTap:")
        v.addGestureRecognizer(tap)
        press(root, 100, 100)
        release(root, 100, 100)
        #expect(handler.log == ["handleTap: ended", "logTap: ended"])
        tap.removeTarget(handler, action: "logTap:")
        press(root, 100, 100, at: 1)
        release(root, 100, 100, at: 1)
        #expect(handler.log.suffix(1) == ["handleTap: ended"] && handler.log.count == 3)
        // A pan's target hears each phase; a target that is gone is skipped.
        var other: Handler? = Handler()
        let pan = PanGestureRecognizer(target: other, action: "pan:")
        pan.addTarget(handler, action: "pan:")
        v.addGestureRecognizer(pan)
        press(root, 100, 100, at: 2)
        moveTo(root, 130, 100, at: 2.1)
        moveTo(root, 140, 100, at: 2.15)
        other = nil
        release(root, 130, 100, at: 2.2)
        #expect(handler.log.suffix(3) == ["pan: began", "pan: changed", "pan: ended"])
        #expect(other == nil)
        let sent = handler.log.count
        tap.removeTarget(nil, action: nil)
        press(root, 100, 100, at: 3)
        release(root, 100, 100, at: 3)
        #expect(handler.log.count == sent && tap.state == .ended, "recognized, with no target left to send to")
    }

    /// The root's double-click interval and distance, which a window takes from the
    /// desktop, decide what a double tap is.
    @Test func theRootsDoubleClickSettingsDecideADoubleTap() {
        let (root, v) = scene()
        var fired = 0
        let double = TapGestureRecognizer { _ in fired += 1 }
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        func twoClicks(apart seconds: Double, dx: Double = 0) {
            press(root, 100, 100)
            release(root, 100, 100)
            advance(to: (MediaClock.manualTime ?? 10) + seconds)
            press(root, 100 + dx, 100)
            release(root, 100 + dx, 100)
            advance(to: (MediaClock.manualTime ?? 10) + 1)
        }
        twoClicks(apart: 0.3)
        #expect(fired == 1, "0.3 s apart is a double click by the 0.4 s default")
        root.doubleClickInterval = 0.2
        twoClicks(apart: 0.3)
        #expect(fired == 1, "not within the desktop's 0.2 s")
        twoClicks(apart: 0.1, dx: 4)
        #expect(fired == 2)
        root.doubleClickDistance = 3
        twoClicks(apart: 0.1, dx: 4)
        #expect(fired == 2, "4 points is beyond the desktop's 3")
        root.doubleClickInterval = .nan
        root.doubleClickDistance = -1
        #expect(root.doubleClickInterval == 0.2 && root.doubleClickDistance == 3, "bad values are ignored")
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let (root, v) = scene()
        var fired: [String] = []
        let double = TapGestureRecognizer { _ in fired.append("double") }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { _ in fired.append("single") }
        single.require(toFail: double)
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        // Two clicks within 0.4 s: the double tap, and no single tap.
        press(root, 100, 100)
        release(root, 100, 100)
        advance(to: 10.2)
        press(root, 102, 100)
        release(root, 102, 100)
        advance(to: 11)
        #expect(fired == ["double"])
        // One click: the single tap, once the double-click interval has passed.
        fired = []
        press(root, 100, 100)
        release(root, 100, 100)
        advance(to: 11.35)
        #expect(fired.isEmpty, "still waiting at 0.35 s")
        advance(to: 11.5)
        #expect(fired == ["single"] && double.state == .failed)
        // Two clicks too far apart in time are two single taps.
        fired = []
        press(root, 100, 100)
        release(root, 100, 100)
        advance(to: 12)
        press(root, 100, 100)
        release(root, 100, 100)
        advance(to: 12.5)
        #expect(fired == ["single", "single"])
    }

    @Test func aTapRecognizerAboveAButtonLeavesTheClickToTheButton() {
        let (root, v) = scene()
        let button = Button(frame: Rect(x: 10, y: 10, width: 80, height: 40))
        _ = v.addSubview(button)
        var taps = 0
        var clicks = 0
        button.addAction(for: .touchUpInside) { _, _ in clicks += 1 }
        v.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        press(root, 80, 80)
        release(root, 80, 80)
        #expect(clicks == 1 && taps == 0, "the button's click")
        press(root, 200, 200)
        release(root, 200, 200)
        #expect(clicks == 1 && taps == 1, "outside the button: the tap")
    }

    @Test func aPanBeginsAfterTenPointsAndTracksTranslationAndVelocity() {
        let (root, v) = scene()
        var log: [(GestureRecognizer.State, Point)] = []
        let pan = PanGestureRecognizer()
        pan.addTarget { log.append(($0.state, (pan.translation(in: v)))) }
        v.addGestureRecognizer(pan)
        press(root, 100, 100, at: 1.0)
        moveTo(root, 106, 100, at: 1.02)
        #expect(log.isEmpty && pan.state == .possible && v.log == ["began", "moved"])
        moveTo(root, 112, 100, at: 1.04)
        #expect(log.map(\.0) == [.began] && log[0].1 == Point(x: 12, y: 0))
        #expect(v.log == ["began", "moved", "cancelled"])
        moveTo(root, 132, 110, at: 1.08)
        #expect(log.last!.0 == .changed && log.last!.1 == Point(x: 32, y: 10))
        // Over the last tenth of a second: from (100, 100) at 1.0... the samples kept are
        // those within 0.1 s of the last: 1.0 to 1.08, 32 and 10 points in 0.08 s.
        let velocity = pan.velocity(in: v)
        #expect(abs(velocity.x - 400) < 1e-6 && abs(velocity.y - 125) < 1e-6)
        pan.setTranslation(Point(x: 0, y: 0), in: v)
        moveTo(root, 140, 110, at: 1.1)
        #expect(log.last!.1 == Point(x: 8, y: 0))
        release(root, 140, 110, at: 1.12)
        #expect(log.last!.0 == .ended && pan.state == .ended)
    }

    @Test func aPanAboveASliderLeavesTheDragToTheSlider() {
        let (root, v) = scene()
        let slider = Slider(frame: Rect(x: 0, y: 100, width: 200, height: 31))
        slider.value = 0.5
        _ = v.addSubview(slider)
        var panned = 0
        v.addGestureRecognizer(PanGestureRecognizer { _ in panned += 1 })
        // The thumb's centre is at (100, 115.5) in v, (150, 165.5) in the root.
        press(root, 150, 165)
        moveTo(root, 193, 165)
        release(root, 193, 165)
        #expect(abs(slider.value - 0.75) < 1e-6 && panned == 0)
        // Off the slider, the pan.
        press(root, 150, 60)
        moveTo(root, 190, 60)
        release(root, 190, 60)
        #expect(panned == 2, "began (one move), ended")
    }

    @Test func aLongPressBeginsAfterHalfASecondHeldStill() {
        let (root, v) = scene()
        var states: [GestureRecognizer.State] = []
        let long = LongPressGestureRecognizer { states.append($0.state) }
        v.addGestureRecognizer(long)
        press(root, 100, 100)
        advance(to: 10.45)
        #expect(states.isEmpty)
        advance(to: 10.55)
        #expect(states == [.began] && v.log == ["began", "cancelled"])
        moveTo(root, 130, 100)
        release(root, 130, 100)
        #expect(states == [.began, .changed, .ended])
        // Moving 11 points first: no long press.
        states = []
        press(root, 100, 100)
        moveTo(root, 111, 100)
        advance(to: 11.5)
        release(root, 111, 100)
        #expect(states.isEmpty && long.state == .failed)
    }

    @Test func aSwipeGoesFiftyPointsOneWayInHalfASecond() {
        let (root, v) = scene()
        var swiped = 0
        let swipe = SwipeGestureRecognizer { _ in swiped += 1 }
        swipe.direction = [.right, .up]
        v.addGestureRecognizer(swipe)
        press(root, 100, 150, at: 1)
        moveTo(root, 155, 155, at: 1.2)
        #expect(swiped == 1 && swipe.state == .recognized)
        release(root, 155, 155, at: 1.3)
        press(root, 200, 150, at: 2)
        moveTo(root, 140, 150, at: 2.1)
        release(root, 140, 150, at: 2.2)
        #expect(swiped == 1 && swipe.state == .failed, "left is not permitted")
        press(root, 100, 200, at: 3)
        moveTo(root, 100, 140, at: 3.8)
        #expect(swiped == 1, "too slow")
        release(root, 100, 140, at: 3.9)
    }

    @Test func oneRecognizesAtATimeUnlessTheDelegateSaysBoth() {
        let (root, v) = scene()
        var fired: [String] = []
        let a = PanGestureRecognizer { _ in fired.append("a") }
        let b = PanGestureRecognizer { _ in fired.append("b") }
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        press(root, 100, 100)
        moveTo(root, 120, 100)
        release(root, 120, 100)
        #expect(fired == ["a", "a"] && b.state == .failed)
        let answers = Answers()
        answers.together = true
        b.delegate = answers
        fired = []
        press(root, 100, 100)
        moveTo(root, 120, 100)
        release(root, 120, 100)
        #expect(fired == ["a", "b", "a", "b"])
        // A delegate that refuses to begin, or to receive.
        answers.together = false
        answers.begin = false
        a.isEnabled = false
        fired = []
        press(root, 100, 100)
        moveTo(root, 120, 100)
        release(root, 120, 100)
        #expect(fired.isEmpty && b.state == .failed)
        answers.begin = true
        answers.receive = false
        press(root, 100, 100)
        moveTo(root, 120, 100)
        release(root, 120, 100)
        #expect(fired.isEmpty && b.state == .possible, "it saw nothing")
    }

    @Test func disablingABegunGestureCancelsIt() {
        let (root, v) = scene()
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        v.addGestureRecognizer(pan)
        press(root, 100, 100)
        moveTo(root, 120, 100)
        pan.isEnabled = false
        release(root, 120, 100)
        #expect(states == [.began, .cancelled])
    }

    @Test func delayedPressesReachTheViewOnlyIfTheRecognizerFails() {
        let (root, v) = scene()
        let pan = PanGestureRecognizer { _ in }
        pan.delaysTouchesBegan = true
        v.addGestureRecognizer(pan)
        // A pan: the view never hears of the press.
        press(root, 100, 100)
        #expect(v.log.isEmpty)
        moveTo(root, 120, 100)
        release(root, 120, 100)
        #expect(v.log.isEmpty && pan.state == .ended)
        // A click, no pan: the view gets the whole press at the release.
        press(root, 100, 100)
        moveTo(root, 103, 100)
        #expect(v.log.isEmpty)
        release(root, 103, 100)
        #expect(v.log == ["began", "ended"])
        // A long press that fails by moving lets the press through at once.
        v.log = []
        let long = LongPressGestureRecognizer { _ in }
        long.delaysTouchesBegan = true
        v.removeGestureRecognizer(pan)
        v.addGestureRecognizer(long)
        press(root, 100, 100)
        moveTo(root, 115, 100)
        #expect(long.state == .failed && v.log == ["began", "moved"], "the press, then the move that failed it")
        release(root, 115, 100)
        #expect(v.log == ["began", "moved", "ended"])
    }
}

/// A recognizer written as UIKit code writes one: overriding `touchesBegan(_:with:)` and
/// the rest, and setting `state`.
@MainActor
@Suite(.manualClock(), .serialized) struct CustomRecognizerTests {
    /// Recognizes a press held still and released to the right of where it began.
    final class RightRelease: GestureRecognizer {
        var start: Point?
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
            start = touches.first?.location(in: view)
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            guard let start, let end = touches.first?.location(in: view) else { return }
            state = end.x > start.x + 20 ? .recognized : .failed
        }
        override func reset() {
            super.reset()
            start = nil
        }
    }

    @Test func aSubclassSettingItsStateRecognizesAndFails() {
        let root = RootView(size: Size(width: 300, height: 200))
        let v = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.addSubview(v)
        var fired: [GestureRecognizer.State] = []
        let r = RightRelease { fired.append($0.state) }
        v.addGestureRecognizer(r)
        root.handle(PointerEvent(.press, at: Point(x: 10, y: 10)))
        root.handle(PointerEvent(.move, at: Point(x: 50, y: 10)))
        root.handle(PointerEvent(.release, at: Point(x: 50, y: 10)))
        #expect(fired == [.recognized])
        root.handle(PointerEvent(.press, at: Point(x: 100, y: 10)))
        root.handle(PointerEvent(.release, at: Point(x: 105, y: 10)))
        #expect(fired == [.recognized] && r.state == .failed)
    }
}
