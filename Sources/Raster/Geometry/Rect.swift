/// A rectangle given by an origin and a size, with the vocabulary of `CGRect`.
///
/// As with `CGRect`, the size may be negative: the `min`/`max` accessors and
/// every operation work on the standardized rectangle. A rectangle whose
/// coordinates are not finite is treated as empty by `isEmpty`,
/// `intersection` and `contains`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from.
    public var origin: Point
    /// The extents, possibly negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin and extents (`CGRect(x:y:width:height:)`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rectangle at the origin with zero size (`CGRect.zero`).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The null rectangle: the result of intersecting disjoint rectangles (`CGRect.null`).
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The origin's x.
    public var x: Double { origin.x }
    /// The origin's y.
    public var y: Double { origin.y }
    /// The width, as given (possibly negative).
    public var width: Double { size.width }
    /// The height, as given (possibly negative).
    public var height: Double { size.height }

    /// The smallest x of the rectangle (`CGRectGetMinX`).
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The x in the middle (`CGRectGetMidX`).
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest x of the rectangle (`CGRectGetMaxX`).
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y of the rectangle (`CGRectGetMinY`).
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The y in the middle (`CGRectGetMidY`).
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest y of the rectangle (`CGRectGetMaxY`).
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether this is the null rectangle.
    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }

    /// Whether the rectangle encloses no area (zero or non-finite extent, or null).
    public var isEmpty: Bool {
        isNull || !(size.width != 0 && size.height != 0)
            || !origin.isFinite || !size.width.isFinite || !size.height.isFinite
    }

    /// The same rectangle with a non-negative size (`CGRectStandardize`).
    public var standardized: Rect {
        if isNull { return self }
        return Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// The smallest rectangle with integer coordinates that contains this one (`CGRectIntegral`).
    public var integral: Rect {
        if isNull { return self }
        if isEmpty { return Rect(origin: Point(x: minX.rounded(.down), y: minY.rounded(.down)), size: .zero) }
        let x0 = minX.rounded(.down)
        let y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (`CGRectInset`); growing when they are negative, null when the result has negative size.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        let s = standardized
        let r = Rect(x: s.x + dx, y: s.y + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
        return r.width < 0 || r.height < 0 ? .null : r
    }

    /// The rectangle moved by (`dx`, `dy`) (`CGRectOffset`).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle containing both (`CGRectUnion`); a null operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The overlap of two rectangles (`CGRectIntersection`); null when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if !(x1 >= x0 && y1 >= y0) { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether two rectangles overlap with a positive area (`CGRectIntersectsRect`).
    public func intersects(_ other: Rect) -> Bool {
        let r = intersection(other)
        return !r.isNull && r.width > 0 && r.height > 0
    }

    /// Whether a point lies inside: min edges included, max edges excluded (`CGRectContainsPoint`).
    public func contains(_ point: Point) -> Bool {
        if isEmpty { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether another rectangle lies entirely inside this one (`CGRectContainsRect`).
    public func contains(_ other: Rect) -> Bool {
        if isEmpty || other.isNull { return false }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The value written out, for messages and debugging.
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
