import ImageDiff
import Raster
import Testing

/// The compare engine at its edges: regions of any size, and the distance it prints on
/// the threshold's own scale.
@Suite struct ImageDiffEdgeTests {
    func grey(_ v: UInt8, _ w: Int = 8, _ h: Int = 8) throws -> Surface {
        let s = try Surface(width: w, height: h)
        s.clear(to: Pixel(r: v, g: v, b: v, a: 255))
        return s
    }

    /// Edge noise needs a flat area beside it (after pixelmatch): a pixel
    /// changed to a value between its neighbours' in a picture of noise, where no
    /// neighbour has identical siblings, is a real difference; the same pixel on the edge
    /// between two flat areas is noise.
    @Test func edgeNoiseNeedsAFlatNeighbour() throws {
        var state: UInt64 = 3
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 40)
        }
        // Noise whose neighbours differ by at least 20 levels.
        let a = try Surface(width: 9, height: 9)
        for y in 0..<9 {
            for x in 0..<9 {
                let v = 20 + (next() % 10) * 22
                a[x, y] = Pixel(r: v, g: v, b: v, a: 255)
            }
        }
        a[4, 3] = Pixel(r: 30, g: 30, b: 30, a: 255)
        a[4, 5] = Pixel(r: 230, g: 230, b: 230, a: 255)
        a[4, 4] = Pixel(r: 60, g: 60, b: 60, a: 255)
        let b = try a.copy()
        b[4, 4] = Pixel(r: 190, g: 190, b: 190, a: 255)
        let (noisy, _) = try ImageDiff.compare(a, b)
        #expect(noisy.differingPixels == 1 && noisy.antialiasedPixels == 0, "\(noisy.report)")
        // Flat black above, flat white below, the edge row changed between them.
        let c = try Surface(width: 9, height: 9)
        let d = try Surface(width: 9, height: 9)
        for y in 0..<9 {
            for x in 0..<9 {
                let v: UInt8 = y < 4 ? 0 : (y > 4 ? 255 : 100)
                c[x, y] = Pixel(r: v, g: v, b: v, a: 255)
                d[x, y] = Pixel(r: v, g: v, b: v, a: 255)
            }
        }
        d[4, 4] = Pixel(r: 160, g: 160, b: 160, a: 255)
        let (edge, _) = try ImageDiff.compare(c, d)
        #expect(edge.differingPixels == 0 && edge.antialiasedPixels == 1, "\(edge.report)")
    }

    @Test func ignoredRegionsOfAnySizeAreClampedToThePicture() throws {
        let a = try grey(10)
        let b = try grey(200)
        let cases: [(Rect, Int)] = [
            (Rect(x: 0, y: 0, width: 1e300, height: 1e300), 0),
            (Rect(x: -1e19, y: -1e19, width: 2e19, height: 2e19), 0),
            (Rect(x: -.infinity, y: 0, width: .infinity, height: 4), 64),  // an infinite side is no rectangle
            (Rect(x: .nan, y: 0, width: 4, height: 4), 64),
            (Rect(x: 6, y: 6, width: 1e300, height: 1e300), 64 - 4),
            (Rect(x: 0, y: 0, width: .leastNonzeroMagnitude, height: .leastNonzeroMagnitude), 63),
            (Rect(x: 9, y: 9, width: 4, height: 4), 64),
            (Rect(x: 4, y: 4, width: -2, height: -2), 60)  // negative sizes as Core Graphics reads them
        ]
        for (r, compared) in cases {
            let (c, _) = try ImageDiff.compare(a, b, options: CompareOptions(ignoredRegions: [r]), diff: true)
            #expect(c.comparedPixels == compared, "\(r): \(c.comparedPixels)")
            #expect(c.differingPixels == compared)
        }
        // Overlapping regions are counted once, identical pictures or not.
        let two = [Rect(x: 0, y: 0, width: 4, height: 4), Rect(x: 2, y: 2, width: 4, height: 4)]
        #expect(try ImageDiff.compare(a, a, options: CompareOptions(ignoredRegions: two)).0.comparedPixels == 64 - 28)
        #expect(try ImageDiff.compare(a, b, options: CompareOptions(ignoredRegions: two)).0.comparedPixels == 64 - 28)
    }

    /// The largest distance is on `threshold`'s scale: the pictures pass at that threshold
    /// and differ just below it.
    @Test(arguments: [1, 5, 27, 80, 255])
    func theLargestDistanceIsTheThresholdAtWhichThePicturesPass(step: Int) throws {
        let a = try grey(0)
        let b = try grey(UInt8(step))
        let (c, _) = try ImageDiff.compare(a, b, options: CompareOptions(threshold: 0))
        let t = c.largestDelta
        // A grey step of s is a YIQ distance of 0.5053 s² (the weights of Y sum to 1 within 1e-8), of
        // at most 0.5053 * 255² = 32857 out of 35215: on the threshold's scale, s sqrt(0.5053 / 35215).
        #expect(abs(t / (Double(step) * (0.5053 / 35215).squareRoot()) - 1) < 1e-7, "\(t)")
        #expect(
            try ImageDiff.compare(a, b, options: CompareOptions(threshold: t + 1e-12, detectsAntialiasing: false)).0
                .passes)
        #expect(
            try !ImageDiff.compare(a, b, options: CompareOptions(threshold: t * 0.999, detectsAntialiasing: false)).0
                .passes)
    }
}
