import Raster
import Testing

@Suite struct GeometryTests {
    @Test func rectVocabulary() {
        let r = Rect(x: 10, y: 20, width: -4, height: 6)
        #expect(r.minX == 6 && r.maxX == 10 && r.midX == 8)
        #expect(r.standardized == Rect(x: 6, y: 20, width: 4, height: 6))
        #expect(Rect(x: 0.5, y: 0.2, width: 1, height: 1).integral == Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 4))
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).insetBy(dx: 6, dy: 0).isNull)
        #expect(Rect(x: 0, y: 0, width: 2, height: 2).offsetBy(dx: 1, dy: -1) == Rect(x: 1, y: -1, width: 2, height: 2))
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isNull)
        #expect(a.contains(Point(x: 0, y: 0)) && !a.contains(Point(x: 10, y: 5)))
        #expect(a.contains(Rect(x: 1, y: 1, width: 2, height: 2)))
        #expect(!Rect(x: .nan, y: 0, width: 1, height: 1).contains(Point(x: 0, y: 0)))
    }

    @Test func transformsComposeAndInvert() {
        let t = AffineTransform.identity.translatedBy(x: 10, y: 5).scaledBy(x: 2, y: 3).rotated(by: .pi / 2)
        let p = t.apply(to: Point(x: 1, y: 0))
        // Rotate (1,0) a quarter turn clockwise on screen to (0,1), scale to (0,3), move.
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 8) < 1e-12)
        let back = t.inverted()!.apply(to: p)
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y) < 1e-12)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        // A transform with every coefficient in play, composed with its inverse, is the identity.
        let g = AffineTransform(a: 1.5, b: 0.4, c: -0.7, d: 2.2, tx: 13, ty: -9)
        let i = g.concatenating(g.inverted()!)
        #expect([i.a - 1, i.b, i.c, i.d - 1, i.tx, i.ty].allSatisfy { abs($0) < 1e-12 }, "\(i)")
        let box = AffineTransform(rotationAngle: .pi / 4).apply(to: Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(abs(box.width - 2 * 2.0.squareRoot()) < 1e-12)
        let c = AffineTransform(translationX: 1, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(c.apply(to: Point(x: 1, y: 1)) == Point(x: 4, y: 2))
    }

    @Test func surfaceWordsAreRowsWithoutPadding() throws {
        let s = try Surface(width: 2, height: 2)
        s[1, 0] = Pixel(argb: 0x8040_2010)
        s[0, 1] = Pixel(argb: 0xff00_ff00)
        #expect(s.words == [0, 0x8040_2010, 0xff00_ff00, 0])
        #expect(s[5, 5] == .clear)
    }

    @Test func colorsPremultiply() {
        #expect(Color.white.premultiplied == Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied == Pixel(r: 128, g: 64, b: 0, a: 128))
        #expect(Color(red: .nan, green: 2, blue: -1, alpha: 1).premultiplied == Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(Color.orange.premultiplied == Pixel(r: 255, g: 128, b: 0, a: 255))
    }
}
