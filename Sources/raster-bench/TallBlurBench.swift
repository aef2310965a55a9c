import Raster
import RasterScenes

/// A frame with a backdrop blur as tall as the frame (a sidebar's visual effect): 2560 x
/// 1600 pixels at scale 2, 300 translucent spots, a 600 x 1600-pixel blur, 100 bars
/// over it. Drawn on one thread and on `RenderThreads.shared` in pairs, one right after
/// the other, as the gallery's alternating frames are.
enum TallBlurBench {
    static func draw(_ c: Context) {
        c.setFillColor(Color(red: 0.9, green: 0.9, blue: 0.95, alpha: 1))
        c.fill(Rect(x: 0, y: 0, width: 1280, height: 800))
        var r = SplitMix64(seed: 7)
        for _ in 0..<300 {
            c.setFillColor(Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: 0.8))
            c.fill(
                Path(
                    ellipseIn: Rect(
                        x: r.unit() * 1200, y: r.unit() * 760, width: 20 + r.unit() * 80,
                        height: 20 + r.unit() * 80)))
        }
        c.blur(Rect(x: 0, y: 0, width: 300, height: 800), radius: 10)
        for _ in 0..<100 {
            c.setFillColor(Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: 1))
            c.fill(
                Path(
                    roundedRect: Rect(x: r.unit() * 1200, y: r.unit() * 760, width: 30 + r.unit() * 60, height: 16),
                    cornerRadius: 4))
        }
    }

    /// Prints the median frame time on one thread and on the shared threads, and the
    /// median of the pairs' ratios.
    static func run() {
        let surface = try! Surface(width: 2560, height: 1600, scale: 2)
        let threads = RenderThreads.shared
        // The first pairs warm the caches and the allocator.
        let m = AlternatingPairs.measure(
            pairs: 25, warm: 5, one: { draw(Context(surface: surface)) },
            many: {
                let c = Context(surface: surface, threads: threads)
                draw(c)
                c.flush()
            })
        print(
            "scene=tall-blur-2560x1600 threads=\(threads.count) alternating_frame_ms_one_thread=\(String(format3: m.one)) alternating_frame_ms_threads=\(String(format3: m.many)) ratio_median=\(String(format3: m.ratio))"
        )
    }
}
