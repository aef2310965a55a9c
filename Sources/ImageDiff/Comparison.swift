import Glibc
import Raster

/// What a comparison found: sizes, real differences, edge noise, the
/// largest colour distance, where the differences lie, and whether that passes.
public struct Comparison: Sendable {
    /// The expected picture's size in pixels.
    public let expectedSize: (width: Int, height: Int)
    /// The actual picture's size in pixels.
    public let actualSize: (width: Int, height: Int)
    /// Pixels that differ beyond the threshold and are not edge noise.
    public let differingPixels: Int
    /// Pixels that differ but are edge noise in either picture (counted in
    /// `differingPixels` instead when anti-aliasing detection is off).
    public let antialiasedPixels: Int
    /// The largest colour distance seen, on the scale of `CompareOptions.threshold`
    /// (0...1): the pictures pass at any threshold at or above it. With a
    /// `channelTolerance`, the largest channel difference over 255 instead.
    public let largestDelta: Double
    /// The bounding box of the real differences, in pixels; nil when there are none.
    public let differenceBounds: (x: Int, y: Int, width: Int, height: Int)?
    /// The pixels compared (outside the ignored regions).
    public let comparedPixels: Int
    /// Whether the pictures were byte for byte the same.
    public let identical: Bool
    /// The options used.
    public let options: CompareOptions

    /// Whether the sizes match; pictures of different sizes are not compared further.
    public var sameSize: Bool { expectedSize == actualSize }

    /// Whether the pictures are equal within the options' tolerance: the real differences
    /// fit the larger of the two budgets, `maxDiffPixels` and `maxDiffPixelRatio` of all
    /// pixels (each alone allows what it says, as in other snapshot tools; both 0 allow
    /// none).
    public var passes: Bool {
        guard sameSize else { return false }
        if identical { return true }
        let total = expectedSize.width * expectedSize.height
        return differingPixels <= options.maxDiffPixels
            || Double(differingPixels) <= options.maxDiffPixelRatio * Double(total) + 1e-9
                && options.maxDiffPixelRatio > 0
            || differingPixels == 0
    }

    /// A short report, one figure a line.
    public var report: String {
        guard sameSize else {
            return
                "sizes differ: \(expectedSize.width) x \(expectedSize.height) against \(actualSize.width) x \(actualSize.height)"
        }
        var lines = [
            "differing pixels: \(differingPixels)", "edge-noise pixels: \(antialiasedPixels)",
            "largest colour distance: " + String(format4: largestDelta)
        ]
        if let b = differenceBounds {
            lines.append("differences within x \(b.x) y \(b.y) size \(b.width) x \(b.height)")
        }
        lines.append(passes ? "equal within tolerance" : "different")
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// A number with four decimals, without Foundation.
    init(format4 v: Double) {
        let scaled = Int((v * 10000).rounded())
        let frac = scaled % 10000
        self = "\(scaled / 10000)." + String(repeating: "0", count: 4 - String(frac).count) + "\(frac)"
    }
}
