/// What fills a shape: a colour or a gradient (images are drawn with `Context.draw(_:in:)`).
public enum Paint: Sendable {
    /// One colour.
    case color(Color)
    /// A linear gradient from `start` to `end` in user space (`CGContextDrawLinearGradient`).
    case linearGradient(Gradient, start: Point, end: Point, options: GradientOptions)
    /// A radial gradient between two circles in user space, as
    /// `CGContextDrawRadialGradient`: the colour at t lies on the circle of centre
    /// `c0 + t (c1 - c0)` and radius `r0 + t (r1 - r0)`, the largest such t winning.
    case radialGradient(
        Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientOptions)
    /// A conic (sweep) gradient about `center` in user space (`CGContextDrawConicGradient`):
    /// the colour at a point is t = the angle from the direction `angle` (radians) to the
    /// point, growing clockwise on screen (y down), over 2π. It fills the whole plane.
    case conicGradient(Gradient, center: Point, angle: Double)
}

/// Whether drawn images are smoothed (`CGInterpolationQuality`).
public enum InterpolationQuality: Sendable {
    /// Nearest pixel.
    case none
    /// Bilinear filtering (the default).
    case bilinear
}
