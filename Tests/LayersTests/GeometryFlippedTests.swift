import Layers
import Raster
import Testing

/// `isGeometryFlipped` and the vertical gravities against Apple's documentation: a flipped
/// layer's geometry is y up for it and its sublayers, its contents are not drawn upside
/// down, and the gravity names are for y up, so that on iOS `.top` shows at the bottom of
/// a layer that is not flipped and at the top of one that is.
@MainActor
@Suite struct GeometryFlippedTests {
    static let red = Color(red: 1, green: 0, blue: 0).premultiplied
    static let blue = Color(red: 0, green: 0, blue: 1).premultiplied

    /// A 10 x 4 image, red in its top row of pixels and blue below.
    static func image() throws -> Image {
        let s = try Surface(width: 10, height: 4)
        s.clear(to: blue)
        for x in 0..<10 { s[x, 0] = red }
        return try Image(surface: s)
    }

    func render(_ l: Layer) throws -> Surface {
        let s = try Surface(width: 40, height: 40)
        l.render(in: Context(surface: s))
        return s
    }

    func layer(gravity: ContentsGravity) throws -> Layer {
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        l.contents = try Self.image()
        l.contentsGravity = gravity
        return l
    }

    @Test func topShowsAtTheBottomUnlessTheGeometryIsFlipped() throws {
        let l = try layer(gravity: .top)
        var s = try render(l)
        // Rows 36...39, upright: red on top.
        #expect(s[20, 36] == Self.red && s[20, 37] == Self.blue && s[20, 35] == .clear)
        l.isGeometryFlipped = true
        #expect(l.contentsAreFlipped())
        s = try render(l)
        // Rows 0...3, still upright.
        #expect(s[20, 0] == Self.red && s[20, 1] == Self.blue && s[20, 4] == .clear)
    }

    @Test func aFlippedLayersSublayersAreLaidOutFromTheBottom() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        root.isGeometryFlipped = true
        let child = Layer()
        child.frame = Rect(x: 0, y: 0, width: 10, height: 4)
        child.contents = try Self.image()
        root.addSublayer(child)
        let s = try render(root)
        // At the bottom left, and upright: two flips (the root's geometry, the child's
        // contents mirrored back) leave the red row on top.
        #expect(s[5, 36] == Self.red && s[5, 39] == Self.blue && s[5, 2] == .clear)
        #expect(child.contentsAreFlipped())
        #expect(root.hitTest(Point(x: 5, y: 38)) === child && root.hitTest(Point(x: 5, y: 2)) === root)
        // In the root's coordinates, which are y up, the child's origin is the root's.
        #expect(child.convert(Point(x: 0, y: 0), to: root) == Point(x: 0, y: 0))
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 0))
        // A flipped layer in a flipped layer is y down again.
        child.isGeometryFlipped = true
        #expect(!child.contentsAreFlipped())
    }
}
