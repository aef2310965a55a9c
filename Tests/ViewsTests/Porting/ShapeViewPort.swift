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
}
