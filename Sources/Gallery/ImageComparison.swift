import Glibc
import Raster

/// How two pictures differ: the tool behind `gallery compare`.
public struct ImageComparison: Sendable {
    /// Whether the sizes match; when they do not, nothing else is compared.
    public let sameSize: Bool
    /// Pixels where some channel differs by more than the tolerance.
    public let differingPixels: Int
    /// The largest difference of any channel (0...255).
    public let largestDifference: Int
    /// Peak signal-to-noise ratio in decibels over all channels; infinite when identical.
    public let psnr: Double
    /// The first differing pixel, row by row.
    public let firstDifference: (x: Int, y: Int)?
    /// The sizes compared.
    public let sizes: (a: (Int, Int), b: (Int, Int))

    /// Compares two surfaces channel by channel (premultiplied values).
    public init(_ a: Surface, _ b: Surface, tolerance: Int = 0) {
        sizes = ((a.width, a.height), (b.width, b.height))
        guard a.width == b.width, a.height == b.height else {
            sameSize = false
            differingPixels = max(a.width * a.height, b.width * b.height)
            largestDifference = 255
            psnr = 0
            firstDifference = nil
            return
        }
        sameSize = true
        var count = 0, largest = 0, first: (Int, Int)?
        var squares = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = [Int(p.r) - Int(q.r), Int(p.g) - Int(q.g), Int(p.b) - Int(q.b), Int(p.a) - Int(q.a)]
                var m = 0
                for v in d {
                    squares += Double(v * v)
                    m = max(m, abs(v))
                }
                largest = max(largest, m)
                if m > tolerance {
                    count += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        differingPixels = count
        largestDifference = largest
        firstDifference = first
        let mse = squares / Double(a.width * a.height * 4)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Whether the pictures agree within the tolerance.
    public var matches: Bool { sameSize && differingPixels == 0 }

    /// A picture of the differences: a faded copy of `a` with differing pixels in red.
    public static func diffImage(_ a: Surface, _ b: Surface, tolerance: Int = 0) throws -> Surface {
        let w = max(a.width, b.width), h = max(a.height, b.height)
        let out = try Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let p = a[x, y], q = b[x, y]
                let inBoth = x < a.width && y < a.height && x < b.width && y < b.height
                let m = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if !inBoth || m > tolerance {
                    out[x, y] = Pixel(r: 255, g: 0, b: 0, a: 255)
                } else {
                    // A quarter of the original over white.
                    let f = { (c: UInt8) -> UInt8 in UInt8(191 + Int(c) / 4) }
                    let flat = Pixel(r: UInt8((Int(p.r) + 255 - Int(p.a))), g: UInt8((Int(p.g) + 255 - Int(p.a))),
                                     b: UInt8((Int(p.b) + 255 - Int(p.a))), a: 255)
                    out[x, y] = Pixel(r: f(flat.r), g: f(flat.g), b: f(flat.b), a: 255)
                }
            }
        }
        return out
    }

    /// A one-paragraph report.
    public var report: String {
        guard sameSize else {
            return "sizes differ: \(sizes.a.0) x \(sizes.a.1) against \(sizes.b.0) x \(sizes.b.1)"
        }
        var s = "differing pixels: \(differingPixels)\nlargest channel difference: \(largestDifference)\n"
        s += "PSNR: " + (psnr.isInfinite ? "inf" : String(Int((psnr * 100).rounded()) / 100) + "." + {
            let c = Int((psnr * 100).rounded()) % 100
            return c < 10 ? "0\(c)" : "\(c)"
        }()) + " dB"
        if let f = firstDifference { s += "\nfirst difference at \(f.x), \(f.y)" }
        return s
    }
}
