import Gallery
import Raster
import Views

/// `--timeline`: the gallery page's full frames at scale 2 drawn on several threads,
/// each traced (`FlushTimeline`): how long the calling thread works alone before the
/// bands are handed out (the layer tree walked and its drawing recorded), which thread
/// drew each band and when, how late the first helper started, and how long the threads
/// waited for each other. A line for each frame, then the medians.
@MainActor
enum TimelineBench {
    static func run(threads count: Int, frames: Int) {
        let threads = RenderThreads(count: count)
        guard threads.count > 1 else { fail("--timeline needs two threads or more (--threads N or VITRINE_THREADS)") }
        let timeline = FlushTimeline()
        threads.timeline = timeline
        let (root, _) = Gallery.makeRoot()
        root.renderThreads = threads
        let surface: Surface
        do { surface = try Surface(width: 2560, height: 1600, scale: 2) } catch { fail("\(error)") }
        for _ in 0..<10 { root.render(into: surface, full: true) }
        _ = timeline.take()
        var frameTimes: [Double] = []
        var alone: [Double] = []
        var idle: [Double] = []
        var starts: [Double] = []
        var late = 0
        for f in 1...frames {
            let t0 = FlushTimeline.now()
            root.render(into: surface, full: true)
            let t1 = FlushTimeline.now()
            // The frame's own flush is the last: masks drawn in bands flush while it records.
            guard let flush = timeline.take().last else { fail("the frame was not drawn in bands") }
            let busy = flush.tasks.reduce(0) { $0 + $1.end - $1.start }
            let waited = Double(threads.count) * (flush.ended - flush.handedOut) - busy
            let helperStart = flush.tasks.filter { $0.thread != 0 }.map(\.start).min().map { $0 - flush.handedOut }
            var line =
                "frame=\(f) ms=\(ms(t1 - t0)) alone_ms=\(ms(flush.handedOut - t0)) bands_ms=\(ms(flush.ended - flush.handedOut))"
            line +=
                " busy_ms=\(ms(busy)) idle_ms=\(ms(waited)) first_helper_start_ms=\(helperStart.map(ms) ?? "none") tasks="
            line += flush.tasks.map { task in
                let name: String
                switch task.kind {
                case .draw(let band): name = "band\(band)"
                case .blurRows: name = "blur-rows"
                case .blurColumns: name = "blur-columns"
                }
                return "\(name)@\(task.thread):\(ms(task.start - flush.handedOut))-\(ms(task.end - flush.handedOut))"
            }.joined(separator: ",")
            print(line)
            frameTimes.append(t1 - t0)
            alone.append(flush.handedOut - t0)
            idle.append(waited)
            let start = helperStart ?? .infinity
            starts.append(start)
            if start > 0.0003 { late += 1 }
        }
        print(
            "summary frames=\(frames) threads=\(threads.count) frame_ms_median=\(ms(median(frameTimes))) alone_ms_median=\(ms(median(alone))) idle_ms_median=\(ms(median(idle))) first_helper_start_ms_median=\(ms(median(starts))) frames_with_first_helper_start_over_0.3ms=\(late)"
        )
    }

    private static func ms(_ seconds: Double) -> String {
        seconds.isFinite ? String(format3: seconds * 1000) : "none"
    }
}
