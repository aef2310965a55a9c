import Glibc
import Raster
import TestSupport
import Testing
import VitrineTesting

@testable import Layers

/// Core Animation's timing, checked against the formulas.
@MainActor
@Suite(.manualClock(), .serialized) struct AnimationTimingTests {
    /// A layer on screen (drawn once, so that its changes may animate).
    func layer() throws -> Layer { try shownLayer() }

    /// The Bézier's y where its x is `x`, by bisection on the parameter.
    func reference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        cubicTiming(x1, y1, x2, y2, at: x)
    }

    @Test func namedCurvesAreTheirBeziers() {
        MediaClock.manualTime = 100
        let curves: [(TimingFunction.Name, [Double])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1])
        ]
        for (name, p) in curves {
            let f = TimingFunction(name: name)
            for x in [0.25, 0.5, 0.75] {
                let want = reference(p[0], p[1], p[2], p[3], at: x)
                #expect(abs(f.progress(at: x) - want) < 1e-6, "\(name) at \(x): \(f.progress(at: x)) vs \(want)")
            }
        }
        let custom = TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1)
        #expect(abs(custom.progress(at: 0.3) - reference(0.1, 0.9, 0.2, 1, at: 0.3)) < 1e-6)
    }

    @Test func aSpringFollowsTheDampedOscillator() {
        MediaClock.manualTime = 100
        let s = SpringAnimation(keyPath: "position.x")
        s.mass = 2
        s.stiffness = 300
        s.damping = 8
        s.initialVelocity = 1.5
        let w0 = (300.0 / 2).squareRoot()
        let zeta = 8 / (2 * (300.0 * 2).squareRoot())
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.3, 0.9] {
            let d = exp(-zeta * w0 * t) * (-cos(wd * t) + ((1.5 - zeta * w0) / wd) * sin(wd * t))
            #expect(abs(s.position(at: t) - (1 + d)) < 1e-12)
        }
        // Critically and over-damped: start at 0 with the given velocity, end at rest.
        for damping in [2 * (300.0 * 2).squareRoot(), 120] {
            s.damping = damping
            #expect(abs(s.position(at: 0)) < 1e-12)
            let h = 1e-6
            #expect(abs((s.position(at: h) - s.position(at: 0)) / h - 1.5) < 1e-3)
            #expect(abs(s.position(at: 20) - 1) < 1e-6)
        }
        #expect(s.settlingDuration > 0 && s.settlingDuration < 60)
    }

    func opacityAnimation(from: Double, to: Double, duration: Double = 1) -> BasicAnimation {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = from
        a.toValue = to
        a.duration = duration
        return a
    }

    @Test func autoreversesWithTwoRepeatsEndsWhereItStarted() throws {
        MediaClock.manualTime = 100
        let l = try layer()
        let a = opacityAnimation(from: 0.2, to: 1)
        a.autoreverses = true
        a.repeatCount = 2
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "fade")
        let start = 100.0
        for (t, want) in [
            (0.0, 0.2), (0.5, 0.6), (1.0, 1.0), (1.5, 0.6), (2.0, 0.2), (3.0, 1.0), (4.0, 0.2), (9.0, 0.2)
        ] {
            AnimationEngine.step(at: start + t)
            #expect(abs(l.presentation().opacityValue - want) < 1e-9, "at \(t)")
        }
        #expect(l.opacity == 1, "the model is untouched")
    }

    @Test func fillModesHoldTheEnds() throws {
        MediaClock.manualTime = 100
        let l = try layer()
        l.opacity = 0.5
        let late = opacityAnimation(from: 0, to: 1)
        late.beginTime = 101
        late.fillMode = .backwards
        l.add(late, forKey: "a")
        AnimationEngine.step(at: 100.5)
        #expect(l.presentation().opacity == 0, "backwards: the start value before it begins")
        AnimationEngine.step(at: 102.5)
        #expect(l.presentation().opacity == 0.5 && l.animation(forKey: "a") == nil, "after it ends: removed, the model")

        let held = opacityAnimation(from: 0, to: 0.8)
        held.beginTime = 103
        held.fillMode = .forwards
        held.isRemovedOnCompletion = false
        l.add(held, forKey: "b")
        AnimationEngine.step(at: 102.9)
        #expect(l.presentation().opacity == 0.5, "a beginTime in the future shows the model until then")
        AnimationEngine.step(at: 110)
        #expect(l.presentation().opacity == 0.8, "forwards: the end value after it ends")
    }

    @Test func removingMidwaySnapsToTheModelAndStopsUnfinished() throws {
        MediaClock.manualTime = 100
        final class Listener: AnimationDelegate {
            var stops: [Bool] = []
            var starts = 0
            func animationDidStart(_ animation: Animation) { starts += 1 }
            func animationDidStop(_ animation: Animation, finished: Bool) { stops.append(finished) }
        }
        let l = try layer()
        l.opacity = 0.9
        let listener = Listener()
        let a = opacityAnimation(from: 0, to: 0.5)
        a.delegate = listener
        l.add(a, forKey: "fade")
        AnimationEngine.step(at: 100.5)
        #expect(abs(l.presentation().opacity - 0.25) < 1e-9)
        l.removeAnimation(forKey: "fade")
        #expect(l.presentation().opacity == 0.9)
        AnimationEngine.step(at: 101.5)
        #expect(listener.stops == [false] && listener.starts == 1, "stopped once, unfinished")
        // One that runs to its end stops finished.
        l.add(a, forKey: "again")
        AnimationEngine.step(at: 103)
        #expect(listener.stops == [false, true])
        // One held at its end is told once, and leaves nothing to step.
        let held = opacityAnimation(from: 0, to: 0.5)
        held.isRemovedOnCompletion = false
        held.fillMode = .forwards
        held.delegate = listener
        l.add(held, forKey: "held")
        for t in [104.5, 105, 106] { AnimationEngine.step(at: t) }
        #expect(listener.stops == [false, true, true] && l.presentation().opacity == 0.5)
        #expect(!l.hasUnendedAnimation)
    }

    @Test func keyframesInterpolateOrHoldAndGroupsShareTheirTime() throws {
        MediaClock.manualTime = 100
        let l = try layer()
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [0.0, 1.0, 0.5]
        k.keyTimes = [0, 0.25, 1]
        k.duration = 2
        l.add(k, forKey: "k")
        for (t, want) in [(0.25, 0.5), (0.5, 1.0), (1.25, 0.75)] {
            AnimationEngine.step(at: 100 + t)
            #expect(abs(l.presentation().opacityValue - want) < 1e-9, "linear at \(t)")
        }
        k.calculationMode = .discrete
        k.keyTimes = nil  // three values held a third each
        l.add(k, forKey: "k")
        for (t, want) in [(100.3, 0.0), (101.0, 1.0), (101.5, 0.5)] {
            AnimationEngine.step(at: t)
            #expect(l.presentation().opacityValue == want, "discrete at \(t)")
        }
        let group = AnimationGroup()
        let grow = BasicAnimation(keyPath: "bounds.size.width")
        grow.fromValue = 10.0
        grow.toValue = 30.0
        grow.duration = 1
        let turn = BasicAnimation(keyPath: "cornerRadius")
        turn.fromValue = 0.0
        turn.toValue = 4.0
        turn.duration = 1
        group.animations = [grow, turn]
        group.duration = 1
        group.beginTime = 110
        l.add(group, forKey: "g")
        AnimationEngine.step(at: 110.5)
        #expect(l.presentation().bounds.width == 20 && l.presentation().cornerRadius == 2)
        AnimationEngine.step(at: 111.5)
        #expect(l.presentation().bounds.width == 10 && l.animation(forKey: "g") == nil)
    }

    @Test func speedOffsetAndRepeatDurationShapeLocalTime() throws {
        MediaClock.manualTime = 100
        let l = try layer()
        let fast = opacityAnimation(from: 0, to: 1, duration: 2)
        fast.speed = 2
        l.add(fast, forKey: "fast")
        AnimationEngine.step(at: 100.5)
        #expect(abs(l.presentation().opacity - 0.5) < 1e-9, "twice as fast: half way after half a second")
        l.removeAllAnimations()
        let late = opacityAnimation(from: 0, to: 1, duration: 1)
        late.timeOffset = 0.5
        l.add(late, forKey: "late")
        AnimationEngine.step(at: 100.25)
        #expect(abs(l.presentation().opacity - 0.75) < 1e-9, "an offset of half a pass starts half way")
        l.removeAllAnimations()
        let looped = opacityAnimation(from: 0, to: 1, duration: 1)
        looped.repeatDuration = 1.5
        l.add(looped, forKey: "looped")
        AnimationEngine.step(at: 101.25)
        #expect(abs(l.presentation().opacity - 0.25) < 1e-9, "the second pass")
        AnimationEngine.step(at: 101.6)
        #expect(l.animation(forKey: "looped") == nil, "over after a second and a half")
    }

    @Test func subPathsAnimateTheirPart() throws {
        MediaClock.manualTime = 100
        let l = try layer()
        l.position = Point(x: 10, y: 20)
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = Double.pi
        spin.duration = 1
        l.add(spin, forKey: "spin")
        let move = BasicAnimation(keyPath: "position.x")
        move.toValue = 30.0
        move.duration = 2
        l.add(move, forKey: "move")
        AnimationEngine.step(at: 100.5)
        let p = l.presentation()
        #expect(abs(atan2(p.affineTransform().b, p.affineTransform().a) - .pi / 2) < 1e-9)
        #expect(abs(p.position.x - 15) < 1e-9 && p.position.y == 20)
        #expect(l.hitTest(Point(x: 10, y: 20)) === l, "hit testing uses the model")
    }
}
