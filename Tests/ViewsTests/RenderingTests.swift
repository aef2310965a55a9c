import Testing

@testable import Raster
@testable import Views

@MainActor
@Suite struct RenderingTests {
    @Test func groupOpacityFadesTheSubtreeOnce() throws {
        let root = RootView(size: Size(width: 100, height: 50))
        let group = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        group.alpha = 0.5
        for x in [10.0, 40] {
            let v = View(frame: Rect(x: x, y: 10, width: 50, height: 30))
            v.backgroundColor = .black
            group.addSubview(v)
        }
        root.addSubview(group)
        let s = try Surface(width: 100, height: 50)
        root.render(into: s, full: true)
        #expect(s[20, 20] == s[45, 20])  // the overlap is not darker
        #expect(abs(Int(s[45, 20].r) - 127) <= 1)
    }

    @Test func clipsToBoundsRemovesTheShadow() throws {
        func render(clips: Bool) throws -> Surface {
            let root = RootView(size: Size(width: 100, height: 100))
            let v = View(frame: Rect(x: 30, y: 30, width: 40, height: 40))
            v.backgroundColor = .blue
            v.layer.shadowOpacity = 1
            v.layer.shadowRadius = 4
            v.layer.shadowOffset = Size(width: 0, height: 6)
            v.clipsToBounds = clips
            root.addSubview(v)
            let s = try Surface(width: 100, height: 100)
            root.render(into: s, full: true)
            return s
        }
        let shadowed = try render(clips: false)
        let clipped = try render(clips: true)
        #expect(shadowed[50, 74].r < 200)
        #expect(clipped[50, 74] == Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    func checkboxTree() -> (RootView, Checkbox) {
        let root = RootView(size: Size(width: 400, height: 400))
        root.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.4)
        var target: Checkbox!
        for i in 0..<100 {
            let box = Checkbox(frame: Rect(x: Double(i % 10) * 40, y: Double(i / 10) * 40, width: 40, height: 40))
            box.checked = i % 3 == 0
            root.addSubview(box)
            if i == 55 { target = box }
        }
        return (root, target)
    }

    @Test func togglingOneCheckboxDamagesOnlyItsFrame() throws {
        let (root, box) = checkboxTree()
        let s = try Surface(width: 400, height: 400)
        root.render(into: s)  // the first frame: everything is damaged
        root.handle(PointerEvent(.press, at: Point(x: 220, y: 220)))
        root.handle(PointerEvent(.release, at: Point(x: 220, y: 220)))
        #expect(box.checked != (55 % 3 == 0))
        let damage = root.pendingDamage
        let outset = box.layer.visualOutset
        #expect(damage.allSatisfy { box.frame.insetBy(dx: -outset, dy: -outset).contains($0) })
        let changed = root.render(into: s)
        #expect(changed.count == 1 && changed[0].width <= 40 + 2 * outset + 1)
        let full = try Surface(width: 400, height: 400)
        root.render(into: full, full: true)
        #expect(s == full)
    }

    @Test func damageOnlyRenderEqualsFullRenderAtScaleTwo() throws {
        let (root, box) = checkboxTree()
        let s = try Surface(width: 800, height: 800, scale: 2)
        root.render(into: s)
        box.checked.toggle()
        box.isHighlighted = true
        root.render(into: s)
        let full = try Surface(width: 800, height: 800, scale: 2)
        root.render(into: full, full: true)
        #expect(s == full)
    }
}

@MainActor
@Suite struct ImageViewTests {
    @Test func contentModesPlaceTheImage() throws {
        let image = try Image(surface: Surface(width: 40, height: 20))
        let v = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 100), image: image)
        #expect(v.imageRect == Rect(x: 0, y: 0, width: 100, height: 100))
        v.contentMode = .scaleAspectFit
        #expect(v.imageRect == Rect(x: 0, y: 25, width: 100, height: 50))
        v.contentMode = .scaleAspectFill
        #expect(v.imageRect == Rect(x: -50, y: 0, width: 200, height: 100))
        v.contentMode = .center
        #expect(v.imageRect == Rect(x: 30, y: 40, width: 40, height: 20))
        let scaled = try Image(surface: Surface(width: 40, height: 20, scale: 2))  // 20 x 10 points
        v.image = scaled
        #expect(v.imageRect == Rect(x: 40, y: 45, width: 20, height: 10))
        v.image = nil
        #expect(v.imageRect.isNull)
    }

    @Test func anImageViewDrawsItsImageWhereItsModeSays() throws {
        let image = try Surface(width: 2, height: 2)
        image.clear(to: Pixel(r: 255, g: 0, b: 0, a: 255))
        let root = RootView(size: Size(width: 40, height: 40))
        let v = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40), image: try Image(surface: image))
        v.contentMode = .center
        root.addSubview(v)
        let s = try Surface(width: 40, height: 40)
        root.render(into: s, full: true)
        #expect(s[20, 20] == Pixel(r: 255, g: 0, b: 0, a: 255) && s[10, 10] == Pixel(r: 255, g: 255, b: 255, a: 255))
    }
}

@MainActor
@Suite struct MaskAndShapeTests {
    @Test func aMaskViewsAlphaMasksTheView() throws {
        let root = RootView(size: Size(width: 100, height: 50))
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        v.backgroundColor = .blue
        let mask = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))  // the left half
        mask.backgroundColor = .black
        v.mask = mask
        root.addSubview(v)
        let s = try Surface(width: 100, height: 50)
        root.render(into: s, full: true)
        #expect(s[25, 25] == Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(s[75, 25] == Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func aShapeViewRebuildsItsShapeWithItsBounds() {
        let v = ShapeView(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        var rebuilt: [Rect] = []
        v.didUpdateLayer = { rebuilt.append($0.path?.boundingBox ?? .null) }
        v.path = .corner(radius: 10)
        v.frame = Rect(x: 0, y: 0, width: 200, height: 80)
        #expect(rebuilt == [Rect(x: 0, y: 0, width: 100, height: 60), Rect(x: 0, y: 0, width: 200, height: 80)])
        #expect(v.point(inside: Point(x: 150, y: 40)) && !v.point(inside: Point(x: 1, y: 1)))
    }
}

/// Masks of views larger than any surface.
@MainActor
@Suite struct MaskTests {
    @Test func aMaskedViewWiderThanASurfaceIsStillMasked() throws {
        // The mask is rendered over the visible part of the bounds only; a scratch
        // surface over all 40,000 points could not be made, and the view used to be
        // drawn unmasked.
        let root = RootView(size: Size(width: 100, height: 100))
        var failures = 0
        root.renderFailureHandler = { _, _ in failures += 1 }
        let wide = View(frame: Rect(x: -20_000, y: 0, width: 40_000, height: 100))
        wide.backgroundColor = .red
        let mask = View(frame: Rect(x: 20_010, y: 10, width: 30, height: 30))
        mask.backgroundColor = .black
        wide.mask = mask
        root.addSubview(wide)
        let s = try Surface(width: 200, height: 200, scale: 2)
        root.render(into: s, full: true)
        let red = Pixel(r: 255, g: 0, b: 0, a: 255)
        let white = Pixel(r: 255, g: 255, b: 255, a: 255)
        #expect(s[50, 50] == red && s[20, 20] == red && s[79, 79] == red)
        #expect(s[19, 19] == white && s[80, 80] == white && s[150, 150] == white && s[5, 150] == white)
        #expect(failures == 0)
    }
}

/// The rounded-rectangle view of the first source document.
@MainActor
@Suite struct RoundedRectViewTests {
    @Test func cornersShowWhatIsBeneathUntilABackgroundIsSet() throws {
        let root = RootView(size: Size(width: 100, height: 60))
        root.backgroundColor = .blue
        let v = RoundedRectView(frame: Rect(x: 10, y: 10, width: 80, height: 40))
        v.rectColor = .red
        root.addSubview(v)
        #expect(v.backgroundColor == .clear && !v.isOpaque)
        let s = try Surface(width: 100, height: 60)
        root.render(into: s, full: true)
        let blue = Pixel(r: 0, g: 0, b: 255, a: 255)
        let red = Pixel(r: 255, g: 0, b: 0, a: 255)
        #expect(s[11, 11] == blue, "the corner shows the root")
        #expect(s[50, 30] == red)
        // As a UIView: the background fills the bounds behind the drawing, rounded by the
        // layer's corner radius (the document's cornerRadius rounds its own drawing only).
        v.backgroundColor = .green
        v.layer.cornerRadius = 30
        v.rectColor = .clear
        root.render(into: s)
        let green = Pixel(r: 0, g: 255, b: 0, a: 255)
        #expect(v.backgroundColor == .green)
        #expect(s[50, 30] == green)
        #expect(s[11, 11] == blue)
        v.layer.cornerRadius = 0
        root.render(into: s)
        #expect(s[11, 11] == green, "with no radius the background fills the corners")
        v.isOpaque = true
        #expect(v.isOpaque)
    }
}

/// A drawing operation that runs out of memory draws nothing and is reported.
@MainActor
@Suite struct RenderFailureTests {
    /// A view whose drawing meets a failed allocation, as a context records one.
    final class Starved: View {
        override func draw(_ rect: Rect) {
            guard let context = GraphicsGetCurrentContext() else { return }
            context.noteFailure(.outOfMemory(bytes: 1 << 30))
        }
    }

    @Test func aContextFailureReachesTheRootsHandlerOncePerFrame() throws {
        let root = RootView(size: Size(width: 40, height: 40))
        var reports: [(View, RasterError)] = []
        root.renderFailureHandler = { reports.append(($0, $1)) }
        let starved = Starved(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(starved)
        root.addSubview(Starved(frame: Rect(x: 20, y: 20, width: 10, height: 10)))
        let s = try Surface(width: 40, height: 40)
        root.render(into: s, full: true)
        #expect(reports.count == 1)
        #expect(reports.first?.0 === root && reports.first?.1 == .outOfMemory(bytes: 1 << 30))
        // A frame without the failing drawing reports nothing.
        starved.removeFromSuperview()
        root.subviews.forEach { $0.isHidden = true }
        root.render(into: s, full: true)
        #expect(reports.count == 1)
    }
}
