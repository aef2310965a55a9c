import Layers
import Raster
import TestSupport
import Testing
import VitrineTesting

/// Animated values and pixels against Core Animation's documented timing, computed here:
/// a cubic timing function's value is the y of the Bézier through (0, 0), the two
/// control points and (1, 1) where its x is the time fraction, found by bisection.
@MainActor
@Suite(.manualClock(), .serialized) struct AnimationOracleTests {
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        cubicTiming(x1, y1, x2, y2, at: x)
    }

    /// `setAnimationTimingFunction` paces the implicit animations of its transaction.
    @Test func aTransactionsTimingFunctionPacesItsImplicitAnimations() throws {
        MediaClock.manualTime = 10
        let l = try shownLayer(background: Color(red: 0.1, green: 0.2, blue: 0.9))
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.setAnimationTimingFunction(TimingFunction(name: .easeIn))
        l.opacity = 0
        Transaction.commit()
        for t in [0.2, 0.5, 0.8] {
            AnimationEngine.step(at: 10 + t)
            let want = 1 - Self.bezier(0.42, 0, 1, 1, at: t)
            #expect(
                abs(l.presentation().opacityValue - want) < 1e-6,
                "ease-in at \(t): \(l.presentation().opacityValue), not \(want)")
        }
    }

    /// Each keyframe segment is paced by its own timing function, over its own share of
    /// the duration.
    @Test func keyframeSegmentsFollowTheirTimingFunctions() throws {
        MediaClock.manualTime = 20
        let l = try shownLayer(background: Color(red: 0.1, green: 0.2, blue: 0.9))
        let k = KeyframeAnimation(keyPath: "position.x")
        k.values = [0.0, 100.0, 40.0]
        k.keyTimes = [0, 0.4, 1]
        k.timingFunctions = [TimingFunction(name: .easeOut), TimingFunction(controlPoints: 0.3, 0.8, 0.6, 0.1)]
        k.duration = 2
        l.add(k, forKey: "k")
        for t in [0.3, 0.6, 1.1, 1.9] {
            AnimationEngine.step(at: 20 + t)
            let f = t / 2
            let want =
                f <= 0.4
                ? 100 * Self.bezier(0, 0, 0.58, 1, at: f / 0.4)
                : 100 + (40 - 100) * Self.bezier(0.3, 0.8, 0.6, 0.1, at: (f - 0.4) / 0.6)
            #expect(
                abs(l.presentation().position.x - want) < 1e-6, "at \(t): \(l.presentation().position.x), not \(want)")
        }
    }

    /// Halfway through a linear move, the drawn square stands where the documented
    /// geometry puts it: frame origin = position - anchor point * size.
    @Test func aMovingLayersPixelsStandWhereItsValueSays() throws {
        MediaClock.manualTime = 30
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 60, height: 20)
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        l.position = Point(x: 10, y: 10)
        l.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.9)
        root.addSublayer(l)
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 10.0
        a.toValue = 50.0
        a.duration = 1
        a.timingFunction = TimingFunction(name: .linear)
        l.add(a, forKey: "move")
        AnimationEngine.step(at: 30.625)
        // x = 10 + 40 * 0.625 = 35; the square covers 31..<39 across, 6..<14 down.
        let s = try Surface(width: 60, height: 20)
        s.clear(to: Color.white.premultiplied)
        root.render(in: Context(surface: s))
        let blue = Color(red: 0.1, green: 0.2, blue: 0.9).premultiplied
        for y in 0..<20 {
            for x in 0..<60 {
                let inside = x >= 31 && x < 39 && y >= 6 && y < 14
                #expect((s[x, y] == blue) == inside, "(\(x), \(y))")
            }
        }
    }
}
