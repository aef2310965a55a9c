import ImageDiff
import Raster
import Testing

/// The compare engine against pictures computed here.
@Suite struct ImageDiffTests {
    static let white = Pixel(r: 255, g: 255, b: 255, a: 255), black = Pixel(r: 0, g: 0, b: 0, a: 255)

    func picture(_ w: Int, _ h: Int, _ f: (Int, Int) -> Pixel) throws -> Surface {
        let s = try Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { s[x, y] = f(x, y) } }
        return s
    }

    /// A black half-plane from x = edge on, with an anti-aliased column of grey before it.
    func edge(at edge: Int) throws -> Surface {
        try picture(20, 10) { x, _ in
            x < edge ? Self.white : (x == edge ? Pixel(r: 128, g: 128, b: 128, a: 255) : Self.black)
        }
    }

    @Test func aShiftedAntialiasedEdgeIsNoiseOnlyWithDetection() throws {
        let a = try edge(at: 8)
        let b = try edge(at: 9)
        let (on, _) = try ImageDiff.compare(a, b)
        #expect(on.passes && on.differingPixels == 0 && on.antialiasedPixels > 0, "\(on.report)")
        let (off, _) = try ImageDiff.compare(a, b, options: CompareOptions(detectsAntialiasing: false))
        #expect(!off.passes && off.differingPixels > 0)
        // A real change, a grey blot in a flat area, is not edge noise.
        let blot = try picture(20, 10) { x, y in
            (x >= 2 && x < 5 && y >= 3 && y < 6)
                ? Self.black : (x < 8 ? Self.white : (x == 8 ? Pixel(r: 128, g: 128, b: 128, a: 255) : Self.black))
        }
        let (real, _) = try ImageDiff.compare(a, blot)
        #expect(!real.passes && real.differingPixels == 9)
    }

    @Test func theThresholdIsTheYIQDistance() throws {
        let a = try picture(4, 4) { _, _ in Pixel(r: 100, g: 100, b: 100, a: 255) }
        // A grey step of d gives delta 0.5053 d²: the pixel differs above 35215 t².
        // At 0.1 the limit is 352.15: a step of 26 (341.6) passes and 27 (368.4) does not.
        for (step, threshold, passes) in [(26, 0.1, true), (27, 0.1, false), (27, 0.2, true), (1, 0, false)] {
            let b = try picture(4, 4) { _, _ in
                Pixel(r: UInt8(100 + step), g: UInt8(100 + step), b: UInt8(100 + step), a: 255)
            }
            let (c, _) = try ImageDiff.compare(a, b, options: CompareOptions(threshold: threshold))
            #expect(c.passes == passes, "step \(step) at \(threshold)")
        }
    }

    /// Coloured steps, where the I and Q terms count: the compare engine's verdict is
    /// the published YIQ distance's (Kotsarenko and Ramos, as pixelmatch weighs it),
    /// worked out here from the RGB values.
    @Test func colouredStepsFollowThePublishedYIQWeights() throws {
        func yiq(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
            (
                r * 0.29889531 + g * 0.58662247 + b * 0.11448223,
                r * 0.59597799 - g * 0.27417610 - b * 0.32180189,
                r * 0.21147017 - g * 0.52261711 + b * 0.31114694
            )
        }
        let base = Pixel(r: 120, g: 100, b: 80, a: 255)
        let a = try picture(3, 3) { _, _ in base }
        var state: UInt64 = 5
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var both = (passed: 0, failed: 0)
        for _ in 0..<300 {
            let d = (next() % 101 - 50, next() % 101 - 50, next() % 101 - 50)
            let p = Pixel(r: UInt8(120 + d.0), g: UInt8(100 + d.1), b: UInt8(80 + d.2), a: 255)
            let (y1, i1, q1) = yiq(Double(base.r), Double(base.g), Double(base.b))
            let (y2, i2, q2) = yiq(Double(p.r), Double(p.g), Double(p.b))
            let delta = 0.5053 * (y1 - y2) * (y1 - y2) + 0.299 * (i1 - i2) * (i1 - i2) + 0.1957 * (q1 - q2) * (q1 - q2)
            let limit = 35215 * 0.1 * 0.1
            // Steer clear of the boundary itself, where rounding may fall either way.
            guard abs(delta - limit) > 1 else { continue }
            let b = try picture(3, 3) { _, _ in p }
            let (c, _) = try ImageDiff.compare(a, b, options: CompareOptions(threshold: 0.1))
            #expect(c.passes == (delta <= limit), "\(p) against \(base): delta \(delta), limit \(limit)")
            if delta <= limit { both.passed += 1 } else { both.failed += 1 }
        }
        #expect(both.passed > 20 && both.failed > 20, "both sides of the threshold are tried: \(both)")
    }

    @Test func ignoredRegionsAndBudgets() throws {
        let a = try picture(10, 10) { _, _ in Self.white }
        let b = try picture(10, 10) { x, y in x < 3 && y == 0 ? Self.black : Self.white }
        let (plain, _) = try ImageDiff.compare(a, b)
        #expect(!plain.passes && plain.differingPixels == 3)
        let (hidden, _) = try ImageDiff.compare(
            a, b, options: CompareOptions(ignoredRegions: [Rect(x: 0, y: 0, width: 3, height: 1)]))
        #expect(hidden.passes && hidden.comparedPixels == 97)
        #expect(try ImageDiff.compare(a, b, options: CompareOptions(maxDiffPixels: 3)).0.passes)
        #expect(try !ImageDiff.compare(a, b, options: CompareOptions(maxDiffPixels: 2)).0.passes)
        #expect(try ImageDiff.compare(a, b, options: CompareOptions(maxDiffPixelRatio: 0.03)).0.passes)
        #expect(try !ImageDiff.compare(a, b, options: CompareOptions(maxDiffPixelRatio: 0.029)).0.passes)
    }

    @Test func theDiffPictureShowsWhatItFound() throws {
        let a = try edge(at: 8)
        let b = try edge(at: 9)
        b[2, 2] = Pixel(r: 0, g: 0, b: 255, a: 255)
        let (c, diff) = try ImageDiff.compare(
            a, b, options: CompareOptions(ignoredRegions: [Rect(x: 15, y: 0, width: 5, height: 2)]),
            diff: true)
        let d = try #require(diff)
        #expect(c.differingPixels == 1 && c.differenceBounds! == (x: 2, y: 2, width: 1, height: 1))
        #expect(d[2, 2] == Pixel(r: 255, g: 0, b: 0, a: 255), "a real difference in red")
        #expect(
            d[8, 5] == Pixel(r: 255, g: 255, b: 0, a: 255) || d[9, 5] == Pixel(r: 255, g: 255, b: 0, a: 255),
            "edge noise in yellow")
        // White fades to white, black to 10 % grey (230), and ignored pixels are tinted blue.
        #expect(d[0, 9] == Self.white && d[16, 5] == Pixel(r: 230, g: 230, b: 230, a: 255))
        let tinted = d[16, 1]
        #expect(tinted.b > tinted.r && tinted.r == tinted.g)
    }

    @Test func transparentEqualsWhiteOverWhiteOnly() throws {
        let clear = try picture(3, 3) { _, _ in .clear }
        let white = try picture(3, 3) { _, _ in Self.white }
        let black = try picture(3, 3) { _, _ in Self.black }
        #expect(try ImageDiff.compare(clear, white, options: .exact).0.passes)
        #expect(try !ImageDiff.compare(clear, black).0.passes)
        let (sizes, _) = try ImageDiff.compare(clear, try Surface(width: 4, height: 3))
        #expect(!sizes.passes && !sizes.sameSize && sizes.report.hasPrefix("sizes differ"))
        #expect(try ImageDiff.compare(black, black).0.identical)
    }
}
