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

    @Test func ignoredRegionsOfAnySizeAreClampedToThePicture() throws {
        let a = try grey(10), b = try grey(200)
        let cases: [(Rect, Int)] = [
            (Rect(x: 0, y: 0, width: 1e300, height: 1e300), 0),
            (Rect(x: -1e19, y: -1e19, width: 2e19, height: 2e19), 0),
            (Rect(x: -.infinity, y: 0, width: .infinity, height: 4), 64),  // an infinite side is no rectangle
            (Rect(x: .nan, y: 0, width: 4, height: 4), 64),
            (Rect(x: 6, y: 6, width: 1e300, height: 1e300), 64 - 4),
            (Rect(x: 0, y: 0, width: .leastNonzeroMagnitude, height: .leastNonzeroMagnitude), 63),
            (Rect(x: 9, y: 9, width: 4, height: 4), 64),
            (Rect(x: 4, y: 4, width: -2, height: -2), 60),  // negative sizes as Core Graphics reads them
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
        let a = try grey(0), b = try grey(UInt8(step))
        let (c, _) = try ImageDiff.compare(a, b, options: CompareOptions(threshold: 0))
        let t = c.largestDelta
        // A grey step of s is a YIQ distance of 0.5053 s² (the weights of Y sum to 1 within 1e-8), of
        // at most 0.5053 * 255² = 32857 out of 35215: on the threshold's scale, s sqrt(0.5053 / 35215).
        #expect(abs(t / (Double(step) * (0.5053 / 35215).squareRoot()) - 1) < 1e-7, "\(t)")
        #expect(try ImageDiff.compare(a, b, options: CompareOptions(threshold: t + 1e-12, detectsAntialiasing: false)).0.passes)
        #expect(try !ImageDiff.compare(a, b, options: CompareOptions(threshold: t * 0.999, detectsAntialiasing: false)).0.passes)
    }
}
