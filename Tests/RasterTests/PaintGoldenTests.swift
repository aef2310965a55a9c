import Raster
import RasterScenes
import TestSupport
import Testing

private let golden = Golden(for: #filePath)

/// Golden pictures of gradients, images, layers and shadows.
@Suite struct PaintGoldenTests {
    let suite = "Paint"
    let rainbow = Gradient(colors: [.red, .orange, .yellow, .green, .blue])

    /// Independent check: `CairoOracleTests` (linear, linear-no-extend).
    @Test func linearGradientsWithEachExtendOption() {
        let (s, c) = canvas(240, 200)
        let g = Gradient(colors: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0.5)], locations: [0.2, 0.8])
        for (i, options) in [GradientOptions(), .extendBefore, .extendAfter, .extendBoth].enumerated() {
            let r = Rect(x: 10 + Double(i % 2) * 115, y: 10 + Double(i / 2) * 95, width: 105, height: 85)
            c.saveGState()
            c.clip(to: r)
            c.drawLinearGradient(
                g, start: Point(x: r.minX + 25, y: r.minY + 20), end: Point(x: r.maxX - 25, y: r.maxY - 20),
                options: options)
            c.restoreGState()
        }
        golden.expect(s, suite: suite, name: "linear-extend")
    }

    /// Independent check: `CairoOracleTests` (radial-*, the focus outside the end circle
    /// included).
    @Test func radialGradientsBetweenTwoCircles() {
        let (s, c) = canvas(300, 110)
        let g = Gradient(colors: [.white, .blue, Color(red: 0, green: 0, blue: 0, alpha: 0)])
        for (i, options) in [GradientOptions(), .extendBoth].enumerated() {
            let ox = 10 + Double(i) * 145
            c.saveGState()
            c.clip(to: Rect(x: ox, y: 5, width: 135, height: 100))
            c.drawRadialGradient(
                g, startCenter: Point(x: ox + 50, y: 40), startRadius: 5,
                endCenter: Point(x: ox + 70, y: 55), endRadius: 45, options: options)
            c.restoreGState()
        }
        golden.expect(s, suite: suite, name: "radial")
    }

    /// Independent check: `CairoOracleTests` fills paths with a gradient of uneven
    /// locations.
    @Test func gradientLocationsAndPathPaint() {
        let (s, c) = canvas(220, 120)
        let g = Gradient(colors: [.red, .orange, .yellow], locations: [0, 0.2, 1])
        c.fill(
            Scene.pentagram(60, 60, 55),
            paint: .linearGradient(
                g, start: Point(x: 5, y: 0), end: Point(x: 115, y: 0),
                options: .extendBoth))
        c.lineWidth = 8
        c.stroke(
            Path(ellipseIn: Rect(x: 130, y: 20, width: 80, height: 80)),
            paint: .linearGradient(
                rainbow, start: Point(x: 130, y: 20), end: Point(x: 210, y: 100), options: .extendBoth))
        golden.expect(s, suite: suite, name: "locations-path")
    }

    /// Independent check: the colours sampled below, from the stops and CAGradientLayer's
    /// unit-square geometry.
    @Test func layerGradientDiagonalOnANonSquareRect() {
        let (s, c) = canvas(300, 100)
        c.drawLayerGradient(
            rainbow, in: Rect(x: 10, y: 10, width: 280, height: 80), startPoint: Point(x: 0, y: 0),
            endPoint: Point(x: 1, y: 1))
        golden.expect(s, suite: suite, name: "layer-diagonal")
        // In the unit square of the layer, t = (u + v) / 2 along (0, 0) → (1, 1); five
        // evenly spaced stops: the colour is the mix of the two stops around t.
        let stops: [(Double, Double, Double)] = [(1, 0, 0), (1, 0.5, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1)]
        for (x, y) in [(40, 20), (150, 50), (200, 30), (100, 85), (270, 80)] {
            let u = (Double(x) + 0.5 - 10) / 280
            let v = (Double(y) + 0.5 - 10) / 80
            let t = (u + v) / 2 * 4
            let k = min(Int(t), 3)
            let f = t - Double(k)
            let want = [
                stops[k].0 + (stops[k + 1].0 - stops[k].0) * f, stops[k].1 + (stops[k + 1].1 - stops[k].1) * f,
                stops[k].2 + (stops[k + 1].2 - stops[k].2) * f
            ].map { Int(($0 * 255).rounded()) }
            let p = s[x, y]
            #expect(
                abs(Int(p.r) - want[0]) <= 3 && abs(Int(p.g) - want[1]) <= 3 && abs(Int(p.b) - want[2]) <= 3,
                "(\(x), \(y)): \(p), the gradient \(want)")
        }
    }

    static func icon() -> Surface {
        let (s, c) = canvas(16, 16, background: nil)
        c.setFillColor(.white)
        c.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 4))
        c.setFillColor(.red)
        c.fill(Rect(x: 0, y: 0, width: 16, height: 5))
        c.setFillColor(.black)
        c.fill(Rect(x: 4, y: 8, width: 3, height: 3))
        c.fill(Rect(x: 9, y: 8, width: 3, height: 3))
        return s
    }

    /// Independent check: `CairoOracleTests` (image-nearest, image-bilinear,
    /// image-rotated-bilinear).
    @Test func imagesAtFractionalOffsetsScaledAndRotated() {
        let icon = Self.icon()
        let (s, c) = canvas(200, 80)
        c.draw(icon, in: Rect(x: 5.5, y: 5.25, width: 16, height: 16))
        c.draw(icon, in: Rect(x: 30, y: 5, width: 48, height: 32))
        c.interpolationQuality = .none
        c.draw(icon, in: Rect(x: 85, y: 5, width: 48, height: 48))
        c.interpolationQuality = .bilinear
        c.saveGState()
        c.translateBy(x: 165, y: 40)
        c.rotate(by: .pi / 5)
        c.alpha = 0.8
        c.draw(icon, in: Rect(x: -16, y: -16, width: 32, height: 32))
        c.restoreGState()
        golden.expect(s, suite: suite, name: "images")
    }

    /// Independent check: the shadow's Gaussian tail in `ReadmeExampleTests` and the blur
    /// against its formula in `GaussianBlurTests`; the layer's alpha by
    /// `LayerSupportTests.wholePixelCompositingEqualsSampling`.
    @Test func layersWithAlphaAndShadow() {
        let (s, c) = canvas(220, 120)
        c.alpha = 0.5
        c.setShadow(offset: Size(width: 4, height: 6), blur: 8, color: .black)
        c.beginTransparencyLayer()
        c.setFillColor(.red)
        c.fillEllipse(in: Rect(x: 20, y: 20, width: 70, height: 70))
        c.setFillColor(.blue)
        c.fillEllipse(in: Rect(x: 60, y: 20, width: 70, height: 70))
        c.endTransparencyLayer()
        c.alpha = 1
        c.setFillColor(.green)
        c.fill(Path(roundedRect: Rect(x: 150, y: 30, width: 50, height: 50), cornerRadius: 10))
        golden.expect(s, suite: suite, name: "layer-alpha-shadow")
    }

    /// Independent check: `GaussianBlurTests` (the blur against the Gaussian) and the
    /// shadow tail in `ReadmeExampleTests`.
    @Test func outerAndInnerShadowsOfARoundedRectAndAStar() {
        let (s, c) = canvas(260, 130)
        let rounded = Path(roundedRect: Rect(x: 20, y: 20, width: 100, height: 80), cornerRadius: 16)
        let star = Scene.pentagram(190, 62, 50)
        c.drawShadow(of: rounded, color: .black, opacity: 0.6, offset: Size(width: 0, height: 4), radius: 6)
        c.setFillColor(Color(white: 0.95))
        c.fill(rounded)
        c.drawInnerShadow(of: rounded, color: .black, opacity: 0.8, offset: Size(width: 2, height: 3), radius: 4)
        c.drawShadow(of: star, color: .green, offset: .zero, radius: 8, outsideOnly: true)
        c.drawInnerShadow(of: star, color: .blue, offset: .zero, radius: 5)
        golden.expect(s, suite: suite, name: "shadows")
    }

    /// Independent check: `BackdropBlurTests`, the blur of the backdrop against the
    /// Gaussian computed there.
    @Test func backdropBlur() {
        let (s, c) = canvas(160, 100)
        for i in 0..<8 {
            c.setFillColor(i % 2 == 0 ? .red : .blue)
            c.fill(Rect(x: Double(i) * 20, y: 0, width: 10, height: 100))
        }
        c.blur(Rect(x: 30, y: 20, width: 100, height: 60), radius: 6)
        golden.expect(s, suite: suite, name: "backdrop-blur")
    }
}
