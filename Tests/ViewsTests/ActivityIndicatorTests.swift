import Glibc
import Layers
import Raster
import Testing
@testable import Views

/// The spinner turns a twelfth of a turn at a time, once a second.
@MainActor
@Suite(.serialized) struct ActivityIndicatorTests {
    @Test func itTurnsInTwelfthsWhileAnimating() throws {
        MediaClock.manualTime = 0
        let spinner = ActivityIndicatorView(frame: Rect(x: 0, y: 0, width: 40, height: 40), style: .large)
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        let ring = try #require(spinner.layer.sublayers?.first)
        #expect(ring.sublayers?.count == 12 && ring.bounds.width == 37)
        for (t, steps) in [(0.05, 0), (0.1, 1), (0.26, 3), (0.99, 11), (1.01, 0)] {
            AnimationEngine.step(at: t)
            let turn = ring.presentation().affineTransform
            var angle = atan2(turn.b, turn.a)
            if angle < -1e-9 { angle += 2 * .pi }
            #expect(abs(angle - Double(steps) * .pi / 6) < 1e-9, "at \(t): \(angle)")
        }
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden && ring.animationKeys() == nil)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
    }
}
