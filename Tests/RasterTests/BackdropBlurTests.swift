import RasterScenes
import Testing

@testable import Raster

/// A backdrop blur cut into parts of rows and of columns, run in any order, gives the
/// pixels of the blur run whole, byte for byte.
@Suite struct BackdropBlurTests {
    /// A surface of random pixels, premultiplied.
    static func noise(width: Int, height: Int, seed: UInt64) throws -> Surface {
        let s = try Surface(width: width, height: height)
        var r = SplitMix64(seed: seed)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8(truncatingIfNeeded: r.next())
                func c() -> UInt8 { UInt8(UInt64(a) * (r.next() % 256) / 255) }
                s[x, y] = Pixel(r: c(), g: c(), b: c(), a: a)
            }
        }
        return s
    }

    /// Cuts `0..<n` at random points.
    static func cuts(_ n: Int, _ r: inout SplitMix64) -> [Range<Int>] {
        var points = Set((0..<Int(r.next() % 6)).map { _ in Int(r.next() % UInt64(n + 1)) })
        points.insert(0)
        points.insert(n)
        let sorted = points.sorted()
        return zip(sorted, sorted.dropFirst()).map { $0..<$1 }
    }

    @Test(arguments: [0.8, 1.7, 3.0, 9.5])
    func partsInAnyOrderGiveTheWholeBlur(sigma: Double) throws {
        var r = SplitMix64(seed: UInt64(sigma * 10))
        for trial in 0..<6 {
            let box = IntRect(x0: 3 + trial, y0: 5, x1: 70 + 3 * trial, y1: 50 + 5 * trial)
            var mask: ClipMask?
            if trial % 2 == 1 {
                let m = try ClipMask(bounds: box)
                for y in box.y0..<box.y1 {
                    for x in box.x0..<box.x1 { m.pointer(x, y).pointee = UInt8((x * 7 + y * 3) & 255) }
                }
                mask = m
            }
            let whole = try BackdropBlurTests.noise(width: 90, height: 90, seed: UInt64(trial))
            let parts = try BackdropBlurTests.noise(width: 90, height: 90, seed: UInt64(trial))
            let one = try BackdropBlur(box: box, sigma: sigma, strength: 200, mask: mask)
            one.blurRows(0..<box.height, of: whole)
            one.blurColumns(0..<box.width, into: whole)
            let cut = try BackdropBlur(box: box, sigma: sigma, strength: 200, mask: mask)
            for rows in BackdropBlurTests.cuts(box.height, &r).reversed() { cut.blurRows(rows, of: parts) }
            var columns = BackdropBlurTests.cuts(box.width, &r)
            for i in stride(from: columns.count - 1, to: 0, by: -1) { columns.swapAt(i, Int(r.next() % UInt64(i + 1))) }
            for c in columns { cut.blurColumns(c, into: parts) }
            #expect(whole == parts, "sigma \(sigma), trial \(trial)")
            // And the blur changed the box.
            let before = try BackdropBlurTests.noise(width: 90, height: 90, seed: UInt64(trial))
            #expect(whole != before)
        }
    }
}
