import Foundation
import TestSupport
import Testing

@testable import Raster

/// What the layer tree needs of the renderer: conic gradients, trimmed paths, images and
/// whole-pixel compositing.
@Suite struct LayerSupportTests {
    @Test func conicGradientTurnsClockwiseFromItsAngle() {
        let (s, c) = canvas(101, 101, background: nil)
        c.drawConicGradient(Gradient(colors: [.black, .white]), center: Point(x: 50.5, y: 50.5), angle: 0)
        // t = angle from the +x direction, clockwise on screen (y down), over 2π; the grey
        // level is t. Below the centre is a quarter turn, left a half, above three quarters.
        for (x, y, t) in [(90, 50, 0.0), (50, 90, 0.25), (10, 50, 0.5), (50, 10, 0.75), (80, 80, 0.125)] {
            let dx = Double(x) + 0.5 - 50.5
            let dy = Double(y) + 0.5 - 50.5
            var expected = atan2(dy, dx) / (2 * .pi)
            if expected < 0 { expected += 1 }
            #expect(abs(expected - t) < 0.02)
            #expect(abs(Double(s[x, y].r) - expected * 255) <= 2, "(\(x), \(y)): \(s[x, y].r) for t \(expected)")
        }
    }

    @Test func aTrimmedPathKeepsTheFractionOfItsLength() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 100, y: 0))
        p.addLine(to: Point(x: 100, y: 100))
        #expect(abs(p.length() - 200) < 1e-9)
        let half = p.trimmed(from: 0, to: 0.5)
        #expect(abs(half.length() - 100) < 1e-9 && half.boundingBox == Rect(x: 0, y: 0, width: 100, height: 0))
        let middle = p.trimmed(from: 0.25, to: 0.75)
        #expect(abs(middle.length() - 100) < 1e-9)
        #expect(middle.boundingBox == Rect(x: 50, y: 0, width: 50, height: 50))
        #expect(p.trimmed(from: 0.6, to: 0.4).isEmpty && p.trimmed(from: .nan, to: 1) == p)
        // A circle keeps its curve: half of it is half its length.
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(abs(circle.trimmed(from: 0, to: 0.5).length() - 50 * .pi) < 0.05)
    }

    @Test func anImageIsACopyWithAScale() throws {
        let s = try Surface(width: 4, height: 2, scale: 2)
        s[0, 0] = Pixel(r: 255, g: 0, b: 0, a: 255)
        let image = try Image(surface: s)
        s[0, 0] = .clear
        #expect(image[0, 0] == Pixel(r: 255, g: 0, b: 0, a: 255), "drawing on the surface leaves the image alone")
        #expect(image.scale == 2 && image.size == Size(width: 2, height: 1) && image.pixelWidth == 4)
    }

    @Test func namedImagesPickTheirScale() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-image-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Surface(width: 3, height: 3).writePNG(to: dir.appendingPathComponent("icon.png").path)
        try Surface(width: 6, height: 6).writePNG(to: dir.appendingPathComponent("icon@2x.png").path)
        let one = try Image.named("icon", in: dir.path, scale: 1)
        let two = try Image.named("icon", in: dir.path, scale: 2)
        #expect(one.scale == 1 && one.pixelWidth == 3 && two.scale == 2 && two.pixelWidth == 6)
        #expect(one.size == two.size)
        #expect(try Image(contentsOfFile: dir.appendingPathComponent("icon@2x.png").path).scale == 2)
        // Only a 1x file: used at every scale.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("icon@2x.png"))
        #expect(try Image.named("icon", in: dir.path, scale: 2).scale == 1)
        #expect(throws: RasterError.self) { try Image.named("missing", in: dir.path) }
    }

    /// An image and a mask with every kind of pixel, for the fast paths.
    static func pattern(_ w: Int, _ h: Int) throws -> Surface {
        let image = try Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt8((x * 37 + y * 11) % 256)
                image[x, y] = Pixel(r: min(a, UInt8((x * 5) % 256)), g: min(a, UInt8(y * 9 % 256)), b: a / 2, a: a)
            }
        }
        return image
    }

    @Test func wholePixelCompositingEqualsSampling() throws {
        // Drawn at a whole-pixel offset, an image is composited row by row; a hair off, it
        // is sampled. Both must give the same pixels, with alpha and a blend mode.
        let image = try Self.pattern(23, 17)
        for (alpha, mode) in [(1.0, BlendMode.normal), (0.6, .normal), (1, .multiply), (0.8, .copy)] {
            let (fast, f) = canvas(40, 30, background: Color(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.8))
            let (slow, g) = canvas(40, 30, background: Color(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.8))
            for c in [f, g] {
                c.alpha = alpha
                c.blendMode = mode
            }
            f.draw(image, in: Rect(x: 5, y: 6, width: 23, height: 17))
            g.draw(image, in: Rect(x: 5 + 1e-9, y: 6, width: 23, height: 17))
            #expect(fast == slow, "alpha \(alpha), \(mode)")
        }
    }

    @Test func aCachedFillShadowIsTheBlurredOne() throws {
        func draw(_ cache: ShadowCache?, alpha: Double = 0.3, offset: Double = 0) throws -> Surface {
            let (s, c) = canvas(60, 60, background: Color(red: 0.1, green: 0.2, blue: 0.3))
            c.fillShadowCache = cache
            c.translateBy(x: 0.25 + offset, y: 0.5)
            c.setShadow(offset: Size(width: 0.1, height: -0.1), blur: 2.5, color: .black)
            c.setFillColor(Color(red: 1, green: 1, blue: 1, alpha: alpha))
            c.fill(Path(ellipseIn: Rect(x: 10, y: 10, width: 36, height: 36)))
            return s
        }
        let cache = ShadowCache()
        let plain = try draw(nil)
        #expect(try draw(cache) == plain)
        #expect(cache.fillCount == 1)
        #expect(try draw(cache) == plain, "drawn again from the cache")
        // Anything the shadow depends on is part of the key: another alpha, another place.
        #expect(try draw(cache, alpha: 0.6) == draw(nil, alpha: 0.6))
        #expect(try draw(cache, offset: 3) == draw(nil, offset: 3))
    }

    @Test func wholePixelMaskClipEqualsSampling() throws {
        let mask = try Self.pattern(23, 17)
        let (fast, f) = canvas(40, 30, background: .white)
        let (slow, g) = canvas(40, 30, background: .white)
        f.clip(to: Rect(x: 5, y: 6, width: 23, height: 17), mask: mask)
        g.clip(to: Rect(x: 5 + 1e-9, y: 6, width: 23, height: 17), mask: mask)
        for c in [f, g] {
            c.setFillColor(.blue)
            c.fill(Rect(x: 0, y: 0, width: 40, height: 30))
        }
        #expect(fast == slow)
        #expect(fast[4, 10] == Pixel(r: 255, g: 255, b: 255, a: 255) && fast[6, 7] != fast[4, 10])
    }
}
