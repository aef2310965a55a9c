import Gallery
import Layers
import Raster
import Testing
import Text
import Views

/// Every public entry point that takes geometry, fed values at the edge of a Double:
/// each call returns or throws, and never traps (a trap ends the whole test process, so
/// the test passing at all is what it checks; the expectations say what came back).
@MainActor
@Suite struct ExtremeValueTests {
    static let extremes: [Double] = [
        1e300, -1e300, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, 1e19, -1e19, .greatestFiniteMagnitude, -0.0
    ]

    /// Each extreme in each place of a rectangle, the others ordinary.
    static var rects: [Rect] {
        extremes.flatMap { v in
            [
                Rect(x: v, y: 1, width: 10, height: 10), Rect(x: 1, y: v, width: 10, height: 10),
                Rect(x: 1, y: 1, width: v, height: 10), Rect(x: 1, y: 1, width: 10, height: v),
                Rect(x: v, y: v, width: v, height: v)
            ]
        }
    }

    static var points: [Point] { extremes.flatMap { [Point(x: $0, y: 3), Point(x: 3, y: $0), Point(x: $0, y: $0)] } }

    @Test func contextDrawingTakesAnyValue() throws {
        let s = try Surface(width: 16, height: 16)
        for r in Self.rects {
            let c = Context(surface: s)
            c.fill(r)
            c.stroke(r)
            c.fillEllipse(in: r)
            c.clear(r)
            c.fill(Path(roundedRect: r, cornerRadius: r.width))
            c.draw(s, in: r)
            c.clip(to: r, mask: s)
            c.blur(r, radius: r.height)
            c.drawLayerGradient(Gradient(colors: [.black, .white]), in: r)
            c.beginTransparencyLayer(in: r)
            c.endTransparencyLayer()
            c.clip(to: r)
            c.fill(Rect(x: 0, y: 0, width: 16, height: 16))
            c.flush()
        }
        for v in Self.extremes {
            let c = Context(surface: s)
            c.saveGState()
            c.lineWidth = v
            c.miterLimit = v
            c.setLineDash(phase: v, lengths: [v, 2])
            c.setShadow(offset: Size(width: v, height: v), blur: v)
            c.stroke(Path(rect: Rect(x: 2, y: 2, width: 8, height: 8)))
            c.restoreGState()
            c.saveGState()
            c.translateBy(x: v, y: 1)
            c.scaleBy(x: v, y: v)
            c.rotate(by: v)
            c.fill(Rect(x: 1, y: 1, width: 4, height: 4))
            c.restoreGState()
            c.addArc(center: Point(x: 8, y: 8), radius: v, startAngle: 0, endAngle: v, clockwise: false)
            c.addArc(tangent1End: Point(x: v, y: 0), tangent2End: Point(x: 0, y: v), radius: v)
            c.fillPath()
            c.drawShadow(
                of: Path(rect: Rect(x: 2, y: 2, width: 4, height: 4)), color: .black, offset: Size(width: v, height: v),
                radius: v)
            c.drawInnerShadow(
                of: Path(rect: Rect(x: 2, y: 2, width: 4, height: 4)), color: .black,
                offset: Size(width: v, height: 1), radius: v)
            c.drawRadialGradient(
                Gradient(colors: [.black, .white]), startCenter: Point(x: v, y: 1), startRadius: v,
                endCenter: Point(x: 8, y: 8), endRadius: v)
            c.drawConicGradient(Gradient(colors: [.black, .white]), center: Point(x: v, y: v), angle: v)
            c.flush()
            _ = Path(ellipseIn: Rect(x: 0, y: 0, width: v, height: v)).length()
            _ = Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)).trimmed(from: v, to: 1)
        }
        for p in Self.points {
            let c = Context(surface: s)
            c.move(to: p)
            c.addLine(to: Point(x: 4, y: 4))
            c.addCurve(to: p, control1: p, control2: Point(x: 1, y: 1))
            c.addQuadCurve(to: Point(x: 2, y: 9), control: p)
            c.strokePath()
            c.drawLinearGradient(Gradient(colors: [.black, .white]), start: p, end: Point(x: 9, y: 9))
            c.flush()
            _ = Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)).contains(p)
        }
        #expect(s.width == 16, "every call returned")
    }

    @Test func surfacesAndSizesRefuseWhatTheyCannotHold() {
        for v in Self.extremes {
            #expect(PixelSize(points: Size(width: v, height: 10), scale: 1) == nil)
            #expect(PixelSize(points: Size(width: 10, height: 10), scale: v) == nil)
            #expect((try? Surface(width: 10, height: 10, scale: v)) != nil, "a bad scale becomes 1")
        }
        #expect(PixelSize(points: Size(width: 10, height: 10), scale: 2) == PixelSize(width: 20, height: 20))
        #expect(PixelSize(points: Size(width: 10, height: 10), scale: 1e300) == nil)
        #expect(PixelSize(points: Size(width: 10, height: 10), scale: .leastNonzeroMagnitude) == nil)
    }

    @Test func layersAndViewsTakeAnyValue() throws {
        let s = try Surface(width: 24, height: 24)
        for r in Self.rects {
            let layer = Layer()
            layer.frame = r
            layer.cornerRadius = r.width
            layer.borderWidth = r.height
            layer.shadowOpacity = 1
            layer.shadowRadius = r.x
            layer.shadowOffset = Size(width: r.y, height: r.x)
            layer.backgroundColor = .black
            layer.opacityValue = r.x
            let host = Layer()
            host.frame = Rect(x: 0, y: 0, width: 24, height: 24)
            host.addSublayer(layer)
            host.render(in: Context(surface: s))
            _ = host.hitTest(Point(x: r.x, y: r.y))

            let root = RootView(size: Size(width: 24, height: 24))
            let view = View(frame: r)
            view.backgroundColor = .black
            let label = Label(frame: r, text: "Vitrine")
            root.addSubview(view)
            root.addSubview(label)
            label.numberOfLines = 0
            _ = root.render(into: s, full: true)
            root.handle(PointerEvent(.press, at: Point(x: r.x, y: r.y), button: 1))
            root.handle(PointerEvent(.move, at: Point(x: r.width, y: r.height), button: 1))
            root.handle(PointerEvent(.release, at: Point(x: r.width, y: r.height), button: 1))
            root.handle(PointerEvent(.scroll(delta: Point(x: r.x, y: r.y)), at: Point(x: 1, y: 1), button: 0))
            root.render(r, into: s)
            _ = root.hitTest(Point(x: r.x, y: r.y))
            root.size = Size(width: r.width, height: r.height)
            _ = root.render(into: s)
        }
        for v in Self.extremes {
            GraphicsBeginImageContextWithOptions(Size(width: v, height: 10), false, v)
            _ = GraphicsGetImageFromCurrentImageContext()
            GraphicsEndImageContext()
            if let font = try? Font(family: "DejaVu Sans", size: v) {
                _ = TextLayout("Vitrine draws text", font: font, width: v, maxHeight: v)
            }
        }
        #expect(s.width == 24, "every call returned")
    }

    @Test func theGalleryRefusesOrClampsAnySizeScaleAndTime() {
        for v in Self.extremes {
            #expect(throws: (any Error).self) { try Gallery.shot(size: Size(width: v, height: 10), scale: 1) }
            #expect(throws: (any Error).self) { try Gallery.shot(size: Size(width: 10, height: 10), scale: v) }
        }
        // A replay's points and a time at the edge run to the end.
        let edge = Self.points.flatMap { [Replay.Action.click($0), .scroll($0), .hover($0)] }
        #expect(throws: Never.self) {
            _ = try Gallery.shot(
                size: Size(width: 320, height: 240), specimen: "button-title", replay: edge, time: .infinity)
        }
    }
}
