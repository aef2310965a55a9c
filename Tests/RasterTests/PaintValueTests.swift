import Glibc
import TestSupport
import Testing

@testable import Raster

/// Computed values of paints and effects.
@Suite struct PaintValueTests {
    @Test func gradientsInterpolateUnpremultiplied() {
        let (s, c) = canvas(101, 1, background: nil)
        c.drawLinearGradient(
            Gradient(colors: [.red, Color(red: 0, green: 0, blue: 0, alpha: 0)]),
            start: Point(x: 0, y: 0), end: Point(x: 101, y: 0))
        let g = Gradient(colors: [.red, Color(red: 0, green: 0, blue: 0, alpha: 0)])
        #expect(g.color(at: 0.5) == Color(red: 0.5, green: 0, blue: 0, alpha: 0.5))
        let mid = s[50, 0]
        // (0.5, 0, 0) straight at alpha 0.5: premultiplied red 0.25.
        #expect(abs(Int(mid.a) - 128) <= 1 && abs(Int(mid.r) - 64) <= 1 && mid.g == 0 && mid.b == 0)
    }

    @Test func colorFromBytesHoldsTheExactQuotients() {
        // Division at run time is the oracle: the table of `Color(red8:...)` must give
        // the same doubles, so that colours from bytes and from `k / 255` are equal.
        for k in 0...255 {
            let q = Double(k) / 255
            let byte = UInt8(k)
            let c = Color(red8: byte, green8: 255 - byte, blue8: byte / 2, alpha8: byte)
            #expect(c.red.bitPattern == q.bitPattern && c.alpha.bitPattern == q.bitPattern)
            #expect(c.green.bitPattern == (Double(255 - k) / 255).bitPattern)
            #expect(c.blue.bitPattern == (Double(k / 2) / 255).bitPattern)
            #expect(c == Color(red: q, green: Double(255 - k) / 255, blue: Double(k / 2) / 255, alpha: q))
        }
    }

    @Test func wholePixelImageDrawIsABitExactCopy() throws {
        let image = try Surface(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 { image[x, y] = Pixel(r: UInt8(x * 30), g: UInt8(y * 40), b: 9, a: UInt8(200 + x)) }
        }
        let (s, c) = canvas(20, 20, background: nil)
        c.translateBy(x: 3, y: 4)
        c.draw(image, in: Rect(x: 2, y: 1, width: 7, height: 5))
        for y in 0..<5 { for x in 0..<7 { #expect(s[5 + x, 5 + y] == image[x, y]) } }
        #expect(s[4, 5] == .clear && s[12, 5] == .clear)
    }

    @Test(arguments: [2.0, 8.0, 32.0])
    func blurredEdgeFollowsTheGaussianIntegral(sigma: Double) {
        let (s, c) = canvas(700, 3, background: nil)
        c.drawShadow(
            of: Path(rect: Rect(x: 300, y: -400, width: 1000, height: 800)), color: .black, offset: .zero,
            radius: sigma)
        var worst = 0.0
        for x in 0..<700 {
            let expected = 0.5 * erfc((300 - (Double(x) + 0.5)) / (sigma * 2.0.squareRoot()))
            worst = max(worst, abs(Double(s[x, 1].a) / 255 - expected))
        }
        #expect(worst <= 0.02, "sigma \(sigma): worst difference \(worst)")
    }

    @Test func blurOfAUniformSurfaceChangesNothing() throws {
        let (s, c) = canvas(80, 60, background: Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.7))
        let before = try s.copy()
        c.blur(Rect(x: 0, y: 0, width: 80, height: 60), radius: 12)
        c.blur(Rect(x: 10, y: 10, width: 30, height: 30), radius: 1.2)
        #expect(s == before)
    }

    @Test func layerCompositesOnce() {
        // Two overlapping opaque shapes in a layer at alpha 0.5: the overlap is not darker.
        let (s, c) = canvas(100, 50)
        c.alpha = 0.5
        c.beginTransparencyLayer()
        c.setFillColor(.black)
        c.fill(Rect(x: 10, y: 10, width: 50, height: 30))
        c.fill(Rect(x: 40, y: 10, width: 50, height: 30))
        c.endTransparencyLayer()
        #expect(s[20, 20] == s[50, 20])
        #expect(abs(Int(s[50, 20].r) - 127) <= 1)
    }

    @Test func maskClipMultipliesByAlpha() throws {
        let mask = try Surface(width: 2, height: 1)
        mask[0, 0] = Pixel(r: 0, g: 0, b: 0, a: 255)
        mask[1, 0] = Pixel(r: 0, g: 0, b: 0, a: 64)
        let (s, c) = canvas(20, 10, background: nil)
        c.interpolationQuality = .none
        c.clip(to: Rect(x: 0, y: 0, width: 20, height: 10), mask: mask)
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(s[3, 5].a == 255 && s[15, 5].a == 64)
    }
}

/// Invalid paints and effects return promptly and draw nothing or the clamped result.
@Suite struct PaintBadInputTests {
    @Test func gradientStopsAreSanitised() {
        let (s, c) = canvas(40, 10, background: nil)
        c.drawLinearGradient(Gradient(colors: []), start: .zero, end: Point(x: 40, y: 0), options: .extendBoth)
        #expect(s == (try! Surface(width: 40, height: 10)))
        c.drawLinearGradient(Gradient(colors: [.blue]), start: .zero, end: Point(x: 40, y: 0), options: .extendBoth)
        #expect(s[0, 0] == Pixel(r: 0, g: 0, b: 255, a: 255) && s[39, 9] == Pixel(r: 0, g: 0, b: 255, a: 255))
        let g = Gradient(colors: [.red, .blue], locations: [1.5, -3])
        #expect(g.stops.map(\.location) == [0, 1] && g.stops[0].color == .blue)
        let nanStop = Gradient.Stop(color: .red, location: .nan)
        #expect(nanStop.location == 0)
    }

    @Test func degenerateGeometryDrawsNothing() {
        let (s, c) = canvas(40, 40, background: nil)
        let g = Gradient(colors: [.red, .blue])
        c.drawLinearGradient(g, start: Point(x: 5, y: 5), end: Point(x: 5, y: 5), options: .extendBoth)
        c.drawRadialGradient(
            g, startCenter: Point(x: 20, y: 20), startRadius: 0, endCenter: Point(x: 20, y: 20),
            endRadius: 0)
        c.draw(PaintGoldenTests.icon(), in: Rect(x: 5, y: 5, width: 0, height: 10))
        #expect(s == (try! Surface(width: 40, height: 40)))
    }

    @Test(.timeLimit(.minutes(1))) func hugeAndNaNBlurIsClampedAndPrompt() throws {
        // Each out-of-range radius gives exactly what the largest radius gives, and NaN
        // gives no blur; a second canvas draws the same with the radius written out.
        let most = GaussianBlur.maximumSigma
        let all = Rect(x: 0, y: 0, width: 64, height: 64)
        func drawn(_ huge: Bool) -> Surface {
            let (s, c) = canvas(64, 64)
            c.setFillColor(.red)
            c.fill(Rect(x: 20, y: 20, width: 20, height: 20))
            if huge { c.blur(all, radius: .nan) }
            c.blur(all, radius: huge ? 1e9 : most)
            c.setShadow(offset: .zero, blur: huge ? 1e9 : 2 * most, color: .black)
            c.fill(Rect(x: 0, y: 0, width: 4, height: 4))
            c.clearShadow()
            c.drawShadow(
                of: Path(rect: Rect(x: 1, y: 1, width: 3, height: 3)), color: .black, offset: .zero,
                radius: huge ? .infinity : most)
            return s
        }
        let s = drawn(true)
        #expect(s == drawn(false))
        // The blur spread the red square: its middle is no longer pure red.
        #expect(s[30, 30] != Pixel(r: 255, g: 0, b: 0, a: 255))
        let (n, nc) = canvas(64, 64)
        nc.setFillColor(.red)
        nc.fill(Rect(x: 20, y: 20, width: 20, height: 20))
        let unblurred = try n.copy()
        nc.blur(all, radius: .nan)
        #expect(n == unblurred)
    }

    @Test func maskOfAnotherSizeIsScaled() throws {
        let mask = try Surface(width: 1, height: 1)
        mask[0, 0] = Pixel(r: 0, g: 0, b: 0, a: 255)
        let (s, c) = canvas(30, 30, background: nil)
        c.clip(to: Rect(x: 5, y: 5, width: 20, height: 20), mask: mask)
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(s[24, 24].a == 255 && s[4, 4].a == 0 && s[26, 26].a == 0)
    }
}
