import Raster
import Testing

@Suite struct PathTests {
    @Test func invalidPointsNeverEnterAPath() {
        var p = Path()
        p.addLine(to: Point(x: 1, y: 1))  // no current point: becomes a move
        p.addLine(to: Point(x: .nan, y: 2))
        p.addCurve(to: Point(x: 3, y: 3), control1: Point(x: .infinity, y: 0), control2: .zero)
        p.addLine(to: Point(x: 4, y: 4))
        #expect(p.elements == [.move(to: Point(x: 1, y: 1)), .line(to: Point(x: 4, y: 4))])
    }

    @Test func roundedRectRadiusIsClamped() {
        let clamped = Path(roundedRect: Rect(x: 0, y: 0, width: 60, height: 40), cornerRadius: 30)
        let exact = Path(roundedRect: Rect(x: 0, y: 0, width: 60, height: 40), cornerRadius: 20)
        #expect(clamped == exact)
        #expect(!clamped.contains(Point(x: 1, y: 1)) && clamped.contains(Point(x: 30, y: 20)))
        #expect(
            Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: -3)
                == Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test func arcToPointMeetsBothTangents() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addArc(tangent1End: Point(x: 100, y: 0), tangent2End: Point(x: 100, y: 100), radius: 20)
        // A line to (80, 0), then a quarter circle centred at (80, 20) ending at (100, 20).
        #expect(p.elements[1] == .line(to: Point(x: 80, y: 0)))
        let end = p.currentPoint!
        #expect(abs(end.x - 100) < 1e-9 && abs(end.y - 20) < 1e-9)
        var collinear = Path()
        collinear.move(to: .zero)
        collinear.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 20, y: 0), radius: 5)
        #expect(collinear.elements.last == .line(to: Point(x: 10, y: 0)))
    }

    @Test func boundingBoxAndTransform() {
        let p = Path(ellipseIn: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(p.boundingBox == Rect(x: 10, y: 20, width: 30, height: 40))
        let moved = p.applying(AffineTransform(translationX: 5, y: -5))
        #expect(moved.boundingBox == Rect(x: 15, y: 15, width: 30, height: 40))
        #expect(Path().boundingBox.isNull)
    }

    @Test func containsUsesTheRule() {
        var p = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(Rect(x: 2, y: 2, width: 6, height: 6))
        #expect(p.contains(Point(x: 5, y: 5), rule: .nonZero))
        #expect(!p.contains(Point(x: 5, y: 5), rule: .evenOdd))
        #expect(p.contains(Point(x: 1, y: 5), rule: .evenOdd))
        #expect(!p.contains(Point(x: .nan, y: 5)))
    }

    @Test func fullCircleArcs() {
        var p = Path()
        p.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(p.boundingBox.width > 19.9)
        var none = Path()
        none.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 1, endAngle: 1, clockwise: true)
        #expect(none.elements.count == 1)
    }
}

/// Paths traversed backwards.
@Suite struct PathReversingTests {
    @Test func eachSubpathRunsBackwardsAndKeepsItsClosing() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 10, y: 0))
        p.addCurve(to: Point(x: 10, y: 10), control1: Point(x: 12, y: 3), control2: Point(x: 12, y: 7))
        p.closeSubpath()
        p.move(to: Point(x: 20, y: 20))
        p.addQuadCurve(to: Point(x: 30, y: 20), control: Point(x: 25, y: 15))
        #expect(
            p.reversing().elements == [
                .move(to: Point(x: 0, y: 0)),
                .line(to: Point(x: 10, y: 10)),  // the closing line, first
                .curve(to: Point(x: 10, y: 0), control1: Point(x: 12, y: 7), control2: Point(x: 12, y: 3)),
                .line(to: Point(x: 0, y: 0)),
                .closeSubpath,
                .move(to: Point(x: 30, y: 20)),  // open, and left open
                .quadCurve(to: Point(x: 20, y: 20), control: Point(x: 25, y: 15))
            ])
        #expect(p.reversing().reversing().boundingBox == p.boundingBox)
    }

    @Test func aReversedInnerShapeCutsAHoleUnderNonZero() {
        var p = Path(rect: Rect(x: 2, y: 2, width: 16, height: 16))
        p.addPath(Path(rect: Rect(x: 6, y: 6, width: 8, height: 8)).reversing())
        #expect(!p.contains(Point(x: 10, y: 10), rule: .nonZero))
        #expect(p.contains(Point(x: 4, y: 10), rule: .nonZero))
        var same = Path(rect: Rect(x: 2, y: 2, width: 16, height: 16))
        same.addPath(Path(rect: Rect(x: 6, y: 6, width: 8, height: 8)))
        #expect(same.contains(Point(x: 10, y: 10), rule: .nonZero))
    }
}
