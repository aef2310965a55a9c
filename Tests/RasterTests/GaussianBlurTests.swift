@testable import Raster
import RasterScenes
import Testing

/// The backdrop blur's four interleaved channels against the plane blur it must equal.
@Suite struct GaussianBlurTests {
    @Test(arguments: [0.8, 1.5, 3, 9.5])
    func interleavedChannelsEqualPlanes(sigma: Double) throws {
        var random = SplitMix64(seed: 3)
        let w = 37, h = 23
        for edges in [GaussianBlur.Edges.zero, .clamp] {
            let original = (0..<4).map { _ in (0..<(w * h)).map { _ in Float(random.next() % 256) } }
            var planes = original
            let pixels = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h)
            defer { pixels.deallocate() }
            for i in 0..<(w * h) { (pixels + i).initialize(to: SIMD4(planes[0][i], planes[1][i], planes[2][i], planes[3][i])) }
            GaussianBlur.blur(pixels, width: w, height: h, sigma: sigma, edges: edges)
            for c in 0..<4 {
                try planes[c].withUnsafeMutableBufferPointer { values throws(RasterError) in
                    try GaussianBlur.blur(values.baseAddress!, width: w, height: h, sigma: sigma, edges: edges)
                }
            }
            var differing = 0
            for i in 0..<(w * h) { for c in 0..<4 where pixels[i][c] != planes[c][i] { differing += 1 } }
            #expect(differing == 0, "sigma \(sigma) \(edges)")
            // And the planes were blurred: random noise loses most of its spread.
            func spread(_ v: [Float]) -> Float { v.max()! - v.min()! }
            #expect(spread(planes[0]) < 0.8 * spread(original[0]))
        }
    }
}
