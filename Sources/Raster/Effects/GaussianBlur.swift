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
    static func blur(
        _ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma rawSigma: Double,
        edges: Edges
    ) throws(RasterError) {
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
            unsafe passes(
                sigma: sigma, buffer, scratch,
                rows: { src, dst, pass in
                    switch pass {
                    case .kernel(let k): unsafe convolveRows(src, dst, width, height, k, edges)
                    case .box(let r): unsafe crk_box_rows1(src, dst, width, height, r, edges == .clamp)
                    }
                },
                columns: { src, dst, pass in
                    switch pass {
                    case .kernel(let k): unsafe convolveColumns(src, dst, width, width, height, k, edges, sums)
                    case .box(let r): unsafe crk_box_columns(src, dst, width, width, height, r, edges == .clamp, sums)
                    }
                })
        }
    }

    /// One pass of a blur along one axis: a direct kernel, or a box of a radius.
    private enum Pass {
        case kernel([Float])
        case box(Int)
    }

    /// The passes of a blur of `sigma` along one axis: below sigma 2 a direct kernel, else
    /// three boxes; none for a blur too small to see. Each axis has as many (one or three),
    /// so a blur that runs them from its data through a scratch buffer and back, first
    /// along rows then down columns, ends where it began.
    private static func axisPasses(_ sigma: Double) -> [Pass] {
        guard sigma > 0.05 else { return [] }
        if sigma < 2 { return [.kernel(kernel(sigma))] }
        return boxRadii(sigma).map { .box($0) }
    }

    /// Runs the passes of a blur of `sigma` from `data` through `scratch` and back.
    private static func passes<Buffer>(
        sigma: Double, _ data: Buffer, _ scratch: Buffer,
        rows: (Buffer, Buffer, Pass) -> Void, columns: (Buffer, Buffer, Pass) -> Void
    ) {
        let axis = axisPasses(sigma)
        var a = data
        var b = scratch
        for pass in axis {
            rows(a, b, pass)
            swap(&a, &b)
        }
        for pass in axis {
            columns(a, b, pass)
            swap(&a, &b)
        }
    }

    /// Blurs `width` x `height` pixels of four interleaved channels in place (a backdrop),
    /// each channel exactly as `blur(_:width:height:sigma:edges:)` blurs a plane: along
    /// the rows (`blurRows`), then down the columns (`blurColumns`).
    static func blur(
        _ pixels: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, sigma rawSigma: Double,
        edges: Edges
    ) {
        let sigma = clampSigma(rawSigma)
        guard sigma > 0.05, width > 0, height > 0 else { return }
        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * height)
        defer { unsafe scratch.deallocate() }
        // Safe: both buffers hold width * height pixels.
        unsafe blurRows(pixels, into: scratch, width: width, rows: 0..<height, sigma: sigma, edges: edges)
        unsafe blurColumns(
            scratch, into: pixels, width: width, height: height, columns: 0..<width, sigma: sigma,
            edges: edges)
    }

    /// The first half of `blur(_:width:height:sigma:edges:)`, for rows `rows` only: their
    /// pixels in `pixels` blurred along the rows into `scratch` (both hold rows of
    /// `width` pixels; rows do not mix, so the rows of a plane can be blurred in parts, by
    /// several threads). With no pass (sigma too small), `pixels` keeps the rows.
    static func blurRows(
        _ pixels: UnsafeMutablePointer<SIMD4<Float>>, into scratch: UnsafeMutablePointer<SIMD4<Float>>,
        width: Int, rows: Range<Int>, sigma: Double, edges: Edges
    ) {
        guard width > 0, !rows.isEmpty else { return }
        let h = rows.count
        // Safe: the caller's buffers hold the rows asked for, of `width` pixels each.
        var a = unsafe pixels + rows.lowerBound * width
        var b = unsafe scratch + rows.lowerBound * width
        for pass in axisPasses(sigma) {
            switch pass {
            case .kernel(let k): unsafe convolveRows4(a, b, width, h, k, edges)
            case .box(let r):
                unsafe a.withMemoryRebound(to: Float.self, capacity: 4 * width * h) { s in
                    unsafe b.withMemoryRebound(to: Float.self, capacity: 4 * width * h) { d in
                        unsafe crk_box_rows4(s, d, width, h, r, edges == .clamp)
                    }
                }
            }
            unsafe swap(&a, &b)
        }
    }

    /// The second half of `blur(_:width:height:sigma:edges:)`, for pixel columns `columns`
    /// only: their values in `scratch`, blurred along the rows, blurred down the columns
    /// into `pixels` (`height` rows of `width` pixels each). Columns do not mix either.
    static func blurColumns(
        _ scratch: UnsafeMutablePointer<SIMD4<Float>>, into pixels: UnsafeMutablePointer<SIMD4<Float>>,
        width: Int, height: Int, columns: Range<Int>, sigma: Double, edges: Edges
    ) {
        let axis = axisPasses(sigma)
        guard !axis.isEmpty, height > 0, !columns.isEmpty else { return }
        // The kernels take the pixels as floats, rows of 4 * width floats of which the
        // columns are a slice; columns do not mix channels.
        let n = 4 * columns.count
        let stride = 4 * width
        // The sums change on every row: on a cache line of their own, apart from another
        // thread's (which would pass the line back and forth on every row).
        let line = 64
        let bytes = (n * MemoryLayout<Float>.stride + line - 1) / line * line
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: line)
        defer { unsafe raw.deallocate() }
        let sums = unsafe raw.bindMemory(to: Float.self, capacity: bytes / MemoryLayout<Float>.stride)
        // Safe: both buffers hold height rows of `width` pixels, of which `columns` lie
        // inside; `sums` holds a row of the slice.
        unsafe scratch.withMemoryRebound(to: Float.self, capacity: stride * height) { s in
            unsafe pixels.withMemoryRebound(to: Float.self, capacity: stride * height) { p in
                var a = unsafe s + 4 * columns.lowerBound
                var b = unsafe p + 4 * columns.lowerBound
                for pass in axis {
                    switch pass {
                    case .kernel(let k): unsafe convolveColumns(a, b, n, stride, height, k, edges, sums)
                    case .box(let r): unsafe crk_box_columns(a, b, n, stride, height, r, edges == .clamp, sums)
                    }
                    unsafe swap(&a, &b)
                }
            }
        }
    }

    /// `convolveRows` over four interleaved channels.
    private static func convolveRows4(
        _ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
        _ w: Int, _ h: Int, _ k: [Float], _ edges: Edges
    ) {
        let r = k.count / 2
        for y in 0..<h {
            let s = unsafe src + y * w
            let d = unsafe dst + y * w
            for i in 0..<w {
                var v = SIMD4<Float>.zero
                for j in 0..<k.count {
                    let x = i + j - r
                    let sample: SIMD4<Float> =
                        unsafe x >= 0 && x < w ? s[x] : (edges == .zero ? .zero : s[x < 0 ? 0 : w - 1])
                    v += k[j] * sample
                }
                unsafe d[i] = v
            }
        }
    }

    private static func convolveRows(
        _ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int,
        _ k: [Float], _ edges: Edges
    ) {
        let r = k.count / 2
        for y in 0..<h {
            let s = unsafe src + y * w
            let d = unsafe dst + y * w
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

    /// The kernel down `w` columns of `h` rows, each `stride` floats after the one before.
    private static func convolveColumns(
        _ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ w: Int,
        _ stride: Int, _ h: Int, _ k: [Float], _ edges: Edges,
        _ acc: UnsafeMutablePointer<Float>
    ) {
        let r = k.count / 2
        for y in 0..<h {
            unsafe acc.update(repeating: 0, count: w)
            for j in 0..<k.count {
                var sy = y + j - r
                if sy < 0 || sy >= h {
                    if edges == .zero { continue }
                    sy = sy < 0 ? 0 : h - 1
                }
                let s = unsafe src + sy * stride
                let weight = k[j]
                for x in 0..<w { unsafe acc[x] += weight * s[x] }
            }
            unsafe (dst + y * stride).update(from: acc, count: w)
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
}
