import RasterScenes
import TestSupport
import Testing

@testable import Raster

@Suite struct CoverageTests {
    @Test func halfPixelColumnIsHalfCovered() {
        // The rectangle path of `fill(_ rect:)`, then the general scan converter given the
        // same outline directly (a path shaped like a rectangle would take the rectangle
        // path again).
        let r = Rect(x: 10.5, y: 2, width: 9.5, height: 5)
        let (s, c) = canvas(40, 10, background: nil)
        c.setFillColor(.black)
        c.fill(r)
        let general = CoverageRecorder.general(r, width: 40, height: 10)
        for (name, alpha) in [
            ("rectangle path", { (x: Int, y: Int) in s[x, y].a }),
            ("scan converter", { (x: Int, y: Int) in general[x, y] })
        ] {
            for y in 2..<7 {
                #expect(abs(Int(alpha(10, y)) - 128) <= 1, "\(name): column 10 row \(y): \(alpha(10, y))")
                for x in 11..<20 { #expect(alpha(x, y) == 255, "\(name): \(x), \(y)") }
                #expect(alpha(20, y) == 0, "\(name)")
                #expect(alpha(9, y) == 0, "\(name)")
            }
            #expect(alpha(15, 1) == 0 && alpha(15, 7) == 0, "\(name)")
        }
        // Half of 255, rounded: exact on the rectangle path, whose arithmetic is Double.
        #expect(s[10, 4].a == 128)
    }

    @Test func alignedOpaqueRectChangesExactlyItsPixels() {
        let (s, c) = canvas(32, 32)
        c.setFillColor(.red)
        c.fill(Rect(x: 4, y: 6, width: 10, height: 7))
        for y in 0..<32 {
            for x in 0..<32 {
                let inside = (4..<14).contains(x) && (6..<13).contains(y)
                #expect(s[x, y] == (inside ? Pixel(r: 255, g: 0, b: 0, a: 255) : Pixel(r: 255, g: 255, b: 255, a: 255)))
            }
        }
    }

    @Test func pentagramCentreFollowsTheRule() {
        for rule in [FillRule.nonZero, .evenOdd] {
            let (s, c) = canvas(100, 100)
            c.fill(Scene.pentagram(50, 50, 45), rule: rule)
            #expect(
                s[50, 50]
                    == (rule == .nonZero ? Pixel(r: 0, g: 0, b: 0, a: 255) : Pixel(r: 255, g: 255, b: 255, a: 255)))
            // A point inside one of the star's tips is filled either way.
            #expect(s[50, 12] == Pixel(r: 0, g: 0, b: 0, a: 255))
        }
    }

    @Test func clockwiseArcFromZeroToPiCoversTheBottomHalf() {
        let (s, c) = canvas(100, 100)
        var p = Path()
        p.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
        p.closeSubpath()
        c.fill(p)
        #expect(s[50, 80] == Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(s[50, 20] == Pixel(r: 255, g: 255, b: 255, a: 255))
        var q = Path()
        q.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(q.contains(Point(x: 50, y: 20)) && !q.contains(Point(x: 50, y: 80)))
    }

    @Test func coverageSumsToTheExactArea() {
        // A polygon: scan conversion is exact, so the coverage adds up to its area.
        let (s, c) = canvas(64, 64, background: nil)
        var p = Path()
        p.move(to: Point(x: 10.2, y: 10.7))
        p.addLine(to: Point(x: 50.3, y: 14.1))
        p.addLine(to: Point(x: 30.6, y: 55.9))
        c.fill(p)
        let area = abs((50.3 - 10.2) * (55.9 - 10.7) - (30.6 - 10.2) * (14.1 - 10.7)) / 2
        #expect(abs(total(s) - area) < 0.1)
    }

    @Test func longFlatEdgesKeepTheirArea() {
        // Edges that rise half a pixel over thousands of columns within one row: every
        // pixel of that row is the exact area under the edge, to the nearest level (the
        // cells' fixed-point roundings must not add up along the row), and the rows below
        // are whole, under both rules.
        let width = 3000
        for (rise, rule) in [(0.5, FillRule.nonZero), (-0.5, .evenOdd), (0.013, .nonZero)] {
            let top = 0.25
            let rasterizer = Rasterizer()
            let corners = [
                Point(x: 0, y: top), Point(x: Double(width), y: top + abs(rise)),
                Point(x: Double(width), y: 3), Point(x: 0, y: 3)
            ]
            // The rise either way: left to right, or right to left.
            let outline =
                rise > 0
                ? corners
                : [
                    Point(x: 0, y: top + abs(rise)), Point(x: Double(width), y: top),
                    Point(x: Double(width), y: 3), Point(x: 0, y: 3)
                ]
            for i in 0..<4 { rasterizer.addSegment(outline[i], outline[(i + 1) % 4]) }
            var recorder = CoverageRecorder(width: width, height: 3)
            rasterizer.rasterize(rule: rule, clip: IntRect(width: width, height: 3), into: &recorder)
            var worst = 0
            for i in 0..<width {
                // The edge's height at the pixel's centre is the mean over the pixel.
                let t = (Double(i) + 0.5) / Double(width)
                let y = rise > 0 ? top + rise * t : top + abs(rise) * (1 - t)
                let exact = Int((1 - y) * 255 + 0.5)
                worst = max(worst, abs(Int(recorder[i, 0]) - exact))
                #expect(recorder[i, 1] == 255 && recorder[i, 2] == 255, "rise \(rise): pixel \(i)")
            }
            #expect(worst <= 1, "rise \(rise): \(worst) levels off")
        }
    }

    @Test func strokedCirclesCoverTheirArea() {
        // A ring drawn by stroking a circle covers its width times its length, less what
        // the chords of the flattened circle lose (the stroke of a convex polygon is
        // exactly its perimeter times the width; chords within 0.1 px of a circle are
        // about 1 / 300 of its radius shorter, 0.42 px² for a width of 2 at any radius).
        // The inner side of every corner is where the offset lines meet, covered once.
        for r in [3.0, 6.0, 20.0, 60.0] {
            let (s, c) = canvas(140, 140, background: nil)
            c.lineWidth = 2
            c.strokeEllipse(in: Rect(x: 70.3 - r, y: 70.6 - r, width: 2 * r, height: 2 * r))
            let exact = 2 * Double.pi * r * 2
            #expect(total(s) <= exact + 0.1 && total(s) >= exact - 0.5, "radius \(r): \(total(s)) for \(exact)")
        }
        // Wider than the circle: the inner sides' corners go back through the vertices
        // (their meeting points would pass each other), and the disc is whole.
        let (s, c) = canvas(40, 40, background: nil)
        c.lineWidth = 8
        c.strokeEllipse(in: Rect(x: 17.3, y: 17.6, width: 6, height: 6))
        let disc = Double.pi * 49
        #expect(total(s) <= disc + 0.1 && total(s) >= disc - 2, "a wide stroke: \(total(s)) for \(disc)")
        #expect(s[20, 20].a == 255 && s[18, 21].a == 255, "the middle of a wide stroke")
    }

    @Test func circleLosesNoMoreThanTheFlatteningTolerance() {
        // Curves become chords within 0.1 px, inside the curve: the area lost is at most
        // two thirds of the tolerance times the perimeter.
        let (s, c) = canvas(64, 64, background: nil)
        c.fillEllipse(in: Rect(x: 7.3, y: 9.1, width: 40, height: 40))
        let exact = Double.pi * 400
        let sag = 2.0 / 3 * 0.1 * Double.pi * 40
        #expect(total(s) <= exact + 0.5 && total(s) >= exact - sag)
    }

    @Test func rectanglesMatchGeneralScanConversion() {
        // `RectScanner`, the rectangle path, against the general scan converter given the
        // same rectangle as four edges, both recorded as coverage: rectangles inside one
        // pixel, across two, on whole pixels, and cut by the clip.
        var random = SplitMix64(seed: 5)
        for trial in 0..<400 {
            var w = trial % 4 == 0 ? random.unit() : random.unit() * 12
            var h = trial % 5 == 0 ? random.unit() : random.unit() * 12
            var x = random.unit() * 20 - 2
            var y = random.unit() * 20 - 2
            if trial % 7 == 0 {
                x.round()
                y.round()
            }
            // On whole pixels, or on whole pixels but one edge.
            if trial % 11 == 0 {
                x.round()
                y.round()
                w.round(.up)
                h.round(.up)
            }
            if trial % 22 == 0 { h += 0.5 }
            let clip = trial % 3 == 0 ? IntRect(x0: 5, y0: 4, x1: 14, y1: 15) : IntRect(width: 20, height: 20)
            let r = Rect(x: x, y: y, width: w, height: h)
            var fast = CoverageRecorder(width: 20, height: 20)
            RectScanner.scan(r, clip: clip, into: &fast)
            let slow = CoverageRecorder.general(r, width: 20, height: 20, clip: clip)
            var worst = 0
            for j in 0..<20 {
                for i in 0..<20 {
                    worst = max(worst, abs(Int(fast[i, j]) - Int(slow[i, j])))
                    // The rectangle path is exact: a pixel's overlap with the rectangle
                    // across times down, rounded to the nearest level.
                    let inClip = clip.x0 <= i && i < clip.x1 && clip.y0 <= j && j < clip.y1
                    let across = max(0, min(r.maxX, Double(i + 1)) - max(r.minX, Double(i)))
                    let down = max(0, min(r.maxY, Double(j + 1)) - max(r.minY, Double(j)))
                    let exact = inClip ? UInt8(min(1, across * down) * 255 + 0.5) : 0
                    #expect(fast[i, j] == exact, "trial \(trial): pixel \(i), \(j)")
                }
            }
            // The scan converter accumulates in Float, the rectangle in Double: one level
            // apart at most.
            #expect(worst <= 1, "trial \(trial): \(x), \(y), \(w) x \(h)")
            #expect(fast.spanCount > 0 || slow.spanCount == 0, "trial \(trial): the rectangle path drew nothing")
        }
    }

    @Test func rectangleFillsMatchTheirPaths() {
        // `fill(_ rect:)`, whose rectangles on whole pixels go straight to the block loop
        // and the rest through `RectScanner`, against the same rectangle given as a path
        // with a corner point more, which the general scan converter draws: on whole and
        // fractional pixels, flipped and scaled, clipped by a rectangle and by a mask,
        // with an alpha, onto random pixels. Both must be the same, byte for byte.
        var random = SplitMix64(seed: 23)
        for trial in 0..<300 {
            let background = (0..<(24 * 24)).map { _ in randomPremultiplied(&random, opaque: trial % 2 == 0) }
            var x = (random.unit() * 30 - 6).rounded()
            var y = (random.unit() * 30 - 6).rounded()
            var w = (random.unit() * 14).rounded()
            var h = (random.unit() * 14).rounded()
            if trial % 5 == 0 {
                x += random.unit()
                w += random.unit()
            }
            if trial % 7 == 0 {
                y += random.unit()
                h += random.unit()
            }
            let r = Rect(x: x, y: y, width: w, height: h)
            let color = Color(
                red: random.unit(), green: random.unit(), blue: random.unit(),
                alpha: trial % 3 == 0 ? 1 : random.unit())
            var surfaces: [Surface] = []
            for general in [false, true] {
                let (s, c) = canvas(24, 24, background: nil)
                for j in 0..<24 { for i in 0..<24 { s[i, j] = Pixel(argb: background[j * 24 + i]) } }
                if trial % 4 == 1 { c.clip(to: Rect(x: 3, y: 2, width: 15, height: 17)) }
                if trial % 8 == 3 { c.clip(to: Path(ellipseIn: Rect(x: 1, y: 1, width: 20, height: 21))) }
                if trial % 6 == 2 {
                    c.translateBy(x: 24, y: 0)
                    c.scaleBy(x: -1, y: 1)
                }
                if trial % 9 == 4 { c.scaleBy(x: 2, y: 1) }
                if trial % 10 == 5 { c.alpha = 0.6 }
                c.setFillColor(color)
                if general {
                    var p = Path()
                    p.move(to: Point(x: r.minX, y: r.minY))
                    p.addLine(to: Point(x: r.midX, y: r.minY))
                    p.addLine(to: Point(x: r.maxX, y: r.minY))
                    p.addLine(to: Point(x: r.maxX, y: r.maxY))
                    p.addLine(to: Point(x: r.minX, y: r.maxY))
                    p.closeSubpath()
                    c.fill(p)
                } else {
                    c.fill(r)
                }
                surfaces.append(s)
            }
            var wrong = 0
            for j in 0..<24 {
                for i in 0..<24 where surfaces[0][i, j] != surfaces[1][i, j] {
                    wrong += 1
                    if wrong <= 3 {
                        Issue.record(
                            "trial \(trial) \(r): pixel \(i), \(j): \(surfaces[0][i, j]) against \(surfaces[1][i, j])")
                    }
                }
            }
        }
    }

    @Test func solidBlocksBlendAsTheirSpans() {
        // `SolidPainter.block`, which blends a rectangle's whole rows, its partly covered
        // rows and its edge pixels in one go (the AVX2 loop where there is one), against
        // the same coverage blended span by span, over pixels of every alpha.
        var random = SplitMix64(seed: 9)
        for trial in 0..<300 {
            let background = (0..<(24 * 24)).map { _ -> UInt32 in
                let v = random.next()
                let a = UInt32(truncatingIfNeeded: v) & 255
                let c = { (shift: UInt64) in a == 0 ? 0 : UInt32(truncatingIfNeeded: v >> shift) % (a + 1) }
                return a << 24 | c(8) << 16 | c(16) << 8 | c(24)
            }
            let w = trial % 4 == 0 ? random.unit() * 2 : random.unit() * 18
            let h = trial % 5 == 0 ? random.unit() * 2 : random.unit() * 18
            var x = random.unit() * 22 - 2
            var y = random.unit() * 22 - 2
            if trial % 6 == 0 {
                x.round()
                y.round()
            }
            let clip = trial % 3 == 0 ? IntRect(x0: 3, y0: 2, x1: 17, y1: 19) : IntRect(width: 24, height: 24)
            let c = random.next()
            let alpha = trial % 8 == 0 ? 255 : UInt32(truncatingIfNeeded: c) & 255
            let color =
                alpha << 24 | (UInt32(truncatingIfNeeded: c >> 8) % (alpha + 1)) << 16
                | (UInt32(truncatingIfNeeded: c >> 16) % (alpha + 1)) << 8 | UInt32(truncatingIfNeeded: c >> 24)
                % (alpha + 1)
            expectBlocksAsSpans(Rect(x: x, y: y, width: w, height: h), clip: clip, background: background, trial: trial)
            {
                SolidPainter(surface: $0, color: color, mode: .normal, mask: nil)
            }
        }
    }

    @Test func gradientBlocksBlendAsTheirSpans() {
        // `ShaderPainter.block` under a gradient that does not change along rows (one
        // colour a row, the AVX2 rectangle loop where there is one) against the same
        // coverage blended span by span: rectangles of every fraction, cut by the clip or
        // reaching the surface's last column, over pixels of every alpha, with colours
        // opaque, translucent and transparent.
        var random = SplitMix64(seed: 31)
        for trial in 0..<300 {
            let background = (0..<(24 * 24)).map { _ in randomPremultiplied(&random, opaque: false) }
            let w = trial % 4 == 0 ? random.unit() * 2 : random.unit() * 20
            let h = random.unit() * 18
            var x = random.unit() * 22 - 2
            var y = random.unit() * 22 - 2
            if trial % 6 == 0 {
                x.round()
                y.round()
            }
            if trial % 5 == 0 { x = 24 - w + random.unit() }
            let clip = trial % 3 == 0 ? IntRect(x0: 3, y0: 2, x1: 17, y1: 19) : IntRect(width: 24, height: 24)
            let colors = (0..<3).map { i -> Color in
                let c = random.next()
                let alpha = i == 1 && trial % 7 == 0 ? 0 : (trial % 8 == 0 ? 1 : Double(c & 255) / 255)
                return Color(
                    red: Double((c >> 8) & 255) / 255, green: Double((c >> 16) & 255) / 255,
                    blue: Double((c >> 24) & 255) / 255, alpha: alpha)
            }
            let paint = Paint.linearGradient(
                Gradient(colors: colors), start: Point(x: 0, y: y), end: Point(x: 0, y: y + h),
                options: [])
            let shader = Shader.gradient(paint, transform: .identity, alpha: 1)!
            expectBlocksAsSpans(Rect(x: x, y: y, width: w, height: h), clip: clip, background: background, trial: trial)
            {
                ShaderPainter(surface: $0, shader: shader, mode: .normal, mask: nil)
            }
        }
    }

    /// `RectScanner` through the painter `make` gives for a 24 x 24 surface holding
    /// `background`, as blocks and span by span: every pixel must agree.
    func expectBlocksAsSpans<P: CoverageSink>(
        _ r: Rect, clip: IntRect, background: [UInt32], trial: Int,
        _ make: (Surface) -> P
    ) {
        let blocks = try! Surface(width: 24, height: 24)
        let spans = try! Surface(width: 24, height: 24)
        for (i, p) in background.enumerated() {
            blocks[i % 24, i / 24] = Pixel(argb: p)
            spans[i % 24, i / 24] = Pixel(argb: p)
        }
        var byBlocks = make(blocks)
        RectScanner.scan(r, clip: clip, into: &byBlocks)
        var bySpans = SpansOnly(inner: make(spans))
        RectScanner.scan(r, clip: clip, into: &bySpans)
        for j in 0..<24 {
            for i in 0..<24 where blocks[i, j] != spans[i, j] {
                Issue.record("trial \(trial): pixel \(i), \(j): \(blocks[i, j]) against \(spans[i, j])")
            }
        }
    }

    @Test func solidRowsBlendAsTheirRuns() {
        // `SolidPainter` sweeps the scan converter's rows itself (the AVX2 kernel where
        // there is one); against the same cells handed over run by run, for random
        // outlines under both rules, colours of every alpha over pixels of every alpha (and
        // one in sixteen not premultiplied: a channel above its alpha), and rows of every
        // width modulo eight and across several 64-cell words.
        var random = SplitMix64(seed: 21)
        let size = 150
        // One scan converter for all: each sweep must leave its cells cleared for the next.
        let rasterizer = Rasterizer()
        for trial in 0..<200 {
            let width = 4 + Int(random.next() % UInt64(size - 4))
            let clip =
                trial % 3 == 0
                ? IntRect(x0: Int(random.next() % 9), y0: 1, x1: width - Int(random.next() % 5), y1: 40)
                : IntRect(width: width, height: 40)
            let background = (0..<(size * 40)).map { _ in randomPremultiplied(&random, opaque: false) }
            var color = randomPremultiplied(&random, opaque: trial % 8 == 0)
            if trial % 16 == 15 { color = (color & 0x7fff_ffff) | 0x0080_0000 }
            rasterizer.reset()
            // A polygon of up to 24 corners, some well outside the clip, and a second one
            // inside the first half the time: windings of -2 to 2 and more.
            for _ in 0..<(trial % 2 == 0 ? 1 : 2) {
                let corners = (0..<(3 + Int(random.next() % 22))).map { _ in
                    Point(x: random.unit() * Double(width + 20) - 10, y: random.unit() * 50 - 5)
                }
                for i in corners.indices { rasterizer.addSegment(corners[i], corners[(i + 1) % corners.count]) }
            }
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let rows = try! Surface(width: size, height: 40)
            let runs = try! Surface(width: size, height: 40)
            for (i, p) in background.enumerated() {
                rows[i % size, i / size] = Pixel(argb: p)
                runs[i % size, i / size] = Pixel(argb: p)
            }
            var painter = SolidPainter(surface: rows, color: color, mode: .normal, mask: nil)
            rasterizer.rasterize(rule: rule, clip: clip, into: &painter)
            var byRuns = SpansOnly(inner: SolidPainter(surface: runs, color: color, mode: .normal, mask: nil))
            rasterizer.rasterize(rule: rule, clip: clip, into: &byRuns)
            var wrong = 0
            for j in 0..<40 {
                for i in 0..<size where rows[i, j] != runs[i, j] {
                    wrong += 1
                    if wrong <= 5 {
                        Issue.record("trial \(trial) (\(rule)): pixel \(i), \(j): \(rows[i, j]) against \(runs[i, j])")
                    }
                }
            }
        }
    }

    /// A random premultiplied colour, opaque when asked.
    func randomPremultiplied(_ random: inout SplitMix64, opaque: Bool) -> UInt32 {
        let v = random.next()
        let a = opaque ? 255 : UInt32(truncatingIfNeeded: v) & 255
        let c = { (shift: UInt64) in a == 0 ? 0 : UInt32(truncatingIfNeeded: v >> shift) % (a + 1) }
        return a << 24 | c(8) << 16 | c(16) << 8 | c(24)
    }

    func total(_ s: Surface) -> Double {
        var sum = 0.0
        for y in 0..<s.height { for x in 0..<s.width { sum += Double(s[x, y].a) / 255 } }
        return sum
    }
}

/// A sink that hands every run to another one span by span (blocks as `blockBySpans`).
struct SpansOnly<Inner: CoverageSink>: CoverageSink {
    var inner: Inner
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        inner.span(y: y, x: x, count: count, coverage: coverage)
    }
}

/// Coverage recorded from a scan converter, one byte a pixel.
struct CoverageRecorder: CoverageSink {
    let width: Int, height: Int
    var coverage: [UInt8]
    var spanCount = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        coverage = Array(repeating: 0, count: width * height)
    }

    subscript(x: Int, y: Int) -> UInt8 { coverage[y * width + x] }

    mutating func span(y: Int, x: Int, count: Int, coverage c: UInt8) {
        spanCount += 1
        for i in x..<(x + count) { coverage[y * width + i] = c }
    }

    /// The coverage of `r` (device pixels) through the general scan converter: its four
    /// edges as segments, never the rectangle path.
    static func general(_ r: Rect, width: Int, height: Int, clip: IntRect? = nil) -> CoverageRecorder {
        let rasterizer = Rasterizer()
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.minX, y: r.maxY),
            Point(x: r.maxX, y: r.maxY), Point(x: r.maxX, y: r.minY)
        ]
        for i in 0..<4 { rasterizer.addSegment(corners[i], corners[(i + 1) % 4]) }
        var recorder = CoverageRecorder(width: width, height: height)
        rasterizer.rasterize(rule: .nonZero, clip: clip ?? IntRect(width: width, height: height), into: &recorder)
        return recorder
    }
}
