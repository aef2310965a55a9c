import Raster
import Testing

/// The shapes' builders hand their elements over at once; these tests build the same shapes
/// call by call, with the points Core Graphics documents (the ellipse from its rightmost
/// point, clockwise on screen, each quarter a cubic whose controls lie `kappa` of the
/// radius along the tangents), and compare the whole path: elements, current point and
/// the subpath's start.
@Suite struct PathShapeTests {
    static let kappa = 4 * (2.0.squareRoot() - 1) / 3

    static func ellipseByCalls(_ p: inout Path, _ rect: Rect) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * kappa, ry * kappa)
        p.move(to: Point(x: cx + rx, y: cy))
        p.addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky),
            control2: Point(x: cx + kx, y: cy + ry))
        p.addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + ky))
        p.addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky),
            control2: Point(x: cx - kx, y: cy - ry))
        p.addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - ky))
        p.closeSubpath()
    }

    static func rectByCalls(_ p: inout Path, _ rect: Rect) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        p.move(to: Point(x: r.minX, y: r.minY))
        p.addLine(to: Point(x: r.maxX, y: r.minY))
        p.addLine(to: Point(x: r.maxX, y: r.maxY))
        p.addLine(to: Point(x: r.minX, y: r.maxY))
        p.closeSubpath()
    }

    static func roundedRectByCalls(_ p: inout Path, _ rect: Rect, _ radius: Double) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let radius = min(radius.isNaN ? 0 : max(radius, 0), r.width / 2, r.height / 2)
        if radius <= 0 { return rectByCalls(&p, r) }
        let k = radius * kappa
        p.move(to: Point(x: r.minX + radius, y: r.minY))
        p.addLine(to: Point(x: r.maxX - radius, y: r.minY))
        p.addCurve(
            to: Point(x: r.maxX, y: r.minY + radius),
            control1: Point(x: r.maxX - radius + k, y: r.minY), control2: Point(x: r.maxX, y: r.minY + radius - k))
        p.addLine(to: Point(x: r.maxX, y: r.maxY - radius))
        p.addCurve(
            to: Point(x: r.maxX - radius, y: r.maxY),
            control1: Point(x: r.maxX, y: r.maxY - radius + k), control2: Point(x: r.maxX - radius + k, y: r.maxY))
        p.addLine(to: Point(x: r.minX + radius, y: r.maxY))
        p.addCurve(
            to: Point(x: r.minX, y: r.maxY - radius),
            control1: Point(x: r.minX + radius - k, y: r.maxY), control2: Point(x: r.minX, y: r.maxY - radius + k))
        p.addLine(to: Point(x: r.minX, y: r.minY + radius))
        p.addCurve(
            to: Point(x: r.minX + radius, y: r.minY),
            control1: Point(x: r.minX, y: r.minY + radius - k), control2: Point(x: r.minX + radius - k, y: r.minY))
        p.closeSubpath()
    }

    /// Rectangles of every kind: fractional, flipped, empty, and so large that some of the
    /// shape's points overflow (those points are then dropped one by one, as the calls do).
    static let rects: [Rect] = [
        Rect(x: 10, y: 20, width: 30, height: 40),
        Rect(x: 0.25, y: -7.5, width: 8, height: 8),
        Rect(x: 50, y: 60, width: -20, height: -10),
        Rect(x: 3, y: 4, width: 0, height: 9),
        Rect(x: 1e308, y: 5, width: 1.5e308, height: 10),
        Rect(x: -1e308, y: 1e308, width: 1e308, height: 1.7e308),
        Rect(x: .nan, y: 0, width: 4, height: 4),
        Rect(x: 0, y: 0, width: .infinity, height: 4)
    ]

    /// Paths a shape may be added to: empty, ending in a lone move (which the shape's move
    /// replaces), closed, and open.
    static var starts: [Path] {
        var lone = Path()
        lone.move(to: Point(x: 1, y: 2))
        lone.addLine(to: Point(x: 3, y: 4))
        lone.move(to: Point(x: 9, y: 9))
        var closed = Path()
        closed.addRect(Rect(x: 0, y: 0, width: 2, height: 2))
        var open = Path()
        open.move(to: Point(x: 5, y: 5))
        open.addLine(to: Point(x: 6, y: 8))
        return [Path(), lone, closed, open]
    }

    @Test(arguments: rects) func anEllipseIsTheOneItsCallsMake(rect: Rect) {
        PathShapeTests.expectSame(
            { $0.addEllipse(in: rect) }, Path(ellipseIn: rect), { PathShapeTests.ellipseByCalls(&$0, rect) })
    }

    @Test(arguments: rects) func aRectangleIsTheOneItsCallsMake(rect: Rect) {
        PathShapeTests.expectSame({ $0.addRect(rect) }, Path(rect: rect), { PathShapeTests.rectByCalls(&$0, rect) })
    }

    @Test(arguments: rects) func aRoundedRectangleIsTheOneItsCallsMake(rect: Rect) {
        for radius in [0, 2.5, 7, 1e300, -1, Double.nan] {
            PathShapeTests.expectSame(
                { $0.addRoundedRect(in: rect, cornerRadius: radius) }, Path(roundedRect: rect, cornerRadius: radius),
                { PathShapeTests.roundedRectByCalls(&$0, rect, radius) }, "radius \(radius)")
        }
    }

    /// A shape added by its builder (`add`) after each of `starts`, and made on its own
    /// (`made`), against the same shape drawn by path calls (`byCalls`).
    static func expectSame(
        _ add: (inout Path) -> Void, _ made: Path, _ byCalls: (inout Path) -> Void, _ comment: Comment? = nil
    ) {
        for start in starts {
            var built = start
            add(&built)
            var called = start
            byCalls(&called)
            #expect(built == called, comment)
        }
        var called = Path()
        byCalls(&called)
        #expect(made == called, comment)
    }

    /// The overflowing rectangles do take the checked way: some of their points are dropped,
    /// so the shape has fewer elements than a finite one.
    @Test func anOverflowingShapeDropsItsInfinitePoints() {
        let huge = Rect(x: 1e308, y: 5, width: 1.5e308, height: 10)
        #expect(Path(ellipseIn: huge).elements.count < 6)
        #expect(Path(rect: huge).elements.count < 5)
        #expect(Path(roundedRect: huge, cornerRadius: 2).elements.count < 10)
        #expect(Path(ellipseIn: Rect(x: 10, y: 20, width: 30, height: 40)).elements.count == 6)
    }
}
