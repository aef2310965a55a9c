/// One of the two axes of a layout (`NSLayoutConstraint.Axis`).
public enum LayoutAxis: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
}

/// How strongly a view holds to a size along an axis, from 1 to 1000
/// (`UILayoutPriority`): a stack view grows the view whose content hugging priority is
/// lowest and shrinks the one whose compression resistance is lowest.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    /// The priority, 1...1000.
    public var rawValue: Float

    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue` (`UILayoutPriority(_:)`).
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number.
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority written as a whole number.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000: never given up.
    public static let required = LayoutPriority(1000)
    /// 750: a view's default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: a view's default content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: what fitting a size asks for.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether `a` gives way to `b`.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
}
