import Raster
import Views

/// Every specimen of the gallery, in the sections of the catalogue page: one per source
/// document, then UIKit's standard controls, gestures and layout, layers and animation.
public enum Catalog {
    /// The page's sections, in order.
    public static var sections: [CatalogSection] {
        [
            CatalogSection(title: "Rounded rectangle · document 000", specimens: roundedRects),
            CatalogSection(title: "Shapes and shadows · document 001", specimens: shapes),
            CatalogSection(title: "Highlighted buttons · document 002", specimens: buttons),
            CatalogSection(title: "Checkboxes · document 003", specimens: checkboxes),
            CatalogSection(title: "Disabled controls · documents 002 and 003", specimens: disabled),
            CatalogSection(title: "Gradients · document 004", specimens: gradients),
            CatalogSection(
                title: "Standard controls", specimens: standard.filter { !gestureAndLayoutNames.contains($0.name) }),
            CatalogSection(
                title: "Gestures and stack views",
                specimens: standard.filter { gestureAndLayoutNames.contains($0.name) }),
            CatalogSection(title: "Layers", specimens: layers),
            CatalogSection(title: "Animation", specimens: animations),
            CatalogSection(title: "Text", specimens: text)
        ]
    }

    /// The standard specimens shown under "Gestures and stack views".
    static let gestureAndLayoutNames: Set<String> = ["gestures", "stack"]

    /// The specimens, in the order the page shows them.
    public static var all: [Specimen] { sections.flatMap(\.specimens) }

    /// Every specimen's name, in page order.
    public static var names: [String] { all.map(\.name) }

    /// The specimen called `name`.
    public static func specimen(named name: String) -> Specimen? { all.first { $0.name == name } }

    static let doc000 = "000_8e287f5027369785", doc001 = "001_8a1e5d2cc502ffdd", doc002 = "002_09a63e4557e35af9"
    static let doc003 = "003_eba60f9e175bc162", doc004 = "004_a2ad520894e8f66c"

    static var roundedRects: [Specimen] {
        [
            Specimen(
                name: "rounded-rect-default", document: doc000, size: Size(width: 160, height: 100),
                backdrop: .checkerboard
            ) { _ in
                let v = RoundedRectView(frame: Rect(x: 0, y: 0, width: 160, height: 100))
                return v
            },
            Specimen(
                name: "rounded-rect-styled", document: doc000, size: Size(width: 160, height: 100),
                backdrop: .checkerboard
            ) { _ in
                let v = RoundedRectView(frame: Rect(x: 0, y: 0, width: 160, height: 100))
                v.rectColor = Color(red: 0.20, green: 0.50, blue: 0.90)
                v.strokeColor = Color(red: 0.10, green: 0.20, blue: 0.50)
                v.strokeWidth = 4
                v.cornerRadius = 20
                return v
            },
            Specimen(
                name: "rounded-rect-clamped", document: doc000, size: Size(width: 60, height: 40),
                backdrop: .checkerboard
            ) { _ in
                let v = RoundedRectView(frame: Rect(x: 0, y: 0, width: 60, height: 40))
                v.cornerRadius = 30
                v.rectColor = Color(red: 0.95, green: 0.55, blue: 0.15)
                v.strokeColor = Color(red: 0.55, green: 0.25, blue: 0.05)
                return v
            }
        ]
    }

    static func shape(
        _ name: String, size: Size = Size(width: 160, height: 100), backdrop: Specimen.Backdrop = .plain,
        _ configure: @escaping @MainActor @Sendable (ShapeView) -> Void
    ) -> Specimen {
        Specimen(name: name, document: doc001, size: size, backdrop: backdrop) { _ in
            let v = ShapeView(frame: Rect(origin: .zero, size: size))
            v.backgroundColor = Color(red: 0.98, green: 0.98, blue: 1)
            configure(v)
            return v
        }
    }

    static var shapes: [Specimen] {
        let green = ShapeShadow(radius: 10, color: .green, opacity: 1, offset: .zero)
        let soft = ShapeShadow(radius: 6, color: .black, opacity: 0.35, offset: Size(width: 0, height: 3))
        return [
            shape("shape-bubble") { v in
                // The document's first custom path: a capsule with a pointer below it.
                let left = 20.0
                let pointer = 16.0
                v.path = .custom { [unowned v] in
                    let labelHeight = v.frame.height - pointer
                    let radius = labelHeight / 2
                    $0.move(to: Point(x: radius, y: 0))
                    $0.addArc(
                        withCenter: Point(x: v.frame.width - radius, y: radius), radius: radius,
                        startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: true)
                    $0.addLine(to: Point(x: left + pointer, y: labelHeight))
                    $0.addLine(to: Point(x: left + pointer / 2, y: v.frame.height))
                    $0.addLine(to: Point(x: left, y: labelHeight))
                    $0.addArc(
                        withCenter: Point(x: radius, y: radius), radius: radius, startAngle: .pi / 2,
                        endAngle: -.pi / 2, clockwise: true)
                }
                v.outerShadow = soft
            },
            shape("shape-dialog") { v in
                v.path = .dialog(radius: 10, arrowPosition: .right(center: 50, width: 40, height: 20))
                v.outerShadow = green
            },
            shape("shape-cute-dialog") { v in
                v.path = .cuteDialog(radius: 16, arrowPosition: .bottom(center: 40, width: 24, height: 22))
                v.outerShadow = soft
            },
            shape("shape-corner") { v in
                v.path = .corner(radius: 24)
                v.outerShadow = soft
            },
            shape("shape-star", size: Size(width: 110, height: 110)) { v in
                v.path = .star(vertex: 5, extrusion: 20)
                v.backgroundColor = Color(red: 1, green: 0.8, blue: 0.2)
                v.outerShadow = soft
            },
            shape("shape-hollow-corner") { v in
                v.path = .hollowCorner(radius: 12, outlineWidth: 2)
                v.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9)
            },
            shape("shape-multiple", size: Size(width: 110, height: 110)) { v in
                v.path = .multiple(.hollowCorner(radius: 12, outlineWidth: 2), .star(vertex: 5, extrusion: 20))
                v.backgroundColor = Color(red: 0.6, green: 0.2, blue: 0.7)
            },
            shape("shape-inner-shadow") { v in
                v.path = .corner(radius: 20)
                v.backgroundColor = Color(white: 0.93)
                v.innerShadow = ShapeShadow(radius: 6, color: .black, opacity: 0.6, offset: Size(width: 0, height: 4))
            },
            shape("shape-effect", backdrop: .colorful) { v in
                v.path = .dialog(radius: 14, arrowPosition: .bottom(center: 80, width: 24, height: 14))
                v.backgroundColor = Color(white: 1, alpha: 0.25)
                v.effect = BlurEffect(style: .regular)
                v.effectAlpha = 0.9
                let badge = View(frame: Rect(x: 100, y: -10, width: 80, height: 40))
                badge.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.3)
                badge.layer.cornerRadius = 8
                v.addSubview(badge)  // clipped by the shape
            }
        ]
    }

    static var buttons: [Specimen] {
        [
            Specimen(
                name: "highlight-trio", document: doc002, size: Size(width: 3 * 57 + 2 * 16, height: 57),
                backdrop: .plain
            ) { report in
                let icon = CalendarIcon.load()
                let trio = View(frame: Rect(x: 0, y: 0, width: 3 * 57 + 2 * 16, height: 57))
                let plain = ImageView(frame: Rect(x: 0, y: 0, width: 57, height: 57), image: icon)
                let pressed = Button(frame: Rect(x: 73, y: 0, width: 57, height: 57))
                pressed.setImage(icon, for: .normal)
                pressed.isHighlighted = true  // as a held button shows it
                pressed.isUserInteractionEnabled = false
                let function = ImageView(frame: Rect(x: 146, y: 0, width: 57, height: 57))
                do {
                    function.image = try Button.highlightedImage(of: icon, maskAlpha: 0.46)
                } catch {
                    report("highlight-trio: \(error)")
                }
                for v in [plain, pressed, function] as [View] { trio.addSubview(v) }
                return trio
            },
            Specimen(name: "button-image", document: doc002, size: Size(width: 57, height: 57), backdrop: .plain) {
                report in
                let b = Button(frame: Rect(x: 0, y: 0, width: 57, height: 57))
                b.setImage(CalendarIcon.load(), for: .normal)
                b.addAction(for: .touchUpInside) { _, _ in report("button-image: touchUpInside") }
                return b
            },
            Specimen(name: "button-title", document: doc002, size: Size(width: 140, height: 44), backdrop: .plain) {
                report in
                let b = Button(frame: Rect(x: 0, y: 0, width: 140, height: 44))
                b.setTitle("Press me", for: .normal)
                b.setTitleColor(.white, for: .normal)
                b.backgroundColor = Color(red: 0.0, green: 0.48, blue: 1.0)
                b.layer.cornerRadius = 10
                b.layer.shadowOpacity = 0.4
                b.layer.shadowRadius = 4
                b.layer.shadowOffset = Size(width: 0, height: 3)
                var taps = 0
                b.addAction(for: .touchUpInside) { _, _ in
                    taps += 1
                    report("button-title: touchUpInside (\(taps))")
                }
                return b
            }
        ]
    }

    static func checkbox(
        _ name: String, size: Size = Size(width: 40, height: 40), backdrop: Specimen.Backdrop = .dark,
        _ configure: @escaping @MainActor @Sendable (Checkbox) -> Void = { _ in }
    ) -> Specimen {
        Specimen(name: name, document: doc003, size: size, backdrop: backdrop) { report in
            let box = Checkbox(frame: Rect(origin: .zero, size: size))
            configure(box)
            box.addAction(for: .valueChanged) { box, _ in
                report("\(name): valueChanged -> \(box.checked ? "on" : "off")")
            }
            return box
        }
    }

    static var checkboxes: [Specimen] {
        [
            checkbox("checkbox-unchecked"),
            checkbox("checkbox-checked") { $0.checked = true },
            checkbox("checkbox-open-circle") { $0.filled = false },
            checkbox("checkbox-background") { $0.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.1) },
            checkbox("checkbox-wide-frame", size: Size(width: 80, height: 40)) { $0.checked = true },
            checkbox("checkbox-thick-border") { box in
                box.borderWidth = 8
                box.checked = true
            },
            checkbox("checkbox-clear-checkmark", backdrop: .colorful) { box in
                box.checkmarkColor = .clear
                box.checked = true
            }
        ]
    }

    static var gradients: [Specimen] {
        let colors: [Color] = [.red, .orange, .yellow]
        return [
            Specimen(name: "gradient-vertical", document: doc004, size: Size(width: 200, height: 200), backdrop: .plain)
            { _ in
                GradientView(frame: Rect(x: 0, y: 0, width: 200, height: 200), colors: colors)
            },
            Specimen(
                name: "gradient-horizontal", document: doc004, size: Size(width: 160, height: 160), backdrop: .plain
            ) { _ in
                let g = GradientView(frame: Rect(x: 0, y: 0, width: 160, height: 160), colors: colors)
                g.isHorizontal = true
                return g
            },
            Specimen(
                name: "gradient-locations", document: doc004, size: Size(width: 160, height: 160), backdrop: .plain
            ) { _ in
                let g = GradientView(frame: Rect(x: 0, y: 0, width: 160, height: 160), colors: colors)
                g.locations = [0, 0.2, 1]
                return g
            }
        ]
    }
}
