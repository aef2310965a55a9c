import CRasterKernels
import Glibc

/// A Gaussian blur of planes of floats: three box passes per axis (running sums, so the
/// cost does not grow with the radius) for sigma of 2 and more, a direct kernel below.
enum GaussianBlur {
    /// The largest sigma applied, in device pixels; larger values are clamped to it.
    static let maximumSigma = 250.0

    /// What lies beyond the plane's edges.
    enum Edges {
        /// Zero (a mask with transparent margins).
        case zero
        /// The edge values repeated (a backdrop blurred in place).
        case clamp
    }

    /// Sigma made safe: NaN and negatives become 0, huge values the maximum.
    static func clampSigma(_ sigma: Double) -> Double {
        sigma.isNaN ? 0 : min(max(sigma, 0), maximumSigma)
    }

    /// Blurs a `width` x `height` plane in place; `plane` holds that many values.
    ///
    /// - Throws: `RasterError.outOfMemory` when the scratch cannot be had; the plane is
    ///   then unchanged.
    static func blur(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma rawSigma: Double,
                     edges: Edges) throws(RasterError) {
        let sigma = clampSigma(rawSigma)
        guard sigma > 0.05, width > 0, height > 0 else { return }
        let bytes = (width * height + max(width, height) + 1) * MemoryLayout<Float>.stride
        guard let raw = unsafe malloc(bytes) else { throw RasterError.outOfMemory(bytes: bytes) }
        defer { unsafe free(raw) }
        let scratch = unsafe raw.bindMemory(to: Float.self, capacity: width * height + max(width, height) + 1)
        let sums = unsafe scratch + width * height
        do {
            // Safe: the caller's plane holds width * height values; scratch and sums are
            // allocated here for as many and one row or column more.
            let buffer = unsafe plane
            unsafe passes(sigma: sigma, buffer, scratch, rows: { src, dst, pass in
                switch pass {
                case .kernel(let k): unsafe convolveRows(src, dst, width, height, k, edges)
                case .box(let r): unsafe crk_box_rows1(src, dst, width, height, r, edges == .clamp)
                }
            }, columns: { src, dst, pass in
                switch pass {
                case .kernel(let k): unsafe convolveColumns(src, dst, width, height, k, edges, sums)
                case .box(let r): unsafe crk_box_columns(src, dst, width, height, r, edges == .clamp, sums)
                }
            })
        }
    }

    /// One pass of a blur along one axis: a direct kernel, or a box of a radius.
    private enum Pass {
        case kernel([Float])
        case box(Int)
    }

    /// Runs the passes of a blur of `sigma` from `data` through `scratch` and back: below
    /// sigma 2 a direct kernel along rows then columns, else three boxes along each (six
    /// passes end where they began).
    private static func passes<Buffer>(sigma: Double, _ data: Buffer, _ scratch: Buffer,
                                       rows: (Buffer, Buffer, Pass) -> Void, columns: (Buffer, Buffer, Pass) -> Void) {
        if sigma < 2 {
            let k = Pass.kernel(kernel(sigma))
            rows(data, scratch, k)
            columns(scratch, data, k)
            return
        }
        var a = data, b = scratch
        let radii = boxRadii(sigma)
        for r in radii {
            rows(a, b, .box(r))
            swap(&a, &b)
        }
        for r in radii {
            columns(a, b, .box(r))
            swap(&a, &b)
        }
    }

    /// Blurs `width` x `height` pixels of four interleaved channels in place (a backdrop),
    /// each channel exactly as `blur(_:width:height:sigma:edges:)` blurs a plane. The box
    /// passes are `CRasterKernels`' (`crk_box_rows4`, `crk_box_columns`): a pixel's four
    /// sums in one vector, four rows at once, so that no sum waits on the one before.
    static func blur(_ pixels: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, sigma rawSigma: Double,
                     edges: Edges) {
        let sigma = clampSigma(rawSigma)
        guard sigma > 0.05, width > 0, height > 0 else { return }
        let count = width * height
        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width + 1)
        defer {
            unsafe scratch.deallocate()
            unsafe sums.deallocate()
        }
        // The kernels take the pixels as floats; columns do not mix channels, so they run
        // over the rows as planes of 4 * width floats.
        // Safe: both buffers hold `count` pixels of four floats each.
        func asFloats(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                     _ body: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void) {
            unsafe src.withMemoryRebound(to: Float.self, capacity: 4 * count) { s in
                unsafe dst.withMemoryRebound(to: Float.self, capacity: 4 * count) { d in unsafe body(s, d) }
            }
        }
        unsafe passes(sigma: sigma, pixels, scratch, rows: { src, dst, pass in
            switch pass {
            case .kernel(let k): unsafe convolveRows4(src, dst, width, height, k, edges)
            case .box(let r):
                unsafe asFloats(src, dst) { s, d in unsafe crk_box_rows4(s, d, width, height, r, edges == .clamp) }
            }
        }, columns: { src, dst, pass in
            unsafe asFloats(src, dst) { s, d in
                switch pass {
                case .kernel(let k): unsafe convolveColumns(s, d, 4 * width, height, k, edges, sums)
                case .box(let r): unsafe crk_box_columns(s, d, 4 * width, height, r, edges == .clamp, sums)
                }
            }
        })
    }

    /// `convolveRows` over four interleaved channels.
    private static func convolveRows4(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                                      _ w: Int, _ h: Int, _ k: [Float], _ edges: Edges) {
        let r = k.count / 2
        for y in 0..<h {
            let s = unsafe src + y * w, d = unsafe dst + y * w
            for i in 0..<w {
                var v = SIMD4<Float>.zero
                for j in 0..<k.count {
                    let x = i + j - r
                    let sample: SIMD4<Float> = unsafe x >= 0 && x < w ? s[x] : (edges == .zero ? .zero : s[x < 0 ? 0 : w - 1])
                    v += k[j] * sample
                }
                unsafe d[i] = v
            }
        }
    }

    private static func convolveRows(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int,
                                     _ k: [Float], _ edges: Edges) {
        let r = k.count / 2
        for y in 0..<h {
            let s = unsafe src + y * w, d = unsafe dst + y * w
            for i in 0..<w {
                var v: Float = 0
                for j in 0..<k.count {
                    let x = i + j - r
                    let sample: Float = unsafe x >= 0 && x < w ? s[x] : (edges == .zero ? 0 : s[x < 0 ? 0 : w - 1])
                    v += k[j] * sample
                }
                unsafe d[i] = v
            }
        }
    }

    private static func convolveColumns(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int,
                                        _ k: [Float], _ edges: Edges, _ acc: UnsafeMutablePointer<Float>) {
        let r = k.count / 2
        for y in 0..<h {
            unsafe acc.update(repeating: 0, count: w)
            for j in 0..<k.count {
                var sy = y + j - r
                if sy < 0 || sy >= h {
                    if edges == .zero { continue }
                    sy = sy < 0 ? 0 : h - 1
                }
                let s = unsafe src + sy * w, weight = k[j]
                for x in 0..<w { unsafe acc[x] += weight * s[x] }
            }
            unsafe (dst + y * w).update(from: acc, count: w)
        }
    }

    /// The radii of three box filters whose combined variance is closest to sigma^2, all
    /// of odd width so that the blur stays centred.
    static func boxRadii(_ sigma: Double) -> [Int] {
        let n = 3.0
        var wl = Int((12 * sigma * sigma / n + 1).squareRoot())
        if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let wlD = Double(wl)
        let m = Int(((12 * sigma * sigma - n * wlD * wlD - 4 * n * wlD - 3 * n) / (-4 * wlD - 4)).rounded())
        return (0..<3).map { ($0 < m ? wl : wu) / 2 }
    }

    /// A normalised Gaussian kernel reaching 3 sigma on each side.
    static func kernel(_ sigma: Double) -> [Float] {
        let r = max(1, Int((3 * sigma).rounded(.up)))
        var k = (-r...r).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = k.reduce(0, +)
        for i in k.indices { k[i] /= sum }
        return k
    }

    /// Blurs the pixels of `box` of a surface in place (the backdrop blur), edges
    /// clamped, and mixes the result over the original by `strength` (0...255) times
    /// `mask`'s coverage where a mask is given. `box` must lie inside the surface and the
    /// mask's bounds.
    ///
    /// - Throws: `RasterError.outOfMemory` when its working copy cannot be had; the
    ///   surface is then unchanged.
    static func blur(_ surface: Surface, box: IntRect, sigma: Double, strength: UInt32, mask: ClipMask?)
        throws(RasterError) {
        let w = box.width, h = box.height
        let bytes = w * h * MemoryLayout<SIMD4<Float>>.stride
        guard let raw = unsafe malloc(bytes) else { throw RasterError.outOfMemory(bytes: bytes) }
        let pixels = unsafe raw.bindMemory(to: SIMD4<Float>.self, capacity: w * h)
        defer { unsafe free(raw) }
        // Safe: `pixels` holds the box's w * h pixels; every row read and written lies in
        // the box, inside the clip bounds, inside the surface.
        let floats = unsafe UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: Float.self)
        for y in 0..<h { unsafe crk_floats_of_pixels(surface.row(box.y0 + y) + box.x0, floats + 4 * w * y, w) }
        unsafe GaussianBlur.blur(pixels, width: w, height: h, sigma: sigma, edges: .clamp)
        unsafe GaussianBlur.write(pixels, into: surface, box: box, strength: strength, mask: mask)
    }

    /// Puts the blurred backdrop back, mixed by `strength` times the mask.
    private static func write(_ pixels: UnsafeMutablePointer<SIMD4<Float>>, into surface: Surface, box: IntRect,
                              strength: UInt32, mask: ClipMask?) {
        let w = box.width
        // Safe: `pixels` holds the box's rows of w pixels of four floats each.
        let floats = unsafe UnsafeRawPointer(pixels).assumingMemoryBound(to: Float.self)
        for y in 0..<box.height {
            unsafe crk_mix_floats_into_pixels(floats + 4 * w * y, surface.row(box.y0 + y) + box.x0,
                                              mask?.pointer(box.x0, box.y0 + y), w, strength)
        }
    }

}
