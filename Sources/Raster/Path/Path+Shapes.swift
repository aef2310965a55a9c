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
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let start = Point(x: x0, y: y0)
        appendClosedSubpath(
            [
                .move(to: start), .line(to: Point(x: x1, y: y0)), .line(to: Point(x: x1, y: y1)),
                .line(to: Point(x: x0, y: y1)), .closeSubpath
            ],
            start: start, finite: x1.isFinite && y1.isFinite)
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
        // Every x is one of these six, every y one of the next six.
        let (x0, x1, x2, x3, x4, x5) = (
            r.minX, r.minX + radius - k, r.minX + radius, r.maxX - radius, r.maxX - radius + k, r.maxX
        )
        let (y0, y1, y2, y3, y4, y5) = (
            r.minY, r.minY + radius - k, r.minY + radius, r.maxY - radius, r.maxY - radius + k, r.maxY
        )
        let finite =
            x1.isFinite && x2.isFinite && x3.isFinite && x4.isFinite && x5.isFinite && y1.isFinite && y2.isFinite
            && y3.isFinite && y4.isFinite && y5.isFinite
        let start = Point(x: x2, y: y0)
        appendClosedSubpath(
            [
                .move(to: start), .line(to: Point(x: x3, y: y0)),
                .curve(to: Point(x: x5, y: y2), control1: Point(x: x4, y: y0), control2: Point(x: x5, y: y1)),
                .line(to: Point(x: x5, y: y3)),
                .curve(to: Point(x: x3, y: y5), control1: Point(x: x5, y: y4), control2: Point(x: x4, y: y5)),
                .line(to: Point(x: x2, y: y5)),
                .curve(to: Point(x: x0, y: y3), control1: Point(x: x1, y: y5), control2: Point(x: x0, y: y4)),
                .line(to: Point(x: x0, y: y2)),
                .curve(to: start, control1: Point(x: x0, y: y1), control2: Point(x: x1, y: y0)),
                .closeSubpath
            ], start: start, finite: finite)
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
        // Every x is one of these five, every y one of the next five.
        let (x0, x1, x3, x4) = (cx - rx, cx - kx, cx + kx, cx + rx)
        let (y0, y1, y3, y4) = (cy - ry, cy - ky, cy + ky, cy + ry)
        let finite =
            x0.isFinite && x1.isFinite && cx.isFinite && x3.isFinite && x4.isFinite && y0.isFinite && y1.isFinite
            && cy.isFinite && y3.isFinite && y4.isFinite
        let start = Point(x: x4, y: cy)
        appendClosedSubpath(
            [
                .move(to: start),
                .curve(to: Point(x: cx, y: y4), control1: Point(x: x4, y: y3), control2: Point(x: x3, y: y4)),
                .curve(to: Point(x: x0, y: cy), control1: Point(x: x1, y: y4), control2: Point(x: x0, y: y3)),
                .curve(to: Point(x: cx, y: y0), control1: Point(x: x0, y: y1), control2: Point(x: x1, y: y0)),
                .curve(to: start, control1: Point(x: x3, y: y0), control2: Point(x: x4, y: y1)),
                .closeSubpath
            ], start: start, finite: finite)
    }

    /// The control-point distance of a cubic quarter circle of radius 1.
    static let kappa = 4 * (2.0.squareRoot() - 1) / 3
}
