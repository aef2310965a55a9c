import Foundation
import Raster
import TestSupport
import Testing

/// Invalid input returns promptly and draws nothing or the clamped shape.
@Suite struct BadInputTests {
    @Test func surfaceSizesOutOfRangeThrow() {
        #expect(throws: RasterError.invalidSurfaceSize(width: 0, height: 0)) { try Surface(width: 0, height: 0) }
        #expect(throws: RasterError.self) { try Surface(width: -5, height: 10) }
        #expect(throws: RasterError.self) { try Surface(width: 40000, height: 1) }
        #expect(throws: Never.self) { try Surface(width: 1, height: 1, scale: .nan) }
    }

    @Test func nanAndInfiniteCoordinatesDrawNothing() throws {
        let (s, c) = canvas(50, 50)
        let before = try s.copy()
        c.fill(Rect(x: .nan, y: 0, width: 10, height: 10))
        c.fill(Rect(x: 0, y: 0, width: .infinity, height: 10))
        var p = Path()
        p.move(to: Point(x: .nan, y: .nan))
        p.addLine(to: Point(x: .infinity, y: 3))
        c.fill(p)
        c.stroke(p)
        c.translateBy(x: .nan, y: 0)
        c.scaleBy(x: .infinity, y: 1)
        #expect(c.transform == .identity)
        #expect(s == before)
    }

    @Test(.timeLimit(.minutes(1))) func hugeRadiusIsPromptAndFillsTheCanvas() {
        let black = Pixel(r: 0, g: 0, b: 0, a: 255)
        let white = Pixel(r: 255, g: 255, b: 255, a: 255)
        // An ellipse around the canvas, 1e300 wide, covers every pixel.
        let (s, c) = canvas(50, 50)
        c.fillEllipse(in: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        #expect(s.isFilled(with: black))
        // A circle of radius 1e300 passes nowhere near the canvas: a hairline of it draws nothing.
        let (t, d) = canvas(50, 50)
        var p = Path()
        p.addArc(center: Point(x: 25, y: 25), radius: 1e300, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        d.stroke(p)
        #expect(t.isFilled(with: white))
        // A segment from (0, 0) to (10, 10), 1e300 wide with butt caps, covers the band
        // between the normals at its ends: x + y < 20, the other side untouched.
        d.lineWidth = 1e300
        var q = Path()
        q.move(to: Point(x: 0, y: 0))
        q.addLine(to: Point(x: 10, y: 10))
        d.stroke(q)
        for y in 0..<50 {
            for x in 0..<50 where x + y != 19 {
                #expect(t[x, y] == (x + y < 19 ? black : white), "\(x), \(y): \(t[x, y])")
            }
        }
    }

    @Test(.timeLimit(.minutes(1))) func aMillionSegmentsRenderPromptly() {
        let (s, c) = canvas(200, 200)
        var p = Path()
        p.move(to: Point(x: 100, y: 100))
        for i in 0..<1_000_000 {
            let t = Double(i) * 0.001
            p.addLine(to: Point(x: 100 + 90 * (t / 1000) * cos(t), y: 100 + 90 * (t / 1000) * sin(t)))
        }
        // Turns 0.57 px apart under a 1 px stroke: the disk of radius 90 is dark, what lies
        // outside it stays white.
        c.fill(p, rule: .evenOdd)
        c.stroke(p)
        for (x, y) in [(100, 100), (140, 100), (100, 60), (70, 130), (160, 100)] {
            #expect(s[x, y].r < 60, "\(x), \(y): \(s[x, y])")
        }
        for (x, y) in [(2, 2), (197, 2), (2, 197), (197, 197), (100, 5)] {
            #expect(s[x, y] == Pixel(r: 255, g: 255, b: 255, a: 255), "\(x), \(y)")
        }
    }

    @Test func negativeSizesAreStandardized() {
        let (s, c) = canvas(30, 30)
        c.fill(Rect(x: 20, y: 20, width: -10, height: -10))
        #expect(s[15, 15] == Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(s[5, 5] == Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func dashOfAllZerosStrokesSolid() {
        let (a, ca) = canvas(60, 20)
        let (b, cb) = canvas(60, 20)
        var p = Path()
        p.move(to: Point(x: 5, y: 10))
        p.addLine(to: Point(x: 55, y: 10))
        ca.lineWidth = 4
        cb.lineWidth = 4
        ca.setLineDash(phase: 0, lengths: [0, 0])
        #expect(ca.lineDash == nil)
        ca.stroke(p)
        cb.stroke(p)
        #expect(a == b)
        // A dash far too fine to see on a long path is drawn solid instead of hanging.
        cb.setLineDash(phase: 0, lengths: [1e-9, 1e-9])
        cb.stroke(p)
        #expect(a == b)
    }

    @Test func emptyClipDrawsNothing() throws {
        let (s, c) = canvas(30, 30)
        let before = try s.copy()
        c.clip(to: Rect(x: 40, y: 40, width: 10, height: 10))
        c.fill(Rect(x: 0, y: 0, width: 30, height: 30))
        c.clip(to: Path())
        c.stroke(Path(rect: Rect(x: 2, y: 2, width: 20, height: 20)))
        #expect(s == before)
        #expect(c.clipBoundingBox.isNull)
    }

    @Test func unbalancedRestoreIsIgnored() {
        let (s, c) = canvas(10, 10)
        c.restoreGState()
        c.setFillColor(.red)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(s[5, 5] == Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(c.savedStateCount == 0)
    }

    @Test func invalidLineSettingsKeepTheirValues() {
        let (_, c) = canvas(10, 10)
        c.lineWidth = -2
        c.lineWidth = .nan
        c.miterLimit = .infinity
        c.alpha = .nan
        #expect(c.lineWidth == 1 && c.miterLimit == 10 && c.alpha == 1)
        c.alpha = 4
        #expect(c.alpha == 1)
    }
}
