import Raster

/// Distances inward from each edge of a rectangle (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    /// The distance in from the top edge.
    public var top: Double
    /// The distance in from the left edge.
    public var left: Double
    /// The distance in from the bottom edge.
    public var bottom: Double
    /// The distance in from the right edge.
    public var right: Double

    /// Insets of the given distances.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension Rect {
    /// The rectangle moved inward by `insets` (`UIEdgeInsetsInsetRect`, `inset(by:)`);
    /// a side that would go below zero is zero.
    public func inset(by insets: EdgeInsets) -> Rect {
        let r = standardized
        return Rect(
            x: r.minX + insets.left, y: r.minY + insets.top,
            width: max(0, r.width - insets.left - insets.right), height: max(0, r.height - insets.top - insets.bottom))
    }
}
