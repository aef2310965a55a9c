import Glibc

extension Path {
    /// A path holding one rectangle (`CGPath(rect:transform:)`).
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A path holding one rounded rectangle (`UIBezierPath(roundedRect:cornerRadius:)`).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init()
        addRoundedRect(in: rect, cornerRadius: cornerRadius)
    }

    /// A path holding the ellipse inscribed in a rectangle (`CGPath(ellipseIn:transform:)`).
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Adds a closed rectangle, clockwise on screen from its top-left corner (`CGPathAddRect`).
    /// The rectangle is standardized first; a rectangle with a non-finite coordinate is ignored.
    public mutating func addRect(_ rect: Rect) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        reserve(5)
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds a closed rectangle with circular corners, clockwise on screen
    /// (`CGPathAddRoundedRect` with equal radii).
    ///
    /// Unlike Core Graphics, which rejects a radius larger than half a side, the radius is
    /// clamped to half the shorter side (as `UIBezierPath(roundedRect:cornerRadius:)` does);
    /// a negative or NaN radius counts as 0.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let radius = min(cornerRadius.isNaN ? 0 : max(cornerRadius, 0), r.width / 2, r.height / 2)
        if radius <= 0 { return addRect(r) }
        let k = radius * Path.kappa
        reserve(10)
        move(to: Point(x: r.minX + radius, y: r.minY))
        addLine(to: Point(x: r.maxX - radius, y: r.minY))
        addCurve(
            to: Point(x: r.maxX, y: r.minY + radius),
            control1: Point(x: r.maxX - radius + k, y: r.minY), control2: Point(x: r.maxX, y: r.minY + radius - k))
        addLine(to: Point(x: r.maxX, y: r.maxY - radius))
        addCurve(
            to: Point(x: r.maxX - radius, y: r.maxY),
            control1: Point(x: r.maxX, y: r.maxY - radius + k), control2: Point(x: r.maxX - radius + k, y: r.maxY))
        addLine(to: Point(x: r.minX + radius, y: r.maxY))
        addCurve(
            to: Point(x: r.minX, y: r.maxY - radius),
            control1: Point(x: r.minX + radius - k, y: r.maxY), control2: Point(x: r.minX, y: r.maxY - radius + k))
        addLine(to: Point(x: r.minX, y: r.minY + radius))
        addCurve(
            to: Point(x: r.minX + radius, y: r.minY),
            control1: Point(x: r.minX, y: r.minY + radius - k), control2: Point(x: r.minX + radius - k, y: r.minY))
        closeSubpath()
    }

    /// Adds the closed ellipse inscribed in a rectangle, as four cubic curves clockwise on
    /// screen from the rightmost point (`CGPathAddEllipseInRect`).
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let cx = r.midX
        let cy = r.midY
        let rx = r.width / 2
        let ry = r.height / 2
        let kx = rx * Path.kappa
        let ky = ry * Path.kappa
        reserve(6)
        move(to: Point(x: cx + rx, y: cy))
        addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky),
            control2: Point(x: cx + kx, y: cy + ry))
        addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + ky))
        addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky),
            control2: Point(x: cx - kx, y: cy - ry))
        addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// The control-point distance of a cubic quarter circle of radius 1.
    static let kappa = 4 * (2.0.squareRoot() - 1) / 3
}
