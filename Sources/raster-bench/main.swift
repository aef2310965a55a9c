import Glibc
import Raster
import RasterScenes
import Text
import Views

// raster-bench: draws the benchmark scenes with Raster and prints, for each run, the
// same line as Cairo's peer, so that the two can run side by side.

let usage = """
    usage: raster-bench --scene NAME --size S --count N [--seed K] [--out F.png] [--threads N] | --all [--threads N]
           raster-bench --scene NAME --size S --pairs WHAT [--count N] [--threads T]
                                                  the scene without and with WHAT (wide-steps: the
                                                  AVX-512 steps; shared-outlines: the bands sharing
                                                  outlines; one-call-rects: rectangles off whole
                                                  pixels in one kernel call), in alternating chunks of N shapes:
                                                  medians and the median of the pairs' ratios
           raster-bench --effects [--count N]     shadow, blur, image, layer-alpha and highlight cases
           raster-bench --text [--count N]        a 40-character label, cold then warm glyph cache, and a
                                                  1,000-word paragraph laid out, cold then warm
           raster-bench --views                   frame times of the gallery page, headless; with several
                                                  threads, also one thread against them, frames alternating
           raster-bench --timeline [--count F] [--threads T]
                                                  F full gallery frames (60) on T threads, each traced:
                                                  the caller alone, each band's thread and times, the waits
           raster-bench --window                  presenting the gallery in an X window (needs DISPLAY)
           raster-bench --compare                 the compare engine on two 2560 x 1600 shots
           raster-bench --accessibility           one accessibility update of the gallery page
           raster-bench --text-field [--count N]  the frame after a key press in a 200-character field
    """

func fail(_ message: String) -> Never {
    StandardError.write("raster-bench: \(message)")
    exit(2)
}

func nowMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// The middle value of `values` (the higher of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

func run(_ scene: Scene, size: Int, count: Int, seed: UInt64, out: String?, threads: RenderThreads?) {
    let canvas = Scene.makeCanvas()
    // Cleared by writing, as the peers clear theirs: a fresh surface's pages are
    // mapped on first touch, which is not drawing and would otherwise be timed with it.
    canvas.clear()
    let context = threads.map { Context(surface: canvas, threads: $0) } ?? Context(surface: canvas)
    var random = SplitMix64(seed: seed)
    let t0 = nowMilliseconds()
    scene.draw(into: context, size: size, count: count, random: &random)
    context.flush()
    let ms = nowMilliseconds() - t0
    let line =
        "scene=\(scene.rawValue) size=\(size) count=\(count) ms=\(String(format3: ms)) ops_per_s=\(Int((Double(count) * 1000 / ms).rounded()))"
    print(line)
    if let out {
        do { try canvas.writePNG(to: out) } catch { fail("\(error)") }
    }
}

extension String {
    /// A number with three decimals, as the peer's `%.3f`.
    init(format3 v: Double) {
        let scaled = Int((v * 1000).rounded())
        let frac = String(scaled % 1000)
        self = "\(scaled / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }
}

/// The parsed command line.
struct Options {
    var sceneName: String?
    var size = 32
    var count = -1
    var seed: UInt64 = 1
    var out: String?
    var all = false
    var effects = false
    var text = false
    var views = false
    var timeline = false
    var window = false
    var compare = false
    var accessibility = false
    var textField = false
    /// What `--pairs` turns off and on.
    var pairs: String?
    var threads = 1
    /// Whether `--threads` was given.
    var threadsGiven = false

    init(_ arguments: [String]) {
        var args = arguments[...]
        func value(_ flag: String) -> String {
            guard let v = args.popFirst() else { fail("\(flag) needs a value") }
            return v
        }
        while let arg = args.popFirst() {
            switch arg {
            case "--scene": sceneName = value(arg)
            case "--size":
                guard let v = Int(value(arg)), v > 0, v < Scene.canvasSide else {
                    fail("--size takes a whole number from 1 to 511")
                }
                size = v
            case "--count":
                guard let v = Int(value(arg)), v > 0 else { fail("--count takes a positive whole number") }
                count = v
            case "--seed":
                guard let v = UInt64(value(arg)) else { fail("--seed takes a whole number") }
                seed = v
            case "--out": out = value(arg)
            case "--threads":
                guard let v = Int(value(arg)), (1...64).contains(v) else {
                    fail("--threads takes a whole number from 1 to 64")
                }
                threads = v
                threadsGiven = true
            case "--all": all = true
            case "--effects": effects = true
            case "--text": text = true
            case "--views": views = true
            case "--timeline": timeline = true
            case "--window": window = true
            case "--compare": compare = true
            case "--accessibility": accessibility = true
            case "--text-field": textField = true
            case "--pairs":
                let what = value(arg)
                guard ["wide-steps", "shared-outlines", "one-call-rects"].contains(what) else {
                    fail("--pairs takes wide-steps, shared-outlines or one-call-rects")
                }
                pairs = what
            case "--help", "-h":
                print(usage)
                exit(0)
            default: fail("unknown argument '\(arg)'")
            }
        }
    }
}

/// Draws `scene` in alternating chunks of `count` shapes (by default a twentieth of the
/// scene's count) without `what`, then with it, in one process: the medians of both and
/// of the pairs' ratios (with over without), which the machine's load moves far less than
/// it moves two runs apart. `what` is `wide-steps` (the AVX-512 steps),
/// `shared-outlines` (the bands sharing the outlines of paths that cross several) or
/// `one-call-rects` (rectangles off whole pixels drawn in one kernel call).
func runPairs(_ scene: Scene, size: Int, count: Int, threads: RenderThreads?, what: String) {
    let wide = what == "wide-steps"
    if wide && !WideKernels.wideSteps { fail("--pairs wide-steps needs a processor with AVX-512 F and BW") }
    if what == "shared-outlines" && threads == nil { fail("--pairs shared-outlines needs --threads 2 or more") }
    func use(_ on: Bool) {
        switch what {
        case "wide-steps": WideKernels.useWideSteps(on)
        case "shared-outlines": SharedOutlines.use(on)
        default: Context.rectsInOneCall = on
        }
    }
    defer { use(true) }
    let canvas = Scene.makeCanvas()
    canvas.clear()
    let context = threads.map { Context(surface: canvas, threads: $0) } ?? Context(surface: canvas)
    var random = SplitMix64(seed: 1)
    let chunk = count > 0 ? count : max(1, Scene.defaultCount(size: size) / 20)
    func draw(_ on: Bool) {
        use(on)
        scene.draw(into: context, size: size, count: chunk, random: &random)
        context.flush()
    }
    let r = AlternatingPairs.measure(pairs: 41, warm: 1, one: { draw(false) }, many: { draw(true) })
    print(
        "scene=\(scene.rawValue) size=\(size) count=\(chunk) threads=\(threads?.count ?? 1) pairs=\(what) without_ms_median=\(String(format3: r.one)) with_ms_median=\(String(format3: r.many)) ratio_median=\(String(format3: r.ratio))"
    )
}

func runEffect(_ effect: EffectCase, count: Int) {
    let canvas = Scene.makeCanvas()
    let context = Context(surface: canvas)
    let operation = effect.prepare(on: context)
    time(effect.rawValue, count: count, blurredPixels: effect.blurredPixels, operation)
}

/// The pressed button's darkened image of a 64 x 64 icon, as `Button` makes it.
func runHighlight(count: Int) {
    let icon: Image
    do { icon = try Image(surface: EffectCase.icon()) } catch { fail("\(error)") }
    time("effect-highlight", count: count, blurredPixels: nil) {
        do { _ = try Button.highlightedImage(of: icon) } catch { fail("\(error)") }
    }
}

func time(_ name: String, count: Int, blurredPixels: Int?, _ operation: () -> Void) {
    let t0 = nowMilliseconds()
    for _ in 0..<count { operation() }
    let ms = nowMilliseconds() - t0
    var line =
        "scene=\(name) size=0 count=\(count) ms=\(String(format3: ms)) ops_per_s=\(Int((Double(count) * 1000 / ms).rounded()))"
    if let pixels = blurredPixels {
        line += " ns_per_pixel=\(String(format3: ms * 1e6 / Double(count * pixels)))"
    }
    print(line)
}

/// Draws a 40-character label: once with an empty glyph cache, then `count` times warm.
func runText(count: Int) {
    let canvas = Scene.makeCanvas()
    let context = Context(surface: canvas)
    let label = "Vitrine draws its own labels: 0123456789"
    let font: Font
    do { font = try Font.system(size: 13) } catch { fail("\(error)") }
    let t0 = nowMilliseconds()
    context.draw(label, at: Point(x: 10, y: 30), font: font)
    let cold = nowMilliseconds() - t0
    let t1 = nowMilliseconds()
    for i in 0..<count { context.draw(label, at: Point(x: 10, y: Double(20 + (i % 40) * 12)), font: font) }
    let ms = nowMilliseconds() - t1
    let warm = ms / Double(count)
    print(
        "scene=text-label-40 size=13 count=\(count) ms=\(String(format3: ms)) ops_per_s=\(Int((Double(count) * 1000 / ms).rounded())) cold_ms=\(String(format3: cold)) cold_over_warm=\(String(format3: cold / warm))"
    )
    // A 1,000-word paragraph shaped and laid out in lines 400 points wide: the first
    // time (a word list the shaper has not seen), then the median of 21 more.
    let words = ["shaping", "office", "layout", "glyphs", "kerning", "Vitrine", "lines", "break", "at", "a"]
    var paragraph = ""
    for i in 0..<1000 { paragraph += (i == 0 ? "" : " ") + words[(i * 7 + i / 10) % words.count] }
    let t2 = nowMilliseconds()
    let layout = TextLayout(paragraph, font: font, width: 400)
    let coldLayout = nowMilliseconds() - t2
    var times: [Double] = []
    for _ in 0..<21 {
        let t = nowMilliseconds()
        _ = TextLayout(paragraph, font: font, width: 400)
        times.append(nowMilliseconds() - t)
    }
    print(
        "scene=text-paragraph-1000-words size=13 lines=\(layout.lineCount) cold_ms=\(String(format3: coldLayout)) warm_ms=\(String(format3: median(times)))"
    )
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if options.views {
    MainActor.assumeIsolated { ViewBench.run() }
    exit(0)
}
if options.timeline {
    let threads = options.threadsGiven ? options.threads : RenderThreads.defaultCount()
    MainActor.assumeIsolated { TimelineBench.run(threads: threads, frames: options.count > 0 ? options.count : 60) }
    exit(0)
}
if options.compare {
    MainActor.assumeIsolated { CompareBench.run() }
    exit(0)
}
if options.accessibility {
    MainActor.assumeIsolated { AccessibilityBench.run() }
    exit(0)
}
if options.textField {
    MainActor.assumeIsolated { TextFieldBench.run(count: options.count > 0 ? options.count : 200) }
    exit(0)
}
if options.window {
    MainActor.assumeIsolated { ViewBench.runWindow() }
    exit(0)
}
if options.text {
    runText(count: options.count > 0 ? options.count : 10_000)
    exit(0)
}
if options.effects {
    for effect in EffectCase.allCases {
        runEffect(effect, count: options.count > 0 ? options.count : effect.defaultCount)
    }
    runHighlight(count: options.count > 0 ? options.count : 2000)
    exit(0)
}
let pool = options.threads > 1 ? RenderThreads(count: options.threads) : nil
if options.all {
    for scene in Scene.allCases {
        for s in Scene.sizes {
            run(
                scene, size: s, count: options.count > 0 ? options.count : Scene.defaultCount(size: s),
                seed: options.seed, out: nil,
                threads: pool)
        }
    }
    exit(0)
}
guard let name = options.sceneName else { fail(usage) }
guard let scene = Scene(rawValue: name) else { fail("unknown scene '\(name)'") }
if let what = options.pairs {
    runPairs(scene, size: options.size, count: options.count, threads: pool, what: what)
    exit(0)
}
run(
    scene, size: options.size, count: options.count > 0 ? options.count : Scene.defaultCount(size: options.size),
    seed: options.seed, out: options.out, threads: pool)
