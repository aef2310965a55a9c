import Layers
import Raster
import Testing

@testable import Views

/// Views on layers: each view's drawing goes to its own layer's backing store.
@MainActor
@Suite struct LayerBackedViewTests {
    static let red = Pixel(r: 255, g: 0, b: 0, a: 255), blue = Pixel(r: 0, g: 0, b: 255, a: 255)

    /// A plain subclass: fills blue, then erases a stripe with the clear blend mode.
    final class StripedView: View {
        var draws = 0
        override func draw(_ rect: Rect) {
            guard let context = GraphicsGetCurrentContext() else { return }
            draws += 1
            context.setFillColor(.blue)
            context.fill(bounds)
            context.blendMode = .clear
            context.fill(Rect(x: 0, y: 10, width: bounds.width, height: 5))
        }
    }

    @Test func theClearBlendModeErasesOnlyTheViewsOwnPixels() throws {
        let root = RootView(size: Size(width: 60, height: 60))
        let parent = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        parent.backgroundColor = .red
        root.addSubview(parent)
        let v = StripedView(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        parent.addSubview(v)
        let s = try Surface(width: 60, height: 60)
        root.render(into: s)
        #expect(s[30, 30] == Self.blue)
        #expect(s[30, 22] == Self.red, "the red superview shows through the cleared stripe")
        #expect(s[5, 22] == Self.red)
    }

    @Test func drawingOutsideTheBoundsChangesNoPixelThere() throws {
        final class Spilling: View {
            override func draw(_ rect: Rect) {
                guard let context = GraphicsGetCurrentContext() else { return }
                context.setFillColor(.blue)
                context.fill(bounds.insetBy(dx: -10, dy: -10))
                context.setStrokeColor(.blue)
                context.lineWidth = 8
                context.stroke(Path(ellipseIn: bounds.insetBy(dx: -6, dy: -6)))
            }
        }
        for scale in [1.0, 2.0] {
            let root = RootView(size: Size(width: 60, height: 60))
            root.backgroundColor = .red
            root.addSubview(Spilling(frame: Rect(x: 20, y: 20, width: 20, height: 20)))
            let s = try Surface(width: Int(60 * scale), height: Int(60 * scale), scale: scale)
            root.render(into: s)
            var outside = 0
            var inside = 0
            for y in 0..<s.height {
                for x in 0..<s.width {
                    let within =
                        (20 * scale..<40 * scale).contains(Double(x)) && (20 * scale..<40 * scale).contains(Double(y))
                    if within { inside += s[x, y] == Self.blue ? 1 : 0 } else { outside += s[x, y] != Self.red ? 1 : 0 }
                }
            }
            #expect(outside == 0, "scale \(scale): \(outside) pixels changed outside the bounds")
            #expect(inside == Int(400 * scale * scale))
        }
    }

    @Test func aMaskedShadowedViewHasNoShadowOutsideItsMask() throws {
        let root = RootView(size: Size(width: 120, height: 80))
        root.backgroundColor = .white
        let v = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        v.backgroundColor = .blue
        v.layer.shadowOpacity = 1
        v.layer.shadowRadius = 4
        v.layer.shadowOffset = Size(width: 0, height: 6)
        let star = ShapeView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        star.path = .star(vertex: 5, extrusion: 10)
        star.backgroundColor = .black
        v.mask = star
        root.addSubview(v)
        let s = try Surface(width: 120, height: 80)
        root.render(into: s)
        let shape = star.shape
        var outside = 0
        var shadowInside = 0
        for y in 0..<80 {
            for x in 0..<120 {
                let p = Point(x: Double(x) + 0.5 - 20, y: Double(y) + 0.5 - 20)
                // Away from the star's edge by a pixel: inside or outside for sure.
                let near = [(-2.0, 0.0), (2, 0), (0, -2), (0, 2), (-1.5, -1.5), (1.5, 1.5), (-1.5, 1.5), (1.5, -1.5)]
                    .contains { shape.contains(Point(x: p.x + $0.0, y: p.y + $0.1)) != shape.contains(p) }
                if near { continue }
                if !shape.contains(p) { outside += s[x, y] != Pixel(r: 255, g: 255, b: 255, a: 255) ? 1 : 0 }
            }
        }
        // Without the mask, the shadow shows below the view.
        v.mask = nil
        root.render(into: s)
        for x in 25..<55 where s[x, 63].r < 250 { shadowInside += 1 }
        #expect(outside == 0, "\(outside) pixels outside the mask are not the white behind it")
        #expect(shadowInside > 20, "the unmasked view casts a shadow")
    }

    @Test func aViewDrawsOncePerSetNeedsDisplay() throws {
        let root = RootView(size: Size(width: 60, height: 60))
        let v = StripedView(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        root.addSubview(v)
        let s = try Surface(width: 60, height: 60)
        for _ in 0..<10 { root.render(into: s, full: true) }
        #expect(v.draws == 1)
        v.setNeedsDisplay()
        for _ in 0..<10 { root.render(into: s, full: true) }
        #expect(v.draws == 2)
        // A bounds change stretches the store unless the content mode says redraw.
        v.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        root.render(into: s)
        #expect(v.draws == 2)
        v.contentMode = .redraw
        v.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        root.render(into: s)
        #expect(v.draws == 3)
    }

    @Test func viewPropertiesAreTheLayers() {
        let v = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.layer.position == Point(x: 25, y: 40) && v.layer.bounds.size == Size(width: 30, height: 40))
        v.alpha = 0.5
        v.isHidden = true
        v.backgroundColor = .red
        v.clipsToBounds = true
        v.transform = AffineTransform(rotationAngle: .pi / 2)
        #expect(v.layer.opacity == 0.5 && v.layer.isHidden && v.layer.backgroundColor == .red && v.layer.masksToBounds)
        #expect(v.layer.affineTransform() == AffineTransform(rotationAngle: .pi / 2))
        // Turned a quarter about its centre, the frame is the turned box.
        #expect(abs(v.frame.width - 40) < 1e-9 && abs(v.frame.height - 30) < 1e-9 && v.center == Point(x: 25, y: 40))
        #expect(v.layer.delegate === v)
        #expect(GradientView().layer is GradientLayer && ShapeView().layer is ShapeLayer)
    }

    @Test func hitTestingAndConversionFollowTheTransform() {
        let root = RootView(size: Size(width: 200, height: 200))
        let bar = View(frame: Rect(x: 50, y: 90, width: 100, height: 20))
        root.addSubview(bar)
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        // Now upright about (100, 100): 20 wide, 100 tall.
        #expect(root.hitTest(Point(x: 100, y: 60)) === bar)
        #expect(root.hitTest(Point(x: 60, y: 100)) === root)
        let p = bar.convert(Point(x: 0, y: 0), to: root)
        #expect(abs(p.x - 110) < 1e-9 && abs(p.y - 50) < 1e-9)
    }
}
