import Layers
import Raster
import Text
import Views

extension Catalog {
    /// Core Animation under the views: masks that cut shadows, the gradient geometries,
    /// transforms about the anchor point, and a view's own backing store.
    static var layers: [Specimen] {
        [
            Specimen(name: "layer-mask-shadow", document: doc001, size: Size(width: 120, height: 120), backdrop: .plain)
            { _ in
                // The problem document 001 starts from: a shadowed view masked by a shape
                // loses the shadow outside the shape, as Core Animation has it.
                let holder = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
                let card = View(frame: Rect(x: 15, y: 10, width: 90, height: 90))
                card.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
                card.layer.shadowOpacity = 0.8
                card.layer.shadowRadius = 4
                card.layer.shadowOffset = Size(width: 0, height: 8)
                let star = ShapeLayer()
                star.frame = card.bounds
                star.path = ShapePath.star(vertex: 5, extrusion: 22).path(in: card.bounds.insetBy(dx: 4, dy: 4))
                card.layer.mask = star
                holder.addSubview(card)
                return holder
            },
            Specimen(name: "gradient-radial", document: doc004, size: Size(width: 160, height: 110), backdrop: .plain) {
                _ in
                let g = GradientView(
                    frame: Rect(x: 0, y: 0, width: 160, height: 110),
                    colors: [.white, Color(red: 0.3, green: 0.6, blue: 1), Color(red: 0.05, green: 0.1, blue: 0.4)])
                g.gradientLayer.type = .radial
                g.gradientLayer.startPoint = Point(x: 0.5, y: 0.5)
                g.gradientLayer.endPoint = Point(x: 1, y: 1)
                return g
            },
            Specimen(name: "gradient-conic", document: doc004, size: Size(width: 110, height: 110), backdrop: .plain) {
                _ in
                let g = GradientView(
                    frame: Rect(x: 0, y: 0, width: 110, height: 110),
                    colors: [.red, .yellow, .green, .cyan, .blue, .magenta, .red])
                g.gradientLayer.type = .conic
                g.gradientLayer.startPoint = Point(x: 0.5, y: 0.5)
                g.gradientLayer.endPoint = Point(x: 0.5, y: 0)
                g.layer.cornerRadius = 55
                g.clipsToBounds = true
                return g
            },
            Specimen(
                name: "layer-transform", document: doc004, size: Size(width: 160, height: 120), backdrop: .checkerboard
            ) { _ in
                let holder = View(frame: Rect(x: 0, y: 0, width: 160, height: 120))
                // The card turns and shrinks about its left-middle point, marked by a dot.
                let card = Label(
                    frame: Rect(x: 30, y: 40, width: 110, height: 44), text: "anchor (0, 0.5)",
                    font: try? Text.Font.system(size: 12))
                card.textAlignment = .center
                card.backgroundColor = .white
                card.layer.cornerRadius = 8
                card.layer.borderWidth = 1.5
                card.layer.borderColor = Color(red: 0.2, green: 0.45, blue: 0.9)
                card.layer.anchorPoint = Point(x: 0, y: 0.5)
                card.layer.position = Point(x: 30, y: 62)
                card.transform = AffineTransform(rotationAngle: -.pi / 9).scaledBy(x: 0.9, y: 0.9)
                holder.addSubview(card)
                let dot = View(frame: Rect(x: 26, y: 58, width: 8, height: 8))
                dot.backgroundColor = .red
                dot.layer.cornerRadius = 4
                holder.addSubview(dot)
                return holder
            },
            Specimen(
                name: "clear-blend-view", document: doc003, size: Size(width: 140, height: 80), backdrop: .colorful
            ) { _ in
                ClearStripeView(frame: Rect(x: 0, y: 0, width: 140, height: 80))
            },
            Specimen(name: "contents-center", document: uikit, size: Size(width: 200, height: 80), backdrop: .plain) {
                _ in
                // One 24 x 24 bubble image stretched twice: whole on the left, by nine
                // parts on the right, where its corners keep their size.
                let holder = View(frame: Rect(x: 0, y: 0, width: 200, height: 80))
                let bubble = ContentsCenterBubble.image()
                for (i, center) in [Rect(x: 0, y: 0, width: 1, height: 1), ContentsCenterBubble.center].enumerated() {
                    let l = Layer()
                    l.frame = Rect(x: 6 + Double(i) * 100, y: 10, width: 88, height: 60)
                    l.contents = bubble
                    l.contentsCenter = center
                    holder.layer.addSublayer(l)
                }
                return holder
            },
            Specimen(name: "layer-perspective", document: uikit, size: Size(width: 200, height: 120), backdrop: .plain)
            { _ in
                // A card turned 30 degrees about y, seen from 500 points away: its right
                // edge recedes and shortens.
                let holder = View(frame: Rect(x: 0, y: 0, width: 200, height: 120))
                holder.layer.addSublayer(PerspectiveCard.layer())
                return holder
            },
            Specimen(name: "corner-curve", document: uikit, size: Size(width: 200, height: 100), backdrop: .plain) {
                _ in
                // The same square with a 24-point radius: circular corners on the left,
                // iOS's continuous corners on the right.
                let holder = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
                for (i, curve) in [CornerCurve.circular, .continuous].enumerated() {
                    let l = Layer()
                    l.frame = CornerCurveSquares.frame(i)
                    l.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
                    l.cornerRadius = CornerCurveSquares.radius
                    l.cornerCurve = curve
                    holder.layer.addSublayer(l)
                }
                return holder
            }
        ]
    }
}

/// The card of the `layer-perspective` specimen: 120 x 80 about the centre of a
/// 200 x 120 view, turned `angle` about y under a perspective of `m34 = -1 / distance`.
@MainActor
enum PerspectiveCard {
    static let angle = Double.pi / 6
    static let distance = 500.0
    static let size = Size(width: 120, height: 80)
    static let center = Point(x: 100, y: 60)

    static func layer() -> Layer {
        let card = Layer()
        card.bounds = Rect(origin: .zero, size: size)
        card.position = center
        card.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
        card.borderColor = Color(red: 0.05, green: 0.15, blue: 0.4)
        card.borderWidth = 4
        var t = Transform3D.identity
        t.m34 = -1 / distance
        card.transform = t.rotated(by: angle, x: 0, y: 1, z: 0)
        return card
    }
}

/// The two squares of the `corner-curve` specimen.
enum CornerCurveSquares {
    static let radius = 24.0
    static func frame(_ i: Int) -> Rect { Rect(x: 10 + Double(i) * 100, y: 10, width: 80, height: 80) }
}

/// The bubble image of the `contents-center` specimen: a 24 x 24 rounded square with a
/// 10-point corner radius and a dark rim, stretchable in its middle 4 x 4 points.
@MainActor
enum ContentsCenterBubble {
    static let center = Rect(x: 10.0 / 24, y: 10.0 / 24, width: 4.0 / 24, height: 4.0 / 24)

    static func image() -> Image {
        let s = try! Surface(width: 24, height: 24)
        let c = Context(surface: s)
        c.setFillColor(Color(red: 0.25, green: 0.55, blue: 0.95))
        c.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 24, height: 24), cornerRadius: 10))
        c.setStrokeColor(Color(red: 0.1, green: 0.2, blue: 0.5))
        c.lineWidth = 2
        c.stroke(Path(roundedRect: Rect(x: 1, y: 1, width: 22, height: 22), cornerRadius: 9))
        return try! Image(surface: s)
    }
}

/// A plain view subclass that paints a card and then erases a stripe of it with the
/// clear blend mode (the checkbox answer's trick): the backdrop shows through the stripe
/// and nowhere else, because the view draws into its own layer.
@MainActor
final class ClearStripeView: View {
    override func draw(_ rect: Rect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(Color(white: 0.97))
        context.fill(Path(roundedRect: bounds.insetBy(dx: 4, dy: 4), cornerRadius: 12))
        context.setStrokeColor(Color(white: 0.4))
        context.lineWidth = 2
        context.stroke(Path(roundedRect: bounds.insetBy(dx: 5, dy: 5), cornerRadius: 11))
        context.blendMode = .clear
        context.fill(Rect(x: 0, y: bounds.midY - 8, width: bounds.width, height: 16))
    }
}
