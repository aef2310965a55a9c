import CRasterKernels
import RasterScenes
import Testing

@testable import Raster

/// The backdrop blur's four interleaved channels against the plane blur it must equal.
@Suite struct GaussianBlurTests {
    @Test func blurredFloatsBecomeThePortablePixels() {
        // The SSE2 conversion of a blurred backdrop's floats against the one-channel-at-
        // a-time version: values in range, around the rounding halves, below 0 and above
        // 255, NaN, and colours above their alpha.
        var random = SplitMix64(seed: 41)
        let specials: [Float] = [
            -1, -0.0, 0, 0.49999997, 0.5, 1.5, 127.5, 254.5, 254.49998, 255, 255.2, 300, 1e9, .nan, .infinity
        ]
        var wrong = 0
        for trial in 0..<20_000 {
            var v = (0..<4).map { _ in Float(random.unit() * 270 - 7) }
            if trial % 3 == 0 { v[Int(random.next() % 4)] = specials[Int(random.next() % UInt64(specials.count))] }
            if trial % 5 == 0 { v[Int(random.next() % 4)] = Float(random.next() % 256) + 0.5 }
            let fast = crk_pixel_of_floats(v)
            let portable = crk_pixel_of_floats_portable(v)
            if fast != portable {
                wrong += 1
                if wrong <= 5 {
                    Issue.record("\(v): \(String(fast, radix: 16)) against \(String(portable, radix: 16))")
                }
            }
        }
        // The reference itself, on a pixel worked out by hand: alpha 200.4 rounds to 200,
        // red 230 is cut to it, green 99.5 rounds up, blue -3 is 0.
        #expect(crk_pixel_of_floats_portable([-3, 99.5, 230, 200.4]) == 0xc8c8_6400)
        #expect(crk_pixel_of_floats([-3, 99.5, 230, 200.4]) == 0xc8c8_6400)
    }

    @Test(arguments: [0.8, 1.5, 3, 9.5])
    func interleavedChannelsEqualPlanes(sigma: Double) throws {
        var random = SplitMix64(seed: 3)
        // Rows in fours and some over; and a plane narrower than the boxes.
        for (w, h) in [(37, 23), (5, 6)] {
            for edges in [GaussianBlur.Edges.zero, .clamp] {
                let original = (0..<4).map { _ in (0..<(w * h)).map { _ in Float(random.next() % 256) } }
                var planes = original
                let pixels = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h)
                defer { pixels.deallocate() }
                for i in 0..<(w * h) {
                    (pixels + i).initialize(to: SIMD4(planes[0][i], planes[1][i], planes[2][i], planes[3][i]))
                }
                GaussianBlur.blur(pixels, width: w, height: h, sigma: sigma, edges: edges)
                for c in 0..<4 {
                    try planes[c].withUnsafeMutableBufferPointer { values throws(RasterError) in
                        try GaussianBlur.blur(values.baseAddress!, width: w, height: h, sigma: sigma, edges: edges)
                    }
                }
                var differing = 0
                for i in 0..<(w * h) { for c in 0..<4 where pixels[i][c] != planes[c][i] { differing += 1 } }
                #expect(differing == 0, "sigma \(sigma) \(edges) \(w)x\(h)")
                // And the planes were blurred: random noise loses most of its spread.
                func spread(_ v: [Float]) -> Float { v.max()! - v.min()! }
                #expect(spread(planes[0]) < 0.8 * spread(original[0]))
            }
        }
    }

    @Test(arguments: [2, 3, 9.5, 40])
    func planeBlurEqualsPlainSwiftBoxes(sigma: Double) throws {
        // The kernels' box passes against the same running sums written plainly, on
        // planes of four rows and more, of fewer rows than four, and narrower and
        // shorter than the boxes.
        var random = SplitMix64(seed: 12)
        for (w, h) in [(37, 23), (5, 6), (1, 9), (64, 3)] {
            for clamp in [false, true] {
                let original = (0..<(w * h)).map { _ in Float(random.next() % 256) }
                var plane = original
                try plane.withUnsafeMutableBufferPointer { values throws(RasterError) in
                    try GaussianBlur.blur(
                        values.baseAddress!, width: w, height: h, sigma: sigma, edges: clamp ? .clamp : .zero)
                }
                let expected = ReferenceBoxBlur.blur(original, width: w, height: h, sigma: sigma, clamp: clamp)
                let differing = zip(plane, expected).filter { $0 != $1 }.count
                #expect(differing == 0, "sigma \(sigma) \(w)x\(h) clamp \(clamp)")
            }
        }
    }

    @Test func blurredPixelsAreMixedBackAsPixelMathMixes() {
        // The blurred floats put back over the pixels there, through a mask or none, at
        // strengths from 0 to 255, against the portable conversion and `PixelMath.lerp`.
        var random = SplitMix64(seed: 8)
        let n = 67
        for trial in 0..<300 {
            let floats = (0..<(4 * n)).map { _ in Float(random.unit() * 280 - 10) }
            let before = (0..<n).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            // Strengths and mask bytes near 255 as often as anywhere else.
            let nearFull = trial % 3 == 0
            let mask = (0..<n).map { _ in UInt8(truncatingIfNeeded: nearFull ? 255 - random.next() % 3 : random.next())
            }
            let strength: UInt32 =
                trial % 4 == 0 ? 255 : UInt32(nearFull ? 255 - random.next() % 3 : random.next() % 256)
            let masked = trial % 2 == 1
            var pixels = before
            pixels.withUnsafeMutableBufferPointer { p in
                mask.withUnsafeBufferPointer { m in
                    crk_mix_floats_into_pixels(floats, p.baseAddress!, masked ? m.baseAddress! : nil, n, strength)
                }
            }
            for i in 0..<n {
                let blurred = Array(floats[(4 * i)..<(4 * i + 4)]).withUnsafeBufferPointer {
                    crk_pixel_of_floats_portable($0.baseAddress!)
                }
                let k = masked ? PixelMath.mul(strength, UInt32(mask[i])) : strength
                let expected = k == 255 ? blurred : PixelMath.lerp(before[i], blurred, k)
                if pixels[i] != expected {
                    Issue.record(
                        "trial \(trial) pixel \(i): \(String(pixels[i], radix: 16)) against \(String(expected, radix: 16))"
                    )
                    return
                }
            }
        }
    }

    @Test func pixelsBecomeTheirChannelsAsFloats() {
        let pixels: [UInt32] = [0x8040_2010, 0xff00_00ff, 0]
        var floats = [Float](repeating: -1, count: 12)
        crk_floats_of_pixels(pixels, &floats, 3)
        #expect(floats == [16, 32, 64, 128, 255, 0, 0, 255, 0, 0, 0, 0])
    }
}

/// The plane blur's box passes (sigma 2 and more) as plain Swift on arrays: three boxes
/// along the rows, then three down the columns, each a running sum kept in the order the
/// kernels keep it, every operation rounded on its own.
enum ReferenceBoxBlur {
    static func blur(_ v: [Float], width w: Int, height h: Int, sigma: Double, clamp: Bool) -> [Float] {
        var a = v
        let radii = GaussianBlur.boxRadii(sigma)
        for r in radii { a = rows(a, w, h, r, clamp) }
        for r in radii { a = columns(a, w, h, r, clamp) }
        return a
    }

    /// Each output the sum of the `2r + 1` values around it over `2r + 1`; the sum moves
    /// on by adding the difference of the value entering and the one leaving.
    static func rows(_ v: [Float], _ w: Int, _ h: Int, _ r: Int, _ clamp: Bool) -> [Float] {
        let scale = 1 / Float(2 * r + 1)
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            func at(_ i: Int) -> Float {
                if i < 0 { return clamp ? v[y * w] : 0 }
                if i >= w { return clamp ? v[y * w + w - 1] : 0 }
                return v[y * w + i]
            }
            var acc: Float = 0
            for i in -r...r { acc += at(i) }
            for i in 0..<w {
                out[y * w + i] = acc * scale
                acc += at(i + r + 1) - at(i - r)
            }
        }
        return out
    }

    /// The same down each column, the sum moving on by adding the row entering, then
    /// taking away the row leaving.
    static func columns(_ v: [Float], _ w: Int, _ h: Int, _ r: Int, _ clamp: Bool) -> [Float] {
        let scale = 1 / Float(2 * r + 1)
        var out = [Float](repeating: 0, count: w * h)
        func row(_ y: Int) -> Int? {
            if y >= 0 && y < h { return y }
            return clamp ? (y < 0 ? 0 : h - 1) : nil
        }
        var acc = [Float](repeating: 0, count: w)
        for y in -r...r { if let s = row(y) { for x in 0..<w { acc[x] += v[s * w + x] } } }
        for y in 0..<h {
            for x in 0..<w { out[y * w + x] = acc[x] * scale }
            if let a = row(y + r + 1) { for x in 0..<w { acc[x] += v[a * w + x] } }
            if let s = row(y - r) { for x in 0..<w { acc[x] -= v[s * w + x] } }
        }
        return out
    }
}
