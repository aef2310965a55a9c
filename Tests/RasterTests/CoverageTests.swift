import Raster
import RasterScenes
import Testing
import TestSupport

@Suite struct CoverageTests {
    @Test func halfPixelColumnIsHalfCovered() {
        for asPath in [false, true] {
            let (s, c) = canvas(40, 10, background: nil)
            c.setFillColor(.black)
            let r = Rect(x: 10.5, y: 2, width: 9.5, height: 5)
            if asPath {
                // A rotated copy of the rectangle's path forces general scan conversion.
                var p = Path()
                p.move(to: Point(x: 10.5, y: 2)); p.addLine(to: Point(x: 10.5, y: 7))
                p.addLine(to: Point(x: 20, y: 7)); p.addLine(to: Point(x: 20, y: 2)); p.closeSubpath()
                c.fill(p)
            } else {
                c.fill(r)
            }
            for y in 2..<7 {
                #expect(abs(Int(s[10, y].a) - 128) <= 1, "column 10 row \(y): \(s[10, y].a)")
                for x in 11..<20 { #expect(s[x, y].a == 255) }
                #expect(s[20, y].a == 0)
                #expect(s[9, y].a == 0)
            }
            #expect(s[15, 1].a == 0 && s[15, 7].a == 0)
        }
    }

    @Test func alignedOpaqueRectChangesExactlyItsPixels() {
        let (s, c) = canvas(32, 32)
        c.setFillColor(.red)
        c.fill(Rect(x: 4, y: 6, width: 10, height: 7))
        for y in 0..<32 {
            for x in 0..<32 {
                let inside = (4..<14).contains(x) && (6..<13).contains(y)
                #expect(s[x, y] == (inside ? Pixel(r: 255, g: 0, b: 0, a: 255) : Pixel(r: 255, g: 255, b: 255, a: 255)))
            }
        }
    }

    @Test func pentagramCentreFollowsTheRule() {
        for rule in [FillRule.nonZero, .evenOdd] {
            let (s, c) = canvas(100, 100)
            c.fill(Scene.pentagram(50, 50, 45), rule: rule)
            #expect(s[50, 50] == (rule == .nonZero ? Pixel(r: 0, g: 0, b: 0, a: 255) : Pixel(r: 255, g: 255, b: 255, a: 255)))
            // A point inside one of the star's tips is filled either way.
            #expect(s[50, 12] == Pixel(r: 0, g: 0, b: 0, a: 255))
        }
    }

    @Test func clockwiseArcFromZeroToPiCoversTheBottomHalf() {
        let (s, c) = canvas(100, 100)
        var p = Path()
        p.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
        p.closeSubpath()
        c.fill(p)
        #expect(s[50, 80] == Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(s[50, 20] == Pixel(r: 255, g: 255, b: 255, a: 255))
        var q = Path()
        q.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(q.contains(Point(x: 50, y: 20)) && !q.contains(Point(x: 50, y: 80)))
    }

    @Test func coverageSumsToTheExactArea() {
        // A polygon: scan conversion is exact, so the coverage adds up to its area.
        let (s, c) = canvas(64, 64, background: nil)
        var p = Path()
        p.move(to: Point(x: 10.2, y: 10.7)); p.addLine(to: Point(x: 50.3, y: 14.1)); p.addLine(to: Point(x: 30.6, y: 55.9))
        c.fill(p)
        let area = abs((50.3 - 10.2) * (55.9 - 10.7) - (30.6 - 10.2) * (14.1 - 10.7)) / 2
        #expect(abs(total(s) - area) < 0.1)
    }

    @Test func circleLosesNoMoreThanTheFlatteningTolerance() {
        // Curves become chords within 0.1 px, inside the curve: the area lost is at most
        // two thirds of the tolerance times the perimeter.
        let (s, c) = canvas(64, 64, background: nil)
        c.fillEllipse(in: Rect(x: 7.3, y: 9.1, width: 40, height: 40))
        let exact = Double.pi * 400, sag = 2.0 / 3 * 0.1 * Double.pi * 40
        #expect(total(s) <= exact + 0.5 && total(s) >= exact - sag)
    }

    @Test func rectanglesMatchGeneralScanConversion() {
        // The rectangle path (three runs a row) against the same rectangle as a polygon,
        // for rectangles inside one pixel, across two, on whole pixels, cut by the clip and
        // under an anti-aliased clip.
        var random = SplitMix64(seed: 5)
        for trial in 0..<120 {
            let w = trial % 4 == 0 ? random.unit() : random.unit() * 12
            let h = trial % 5 == 0 ? random.unit() : random.unit() * 12
            var x = random.unit() * 20 - 2, y = random.unit() * 20 - 2
            if trial % 7 == 0 { x.round(); y.round() }
            let (fast, a) = canvas(20, 20, background: nil)
            let (slow, b) = canvas(20, 20, background: nil)
            if trial % 3 == 0 {
                a.clip(to: Rect(x: 5, y: 4, width: 9, height: 11))
                b.clip(to: Rect(x: 5, y: 4, width: 9, height: 11))
            } else if trial % 3 == 1 {
                // A fractional clip is an anti-aliased mask: the painters' masked paths.
                a.clip(to: Rect(x: 3.5, y: 2.25, width: 11.5, height: 12.6))
                b.clip(to: Rect(x: 3.5, y: 2.25, width: 11.5, height: 12.6))
            }
            a.setFillColor(.black)
            b.setFillColor(.black)
            a.fill(Rect(x: x, y: y, width: w, height: h))
            var p = Path()
            p.move(to: Point(x: x, y: y)); p.addLine(to: Point(x: x, y: y + h))
            p.addLine(to: Point(x: x + w, y: y + h)); p.addLine(to: Point(x: x + w, y: y)); p.closeSubpath()
            b.fill(p)
            var worst = 0
            for j in 0..<20 { for i in 0..<20 { worst = max(worst, abs(Int(fast[i, j].a) - Int(slow[i, j].a))) } }
            // The polygon accumulates in Float, the rectangle in Double: one level apart at most.
            #expect(worst <= 1, "trial \(trial): \(x), \(y), \(w) x \(h)")
        }
    }

    func total(_ s: Surface) -> Double {
        var sum = 0.0
        for y in 0..<s.height { for x in 0..<s.width { sum += Double(s[x, y].a) / 255 } }
        return sum
    }
}
