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

    /// Blurs a `width` x `height` plane in place.
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma rawSigma: Double, edges: Edges) {
        let sigma = clampSigma(rawSigma)
        guard sigma > 0.05, width > 0, height > 0 else { return }
        var line = [Float](repeating: 0, count: max(width, height))
        var out = [Float](repeating: 0, count: max(width, height))
        for pass in 0..<2 {
            let (n, count, step, lineStep) = pass == 0 ? (width, height, 1, width) : (height, width, width, 1)
            for l in 0..<count {
                let base = l * lineStep
                for i in 0..<n { line[i] = plane[base + i * step] }
                if sigma < 2 {
                    convolve(line, n, &out, kernel: kernel(sigma), edges: edges)
                    swap(&line, &out)
                } else {
                    for r in boxRadii(sigma) {
                        box(line, n, &out, radius: r, edges: edges)
                        swap(&line, &out)
                    }
                }
                for i in 0..<n { plane[base + i * step] = line[i] }
            }
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

    @inline(__always)
    private static func sample(_ line: [Float], _ n: Int, _ i: Int, _ edges: Edges) -> Float {
        if i >= 0 && i < n { return line[i] }
        return edges == .zero ? 0 : line[min(max(i, 0), n - 1)]
    }

    private static func box(_ line: [Float], _ n: Int, _ out: inout [Float], radius r: Int, edges: Edges) {
        let scale = 1 / Float(2 * r + 1)
        line.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // Safe: every index below is checked against 0..<n, or lies in it by the
                // loop bounds.
                let first: Float = edges == .zero ? 0 : src[0], last: Float = edges == .zero ? 0 : src[n - 1]
                @inline(__always) func at(_ i: Int) -> Float { i < 0 ? first : (i >= n ? last : src[i]) }
                var acc: Float = 0
                for i in -r...r { acc += at(i) }
                // Where both ends of the window are inside the line, no edge checks.
                let inner0 = min(n, r), inner1 = max(inner0, n - r - 1)
                var i = 0
                while i < inner0 {
                    dst[i] = acc * scale
                    acc += at(i + r + 1) - at(i - r)
                    i += 1
                }
                while i < inner1 {
                    dst[i] = acc * scale
                    acc += src[i + r + 1] - src[i - r]
                    i += 1
                }
                while i < n {
                    dst[i] = acc * scale
                    acc += at(i + r + 1) - at(i - r)
                    i += 1
                }
            }
        }
    }

    private static func convolve(_ line: [Float], _ n: Int, _ out: inout [Float], kernel k: [Float], edges: Edges) {
        let r = k.count / 2
        for i in 0..<n {
            var acc: Float = 0
            for j in 0..<k.count { acc += k[j] * sample(line, n, i + j - r, edges) }
            out[i] = acc
        }
    }
}
