import Raster
import Testing
import VitrineTesting

@testable import Layers

/// Core Animation's timing rules where Apple documents numbers: a time offset wraps
/// round the passes without moving the end, discrete keyframes take one more key time
/// than values, a transaction's completion waits only for the animations added after it
/// was set, and a spring's settling duration matches Apple's examples.
@MainActor
@Suite(.manualClock(), .serialized) struct CoreAnimationTimingTests {
    func step(_ t: Double) { stepClock(to: t) }

    /// Offset 0.5 s into a 1 s linear pass from 0 to 1: 0.5 at the start, 0.75 at 0.25 s,
    /// then round to 0.25 at 0.75 s; over at 1 s, when the model shows again.
    @Test func aTimeOffsetWrapsRoundThePassAndKeepsTheEnd() throws {
        MediaClock.manualTime = 10
        let l = try shownLayer()
        l.opacity = 0.9
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0
        a.toValue = 1.0
        a.duration = 1
        a.timeOffset = 0.5
        l.add(a, forKey: "a")
        for (t, want) in [(0.0, 0.5), (0.25, 0.75), (0.75, 0.25), (0.9, 0.4)] {
            step(10 + t)
            #expect(abs(l.presentation().opacityValue - want) < 1e-9, "at \(t): \(l.presentation().opacityValue)")
        }
        step(11)
        #expect(l.presentation().opacity == 0.9 && l.animationKeys() == nil)
    }

    /// Three values held over [0, 0.2), [0.2, 0.7) and [0.7, 1]: four key times.
    @Test func discreteKeyframesTakeOneMoreKeyTimeThanValues() throws {
        MediaClock.manualTime = 20
        let l = try shownLayer()
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [0.1, 0.5, 0.9]
        k.keyTimes = [0, 0.2, 0.7, 1]
        k.calculationMode = .discrete
        k.duration = 1
        l.add(k, forKey: "k")
        for (t, want) in [(0.1, 0.1), (0.3, 0.5), (0.69, 0.5), (0.8, 0.9)] {
            step(20 + t)
            #expect(l.presentation().opacityValue == want, "at \(t)")
        }
    }

    @Test func aCompletionBlockWaitsOnlyForTheAnimationsAddedAfterIt() throws {
        MediaClock.manualTime = 30
        let l = try shownLayer()
        var done = false
        Transaction.begin()
        Transaction.setAnimationDuration(2)
        l.opacity = 0.3  // before the block: owes it nothing
        Transaction.setAnimationDuration(0.5)
        Transaction.setCompletionBlock { done = true }
        l.position = Point(x: 40, y: 40)
        Transaction.commit()
        step(30.4)
        #expect(!done)
        step(30.6)
        #expect(done && l.animation(forKey: "opacity") != nil, "the position ended; the opacity still runs")
    }

    /// Apple's example: mass 1, stiffness 100, damping 5 settles in about 2.85 s; damping
    /// 15 in just over 1 s. Within 3 %.
    @Test func aSpringSettlesWhenApplesExamplesSay() {
        let s = SpringAnimation(keyPath: "position.x")
        s.damping = 5
        #expect(abs(s.settlingDuration - 2.85) <= 0.03 * 2.85, "\(s.settlingDuration)")
        s.damping = 15
        #expect(s.settlingDuration > 1 && s.settlingDuration < 1.03, "\(s.settlingDuration)")
        // Critically damped (2√(km) = 20) and overdamped: no swing, a slower creep.
        s.damping = 20
        let critical = s.settlingDuration
        s.damping = 60
        #expect(critical > 0.5 && critical < 1.2 && s.settlingDuration > critical, "\(critical) \(s.settlingDuration)")
        // At the settling time the spring is within its band and stays there.
        s.damping = 5
        let t = s.settlingDuration
        #expect((0..<200).allSatisfy { abs(s.position(at: t + Double($0) * 0.01) - 1) <= 1.0 / 1200 + 1e-12 })
    }
}

/// A layer's own timing (CAMediaTiming on layers): its speed, offset and begin time
/// scale and shift its subtree's animations; Apple's pause and resume (QA1673) works.
@MainActor
@Suite(.manualClock(), .serialized) struct LayerTimingTests {
    func step(_ t: Double) { stepClock(to: t) }

    func fade() -> BasicAnimation {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0
        a.toValue = 1.0
        a.duration = 1
        return a
    }

    @Test func pausingAndResumingAsAppleDescribes() throws {
        MediaClock.manualTime = 40
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        l.add(fade(), forKey: "fade")
        step(40.3)
        #expect(abs(l.presentation().opacity - 0.3) < 1e-9)
        // Pause: speed 0, the offset at the layer's time now.
        let paused = l.convertTime(currentMediaTime(), from: nil)
        l.speed = 0
        l.timeOffset = paused
        step(40.8)
        #expect(abs(l.presentation().opacity - 0.3) < 1e-9, "paused")
        step(41.0)
        // Resume: speed 1, offset 0, and a begin time of the time spent paused.
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        l.beginTime = l.convertTime(currentMediaTime(), from: nil) - paused
        #expect(abs(l.presentation().opacity - 0.3) < 1e-9, "no jump on resuming")
        step(41.2)
        #expect(abs(l.presentation().opacity - 0.5) < 1e-9)
        step(41.71)
        #expect(l.animationKeys() == nil, "over 1 s of the layer's time after it began")
    }

    @Test func aSuperlayersSpeedScalesItsSublayersTime() throws {
        MediaClock.manualTime = 50
        let parent = Layer()
        let child = Layer()
        parent.addSublayer(child)
        parent.speed = 2
        parent.timeOffset = 0
        child.add(fade(), forKey: "fade")
        step(50.25)
        #expect(abs(child.presentation().opacity - 0.5) < 1e-9, "twice as fast")
        #expect(abs(child.convertTime(50.25, from: nil) - child.convertTime(50, from: nil) - 0.5) < 1e-9)
        #expect(abs(parent.convertTime(child.convertTime(10, to: parent), to: child) - 10) < 1e-9)
        step(50.51)
        #expect(child.animationKeys() == nil)
    }
}

/// The paced and cubic keyframe modes, against their definitions worked out here.
@MainActor
@Suite(.manualClock(), .serialized) struct KeyframeModeTests {
    func value(_ k: KeyframeAnimation, at f: Double) throws -> Any {
        MediaClock.manualTime = 60
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        k.duration = 1
        l.add(k, forKey: "k")
        MediaClock.manualTime = 60 + f
        AnimationEngine.step(at: 60 + f)
        return k.keyPath == "opacity" ? l.presentation().opacity as Any : l.presentation().position as Any
    }

    @Test func pacedSpacesTheKeyTimesByDistanceAndIgnoresTheGivenOnes() throws {
        for (f, want) in [(0.25, 10.0), (0.5, 20.0), (0.75, 30.0)] {
            let k = KeyframeAnimation(keyPath: "position.x")
            k.values = [0.0, 10.0, 40.0]
            k.keyTimes = [0, 0.9, 1]
            k.calculationMode = .paced
            let p = try #require(try value(k, at: f) as? Point)
            #expect(abs(p.x - want) < 1e-9, "at \(f): \(p.x)")
        }
    }

    static let points = [Point(x: 0, y: 0), Point(x: 10, y: 20), Point(x: 30, y: 20), Point(x: 40, y: 0)]

    /// The paced curve is made once and kept, until the values, key times or mode change.
    @Test func aKeptCurveFollowsNewValues() throws {
        let k = KeyframeAnimation(keyPath: "position.x")
        k.values = [0.0, 10.0, 40.0]
        k.calculationMode = .paced
        #expect(abs(try #require(k.value(at: 0.5, model: nil) as? Double) - 20) < 1e-9)
        k.values = [0.0, 100.0]
        #expect(abs(try #require(k.value(at: 0.5, model: nil) as? Double) - 50) < 1e-9)
        k.calculationMode = .cubic
        k.values = [0.0, 10.0, 40.0]
        k.keyTimes = [0, 0.9, 1]
        #expect(abs(try #require(k.value(at: 0.9, model: nil) as? Double) - 10) < 1e-9)
    }

    /// Catmull-Rom: through each value at its key time; between, the Hermite curve with
    /// tangents (next - previous) / 2: half way through the middle segment,
    /// 0.5 p1 + 0.125 m1 + 0.5 p2 - 0.125 m2 = (20, 22.5).
    @Test func cubicPassesThroughTheValuesOnACatmullRomCurve() throws {
        func at(_ f: Double) throws -> Point {
            let k = KeyframeAnimation(keyPath: "position")
            k.values = Self.points
            k.calculationMode = .cubic
            return try #require(try value(k, at: f) as? Point)
        }
        let third = try at(1.0 / 3)
        #expect(abs(third.x - 10) < 1e-6 && abs(third.y - 20) < 1e-6)
        let half = try at(0.5)
        #expect(abs(half.x - 20) < 1e-9 && abs(half.y - 22.5) < 1e-9, "\(half)")
        // Smooth through a value: the speed on either side of the knot is the same.
        let e = 1e-6
        let before = try at(1.0 / 3 - e)
        let after = try at(1.0 / 3 + e)
        let inX = third.x - before.x
        let outX = after.x - third.x
        let inY = third.y - before.y
        let outY = after.y - third.y
        #expect(
            abs(inX - outX) < 1e-3 * abs(inX) && abs(inY - outY) < 1e-3 * max(abs(inY), abs(inX)),
            "\(inX) \(outX) \(inY) \(outY)")
    }

    /// An even speed along the curve: equal steps of time cover equal lengths.
    @Test func cubicPacedMovesAtAnEvenSpeed() throws {
        var samples: [Point] = []
        for i in 0...10 {
            let k = KeyframeAnimation(keyPath: "position")
            k.values = Self.points
            k.calculationMode = .cubicPaced
            // The last sample just before the end, where the animation still shows.
            samples.append(try #require(try value(k, at: min(Double(i) / 10, 0.999_999)) as? Point))
        }
        #expect(
            samples.first == Self.points.first && samples.last.map { abs($0.x - 40) < 1e-3 && abs($0.y) < 1e-3 } == true
        )
        let steps = zip(samples, samples.dropFirst()).map {
            (($1.x - $0.x) * ($1.x - $0.x) + ($1.y - $0.y) * ($1.y - $0.y)).squareRoot()
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { abs($0 - mean) < 0.03 * mean }, "\(steps)")
    }
}

/// A keyframe animation along a path, at an even speed, turning with it.
@MainActor
@Suite(.manualClock(), .serialized) struct KeyframePathTests {
    @Test func aLayerFollowsThePathAtAnEvenSpeedAndTurnsWithIt() throws {
        MediaClock.manualTime = 70
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        // Right 30 points, then down 10: 40 points in all.
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 30, y: 0))
        path.addLine(to: Point(x: 30, y: 10))
        let k = KeyframeAnimation(keyPath: "position")
        k.path = path
        k.rotationMode = .rotateAuto
        k.duration = 1
        k.calculationMode = .paced
        l.add(k, forKey: "k")
        for (t, want, angle) in [(0.5, Point(x: 20, y: 0), 0.0), (0.875, Point(x: 30, y: 5), Double.pi / 2)] {
            MediaClock.manualTime = 70 + t
            AnimationEngine.step(at: 70 + t)
            let p = l.presentation()
            #expect(abs(p.position.x - want.x) < 1e-6 && abs(p.position.y - want.y) < 1e-6, "at \(t): \(p.position)")
            // Turned with the path: right at first, down on the second leg.
            #expect(abs(TransformParts(p.affineTransform()).rotation - angle) < 1e-6, "at \(t)")
        }
        let reverse = KeyframeAnimation(keyPath: "position")
        reverse.path = path
        reverse.rotationMode = .rotateAutoReverse
        reverse.duration = 1
        l.add(reverse, forKey: "k")
        MediaClock.manualTime = 70.9
        AnimationEngine.step(at: 70.9 + 0.25)
        #expect(abs(abs(TransformParts(l.presentation().affineTransform()).rotation) - Double.pi) < 1e-6, "facing back")
    }
}
