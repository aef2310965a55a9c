import Gallery
import Raster
import Testing
import Views

/// Renders a view alone on a root of its size, over a colour that shows through
/// transparent parts, at a scale.
@MainActor
func picture(of view: View, scale: Double = 1, background: Color = Color(red: 0.2, green: 0.6, blue: 0.3)) throws
    -> Surface
{
    let size = view.frame.size
    let root = RootView(size: Size(width: size.width + 40, height: size.height + 40))
    root.backgroundColor = background
    view.frame = Rect(origin: Point(x: 20, y: 20), size: size)
    root.addSubview(view)
    let s = try Surface(width: Int((size.width + 40) * scale), height: Int((size.height + 40) * scale), scale: scale)
    root.render(into: s)
    return s
}

/// Expects a ported view to draw the same pixels as the gallery's specimen `name`, at
/// scales 1 and 2.
@MainActor
func expectSameAsSpecimen(_ name: String, _ port: () -> View, sourceLocation: SourceLocation = #_sourceLocation) throws
{
    let specimen = try #require(Catalog.specimen(named: name), sourceLocation: sourceLocation)
    for scale in [1.0, 2.0] {
        let ported = try picture(of: port(), scale: scale)
        let gallery = try picture(of: specimen.make { _ in }, scale: scale)
        #expect(
            ported == gallery, "\(name) at scale \(scale): the port differs from the gallery's specimen",
            sourceLocation: sourceLocation)
    }
}
