import Raster
import RasterScenes
import TestSupport
import Testing

private let golden = Golden(for: #filePath)

/// Golden pictures of the core drawing operations, compared exactly.
@Suite struct DrawingGoldenTests {
    let suite = "Drawing"

    /// Independent check: Cairo fills the same kinds of shapes with both rules
    /// (`CairoOracleTests`: fill-star-*, fill-rings-*).
    @Test func fillsWithBothRules() {
        let (s, c) = canvas(200, 100)
        c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.8))
        c.fill(Scene.pentagram(50, 50, 45), rule: .nonZero)
        c.fill(Scene.pentagram(150, 50, 45), rule: .evenOdd)
        golden.expect(s, suite: suite, name: "fill-rules")
    }

    /// Independent check: `CairoOracleTests.arcsAgreeWithCairosArcs` (cairo_arc and
    /// cairo_arc_negative).
    @Test func arcsInEveryQuadrantAndDirection() {
        let (s, c) = canvas(400, 200)
        c.lineWidth = 3
        for q in 0..<4 {
            for (row, clockwise) in [true, false].enumerated() {
                var p = Path()
                let center = Point(x: 50 + Double(q) * 100, y: 50 + Double(row) * 100)
                let start = Double(q) * .pi / 2
                p.addArc(center: center, radius: 35, startAngle: start, endAngle: start + .pi / 2, clockwise: clockwise)
                c.setStrokeColor(clockwise ? .blue : .red)
                c.stroke(p)
            }
        }
        golden.expect(s, suite: suite, name: "arcs")
    }

    /// Independent check: `PathTests.arcToPointMeetsBothTangents` computes the tangent
    /// points; the stroke itself is Cairo-checked through the curve cases.
    @Test func arcToPointRoundsACorner() {
        let (s, c) = canvas(160, 120)
        var p = Path()
        p.move(to: Point(x: 10, y: 110))
        p.addArc(tangent1End: Point(x: 10, y: 10), tangent2End: Point(x: 150, y: 10), radius: 40)
        p.addArc(tangent1End: Point(x: 150, y: 10), tangent2End: Point(x: 150, y: 110), radius: 15)
        p.addLine(to: Point(x: 150, y: 110))
        c.lineWidth = 4
        c.stroke(p)
        golden.expect(s, suite: suite, name: "arc-to-point")
    }

    /// Independent check: `PathTests.roundedRectRadiusIsClamped`; the curves are filled
    /// as Cairo fills them (`CairoOracleTests`, fill-circle).
    @Test func roundedRectanglesIncludingAClampedOne() {
        let (s, c) = canvas(260, 120)
        c.setFillColor(Color(red: 0.2, green: 0.5, blue: 0.9))
        c.fill(Path(roundedRect: Rect(x: 10, y: 10, width: 100, height: 60), cornerRadius: 12))
        c.fill(Path(roundedRect: Rect(x: 130, y: 10, width: 60, height: 40), cornerRadius: 30))
        c.setStrokeColor(Color(red: 0.1, green: 0.2, blue: 0.5))
        c.lineWidth = 4
        c.stroke(Path(roundedRect: Rect(x: 10.5, y: 80.5, width: 240, height: 30), cornerRadius: 100))
        golden.expect(s, suite: suite, name: "rounded-rects")
    }

    /// Independent check: `CairoOracleTests` (cap-*, join-*).
    @Test func everyCapAndJoin() {
        let (s, c) = canvas(300, 240)
        c.lineWidth = 14
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            for (j, join) in [LineJoin.miter, .round, .bevel].enumerated() {
                var p = Path()
                let ox = 20 + Double(i) * 95
                let oy = 30 + Double(j) * 75
                p.move(to: Point(x: ox, y: oy + 40))
                p.addLine(to: Point(x: ox + 30, y: oy))
                p.addLine(to: Point(x: ox + 60, y: oy + 40))
                c.lineCap = cap
                c.lineJoin = join
                c.setStrokeColor(Color(red: 0, green: 0, blue: 0, alpha: 0.6))
                c.stroke(p)
            }
        }
        golden.expect(s, suite: suite, name: "caps-joins")
    }

    /// Independent check: `CairoOracleTests` (miter-within-limit, miter-beyond-limit).
    @Test func miterLimitBevelsSharpCorners() {
        let (s, c) = canvas(200, 100)
        c.lineWidth = 10
        for (i, limit) in [10.0, 2.0].enumerated() {
            var p = Path()
            let ox = 20 + Double(i) * 100
            p.move(to: Point(x: ox, y: 90))
            p.addLine(to: Point(x: ox + 30, y: 20))
            p.addLine(to: Point(x: ox + 60, y: 90))
            c.miterLimit = limit
            c.stroke(p)
        }
        golden.expect(s, suite: suite, name: "miter-limit")
    }

    /// Independent check: `CairoOracleTests` (dash-phase-0, dash-phase-4, dash-curve-round).
    @Test func dashesWithPhaseAndDots() {
        let (s, c) = canvas(240, 120)
        c.lineWidth = 6
        c.setLineDash(phase: 0, lengths: [20, 10])
        c.stroke(Path(roundedRect: Rect(x: 10, y: 10, width: 100, height: 100), cornerRadius: 20))
        c.setLineDash(phase: 5, lengths: [20, 10, 5, 10])
        var line = Path()
        line.move(to: Point(x: 130, y: 20))
        line.addLine(to: Point(x: 230, y: 20))
        c.stroke(line)
        c.lineCap = .round
        c.setLineDash(phase: 0, lengths: [0, 12])
        var dots = Path()
        dots.move(to: Point(x: 130, y: 60))
        dots.addLine(to: Point(x: 230, y: 60))
        c.stroke(dots)
        c.lineCap = .square
        c.setLineDash(phase: 0, lengths: [])
        var dot = Path()
        dot.move(to: Point(x: 180, y: 95))
        dot.addLine(to: Point(x: 180, y: 95))
        c.stroke(dot)
        golden.expect(s, suite: suite, name: "dashes")
    }

    /// Independent check: `CairoOracleTests` (hairline, hairline-scaled, thin-half-pixel).
    @Test func hairlinesOnHalfPixels() {
        let (s, c) = canvas(60, 60)
        c.lineWidth = 1
        for i in 0..<5 {
            var p = Path()
            p.move(to: Point(x: 5.5 + Double(i) * 10, y: 5))
            p.addLine(to: Point(x: 5.5 + Double(i) * 10, y: 55))
            p.move(to: Point(x: 5, y: 5.5 + Double(i) * 10))
            p.addLine(to: Point(x: 55, y: 5.5 + Double(i) * 10))
            c.stroke(p)
        }
        // Exactly one column of full coverage per vertical hairline.
        #expect(s[5, 30] == Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(s[4, 30] == Pixel(r: 255, g: 255, b: 255, a: 255) && s[6, 30] == Pixel(r: 255, g: 255, b: 255, a: 255))
        golden.expect(s, suite: suite, name: "hairlines")
    }

    /// Independent check: `CairoOracleTests` (clip-rect, clip-path, clip-path-evenodd,
    /// clip-nested-restored, clip-mask), and the crop relation of `MetamorphicSceneTests`.
    @Test func clipsNestAndRestore() {
        let (s, c) = canvas(200, 120)
        c.saveGState()
        c.clip(to: Path(ellipseIn: Rect(x: 10, y: 10, width: 120, height: 100)))
        c.saveGState()
        c.clip(to: Rect(x: 40.5, y: 0, width: 200, height: 80))
        c.setFillColor(.red)
        c.fill(Rect(x: 0, y: 0, width: 200, height: 120))
        c.restoreGState()
        c.setFillColor(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.fill(Rect(x: 0, y: 60, width: 200, height: 60))
        c.restoreGState()
        c.clip(to: Rect(x: 150, y: 20, width: 30, height: 80))
        c.setFillColor(.green)
        c.fill(Rect(x: 0, y: 0, width: 200, height: 120))
        #expect(s[5, 5] == Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(s[149, 50] == Pixel(r: 255, g: 255, b: 255, a: 255) && s[150, 50] == Pixel(r: 0, g: 255, b: 0, a: 255))
        golden.expect(s, suite: suite, name: "clips")
    }

    /// Independent check: `BlendFormulaOracleTests`, the W3C formulas at pixel values.
    @Test func everyBlendModeOverAFixedBackdrop() {
        let modes = BlendMode.allCases
        let (s, c) = canvas(8 * 50, ((modes.count + 7) / 8) * 50, background: nil)
        for (i, mode) in modes.enumerated() {
            let ox = Double(i % 8) * 50
            let oy = Double(i / 8) * 50
            c.blendMode = .normal
            c.setFillColor(Color(red: 0.9, green: 0.6, blue: 0.1, alpha: 0.9))
            c.fill(Rect(x: ox + 4, y: oy + 4, width: 28, height: 28))
            c.blendMode = mode
            c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7))
            c.fillEllipse(in: Rect(x: ox + 16, y: oy + 16, width: 30, height: 30))
        }
        golden.expect(s, suite: suite, name: "blend-modes")
    }

    /// Independent check: `CairoOracleTests` (transform-*) and the flip, turn and scale
    /// relations of `MetamorphicSceneTests`.
    @Test func transformsRotateScaleAndScaleFactor() {
        let (s, c) = canvas(200, 200, scale: 2)
        c.translateBy(x: 50, y: 50)
        c.rotate(by: .pi / 6)
        c.scaleBy(x: 1.5, y: 0.75)
        c.setFillColor(Color(red: 0.1, green: 0.6, blue: 0.3))
        c.fill(Path(roundedRect: Rect(x: -20, y: -20, width: 40, height: 40), cornerRadius: 8))
        c.lineWidth = 2
        c.stroke(Path(ellipseIn: Rect(x: -30, y: -30, width: 60, height: 60)))
        golden.expect(s, suite: suite, name: "transforms")
    }

    /// Independent check: `BlendFormulaOracleTests` (clear and copy).
    @Test func clearRectAndCopyBlend() {
        let (s, c) = canvas(100, 60)
        c.setFillColor(.blue)
        c.fill(Rect(x: 0, y: 0, width: 100, height: 60))
        c.clear(Rect(x: 10.5, y: 10, width: 30, height: 40))
        c.blendMode = .copy
        c.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        c.fillEllipse(in: Rect(x: 50, y: 10, width: 40, height: 40))
        #expect(s[20, 30] == .clear)
        #expect(s[70, 30] == Pixel(r: 128, g: 0, b: 0, a: 128))
        golden.expect(s, suite: suite, name: "clear-copy")
    }
}
