import Glibc
import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

/// The spinner turns a twelfth of a turn at a time, once a second.
@MainActor
@Suite(.manualClock(), .serialized) struct ActivityIndicatorTests {
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
            let turn = ring.presentation().affineTransform()
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

/// A disabled checkbox is its enabled picture, faded as one.
@MainActor
@Suite struct DisabledCheckboxTests {
    @Test func aDisabledCheckboxIsFadedAsOnePicture() throws {
        func picture(enabled: Bool) throws -> Surface {
            let root = RootView(size: Size(width: 40, height: 40))
            root.backgroundColor = .white
            let box = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            box.checked = true
            box.isEnabled = enabled
            root.addSubview(box)
            let s = try Surface(width: 40, height: 40)
            root.render(into: s, full: true)
            return s
        }
        let on = try picture(enabled: true)
        let off = try picture(enabled: false)
        // Where the enabled box is opaque blue, the disabled one is that blue at 0.35 over
        // white, to within the rounding of the two blends.
        let p = on[20, 6]
        let q = off[20, 6]  // in the blue fill, above the white checkmark
        #expect(p.a == 255 && p.b > 200 && p.r < 60, "\(p)")
        for (c, d) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] {
            let want = 0.35 * Double(c) + 0.65 * 255
            #expect(abs(Double(d) - want) <= 1.5, "\(d) against \(want)")
        }
        #expect(off[0, 0] == Pixel(r: 255, g: 255, b: 255, a: 255))
    }
}
