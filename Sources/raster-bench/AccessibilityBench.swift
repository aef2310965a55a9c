import AccessibilityBus
import Gallery
import Raster
import Views

/// What serving the gallery to assistive technologies costs the window: the work of one
/// update with a client listening (the tree made, every node's name, value, states and
/// extents recorded), which the window does at most every 50 ms while frames are drawn,
/// and never with no client listening.
@MainActor
enum AccessibilityBench {
    static func run() {
        let (root, _) = Gallery.makeRoot(size: Size(width: 1280, height: 800))
        var nodes = 0
        var times: [Double] = []
        for _ in 0..<41 {
            let t0 = nowMilliseconds()
            nodes = AccessibilityService.measureUpdate(of: root)
            times.append(nowMilliseconds() - t0)
        }
        print("accessibility-update nodes=\(nodes) median_ms=\(String(format3: median(Array(times.dropFirst()))))")
    }
}
