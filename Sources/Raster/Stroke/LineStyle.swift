/// How the open ends of a stroked line are drawn (`CGLineCap`).
public enum LineCap: Sendable {
    /// Square ends exactly at the end points (the default).
    case butt
    /// Half-circle ends around the end points.
    case round
    /// Square ends extended by half the line width.
    case square
}

/// How the corners of a stroked line are drawn (`CGLineJoin`).
public enum LineJoin: Sendable {
    /// Sharp corners, beveled when longer than the miter limit allows (the default).
    case miter
    /// Circular corners.
    case round
    /// Corners cut straight across.
    case bevel
}

/// A dash pattern (`CGContextSetLineDash`): alternating lengths of paint and gap in user
/// space, starting `phase` into the pattern at the start of every subpath.
///
/// A pattern is only made from valid lengths: all finite and non-negative with a positive
/// sum; otherwise `init` returns nil and lines are solid.
public struct DashPattern: Hashable, Sendable {
    /// The lengths: paint, gap, paint, ... (an odd count repeats to an even one).
    public let lengths: [Double]
    /// How far into the pattern each subpath starts.
    public let phase: Double

    /// Creates a pattern, or nil when `lengths` is empty, has a negative or non-finite
    /// entry, or sums to zero (a solid line is drawn then).
    public init?(phase: Double, lengths: [Double]) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }),
            lengths.reduce(0, +) > 0
        else { return nil }
        self.lengths = lengths.count % 2 == 1 ? lengths + lengths : lengths
        self.phase = phase.isFinite ? phase : 0
    }

    var period: Double { lengths.reduce(0, +) }
}

/// The stroke parameters of a graphics state.
struct StrokeStyle: Equatable {
    var width: Double = 1
    var cap: LineCap = .butt
    var join: LineJoin = .miter
    var miterLimit: Double = 10
    var dash: DashPattern?

    /// How far beyond a path's bounding box a stroke in this style can reach
    /// (`Path.strokeReach(width:miterLimit:)`).
    var reach: Double { Path.strokeReach(width: width, miterLimit: miterLimit) }
}

extension Path {
    /// How far, in user space, a stroke `width` wide with miter limit `miterLimit` can
    /// reach beyond the path's bounding box: half the width times the longest a miter
    /// may be (a square cap reaches half the width times √2, under 1.5), and 2 more
    /// for the antialiased edge and rounding.
    package static func strokeReach(width: Double, miterLimit: Double) -> Double {
        width / 2 * max(miterLimit, 1.5) + 2
    }
}
