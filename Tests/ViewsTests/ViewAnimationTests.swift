import Layers
import Raster
import TestSupport
import Testing
import VitrineTesting

@testable import Views

/// `View.animate`: a view's layer animates only inside an animation block.
@MainActor
@Suite(.manualClock(), .serialized) struct ViewAnimationTests {
    func onScreen() throws -> (RootView, View) {
        MediaClock.manualTime = 10
        let root = RootView(size: Size(width: 200, height: 200))
        let v = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        v.backgroundColor = .red
        root.addSubview(v)
        root.render(into: try Surface(width: 200, height: 200))
        return (root, v)
    }

    @Test func aViewsLayerAnimatesOnlyInsideABlock() throws {
        let (_, v) = try onScreen()
        v.alpha = 0.5
        #expect(v.layer.animationKeys() == nil, "a view's layer does not animate by itself")
        var finished: [Bool] = []
        View.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { finished.append($0) })
        #expect(v.alpha == 0 && v.layer.animationKeys() == ["opacity"])
        AnimationEngine.step(at: 10.5)
        // Ease-in-out at half time is half way: from 0.5 to 0.
        #expect(abs(v.layer.presentation().opacity - 0.25) < 1e-6)
        #expect(finished.isEmpty)
        AnimationEngine.step(at: 11.1)
        #expect(finished == [true] && v.layer.presentation().opacity == 0)
        AnimationEngine.step(at: 12)
        #expect(finished == [true], "once")
    }

    @Test func framesAnimateThroughPositionAndBounds() throws {
        let (_, v) = try onScreen()
        View.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                v.frame = Rect(x: 110, y: 10, width: 80, height: 50)
            })
        #expect(v.frame == Rect(x: 110, y: 10, width: 80, height: 50), "the model at once")
        AnimationEngine.step(at: 10.5)
        let p = v.layer.presentation()
        #expect(abs(p.frame.minX - 60) < 1e-9 && abs(p.frame.width - 65) < 1e-9)
    }

    @Test func anInterruptedAnimationCompletesUnfinished() throws {
        let (_, v) = try onScreen()
        var finished: [Bool] = []
        View.animate(
            withDuration: 1, animations: { v.center = Point(x: 150, y: 150) }, completion: { finished.append($0) })
        AnimationEngine.step(at: 10.2)
        v.layer.removeAllAnimations()
        #expect(finished == [false])
        #expect(v.layer.presentation().position == Point(x: 150, y: 150), "the model shows at once")
    }

    /// Ease in and out (0.42, 0, 0.58, 1) at time fraction x, by bisection on the Bézier.
    static func easeInOut(_ x: Double) -> Double { cubicTiming(0.42, 0, 0.58, 1, at: x) }

    /// Interrupted half way, a move goes on as UIKit's additive animations make it (since
    /// iOS 8): the new block animates the difference from the old target to the new one
    /// down to zero, the old block runs to its end, the two offsets add, and both complete
    /// finished. Values from that rule, worked out here: x(t) = 235 + (35 - 135)(1 - e(t))
    /// + (135 - 235)(1 - e(t - 0.5)) with e the ease-in-out curve.
    @Test func anInterruptedMoveAddsToTheRunningOneAndKeepsItsMomentum() throws {
        let (_, v) = try onScreen()
        func step(_ t: Double) {
            MediaClock.manualTime = t
            AnimationEngine.step(at: t)
        }
        var finished: [String] = []
        View.animate(
            withDuration: 1, animations: { v.center = Point(x: 135, y: 35) },
            completion: { finished.append("first \($0)") })
        step(10.49)
        let before = v.layer.presentation().position.x
        step(10.5)
        let atInterruption = v.layer.presentation().position.x
        View.animate(
            withDuration: 1, animations: { v.center = Point(x: 235, y: 35) },
            completion: { finished.append("second \($0)") })
        #expect(v.layer.animationKeys()?.count == 2, "the first animation still runs")
        func expected(_ t: Double) -> Double {
            let first = t < 1 ? (35 - 135) * (1 - Self.easeInOut(t)) : 0
            let second = (135 - 235) * (1 - Self.easeInOut(min(max(t - 0.5, 0), 1)))
            return 235 + first + second
        }
        step(10.5)
        #expect(abs(v.layer.presentation().position.x - atInterruption) < 1e-9, "no jump")
        for t in [0.51, 0.75, 1.0, 1.25] {
            step(10 + t)
            #expect(
                abs(v.layer.presentation().position.x - expected(t)) < 1e-6,
                "at \(t): \(v.layer.presentation().position.x), not \(expected(t))")
        }
        // The speed through the interruption is the first move's: the second starts at rest.
        let after = expected(0.51)
        #expect(abs((after - atInterruption) - (atInterruption - before)) < 0.05)
        #expect(finished == ["first true"])
        step(11.6)
        #expect(finished == ["first true", "second true"] && v.layer.presentation().position.x == 235)
    }

    @Test func animatingViewsTakeNoTouchesUnlessAllowed() throws {
        let (root, v) = try onScreen()
        View.animate(withDuration: 1, animations: { v.alpha = 0.9 })
        #expect(root.hitTest(Point(x: 30, y: 30)) === root)
        AnimationEngine.step(at: 11.5)
        #expect(root.hitTest(Point(x: 30, y: 30)) === v)
        View.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { v.alpha = 0.5 })
        #expect(root.hitTest(Point(x: 30, y: 30)) === v)
    }

    @Test func withoutAnimationNothingAnimatesEvenInABlock() throws {
        let (_, v) = try onScreen()
        View.animate(
            withDuration: 1,
            animations: {
                View.performWithoutAnimation { v.alpha = 0.3 }
                v.backgroundColor = .blue
            })
        #expect(v.layer.animationKeys() == ["backgroundColor"])
    }

    @Test func aSpringBlockSettlesAtTheEnd() throws {
        let (_, v) = try onScreen()
        var done = false
        View.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
            animations: {
                v.center = Point(x: 135, y: 35)
            }, completion: { done = $0 })
        AnimationEngine.step(at: 10.03)
        let early = v.layer.presentation().position.x
        #expect(early > 35 && early < 135)
        // Damped at one half, the spring swings past its end before it settles.
        let swing =
            (0..<50).map { i -> Double in
                AnimationEngine.step(at: 10 + Double(i) * 0.01)
                return v.layer.presentation().position.x
            }.max() ?? 0
        #expect(swing > 135)
        AnimationEngine.step(at: 10.6)
        #expect(done && v.layer.presentation().position.x == 135)
    }

    @Test func aRenderedFrameShowsThePresentation() throws {
        let (root, v) = try onScreen()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center = Point(x: 135, y: 35) })
        MediaClock.manualTime = 10.5
        let s = try Surface(width: 200, height: 200)
        root.render(into: s, full: true)
        // Half way: the square spans x 60...110.
        #expect(s[85, 35] == Pixel(r: 255, g: 0, b: 0, a: 255) && s[20, 35] == Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(s[115, 35] == Pixel(r: 255, g: 255, b: 255, a: 255))
    }
}

/// A pressed button's look comes back by fading, not at once.
@MainActor
@Suite(.manualClock(), .serialized) struct ButtonFadeTests {
    @Test func theTitleFadesBackAfterARelease() throws {
        MediaClock.manualTime = 0
        let root = RootView(size: Size(width: 160, height: 60))
        let b = Button(frame: Rect(x: 10, y: 8, width: 140, height: 44))
        b.setTitle("Press me", for: .normal)
        b.setTitleColor(.black, for: .normal)
        root.addSubview(b)
        let s = try Surface(width: 160, height: 60)
        root.render(into: s, full: true)
        let normal = try s.copy()
        root.handle(PointerEvent(.press, at: Point(x: 80, y: 30)))
        root.render(into: s, full: true)
        let pressed = try s.copy()
        #expect(pressed != normal, "pressing shows at once")
        root.handle(PointerEvent(.release, at: Point(x: 80, y: 30)))
        root.render(into: s, full: true)
        #expect(s == pressed, "at the release the pressed look is still whole")
        MediaClock.manualTime = Button.highlightFadeDuration / 2
        root.render(into: s, full: true)
        #expect(s != pressed && s != normal, "half way")
        MediaClock.manualTime = Button.highlightFadeDuration + 0.01
        root.render(into: s, full: true)
        #expect(s == normal, "then the normal look")
        #expect(b.layer.sublayers == nil, "and the fade layer is gone")
    }
}
