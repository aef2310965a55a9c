// swift-format-ignore-file
// The document's code as written, with the renames alone: not reformatted.
import Gallery
import Layers
import Raster
import Testing
import Views

// Document 001, ShapeView's README, its code ported: UI/CG prefixes dropped.

/// The demo's constants (the README refers to them without giving them): the gallery's
/// bubble uses these.
enum Const {
    static let height = 16.0
    static let left = 20.0
}

@MainActor
@Suite struct ShapeViewPortTests {
    /// The gallery's shape specimens fill the shape with this colour (the README leaves
    /// it to the demo).
    static let fill = Color(red: 0.98, green: 0.98, blue: 1)

    @Test func theCustomShapeIsTheGallerysBubble() throws {
        try expectSameAsSpecimen("shape-bubble") {
            let view = ShapeView(frame: Rect(x: 0, y: 0, width: 160, height: 100))
            view.backgroundColor = Self.fill  // the demo's colour, not in the README
            view.path = .custom { [unowned view] in
                let labelHeight = view.frame.height - Const.height
                let radius = labelHeight / 2

                $0.move(to: Point(x: radius, y: 0))
                $0.addArc(
                    withCenter: Point(x: view.frame.width - radius, y: radius),
                    radius: radius,
                    startAngle: -.pi / 2,
                    endAngle: .pi / 2,
                    clockwise: true
                )
                $0.addLine(to: Point(x: Const.left + Const.height, y: labelHeight))
                $0.addLine(to: Point(x: Const.left + Const.height / 2, y: view.frame.height))
                $0.addLine(to: Point(x: Const.left, y: labelHeight))
                $0.addArc(
                    withCenter: Point(x: radius, y: radius),
                    radius: radius,
                    startAngle: .pi / 2,
                    endAngle: -.pi / 2,
                    clockwise: true
                )
            }
            // The gallery's soft shadow (the README shows the green one on the dialog).
            view.outerShadow = ShapeShadow(radius: 6, color: .black, opacity: 0.35, offset: Size(width: 0, height: 3))
            return view
        }
    }

    /// The README's dialog demo, in a view of its own as the demo's view controller has it.
    final class DialogDemo: ShapeView {
        func setUp() {
            self.path = .dialog(radius: 10, arrowPosition: .right(center: 50, width: 40, height: 20)) { [unowned self] in
                return self.bounds
            }
            self.outerShadow = ShapeShadow(
                radius: 10,
                color: .green,
                opacity: 1,
                offset: .zero
            )
        }
    }

    @Test func theDialogDemoIsTheGallerysDialog() throws {
        try expectSameAsSpecimen("shape-dialog") {
            let view = DialogDemo(frame: Rect(x: 0, y: 0, width: 160, height: 100))
            view.backgroundColor = Self.fill
            view.setUp()
            return view
        }
    }

    @Test func multipleShapesAreTheGallerys() throws {
        try expectSameAsSpecimen("shape-multiple") {
            let view = ShapeView(frame: Rect(x: 0, y: 0, width: 110, height: 110))
            view.backgroundColor = Color(red: 0.6, green: 0.2, blue: 0.7)
            view.path = .multiple(
                .hollowCorner(radius: 12, outlineWidth: 2) { [unowned view] in
                    view.bounds
                },
                .star(vertex: 5, extrusion: 20) { [unowned view] in
                    view.bounds
                },
                .custom { _ in  // (Changed: a closure without statements names its parameter.)
                    // Add a custom shape here.
                }
            )
            return view
        }
    }

    @Test func theBoundsClosureSaysWhereTheShapeGoes() {
        let view = ShapeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.path = .corner(radius: 4) { Rect(x: 10, y: 10, width: 20, height: 20) }
        #expect(view.shape.boundingBox == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(view.point(inside: Point(x: 15, y: 15)) && !view.point(inside: Point(x: 50, y: 50)))
        view.effect = BlurEffect(style: .light)
        #expect(view.effect?.blurRadius == BlurEffect(style: .light).blurRadius)
    }

    /// "About the Implementation": the hollow shadow the document builds by hand, a shadow
    /// layer cut by an even-odd mask outside the shape and a container masked by the
    /// shape. Under a clear container the shadow shows only outside the shape; under the
    /// gallery's fill it draws what `ShapeView` draws for the dialog demo, but for the
    /// edges: the document's shadow is cast by a filled layer and its fill is masked,
    /// where `ShapeView` casts it from a shadow path and fills the path.
    @Test func theHollowShadowBuiltByHandIsTheGallerysDialog() throws {
        let frame = Rect(x: 0, y: 0, width: 160, height: 100)
        let specimen = try #require(Catalog.specimen(named: "shape-dialog"))
        func demo(_ fill: Color) -> HollowShadowDemo {
            let byHand = HollowShadowDemo(frame: frame)
            byHand.build(
                shapePath: BezierPath(path: ShapePath.dialog(radius: 10, arrowPosition: .right(center: 50, width: 40, height: 20))
                    .path(in: Rect(origin: .zero, size: frame.size))),
                screenPath: BezierPath(rect: Rect(x: -100, y: -100, width: frame.width + 200, height: frame.height + 200)))
            byHand.containerView.backgroundColor = fill
            return byHand
        }
        // Hollow: the picture's own background in the middle, green just outside.
        let hollow = try picture(of: demo(.clear))
        let background = try picture(of: View(frame: frame))
        #expect(hollow[80, 70] == background[80, 70])
        let outside = hollow[20 + 60, 20 - 3]
        #expect(Int(outside.g) - Int(background[80, 17].g) > 40 && outside.r < background[80, 17].r, "\(outside)")
        for scale in [1.0, 2.0] {
            let ported = try picture(of: demo(Self.fill), scale: scale)
            let gallery = try picture(of: specimen.make { _ in }, scale: scale)
            var worst = 0, total = 0
            for y in 0..<ported.height {
                for x in 0..<ported.width {
                    let a = ported[x, y], b = gallery[x, y]
                    let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                    worst = max(worst, d)
                    total += d
                }
            }
            // Edge pixels a few levels apart; on average well under one level.
            #expect(worst <= 12 && Double(total) / Double(ported.width * ported.height) < 0.5,
                    "scale \(scale): worst \(worst), mean \(Double(total) / Double(ported.width * ported.height))")
        }
    }
}

/// The document's structure: a shadow layer view under a container view, each given its
/// mask by the document's code.
@MainActor
final class HollowShadowDemo: View {
    let shadowLayerView = View()
    let containerView = View()
    // The dialog demo's shadow.
    let shadowRadius = 10.0
    let shadowColor = Color.green
    let shadowOpacity: Float = 1
    let shaowOffset = Size.zero

    override init(frame: Rect) {
        super.init(frame: frame)
        shadowLayerView.frame = bounds
        containerView.frame = bounds
        addSubview(shadowLayerView)
        addSubview(containerView)
    }

    func build(shapePath: BezierPath, screenPath: BezierPath) {
        let shadowLayer = ShapeLayer()
        shadowLayer.path = shapePath.path
        if shadowRadius > 0 && shadowColor != .clear {
            shadowLayer.shadowRadius = shadowRadius
            shadowLayer.shadowColor = shadowColor
            shadowLayer.shadowOpacity = shadowOpacity
            shadowLayer.shadowOffset = shaowOffset
            shadowLayer.fillColor = shadowColor
        }
        shadowLayerView.layer.sublayers?.forEach { $0.removeFromSuperlayer() }
        shadowLayerView.layer.insertSublayer(shadowLayer, at: 0)

        let cutLayer = ShapeLayer()
        cutLayer.path = { () -> BezierPath in
            let path = BezierPath()
            path.append(shapePath)
            path.append(screenPath)
            path.usesEvenOddFillRule = true
            return path
        }().path
        cutLayer.fillRule = .evenOdd

        shadowLayerView.layer.mask = cutLayer

        let shapeLayer = ShapeLayer()
        shapeLayer.path = shapePath.path
        containerView.layer.mask = shapeLayer
    }
}
