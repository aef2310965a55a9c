import Foundation
import Glibc
import Layers
import Raster
import TestSupport
import Testing
import Views
import X11Host

/// Animation frames through a real X server: paced at the display's rate while something
/// moves, only around what moved, and nothing after.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct AnimationFrameTests {
    /// The CPU time of this thread (the main thread, which runs the window's loop) so far,
    /// in seconds: other suites running in parallel do not count.
    func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(1, &usage)  // RUSAGE_THREAD
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    @Test func aOneSecondAnimationIsPacedAndThenIdle() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let root = RootView(size: Size(width: 400, height: 200))
        let card = View(frame: Rect(x: 20, y: 80, width: 40, height: 40))
        card.backgroundColor = .red
        root.addSubview(card)
        let window = try X11Window(title: "animation", root: root, display: server.displayName, scale: 1)
        defer { window.close() }
        // Settle the first frames.
        let settle = Date().addingTimeInterval(0.5)
        while Date() < settle { try window.runOnce(timeout: 0.05) }
        var frames: [[Rect]] = []
        window.onPresent = { frames.append($0) }
        var done = false
        View.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                card.center = Point(x: 360, y: 100)
            }, completion: { _ in done = true })
        let start = Date()
        while !done && Date().timeIntervalSince(start) < 3 { try window.runOnce(timeout: 0.5) }
        #expect(done)
        #expect((45...75).contains(frames.count), "\(frames.count) frames for one second")
        // Each frame redraws around the card's old and new places only: a strip of its
        // height, never the whole window.
        for rects in frames {
            for r in rects { #expect(r.minY >= 70 && r.maxY <= 130, "\(r)") }
            #expect(rects.reduce(0) { $0 + $1.width * $1.height } < 400 * 200 / 4)
        }
        // Then the loop blocks: a second of waiting costs (almost) no CPU.
        let before = cpuSeconds()
        let idle = Date()
        while Date().timeIntervalSince(idle) < 1 { try window.runOnce(timeout: 1) }
        #expect(cpuSeconds() - before < 0.05)
        #expect(!AnimationEngine.isAnimating)
    }
}
