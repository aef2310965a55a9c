import Gallery
import Glibc
import Layers
import Raster
import Views
import X11Host

/// Frame times of the gallery page: full frames and one-checkbox damage frames, headless.
@MainActor
enum ViewBench {
    static func run() {
        for scale in [1.0, 2.0] {
            let (root, page) = Gallery.makeRoot()
            let surface = try! Surface(width: Int(1280 * scale), height: Int(800 * scale), scale: scale)
            root.render(into: surface)
            settle(root, into: surface)
            let fullRuns = 30
            var t0 = nowMilliseconds()
            for _ in 0..<fullRuns { root.render(into: surface, full: true) }
            let full = (nowMilliseconds() - t0) / Double(fullRuns)
            let center = page.specimenFrames.first { $0.name == "checkbox-unchecked" }!.frame.center
            var damage: [Double] = []
            for _ in 0..<200 {
                root.handle(PointerEvent(.press, at: center))
                root.handle(PointerEvent(.release, at: center))
                t0 = nowMilliseconds()
                root.render(into: surface)
                damage.append(nowMilliseconds() - t0)
            }
            damage.sort()
            print(
                "scene=view-page-1280x800 size=\(Int(scale)) full_frame_ms=\(String(format3: full)) checkbox_damage_frame_ms_median=\(String(format3: damage[damage.count / 2]))"
            )
        }
        if RenderThreads.shared.count > 1 {
            for scale in [1.0, 2.0] { alternatingFrames(scale: scale) }
            TallBlurBench.run()
        }
        for scale in [1.0, 2.0] {
            for name in ["view-animate", "activity-indicator", "switch-off"] {
                print(
                    "scene=animation-\(name) size=\(Int(scale)) frame_ms_median=\(String(format3: animationFrame(name, scale: scale)))"
                )
            }
            print(
                "scene=slider-drag size=\(Int(scale)) damage_frame_ms_median=\(String(format3: sliderDragFrame(scale: scale)))"
            )
        }
    }

    /// Lets the animations a page starts by itself (the interrupted move's demo) end before
    /// frames are timed, so that the frames timed are those of the page at rest and of
    /// what the bench does to it.
    static func settle(_ root: RootView, into surface: Surface) {
        if MediaClock.manualClock != nil {
            MediaClock.advance(by: 2)
            root.render(into: surface)
            return
        }
        let start = nowMilliseconds()
        while AnimationEngine.isAnimating && nowMilliseconds() - start < 5000 {
            root.render(into: surface)
            usleep(10_000)
        }
    }

    /// The median time of a frame while a slider's thumb is dragged a point at a time:
    /// the damage of the thumb's move rendered.
    static func sliderDragFrame(scale: Double) -> Double {
        let size = Size(width: 1280, height: 800)
        let (root, page) = Gallery.makeRoot(size: size)
        page.reveal("slider")
        let surface = try! Surface(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale)
        root.render(into: surface)
        settle(root, into: surface)
        let slider = page.specimenView(named: "slider") as! Slider
        var times: [Double] = []
        for round in 0..<10 {
            slider.value = 0.1
            root.render(into: surface)
            let t = slider.thumbRect(
                forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds),
                value: slider.value)
            let start = slider.convert(Point(x: t.midX, y: t.midY), to: nil)
            root.handle(PointerEvent(.press, at: start))
            for step in 1...100 {
                root.handle(PointerEvent(.move, at: Point(x: start.x + Double(step), y: start.y + Double(round % 2))))
                let t0 = nowMilliseconds()
                root.render(into: surface)
                times.append(nowMilliseconds() - t0)
            }
            root.handle(PointerEvent(.release, at: Point(x: start.x + 100, y: start.y)))
        }
        times.sort()
        return times[times.count / 2]
    }

    /// Full frames drawn on one thread and on `RenderThreads.shared`, one after the other
    /// in pairs, so that both see the machine in the same state: the median of each and
    /// the median of the pairs' ratios (threads over one thread).
    static func alternatingFrames(scale: Double) {
        let (root, _) = Gallery.makeRoot()
        let surface = try! Surface(width: Int(1280 * scale), height: Int(800 * scale), scale: scale)
        let threads = RenderThreads.shared
        settle(root, into: surface)
        for _ in 0..<10 { root.render(into: surface, full: true) }
        let m = AlternatingPairs.measure(
            pairs: 60,
            one: {
                root.renderThreads = nil
                root.render(into: surface, full: true)
            },
            many: {
                root.renderThreads = threads
                root.render(into: surface, full: true)
            })
        print(
            "scene=view-page-1280x800 size=\(Int(scale)) threads=\(threads.count) alternating_full_frame_ms_one_thread=\(String(format3: m.one)) alternating_full_frame_ms_threads=\(String(format3: m.many)) ratio_median=\(String(format3: m.ratio))"
        )
    }

    /// The median time of one animation frame of a specimen after a click: the clock
    /// advanced by a 60th of a second, the animations stepped, the damage rendered.
    static func animationFrame(_ name: String, scale: Double) -> Double {
        MediaClock.withManualClock(at: 0) { animationFrameOnManualClock(name, scale: scale) }
    }

    static func animationFrameOnManualClock(_ name: String, scale: Double) -> Double {
        let size = Size(width: 1280, height: 1200)
        let (root, page) = Gallery.makeRoot(size: size)
        page.reveal(name)
        let surface = try! Surface(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale)
        root.render(into: surface)
        settle(root, into: surface)
        let center = page.specimenFrames.first { $0.name == name }!.frame.center
        var times: [Double] = []
        for round in 0..<20 {
            root.handle(PointerEvent(.press, at: center))
            root.handle(PointerEvent(.release, at: center))
            // A switch's slide lasts a quarter second: only its frames are measured.
            let frames = name.hasPrefix("switch") ? 14 : (round % 2 == 0 ? 24 : 60)
            for _ in 0..<frames {
                MediaClock.advance(by: 1.0 / 60)
                let t0 = nowMilliseconds()
                root.render(into: surface)
                times.append(nowMilliseconds() - t0)
            }
        }
        times.sort()
        return times[times.count / 2]
    }

    /// Presentation through a real window: full frames with MIT-SHM and with XPutImage,
    /// and the time from a press arriving to its highlighted frame being presented.
    static func runWindow() {
        for shared in [true, false] {
            let (root, page) = Gallery.makeRoot()
            let window: X11Window
            do {
                window = try X11Window(title: "bench", root: root, scale: 1, sharedMemory: shared)
            } catch {
                fail("\(error)")
            }
            for _ in 0..<20 { check { _ = try window.runOnce(timeout: 0.01) } }
            var full: [Double] = []
            for _ in 0..<30 {
                root.setNeedsFullDisplay()
                let t0 = nowMilliseconds()
                check { try window.renderNow() }
                full.append(nowMilliseconds() - t0)
            }
            let button = page.specimenFrames.first { $0.name == "button-title" }!.frame.center
            var press: [Double] = []
            for _ in 0..<100 {
                let t0 = nowMilliseconds()
                root.handle(PointerEvent(.press, at: button))
                check { try window.renderNow() }
                press.append(nowMilliseconds() - t0)
                root.handle(PointerEvent(.release, at: button))
                check { try window.renderNow() }
            }
            full.sort()
            press.sort()
            print(
                "scene=window-1280x800 path=\(window.presentationPath.rawValue) full_frame_render_present_ms_median=\(String(format3: full[full.count / 2])) press_to_presented_ms_median=\(String(format3: press[press.count / 2])) press_to_presented_ms_p95=\(String(format3: press[press.count * 95 / 100]))"
            )
            window.close()
        }
    }

    /// Runs a step of the window benchmark; a failure ends the run with its message, as
    /// a figure measured without it would be wrong.
    private static func check(_ step: () throws -> Void) {
        do { try step() } catch { fail("\(error)") }
    }
}
