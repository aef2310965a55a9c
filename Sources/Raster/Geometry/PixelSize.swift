/// A size in whole pixels that a surface can have: each side 1...`Surface.maximumSide`
/// and at most `Surface.maximumPixels` in all. Made once, where points and a scale become
/// pixels, so that what follows trusts it.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// The width and height in pixels.
    public let width: Int, height: Int

    /// A size of `width` x `height` pixels, or nil when a surface cannot have it.
    public init?(width: Int, height: Int) {
        guard Surface.allows(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The pixels of `points` at `scale`, each side rounded to the nearest pixel; nil when
    /// a value is not finite, the scale is not positive, or the result is not a size a
    /// surface can have (less than a pixel a side, or past the budget).
    public init?(points: Size, scale: Double) {
        guard scale.isFinite, scale > 0, points.width.isFinite, points.height.isFinite else { return nil }
        let w = (points.width * scale).rounded()
        let h = (points.height * scale).rounded()
        let most = Double(Surface.maximumSide)
        guard w >= 1, h >= 1, w <= most, h <= most else { return nil }
        self.init(width: Int(w), height: Int(h))
    }

    /// The whole pixels that cover `points` at `scale` (each side rounded up); nil as for
    /// `init(points:scale:)`.
    public init?(covering points: Size, scale: Double) {
        guard scale.isFinite, scale > 0, points.width.isFinite, points.height.isFinite else { return nil }
        let w = (points.width * scale).rounded(.up)
        let h = (points.height * scale).rounded(.up)
        let most = Double(Surface.maximumSide)
        guard w >= 1, h >= 1, w <= most, h <= most else { return nil }
        self.init(width: Int(w), height: Int(h))
    }

    /// The value written out, for messages and debugging.
    public var description: String { "\(width) x \(height) pixels" }
}
