import CCairo
import Raster
import TestSupport
import Testing

/// The context's current path as Core Graphics keeps it: each point mapped by the
/// transform in force when it is added, the stroke's pen by the one in force when it is
/// drawn. Cairo keeps its path the same way, so it is the oracle here too.
@Suite struct CurrentPathTests {
    /// Core Graphics' numbers: two points, a translation of 50 down, two more, a fill:
    /// rows 10...99 are painted (a path mapped at draw time would paint rows 60...99).
    @Test func aTranslationBetweenPointsMovesOnlyTheLaterOnes() {
        let (s, c) = canvas(100, 110)
        c.setFillColor(.black)
        c.move(to: Point(x: 10, y: 10))
        c.addLine(to: Point(x: 90, y: 10))
        c.translateBy(x: 0, y: 50)
        c.addLine(to: Point(x: 90, y: 50))
        c.addLine(to: Point(x: 10, y: 50))
        c.closePath()
        c.fillPath()
        let painted = (0..<110).filter { s[50, $0] == Color.black.premultiplied }
        #expect(painted == Array(10...99), "rows \(painted.first ?? -1)...\(painted.last ?? -1)")
    }

    /// The pen is the drawing's: a path built at identity and stroked after a scale of 4
    /// is 4 pixels wide; its points stay where they were added.
    @Test func theStrokeUsesTheTransformInForceWhenItIsDrawn() {
        let (s, c) = canvas(100, 100)
        c.move(to: Point(x: 10, y: 50))
        c.addLine(to: Point(x: 90, y: 50))
        c.scaleBy(x: 4, y: 4)
        c.lineWidth = 1
        c.strokePath()
        let painted = (0..<100).filter { s[50, $0].r < 128 }
        #expect(painted == [48, 49, 50, 51], "\(painted)")
        #expect(s[5, 50].r == 255 && s[95, 50].r == 255, "the ends stay at 10 and 90")
    }

    @Test func theBoundingBoxAndCurrentPointAreInUserSpaceAndClipUsesThePath() {
        let (s, c) = canvas(100, 100)
        c.translateBy(x: 20, y: 10)
        #expect(c.boundingBoxOfPath.isNull && c.currentPointOfPath == nil)
        c.addLines(between: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 40)])
        #expect(c.currentPointOfPath == Point(x: 30, y: 40))
        c.translateBy(x: 10, y: 0)
        #expect(c.boundingBoxOfPath == Rect(x: -10, y: 0, width: 30, height: 40), "in the user space in force now")
        c.closePath()
        c.clip()
        #expect(c.isPathEmpty)
        c.setFillColor(.black)
        c.fill(Rect(x: -100, y: -100, width: 300, height: 300))
        // The triangle (20, 10), (50, 10), (50, 50) in pixels.
        #expect(s[45, 15] == Color.black.premultiplied && s[25, 40] == Color.white.premultiplied)
    }

    @Test func theSettersOfCoreGraphicsSetTheProperties() {
        let (_, c) = canvas(10, 10)
        c.setLineWidth(3)
        c.setLineCap(.round)
        c.setLineJoin(.bevel)
        c.setMiterLimit(4)
        c.setAlpha(0.5)
        c.setBlendMode(.multiply)
        c.setInterpolationQuality(.none)
        #expect(c.lineWidth == 3 && c.lineCap == .round && c.lineJoin == .bevel && c.miterLimit == 4)
        #expect(c.alpha == 0.5 && c.blendMode == .multiply && c.interpolationQuality == .none)
        c.setLineWidth(-1)
        c.setAlpha(.nan)
        #expect(c.lineWidth == 3 && c.alpha == 0.5, "invalid values are ignored, as by the properties")
        #expect(
            GradientOptions.drawsBeforeStartLocation == .extendBefore
                && GradientOptions.drawsAfterEndLocation == .extendAfter)
    }

    /// A path built across rotations, scales and translations, with an arc and a curve,
    /// filled and stroked, against Cairo building the same path the same way.
    @Test func aPathBuiltAcrossTransformsAgreesWithCairo() {
        let ours = try! Surface(width: 64, height: 64)
        ours.clear(to: Color.white.premultiplied)
        let c = Context(surface: ours)
        c.translateBy(x: 32, y: 32)
        c.move(to: Point(x: -20, y: -10))
        c.rotate(by: 0.4)
        c.addLine(to: Point(x: 10, y: -20))
        c.scaleBy(x: 1.5, y: 0.8)
        c.addArc(center: Point(x: 5, y: 5), radius: 8, startAngle: -1, endAngle: 1.5, clockwise: true)
        c.translateBy(x: -6, y: 4)
        c.addCurve(to: Point(x: -12, y: 10), control1: Point(x: 0, y: 20), control2: Point(x: -10, y: 20))
        c.closePath()
        c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9))
        c.setStrokeColor(.black)
        c.setLineWidth(2)
        c.drawPath(using: .fillStroke)
        let theirs = OracleDrawing.cairoCanvas(side: 64) { cr in
            cairo_translate(cr, 32, 32)
            cairo_move_to(cr, -20, -10)
            cairo_rotate(cr, 0.4)
            cairo_line_to(cr, 10, -20)
            cairo_scale(cr, 1.5, 0.8)
            cairo_arc(cr, 5, 5, 8, -1, 1.5)
            cairo_translate(cr, -6, 4)
            cairo_curve_to(cr, 0, 20, -10, 20, -12, 10)
            cairo_close_path(cr)
            cairo_set_source_rgb(cr, 0.2, 0.4, 0.9)
            cairo_fill_preserve(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_set_line_width(cr, 2)
            cairo_set_miter_limit(cr, 10)
            cairo_stroke(cr)
        }
        let bound = OracleBound()
        let r = bound.measure(ours, theirs)
        #expect(bound.holds(r), "\(r)")
        #expect(!bound.holds(bound.measure(ours, OracleBoundTests.moved(theirs))))
    }

    /// `replacePathWithStrokedPath()`: the outline of a 4-wide butt line from (10, 10) to
    /// (50, 10) is the rectangle 10...50 by 8...12, made in the user space of the moment
    /// (here scaled by 2, so 20...100 by 16...24 in device space); and filling the outline
    /// of a dashed, curved, non-uniformly scaled path paints what Cairo's stroke of it
    /// paints.
    @Test func theStrokedPathIsTheStrokesOutline() {
        let (_, c) = canvas(10, 10)
        c.scaleBy(x: 2, y: 2)
        c.move(to: Point(x: 10, y: 10))
        c.addLine(to: Point(x: 50, y: 10))
        c.setLineWidth(4)
        c.replacePathWithStrokedPath()
        let box = c.boundingBoxOfPath
        #expect(
            abs(box.minX - 10) < 1e-9 && abs(box.maxX - 50) < 1e-9 && abs(box.minY - 8) < 1e-9
                && abs(box.maxY - 12) < 1e-9, "\(box)")

        let ours = try! Surface(width: 64, height: 64)
        ours.clear(to: Color.white.premultiplied)
        let o = Context(surface: ours)
        o.translateBy(x: 8, y: 8)
        o.scaleBy(x: 1.6, y: 0.9)
        o.move(to: Point(x: 2, y: 10))
        o.addCurve(to: Point(x: 30, y: 50), control1: Point(x: 30, y: 0), control2: Point(x: 0, y: 40))
        o.addLine(to: Point(x: 28, y: 12))
        o.setLineWidth(5)
        o.setLineJoin(.round)
        o.setLineCap(.round)
        o.setLineDash(phase: 2, lengths: [9, 4])
        o.replacePathWithStrokedPath()
        o.setFillColor(.black)
        o.fillPath()
        let theirs = OracleDrawing.cairoCanvas(side: 64) { cr in
            cairo_translate(cr, 8, 8)
            cairo_scale(cr, 1.6, 0.9)
            cairo_move_to(cr, 2, 10)
            cairo_curve_to(cr, 30, 0, 0, 40, 30, 50)
            cairo_line_to(cr, 28, 12)
            cairo_set_line_width(cr, 5)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            var dashes: [Double] = [9, 4]
            cairo_set_dash(cr, &dashes, 2, 2)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_stroke(cr)
        }
        let bound = OracleBound()
        let r = bound.measure(ours, theirs)
        #expect(bound.holds(r), "\(r)")
    }
}
