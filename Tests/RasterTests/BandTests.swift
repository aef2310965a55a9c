import Glibc
import RasterScenes
import TestSupport
import Testing

@testable import Raster

/// Drawing in bands on several threads gives the pixels of drawing on one, byte for byte.
@Suite struct BandTests {
    /// Shared by the tests: threads are started once.
    static let threads = RenderThreads(count: 3)

    /// Two fresh canvases, the first drawn by a context on the caller alone, the second by
    /// one in bands on `threads`.
    static func pair() -> (one: Surface, many: Surface, single: Context, banded: Context) {
        let one = Scene.makeCanvas()
        let many = Scene.makeCanvas()
        return (one, many, Context(surface: one), Context(surface: many, threads: threads))
    }

    @Test func threadsAreStartedAsAsked() {
        #expect(BandTests.threads.count == 3)
        #expect(RenderThreads(count: 1).count == 1)
        #expect(RenderThreads(count: 0).count == 1)
        #expect(RenderThreads(count: 500).count == 64)
    }

    @Test(arguments: Scene.allCases)
    func everyBenchmarkSceneIsTheSameInBands(scene: Scene) throws {
        for size in [8, 32, 128] {
            let count = max(40, 120_000 / (size * size))
            let one = Scene.makeCanvas()
            var random = SplitMix64(seed: 7)
            scene.draw(into: Context(surface: one), size: size, count: count, random: &random)
            for bands in [nil, 2, 7] {
                let many = Scene.makeCanvas()
                let c = Context(surface: many, threads: BandTests.threads, drawingAtOnceUpTo: 0)
                // The whole list in the bands asked for, none of it drawn before.
                (c.backend as? RecordingBackend)?.longList = (.max, 0)
                random = SplitMix64(seed: 7)
                scene.draw(into: c, size: size, count: count, random: &random)
                // Nothing lands before the flush.
                #expect(many.words.allSatisfy { $0 == 0 })
                c.flush(bands: bands)
                #expect(many == one, "\(scene.rawValue) size \(size) in \(bands.map(String.init) ?? "default") bands")
            }
            #expect(one.words.contains { $0 != 0 })
        }
    }

    @Test func smallShapesAreDrawnAtOnceUntilSomethingIsRecorded() throws {
        let (one, many, single, banded) = BandTests.pair()
        let red = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.7)
        for c in [single, banded] {
            c.setFillColor(red)
            c.fill(Rect(x: 10.25, y: 10.5, width: 20, height: 20))
            c.fill(Path(ellipseIn: Rect(x: 40, y: 40, width: 12, height: 10)))
            c.setStrokeColor(red)
            c.stroke(Path(rect: Rect(x: 80, y: 30, width: 40, height: 40)))
        }
        // Too small to gain from bands, with nothing recorded before them: on the caller.
        #expect(banded.recorder?.isEmpty == true)
        #expect(many == one, "drawn at once, as on one thread")
        #expect(one.words.contains { $0 != 0 })
        for c in [single, banded] {
            c.setFillColor(Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.6))
            c.fill(Rect(x: 0, y: 0, width: 512, height: 300))
            // Small, but after a recorded fill: recorded too, so that it lands on top.
            c.setFillColor(Color(red: 0.1, green: 0.8, blue: 0.2, alpha: 0.9))
            c.fill(Rect(x: 12.5, y: 12.5, width: 8, height: 8))
        }
        #expect(banded.recorder?.entries.commands.count == 2)
        banded.flush()
        #expect(many == one, "the small fill after the large one is drawn after it")
        // A clip path is kept for the bands, so even a small fill under it is recorded.
        for c in [single, banded] {
            c.saveGState()
            c.clip(to: Path(ellipseIn: Rect(x: 300, y: 300, width: 50, height: 50)))
            c.fill(Rect(x: 310, y: 310, width: 30, height: 30))
            c.restoreGState()
        }
        #expect(banded.recorder?.entries.commands.count == 1)
        banded.flush()
        #expect(many == one, "under a clip path")
    }

    /// A path is outlined before the decision to draw it at once; its outline's reach
    /// within the clip decides. Too large, the outline is dropped and the operation
    /// recorded: the pixels are the same.
    @Test func theOutlineDecidesWhetherAPathIsDrawnAtOnce() {
        let paint = Paint.linearGradient(
            Gradient(colors: [.red, .blue], locations: [0, 1]), start: Point(x: 0, y: 20), end: Point(x: 0, y: 300),
            options: .extendBoth)
        let large: [(String, (Context) -> Void)] = [
            ("a circle", { $0.fill(Path(ellipseIn: Rect(x: 20, y: 20, width: 200, height: 180))) }),
            (
                "a stroke of lines",
                { $0.stroke(Path(rect: Rect(x: 30, y: 40, width: 300, height: 200))) }
            ),
            (
                "a gradient rectangle",
                { $0.fill(Path(rect: Rect(x: 10.5, y: 20, width: 150, height: 280)), paint: paint) }
            )
        ]
        for (name, draw) in large {
            let (one, many, single, banded) = BandTests.pair()
            for c in [single, banded] {
                c.setFillColor(Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8))
                c.setStrokeColor(Color(red: 0.7, green: 0.2, blue: 0.3, alpha: 0.9))
                c.lineWidth = 3
                draw(c)
            }
            #expect(banded.recorder?.entries.commands.count == 1, "\(name) is recorded")
            banded.flush()
            #expect(many == one, "\(name)")
            #expect(one.words.contains { $0 != 0 })
        }
        // A large circle of which the clip's bounds leave a few pixels: drawn at once.
        let one = Scene.makeCanvas()
        let many = Scene.makeCanvas()
        for c in [Context(surface: one), Context(surface: many, threads: BandTests.threads)] {
            c.clip(to: Rect(x: 100, y: 100, width: 20, height: 20))
            c.setFillColor(.black)
            c.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 400, height: 400)))
            #expect(c.recorder?.isEmpty ?? true, "clipped to 20 x 20")
        }
        #expect(many == one)
        #expect(one[110, 110] == Pixel(argb: 0xff00_0000))
    }

    /// Rectangles are drawn at once up to `defaultImmediateArea` pixels, other outlines
    /// up to a quarter of it: a 60-pixel square is drawn at once, a 60-pixel star
    /// recorded, a 40-pixel one drawn at once.
    @Test func outlinesAreDrawnAtOnceUpToAQuarterOfTheRectangles() {
        let (one, many, single, banded) = BandTests.pair()
        let paint = Paint.linearGradient(
            Gradient(colors: [.red, .blue], locations: [0, 1]), start: Point(x: 0, y: 100),
            end: Point(x: 0, y: 160), options: .extendBoth)
        for c in [single, banded] {
            c.setFillColor(Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8))
            c.fill(Scene.pentagram(30.5, 30, 20))
            c.fill(Rect(x: 100.5, y: 10.25, width: 60, height: 60))
            c.fill(Path(rect: Rect(x: 200.5, y: 100, width: 60, height: 60)), paint: paint)
        }
        #expect(banded.recorder?.isEmpty == true, "a 40-pixel star and 60-pixel squares")
        for c in [single, banded] { c.fill(Scene.pentagram(330.5, 330, 30)) }
        #expect(banded.recorder?.entries.commands.count == 1, "a 60-pixel star")
        banded.flush()
        #expect(many == one)
    }

    /// A rectangle of one colour is drawn at once up to four times `defaultImmediateArea`
    /// where rectangles blend in 16-pixel steps, else up to the area: a 128-pixel square
    /// (132 x 132 with its margin and rounding, 17,424 pixels) is drawn at once with the
    /// steps and recorded without them; a 180-pixel one (184 x 184, 33,856) is recorded
    /// either way, and so is a 128-pixel square of a gradient.
    @Test func squaresOfOneColourAreDrawnAtOnceUpToFourTimesTheAreaWithWideSteps() {
        let wide = WideKernels.wideStepsAtStart
        let (one, many, single, banded) = BandTests.pair()
        for c in [single, banded] {
            c.setFillColor(Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8))
            c.fill(Rect(x: 10.5, y: 10.25, width: 128, height: 128))
        }
        #expect(banded.recorder?.isEmpty == wide, "a 128-pixel square")
        for c in [single, banded] { c.fill(Rect(x: 150.5, y: 150, width: 180, height: 180)) }
        #expect(banded.recorder?.entries.commands.count == (wide ? 1 : 2), "a 180-pixel square")
        banded.flush()
        #expect(many == one)
        let (gOne, gMany, gSingle, gBanded) = BandTests.pair()
        let paint = Paint.linearGradient(
            Gradient(colors: [.red, .blue], locations: [0, 1]), start: Point(x: 0, y: 100),
            end: Point(x: 0, y: 228), options: .extendBoth)
        for c in [gSingle, gBanded] {
            c.fill(Path(rect: Rect(x: 100.5, y: 100, width: 128, height: 128)), paint: paint)
        }
        #expect(gBanded.recorder?.entries.commands.count == 1, "a 128-pixel gradient square")
        gBanded.flush()
        #expect(gMany == gOne)
    }

    /// An outline's segments count too: a 16-pixel circle (24 segments) is recorded, a
    /// 12-pixel one (20) drawn at once, though both reach far fewer pixels than the area
    /// allowed; so is a circle the clip cuts, whose segments outside it cost little.
    @Test func anOutlinesSegmentsCountAsPixels() {
        let (one, many, single, banded) = BandTests.pair()
        for c in [single, banded] {
            c.setFillColor(Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8))
            c.fill(Path(ellipseIn: Rect(x: 10.5, y: 10, width: 12, height: 12)))
            c.saveGState()
            c.clip(to: Rect(x: 100, y: 100, width: 30, height: 30))
            c.fill(Path(ellipseIn: Rect(x: 90.5, y: 90, width: 100, height: 100)))
            c.restoreGState()
        }
        #expect(banded.recorder?.isEmpty == true, "a 12-pixel circle, and a large one clipped")
        for c in [single, banded] { c.fill(Path(ellipseIn: Rect(x: 300.5, y: 300, width: 16, height: 16))) }
        #expect(banded.recorder?.entries.commands.count == 1, "a 16-pixel circle")
        banded.flush()
        #expect(many == one)
        #expect(one.words.contains { $0 != 0 })
    }

    /// A stroke of curves is recorded however small; a small stroke of lines is drawn at
    /// once.
    @Test func aStrokeOfCurvesIsRecorded() {
        let (one, many, single, banded) = BandTests.pair()
        for c in [single, banded] {
            c.setStrokeColor(Color(red: 0.7, green: 0.2, blue: 0.3, alpha: 0.9))
            c.lineWidth = 2
            c.stroke(Path(rect: Rect(x: 10.5, y: 10, width: 8, height: 8)))
        }
        #expect(banded.recorder?.isEmpty == true, "a small square's stroke")
        // A short arc, whose outline of a few segments would be drawn at once.
        var arc = Path()
        arc.move(to: Point(x: 40.5, y: 40))
        arc.addQuadCurve(to: Point(x: 44.5, y: 40), control: Point(x: 42.5, y: 41))
        for c in [single, banded] { c.stroke(arc) }
        #expect(banded.recorder?.entries.commands.count == 1, "a short arc's stroke")
        banded.flush()
        #expect(many == one)
        #expect(one.words.contains { $0 != 0 })
    }

    @Test func twoHundredRandomFramesAreTheSameInAnyNumberOfBands() {
        var random = SplitMix64(seed: 2026)
        var differing: [Int] = []
        for frame in 0..<200 {
            let seed = random.next()
            let bands = 1 + Int(random.next() % 40)
            let one = try! Surface(width: 160, height: 120, scale: 1 + Double(frame % 2))
            var r1 = SplitMix64(seed: seed)
            RandomFrame.draw(into: Context(surface: one), random: &r1)
            let many = try! Surface(width: 160, height: 120, scale: 1 + Double(frame % 2))
            let c = Context(surface: many, threads: BandTests.threads, drawingAtOnceUpTo: 0)
            var r2 = SplitMix64(seed: seed)
            RandomFrame.draw(into: c, random: &r2)
            c.flush(bands: bands)
            if many != one { differing.append(frame) }
        }
        #expect(differing.isEmpty, "frames \(differing) differ")
    }

    @Test func smallDrawingStaysOnTheCallingThread() throws {
        // A flush of little drawing (a mask's few operations) is not worth waking the
        // helpers for; a page's is. Both give one thread's pixels. Threads of its own: the
        // other tests run at the same time.
        let threads = RenderThreads(count: 2)
        // The small one is tall enough for several bands.
        for (side, shared) in [(48, false), (600, true)] {
            let one = try Surface(width: side, height: 600)
            let many = try Surface(width: side, height: 600)
            let before = threads.sharedRuns
            for (s, c) in [
                (one, Context(surface: one)), (many, Context(surface: many, threads: threads, drawingAtOnceUpTo: 0))
            ] {
                c.setFillColor(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8))
                c.fill(Path(ellipseIn: Rect(x: 1, y: 2, width: Double(side) - 3, height: 595)))
                c.beginTransparencyLayer()
                c.setFillColor(.black)
                c.fill(Rect(x: 0, y: 200, width: Double(side), height: 1.5))
                c.endTransparencyLayer()
                c.flush()
                #expect(s.words.contains { $0 != 0 })
            }
            #expect(many == one, "side \(side)")
            #expect(
                (threads.sharedRuns > before) == shared,
                "side \(side): helpers woken \(threads.sharedRuns - before) times")
        }
    }

    @Test func aBlurOutsideLayersSeesWhatWasDrawnBeforeIt() throws {
        let one = try Surface(width: 64, height: 64)
        let many = try Surface(width: 64, height: 64)
        for (s, c) in [
            (one, Context(surface: one)),
            (many, Context(surface: many, threads: BandTests.threads, drawingAtOnceUpTo: 0))
        ] {
            c.setFillColor(.black)
            c.fill(Rect(x: 0, y: 0, width: 32, height: 64))
            c.blur(Rect(x: 0, y: 0, width: 64, height: 64), radius: 4)
            c.flush()
            // Half of the black crosses the edge: a grey in the middle row.
            let a = s[32, 32].a
            #expect(a > 60 && a < 200, "alpha \(a) at the edge")
        }
        #expect(one == many)
    }

    /// Random translucent spots, then a blur over them through a rounded rectangle, at
    /// 0.9 opacity.
    static func spotsUnderABlur(
        _ c: Context, spots: Int, within area: Size, spot: Size, seed: UInt64, blur: Rect,
        corner: Double, radius: Double
    ) {
        var r = SplitMix64(seed: seed)
        for _ in 0..<spots {
            c.setFillColor(Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: 0.5 + r.unit() / 2))
            c.fill(
                Path(
                    ellipseIn: Rect(
                        x: r.unit() * area.width, y: r.unit() * area.height, width: spot.width,
                        height: spot.height)))
        }
        c.saveGState()
        c.clip(to: Path(roundedRect: blur, cornerRadius: corner))
        c.blur(blur, radius: radius, opacity: 0.9)
        c.restoreGState()
    }

    @Test(arguments: [1.5, 6.0])
    func aBlurAcrossManyBandsEqualsOneOnTheCaller(radius: Double) throws {
        // A backdrop blur over most of the surface, through a path clip, recorded and
        // drawn in seven bands: the bands it crosses draw all that lies under it first,
        // it runs whole, and the pixels are those of drawing at once.
        var pictures: [Surface] = []
        for threads in [nil, BandTests.threads] {
            let s = try Surface(width: 300, height: 200)
            let c = threads.map { Context(surface: s, threads: $0, drawingAtOnceUpTo: 0) } ?? Context(surface: s)
            BandTests.spotsUnderABlur(
                c, spots: 60, within: Size(width: 280, height: 180), spot: Size(width: 30, height: 24),
                seed: 11, blur: Rect(x: 7, y: 5, width: 283, height: 191), corner: 30, radius: radius)
            c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7))
            c.fill(Rect(x: 40, y: 30, width: 200, height: 120))
            c.flush(bands: 7)
            pictures.append(s)
        }
        #expect(pictures[0] == pictures[1])
    }

    @Test(arguments: [1.5, 6.0])
    func aLargeBlurSharedAmongTheThreadsEqualsOneOnTheCaller(radius: Double) throws {
        // A backdrop blur large enough to split the bands in time and be shared out in
        // rows and columns (`BandPlan.sharedBlurArea`), through a path clip, then a small
        // one over part of it, whose rows one band holds, with drawing before, between
        // and after, in several numbers of bands.
        func draw(_ c: Context) {
            BandTests.spotsUnderABlur(
                c, spots: 80, within: Size(width: 580, height: 500), spot: Size(width: 40, height: 30),
                seed: 5, blur: Rect(x: 5, y: 4, width: 585, height: 510), corner: 40, radius: radius)
            c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7))
            c.fill(Rect(x: 40, y: 30, width: 300, height: 200))
            c.blur(Rect(x: 100, y: 100, width: 90, height: 300), radius: radius * 2)
            c.fill(Path(ellipseIn: Rect(x: 120, y: 140, width: 200, height: 220)))
        }
        #expect(585 * 510 >= BandPlan.sharedBlurArea)
        let one = try Surface(width: 600, height: 520)
        draw(Context(surface: one))
        for bands in [nil, 2, 7] {
            let many = try Surface(width: 600, height: 520)
            let c = Context(surface: many, threads: BandTests.threads, drawingAtOnceUpTo: 0)
            draw(c)
            #expect(c.recorder?.blurs.count == 1)
            #expect(c.recorder?.unsplit == [100..<400])
            c.flush(bands: bands)
            #expect(one == many, "\(bands.map(String.init) ?? "default") bands")
        }
    }

    @Test func aLayerDrawnWholeIsKeptInOneBand() throws {
        // A layer with a shadow, drawn whole wherever it is drawn, inside a layer that
        // bands split, 20 rows down: its rows, in the surface's pixels, are kept in one
        // band, which draws it once; the pixels are those of drawing at once.
        var pictures: [Surface] = []
        for threads in [nil, BandTests.threads] {
            let s = try Surface(width: 100, height: 200)
            let c = threads.map { Context(surface: s, threads: $0, drawingAtOnceUpTo: 0) } ?? Context(surface: s)
            c.setFillColor(Color(red: 0.9, green: 0.8, blue: 0.1, alpha: 1))
            c.fill(Rect(x: 0, y: 0, width: 100, height: 200))
            c.beginTransparencyLayer(in: Rect(x: 0, y: 20, width: 100, height: 170))
            c.saveGState()
            c.setShadow(offset: Size(width: 0, height: 3), blur: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6))
            c.beginTransparencyLayer(in: Rect(x: 10, y: 60, width: 80, height: 80))
            c.setFillColor(Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 1))
            c.fill(Path(ellipseIn: Rect(x: 20, y: 70, width: 60, height: 60)))
            c.endTransparencyLayer()
            c.restoreGState()
            c.endTransparencyLayer()
            if let list = c.recorder {
                // The layer's rows, 60 to 140, grown by the shadow's reach (about 12 rows).
                #expect(
                    list.unsplit.contains { (45...60).contains($0.lowerBound) && (140...160).contains($0.upperBound) },
                    "kept together: \(list.unsplit)")
            }
            c.flush(bands: 2)
            pictures.append(s)
        }
        #expect(pictures[0] == pictures[1])
    }

    @Test func bandBoundsNeverCutRowsKeptTogether() {
        // Random heights, band counts and rows to keep together: the bounds start at 0,
        // end at the height, rise strictly, are no more than asked, and no boundary falls
        // strictly inside rows kept together.
        var random = SplitMix64(seed: 41)
        for trial in 0..<2000 {
            let height = 1 + Int(random.next() % 500)
            let bands = 1 + Int(random.next() % 40)
            let unsplit = (0..<Int(random.next() % 4)).map { _ -> Range<Int> in
                let a = Int(random.next() % UInt64(height))
                let b = a + Int(random.next() % UInt64(height - a + 1))
                return a..<b
            }
            let bounds = Renderer.bandBounds(height: height, bands: min(bands, height), unsplit: unsplit)
            #expect(bounds.first == 0 && bounds.last == height, "trial \(trial): \(bounds)")
            #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "trial \(trial): \(bounds)")
            #expect(bounds.count - 1 <= bands, "trial \(trial): \(bounds)")
            for r in unsplit {
                #expect(
                    !bounds.contains { r.lowerBound < $0 && $0 < r.upperBound },
                    "trial \(trial): \(bounds) cut \(r)")
            }
        }
    }

    @Test func oneThreadDrawsAtOnce() throws {
        let s = try Surface(width: 8, height: 8)
        let c = Context(surface: s, threads: RenderThreads(count: 1), drawingAtOnceUpTo: 0)
        c.fill(Rect(x: 0, y: 0, width: 8, height: 8))
        #expect(s[3, 3] == Pixel(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func theEnvironmentSetsTheDefaultCount() {
        #expect(RenderThreads.defaultCount(environment: "3") == 3)
        #expect(RenderThreads.defaultCount(environment: " 12 ") == 12)
        let cores = RenderThreads.defaultCount(environment: nil)
        #expect((1...8).contains(cores))
        for bad in ["0", "65", "two", "", "-1"] { #expect(RenderThreads.defaultCount(environment: bad) == cores) }
    }

    @Test func idleThreadsUseNoProcessorTime() throws {
        let pool = RenderThreads(count: 3)
        let s = try Surface(width: 300, height: 300)
        let c = Context(surface: s, threads: pool, drawingAtOnceUpTo: 0)
        for i in 0..<200 { c.fill(Path(ellipseIn: Rect(x: Double(i), y: Double(i), width: 90, height: 90))) }
        c.flush()
        expectParked(pool, helpers: 2)
    }

    /// A context made on the threads wakes the helpers to wait for its bands awake; one
    /// that hands out none leaves them to park again a moment later.
    @Test func warmedThreadsParkAgainWithoutWork() throws {
        let pool = RenderThreads(count: 2)
        let s = try Surface(width: 64, height: 64)
        for _ in 0..<3 { _ = Context(surface: s, threads: pool) }
        usleep(100_000)
        expectParked(pool, helpers: 1)
    }

    /// Threads dropped right after warming stop, and warmed helpers draw bands of the work
    /// handed out next: in some flush of twenty, a band is drawn by a helper (a thread of
    /// the machine's may be late for any one of them).
    @Test func warmedThreadsWorkAndStop() throws {
        for _ in 0..<20 {
            let pool = RenderThreads(count: 2)
            pool.warm()
        }
        let pool = RenderThreads(count: 2)
        let timeline = FlushTimeline()
        pool.timeline = timeline
        let s = try Surface(width: 300, height: 300)
        var helped = false
        for _ in 0..<20 where !helped {
            let c = Context(surface: s, threads: pool, drawingAtOnceUpTo: 0)
            for i in 0..<200 { c.fill(Path(ellipseIn: Rect(x: Double(i), y: Double(i), width: 90, height: 90))) }
            c.flush()
            helped = timeline.take().contains { $0.tasks.contains { $0.thread != 0 } }
        }
        #expect(helped, "no band was drawn by a helper")
        #expect(s[150, 150].a == 255)
    }

    /// The helpers of `pool` (`helpers` of them) use no processor time over 300 ms.
    private func expectParked(_ pool: RenderThreads, helpers: Int) {
        let ids = pool.helperIDs
        #expect(ids.count == helpers)
        let before = ids.map(RenderThreads.processorTicks)
        usleep(300_000)
        let after = ids.map(RenderThreads.processorTicks)
        #expect(before.allSatisfy { $0 != nil })
        #expect(before == after, "ticks \(before) then \(after)")
    }
}

/// A frame of random drawing that uses every recorded operation: fills, rectangles,
/// strokes with dashes, images, coverage, shadows of every kind, clips by path, rectangle
/// and mask, nested transparency layers with and without shadows, and backdrop blurs in
/// and out of layers.
enum RandomFrame {
    static func draw(into c: Context, random r: inout SplitMix64) {
        let image = try! Surface(width: 20, height: 14, scale: 1)
        for y in 0..<14 { for x in 0..<20 { image[x, y] = Pixel(r: UInt8(x * 12), g: UInt8(y * 18), b: 90, a: 255) } }
        let cache = ShadowCache()
        var depth = 0
        // States saved at each layer depth, so that saves and layers nest.
        var saves = [0]
        for _ in 0..<(10 + Int(r.next() % 30)) {
            switch r.next() % 17 {
            case 0, 1: c.fill(shape(&r), paint: paint(&r), rule: r.next() % 2 == 0 ? .nonZero : .evenOdd)
            case 2:
                c.setFillColor(color(&r))
                c.fill(rect(&r))
            case 3:
                c.lineWidth = 0.5 + r.unit() * 6
                if r.next() % 2 == 0 {
                    c.setLineDash(phase: r.unit() * 5, lengths: [2 + r.unit() * 6, 1 + r.unit() * 4])
                }
                c.stroke(shape(&r), paint: paint(&r))
            case 4: c.draw(image, in: rect(&r))
            case 5:
                c.fill(
                    coverage: (0..<48).map { UInt8($0 * 5) }, width: 8, height: 6,
                    deviceX: Int(r.next() % 170) - 5, deviceY: Int(r.next() % 130) - 5, color: color(&r))
            case 6:
                c.drawShadow(
                    of: shape(&r), color: color(&r), opacity: r.unit(), offset: Size(width: 2, height: 3),
                    radius: r.unit() * 5, outsideOnly: r.next() % 2 == 0, cache: cache)
            case 7: c.drawInnerShadow(of: shape(&r), color: color(&r), offset: Size(width: -1, height: 2), radius: 3)
            case 8:
                c.saveGState()
                saves[depth] += 1
                switch r.next() % 3 {
                case 0: c.clip(to: shape(&r))
                case 1: c.clip(to: rect(&r))
                default: c.clip(to: rect(&r), mask: image)
                }
            case 9:
                if saves[depth] > 0 {
                    c.restoreGState()
                    saves[depth] -= 1
                }
            case 10:
                c.saveGState()
                saves[depth] += 1
                c.translateBy(x: r.unit() * 20 - 10, y: r.unit() * 20 - 10)
                c.rotate(by: r.unit() - 0.5)
                c.scaleBy(x: 0.7 + r.unit() * 0.6, y: 0.7 + r.unit() * 0.6)
            case 11:
                c.alpha = 0.3 + r.unit() * 0.7
                c.blendMode = [.normal, .multiply, .screen, .copy, .sourceAtop, .destinationOut][Int(r.next() % 6)]
            case 12:
                if r.next() % 2 == 0 {
                    c.setShadow(
                        offset: Size(width: r.unit() * 6 - 3, height: r.unit() * 6), blur: r.unit() * 8,
                        color: color(&r))
                } else {
                    c.clearShadow()
                }
            case 13 where depth < 3:
                c.saveGState()
                saves[depth] += 1
                if r.next() % 2 == 0 {
                    c.setLayerShadow(
                        color: .black, opacity: r.unit(), offset: Size(width: 0, height: 3), radius: r.unit() * 4)
                }
                if r.next() % 2 == 0 {
                    c.beginTransparencyLayer()
                } else {
                    c.beginTransparencyLayer(in: rect(&r), unclipped: r.next() % 2 == 0)
                }
                c.clearShadow()
                depth += 1
                saves.append(0)
            case 14 where depth > 0:
                endLayer()
            case 15: c.blur(rect(&r), radius: r.unit() * 4, opacity: 0.4 + r.unit() * 0.6)
            default: c.clear(rect(&r))
            }
        }
        func endLayer() {
            for _ in 0..<saves.removeLast() { c.restoreGState() }
            c.endTransparencyLayer()
            depth -= 1
            c.restoreGState()
            saves[depth] -= 1
        }
        while depth > 0 { endLayer() }
        for _ in 0..<saves[0] { c.restoreGState() }
    }

    static func rect(_ r: inout SplitMix64) -> Rect {
        Rect(x: r.unit() * 150 - 10, y: r.unit() * 110 - 10, width: 4 + r.unit() * 80, height: 4 + r.unit() * 70)
    }

    static func color(_ r: inout SplitMix64) -> Color {
        Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: 0.2 + r.unit() * 0.8)
    }

    static func paint(_ r: inout SplitMix64) -> Paint {
        switch r.next() % 3 {
        case 0:
            .linearGradient(
                Gradient(colors: [color(&r), color(&r)]), start: Point(x: r.unit() * 160, y: 0),
                end: Point(x: r.unit() * 160, y: 120), options: .extendBoth)
        case 1:
            .radialGradient(
                Gradient(colors: [color(&r), color(&r)]), startCenter: Point(x: 80, y: 60), startRadius: 2,
                endCenter: Point(x: 80, y: 60), endRadius: 50 + r.unit() * 40, options: [])
        default: .color(color(&r))
        }
    }

    static func shape(_ r: inout SplitMix64) -> Path {
        let box = rect(&r)
        switch r.next() % 4 {
        case 0: return Path(ellipseIn: box)
        case 1: return Path(roundedRect: box, cornerRadius: r.unit() * 20)
        case 2: return Path(rect: box)
        default:
            var p = Path()
            p.move(to: Point(x: box.minX, y: box.minY))
            for _ in 0..<5 {
                p.addLine(to: Point(x: box.minX + r.unit() * box.width, y: box.minY + r.unit() * box.height))
            }
            p.closeSubpath()
            return p
        }
    }
}
