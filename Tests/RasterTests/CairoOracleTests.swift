import CCairo
import Glibc
import Raster
import RasterScenes
import Testing

/// Each kind of shape Vitrine draws, one to a small canvas, against Cairo drawing the
/// same steps through its own C API (`OracleDrawing`): strokes with every cap and join,
/// miter limits on both sides of the limit, dashes with a phase, hairlines; fills with
/// both rules; rectangle, path, even-odd and mask clips; transforms; linear and
/// two-circle radial gradients with and without extension; images with both
/// interpolations.
///
/// The bound (`OracleBound`) is tight enough that a shape one pixel off or a 4 x 4
/// square missing fails it, which `OracleBoundTests` checks for every case.
@Suite struct CairoOracleTests {
    static let red = Color(red: 0.85, green: 0.1, blue: 0.15)
    static let blue = Color(red: 0.1, green: 0.25, blue: 0.8)
    static let green = Color(red: 0.15, green: 0.65, blue: 0.2, alpha: 0.7)

    static func polyline(_ points: [(Double, Double)], closed: Bool = false) -> Path {
        var p = Path()
        for (i, q) in points.enumerated() {
            if i == 0 { p.move(to: Point(x: q.0, y: q.1)) } else { p.addLine(to: Point(x: q.0, y: q.1)) }
        }
        if closed { p.closeSubpath() }
        return p
    }

    /// A zigzag with a sharp, a right and a wide corner.
    static let zigzag = polyline([(8, 38), (16, 10), (26, 36), (38, 14), (42, 30)])
    /// An S of two cubic curves.
    static var curve: Path {
        var p = Path()
        p.move(to: Point(x: 6, y: 40))
        p.addCurve(to: Point(x: 24, y: 24), control1: Point(x: 6, y: 10), control2: Point(x: 20, y: 12))
        p.addCurve(to: Point(x: 42, y: 8), control1: Point(x: 28, y: 36), control2: Point(x: 42, y: 38))
        return p
    }

    /// Two points of a corner whose sides meet at `degrees`: the miter is
    /// 1 / sin(angle / 2) line widths long, 2 for 60 degrees.
    static func corner(degrees: Double) -> Path {
        let half = degrees / 2 * .pi / 180
        let apex = Point(x: 24, y: 12)
        let length = 28.0
        return polyline([
            (apex.x - length * sin(half), apex.y + length * cos(half)), (apex.x, apex.y),
            (apex.x + length * sin(half), apex.y + length * cos(half))
        ])
    }

    static let gradient = Gradient(colors: [red, Color(red: 1, green: 0.85, blue: 0.1), blue], locations: [0, 0.4, 1])

    static let cases: [OracleDrawing] = {
        typealias S = OracleDrawing.StrokeStyle
        var cases: [OracleDrawing] = []
        for cap in [LineCap.butt, .round, .square] {
            cases.append(
                OracleDrawing(
                    name: "cap-\(cap)",
                    steps: [
                        .stroke(polyline([(12, 14), (36, 34)]), S(width: 10, cap: cap), blue)
                    ]))
        }
        for join in [LineJoin.miter, .round, .bevel] {
            cases.append(OracleDrawing(name: "join-\(join)", steps: [.stroke(zigzag, S(width: 6, join: join), red)]))
            cases.append(
                OracleDrawing(
                    name: "join-\(join)-closed",
                    steps: [
                        .stroke(polyline([(10, 10), (38, 16), (20, 40)], closed: true), S(width: 5, join: join), blue)
                    ]))
        }
        // 60 degrees needs a limit of 2: one just above keeps the point, one just below bevels it.
        cases.append(
            OracleDrawing(
                name: "miter-within-limit", steps: [.stroke(corner(degrees: 60), S(width: 8, miterLimit: 2.2), red)]))
        cases.append(
            OracleDrawing(
                name: "miter-beyond-limit", steps: [.stroke(corner(degrees: 60), S(width: 8, miterLimit: 1.8), red)]))
        cases.append(
            OracleDrawing(name: "dash-phase-0", steps: [.stroke(zigzag, S(width: 3, dash: (0, [6, 3])), blue)]))
        cases.append(
            OracleDrawing(name: "dash-phase-4", steps: [.stroke(zigzag, S(width: 3, dash: (4, [6, 3])), blue)]))
        cases.append(
            OracleDrawing(
                name: "dash-curve-round",
                steps: [
                    .stroke(curve, S(width: 3, cap: .round, dash: (2.5, [5, 4, 1, 4])), red)
                ]))
        cases.append(
            OracleDrawing(
                name: "hairline",
                steps: [
                    .stroke(polyline([(4, 6), (44, 40), (40, 8)]), S(width: 0), .black)
                ]))
        cases.append(
            OracleDrawing(
                name: "hairline-scaled",
                steps: [
                    .concatenate(AffineTransform(scaleX: 3, y: 2)),
                    .stroke(polyline([(2, 3), (14, 20), (13, 4)]), S(width: 0), .black)
                ]))
        cases.append(
            OracleDrawing(
                name: "thin-half-pixel",
                steps: [
                    .stroke(polyline([(4.5, 4), (4.5, 44), (44, 44.5)]), S(width: 1), .black),
                    .stroke(polyline([(10, 10), (40, 30)]), S(width: 0.5), .black)
                ]))
        cases.append(
            OracleDrawing(
                name: "stroke-curve-translucent", steps: [.stroke(curve, S(width: 7, cap: .round, join: .round), green)]
            ))
        cases.append(
            OracleDrawing(
                name: "stroke-elliptical-pen",
                steps: [
                    .concatenate(AffineTransform(scaleX: 2.5, y: 1)),
                    .stroke(Path(ellipseIn: Rect(x: 3, y: 8, width: 12, height: 30)), S(width: 3), blue)
                ]))
        cases.append(
            OracleDrawing(
                name: "fill-circle",
                steps: [.fill(Path(ellipseIn: Rect(x: 7.3, y: 5.6, width: 33, height: 35.2)), .nonZero, .color(red))]))
        let star = Scene.pentagram(24, 25, 21)
        cases.append(OracleDrawing(name: "fill-star-nonzero", steps: [.fill(star, .nonZero, .color(blue))]))
        cases.append(OracleDrawing(name: "fill-star-evenodd", steps: [.fill(star, .evenOdd, .color(blue))]))
        var rings = Path(ellipseIn: Rect(x: 4, y: 4, width: 40, height: 40))
        rings.addPath(Path(ellipseIn: Rect(x: 14, y: 14, width: 20, height: 20)))
        cases.append(OracleDrawing(name: "fill-rings-nonzero", steps: [.fill(rings, .nonZero, .color(red))]))
        cases.append(OracleDrawing(name: "fill-rings-evenodd", steps: [.fill(rings, .evenOdd, .color(red))]))
        var quad = Path()
        quad.move(to: Point(x: 4, y: 42))
        quad.addQuadCurve(to: Point(x: 44, y: 42), control: Point(x: 24, y: -10))
        quad.closeSubpath()
        cases.append(
            OracleDrawing(
                name: "fill-quad-translucent",
                steps: [
                    .fill(Path(rect: Rect(x: 10, y: 20, width: 28, height: 20)), .nonZero, .color(blue)),
                    .fill(quad, .nonZero, .color(green))
                ]))
        cases.append(
            OracleDrawing(
                name: "fill-rect-fractional",
                steps: [
                    .fill(Path(rect: Rect(x: 5.25, y: 7.5, width: 30.6, height: 20.3)), .nonZero, .color(red))
                ]))
        let bigSquare = Path(rect: Rect(x: 2, y: 2, width: 44, height: 44))
        cases.append(
            OracleDrawing(
                name: "clip-rect",
                steps: [
                    .clipRect(Rect(x: 8.5, y: 10.25, width: 25.5, height: 21.75)),
                    .stroke(zigzag, S(width: 6), blue),
                    .fill(Path(ellipseIn: Rect(x: 20, y: 20, width: 26, height: 26)), .nonZero, .color(red))
                ]))
        cases.append(
            OracleDrawing(
                name: "clip-path",
                steps: [
                    .clipPath(Path(ellipseIn: Rect(x: 6, y: 4, width: 36, height: 40)), .nonZero),
                    .fill(bigSquare, .nonZero, .color(blue))
                ]))
        cases.append(
            OracleDrawing(
                name: "clip-path-evenodd",
                steps: [
                    .clipPath(star, .evenOdd), .fill(bigSquare, .nonZero, .color(red))
                ]))
        cases.append(
            OracleDrawing(
                name: "clip-nested-restored",
                steps: [
                    .save, .clipPath(Path(ellipseIn: Rect(x: 0, y: 0, width: 30, height: 30)), .nonZero),
                    .clipRect(Rect(x: 10, y: 4, width: 30, height: 20)), .fill(bigSquare, .nonZero, .color(blue)),
                    .restore,
                    .fill(Path(rect: Rect(x: 30, y: 30, width: 12, height: 12)), .nonZero, .color(red))
                ]))
        cases.append(
            OracleDrawing(
                name: "transform-rotated",
                steps: [
                    .concatenate(AffineTransform(translationX: 24, y: 24)),
                    .concatenate(AffineTransform(rotationAngle: 0.5)),
                    .concatenate(AffineTransform(scaleX: 1.4, y: 0.8)),
                    .fill(Path(rect: Rect(x: -12, y: -10, width: 24, height: 20)), .nonZero, .color(blue)),
                    .stroke(polyline([(-14, 14), (0, -14), (14, 14)]), S(width: 3, join: .round), red)
                ]))
        cases.append(
            OracleDrawing(
                name: "transform-skewed",
                steps: [
                    .concatenate(AffineTransform(a: 1, b: 0.3, c: -0.5, d: 1, tx: 18, ty: 4)),
                    .fill(star.applying(AffineTransform(scaleX: 0.7, y: 0.7)), .evenOdd, .color(red))
                ]))
        let square = Path(rect: Rect(x: 4, y: 4, width: 40, height: 40))
        cases.append(
            OracleDrawing(
                name: "linear",
                steps: [
                    .fill(square, .nonZero, .linear(gradient, Point(x: 10, y: 6), Point(x: 38, y: 40), extend: true))
                ]))
        // The ends do not pass through pixel centres, where either side is right.
        cases.append(
            OracleDrawing(
                name: "linear-no-extend",
                steps: [
                    .fill(
                        square, .nonZero,
                        .linear(gradient, Point(x: 14.2, y: 10.1), Point(x: 34.2, y: 30.1), extend: false))
                ]))
        cases.append(
            OracleDrawing(
                name: "radial-concentric",
                steps: [
                    .fill(
                        square, .nonZero,
                        .radial(gradient, Point(x: 24, y: 24), 4, Point(x: 24, y: 24), 18, extend: true))
                ]))
        cases.append(
            OracleDrawing(
                name: "radial-two-circles",
                steps: [
                    .fill(
                        square, .nonZero,
                        .radial(gradient, Point(x: 16, y: 18), 2, Point(x: 26, y: 26), 16, extend: false))
                ]))
        cases.append(
            OracleDrawing(
                name: "radial-focus-outside",
                steps: [
                    .fill(
                        square, .nonZero,
                        .radial(gradient, Point(x: 8, y: 10), 3, Point(x: 30, y: 30), 10, extend: false))
                ]))
        cases.append(
            OracleDrawing(
                name: "radial-focus-outside-extended",
                steps: [
                    .fill(
                        square, .nonZero,
                        .radial(gradient, Point(x: 8, y: 10), 3, Point(x: 30, y: 30), 10, extend: true))
                ]))
        let checker = OracleImage.checker(6, 5)
        cases.append(
            OracleDrawing(
                name: "image-nearest", steps: [.image(checker, Rect(x: 6, y: 8, width: 36, height: 30), .none)]))
        cases.append(
            OracleDrawing(
                name: "image-bilinear", steps: [.image(checker, Rect(x: 6, y: 8, width: 36, height: 30), .bilinear)]))
        cases.append(
            OracleDrawing(
                name: "image-rotated-bilinear",
                steps: [
                    .concatenate(AffineTransform(translationX: 24, y: 24)),
                    .concatenate(AffineTransform(rotationAngle: -0.4)),
                    .image(checker, Rect(x: -15, y: -12, width: 30, height: 24), .bilinear)
                ]))
        return cases
    }()

    @Test(arguments: cases)
    func agreesWithCairo(_ drawing: OracleDrawing) {
        let bound = OracleBound()
        let result = bound.measure(drawing.vitrine(), drawing.cairo())
        #expect(bound.holds(result), "\(drawing.name): \(result); the bound is \(bound)")
    }

    /// The mask clip: the drawing through a mask's alpha, stretched over a rectangle.
    @Test func maskClipAgreesWithCairo() {
        let (ours, theirs) = Self.maskClip()
        let bound = OracleBound()
        let result = bound.measure(ours, theirs)
        #expect(bound.holds(result), "clip-mask: \(result); the bound is \(bound)")
        #expect(
            !bound.holds(bound.measure(ours, OracleBoundTests.moved(theirs))),
            "clip-mask: moved by a pixel and within the bound")
        #expect(
            !bound.holds(bound.measure(ours, OracleBoundTests.patched(theirs))),
            "clip-mask: patched and within the bound")
    }

    static func maskClip() -> (Surface, Surface) {
        let mask = OracleImage.ramp(12, 10)
        let r = Rect(x: 4, y: 6, width: 40, height: 34)
        let drawing = OracleDrawing(
            name: "clip-mask",
            steps: [
                .clipMask(r, mask),
                .fill(Path(ellipseIn: Rect(x: 2, y: 2, width: 44, height: 44)), .nonZero, .color(Self.blue))
            ])
        let theirs = OracleDrawing.cairoMasked(mask: mask, in: r, side: drawing.side) { cr in
            cairo_arc(cr, 24, 24, 22, 0, 2 * .pi)
            OracleDrawing.setSource(Self.blue, cr)
            cairo_fill(cr)
        }
        return (drawing.vitrine(), theirs)
    }

    /// Arcs made by `addArc(center:radius:startAngle:endAngle:clockwise:)` against Cairo's
    /// own arcs: `cairo_arc` turns with increasing angles, clockwise on this y-down
    /// canvas, and `cairo_arc_negative` the other way, as UIKit's `clockwise` means.
    @Test func arcsAgreeWithCairosArcs() {
        let bound = OracleBound()
        // Not 0 to 2π anticlockwise: Core Graphics draws nothing for it (the angles are
        // the same point), Cairo a whole circle.
        let arcs =
            [(0.3, 2.2), (2.2, 0.3), (-1.0, 4.5)].flatMap { [($0.0, $0.1, true), ($0.0, $0.1, false)] }
            + [(0.0, 2 * Double.pi, true)]
        for (start, end, clockwise) in arcs {
            do {
                var p = Path()
                p.addArc(
                    center: Point(x: 24, y: 24), radius: 16, startAngle: start, endAngle: end, clockwise: clockwise)
                let drawing = OracleDrawing(name: "arc", steps: [.stroke(p, .init(width: 3, cap: .round), Self.blue)])
                let theirs = OracleDrawing.cairoCanvas(side: 48) { cr in
                    if clockwise {
                        cairo_arc(cr, 24, 24, 16, start, end)
                    } else {
                        cairo_arc_negative(cr, 24, 24, 16, start, end)
                    }
                    OracleDrawing.setSource(Self.blue, cr)
                    cairo_set_line_width(cr, 3)
                    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                    cairo_stroke(cr)
                }
                let r = bound.measure(drawing.vitrine(), theirs)
                #expect(bound.holds(r), "arc \(start) to \(end), clockwise \(clockwise): \(r)")
            }
        }
    }

    /// Cairo has no conic gradient: the colour of each pixel is worked out here from the
    /// definition, the turn from the start direction about the centre, clockwise on a
    /// y-down surface, into the stops linearly.
    @Test func conicGradientFollowsItsDefinition() {
        let side = 48
        let center = Point(x: 23.3, y: 24.6)
        let angle = 0.7
        let s = try! Surface(width: side, height: side)
        Context(surface: s).drawConicGradient(Self.gradient, center: center, angle: angle)
        let stops = Self.gradient.stops
        var worst = 0
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - center.x
                let dy = Double(y) + 0.5 - center.y
                guard dx * dx + dy * dy > 9 else { continue }  // the centre turns too fast to sample
                var turn = (atan2(dy, dx) - angle) / (2 * .pi)
                turn -= turn.rounded(.down)
                guard turn > 0.01 && turn < 0.99 else { continue }  // the seam, where either side is right
                let k = stops.lastIndex { $0.location <= turn }!
                let a = stops[k]
                let b = stops[min(k + 1, stops.count - 1)]
                let f = b.location > a.location ? (turn - a.location) / (b.location - a.location) : 0
                let want = [
                    a.color.red + (b.color.red - a.color.red) * f, a.color.green + (b.color.green - a.color.green) * f,
                    a.color.blue + (b.color.blue - a.color.blue) * f
                ].map { Int(($0 * 255).rounded()) }
                let p = s[x, y]
                worst = max(
                    worst, abs(Int(p.r) - want[0]), abs(Int(p.g) - want[1]), abs(Int(p.b) - want[2]), 255 - Int(p.a))
            }
        }
        // Four levels: the colour table's step, half an entry either way.
        #expect(worst <= 4, "a conic pixel is \(worst) levels from its definition")
    }
}

/// The bound is not loose: for every case, Cairo's picture moved by one pixel, or with a
/// 4 x 4 square painted over the shape, fails it.
@Suite struct OracleBoundTests {
    /// Cairo's picture shifted one pixel right and down (white comes in at the edges).
    static func moved(_ s: Surface) -> Surface {
        let out = try! Surface(sizeOf: s)
        out.clear(to: Color.white.premultiplied)
        for y in 1..<s.height { for x in 1..<s.width { out[x, y] = s[x - 1, y - 1] } }
        return out
    }

    /// Cairo's picture with a 4 x 4 square of white (a missing piece) or black at the
    /// pixel farthest from white that has a 4 x 4 neighbourhood of inked pixels, or at the
    /// middle.
    static func patched(_ s: Surface) -> Surface {
        let out = try! s.copy()
        var best = (x: s.width / 2 - 2, y: s.height / 2 - 2, ink: -1)
        for y in 0..<(s.height - 4) {
            for x in 0..<(s.width - 4) {
                var ink = 0
                for dy in 0..<4 {
                    for dx in 0..<4 {
                        let p = s[x + dx, y + dy]
                        ink += 765 - Int(p.r) - Int(p.g) - Int(p.b)
                    }
                }
                if ink > best.ink { best = (x, y, ink) }
            }
        }
        let p = s[best.x + 1, best.y + 1]
        let fill: Pixel = Int(p.r) + Int(p.g) + Int(p.b) < 382 ? Color.white.premultiplied : Color.black.premultiplied
        for dy in 0..<4 { for dx in 0..<4 { out[best.x + dx, best.y + dy] = fill } }
        return out
    }

    @Test(arguments: CairoOracleTests.cases)
    func aMovedOrPatchedReferenceFails(_ drawing: OracleDrawing) {
        let bound = OracleBound()
        let ours = drawing.vitrine()
        let theirs = drawing.cairo()
        let moved = bound.measure(ours, Self.moved(theirs))
        #expect(!bound.holds(moved), "\(drawing.name): moved by a pixel and still within the bound: \(moved)")
        let patched = bound.measure(ours, Self.patched(theirs))
        #expect(!bound.holds(patched), "\(drawing.name): a 4 x 4 square changed and still within the bound: \(patched)")
    }
}
