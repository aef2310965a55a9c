/// A location in a two-dimensional coordinate space, y down (UIKit's `CGPoint`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point from its coordinates.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0) (`CGPoint.zero`).
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The distance from this point to another.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    /// The value written out, for messages and debugging.
    public var description: String { "(\(x), \(y))" }

    /// Componentwise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Componentwise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates multiplied by a factor.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
}
