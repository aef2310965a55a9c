import Layers
import Raster
import Text
import Views

/// The area of a card behind a specimen: plain, a checkerboard, a dark slate or stripes.
@MainActor
final class BackdropView: View {
    let kind: Specimen.Backdrop

    init(frame: Rect, kind: Specimen.Backdrop) {
        self.kind = kind
        super.init(frame: frame)
        // Rounded, but not clipping: a specimen's shadow may reach past the backdrop.
        layer.cornerRadius = 6
        switch kind {
        case .plain: backgroundColor = Color(white: 0.97)
        case .dark: backgroundColor = Color(red: 0.16, green: 0.2, blue: 0.27)
        case .checkerboard, .colorful: backgroundColor = .white
        }
    }

    override func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        context.clip(to: layer.roundedBoundsPath)
        switch kind {
        case .checkerboard:
            context.setFillColor(Color(white: 0.8))
            let side = 8.0
            var y = 0.0
            while y < bounds.height {
                var x = (Int(y / side) % 2 == 0) ? 0.0 : side
                while x < bounds.width {
                    context.fill(Rect(x: x, y: y, width: side, height: side))
                    x += 2 * side
                }
                y += side
            }
        case .colorful:
            let colors: [Color] = [.red, .orange, .yellow, .green, .cyan, .blue, .magenta]
            let w = 14.0
            var i = 0
            var x = -bounds.height
            while x < bounds.width {
                var p = Path()
                p.move(to: Point(x: x, y: bounds.height))
                p.addLine(to: Point(x: x + bounds.height, y: 0))
                p.addLine(to: Point(x: x + bounds.height + w, y: 0))
                p.addLine(to: Point(x: x + w, y: bounds.height))
                context.setFillColor(colors[i % colors.count])
                context.fill(p)
                x += w
                i += 1
            }
        case .plain, .dark:
            break
        }
    }
}

/// A titled card holding one specimen over its backdrop.
@MainActor
final class CardView: View {
    static let padding = 12.0, titleHeight = 22.0

    let specimen: Specimen
    let content: View
    /// The card's size, fixed by its specimen and title: what a stack view arranges.
    private(set) var natural = Size(width: 0, height: 0)

    override var intrinsicContentSize: Size { natural }

    init(specimen: Specimen, report: @escaping (String) -> Void) {
        self.specimen = specimen
        content = specimen.make(report)
        let inner = Size(
            width: specimen.size.width + 2 * CardView.padding, height: specimen.size.height + 2 * CardView.padding)
        let titleWidth = (try? Text.Font.system(size: 11))?.advance(of: specimen.title) ?? 100
        let width = (max(inner.width, titleWidth + 20) + 12).rounded(.up)
        super.init(frame: Rect(x: 0, y: 0, width: width, height: CardView.titleHeight + inner.height + 6))
        backgroundColor = .white
        layer.cornerRadius = 10
        layer.borderWidth = 1
        layer.borderColor = Color(white: 0.85)
        natural = Size(width: width, height: CardView.titleHeight + inner.height + 6)
        let title = Label(
            frame: Rect(x: 8, y: 3, width: width - 16, height: 18), text: specimen.title,
            font: try? Text.Font.system(size: 11))
        title.textColor = Color(white: 0.3)
        // The specimen carries the title as its label: the card's own is not read twice.
        title.isAccessibilityElement = false
        addSubview(title)
        let backdrop = BackdropView(
            frame: Rect(
                x: ((width - inner.width) / 2).rounded(.down), y: CardView.titleHeight, width: inner.width,
                height: inner.height), kind: specimen.backdrop)
        addSubview(backdrop)
        content.frame = Rect(
            x: CardView.padding, y: CardView.padding, width: specimen.size.width, height: specimen.size.height)
        backdrop.addSubview(content)
        CardView.describe(content, as: specimen)
    }

    /// Gives a specimen's view its name as identifier and its title as label (unless it
    /// has a label of its own, a button's title say); a specimen that is only a picture
    /// (no control inside) becomes an element with the image trait, so that it is found
    /// and read all the same.
    static func describe(_ content: View, as specimen: Specimen) {
        content.accessibilityIdentifier = specimen.name
        if content.accessibilityLabel == nil { content.accessibilityLabel = specimen.title }
        if !content.isAccessibilityElement && AccessibilityNode.tree(of: content).children.isEmpty {
            content.isAccessibilityElement = true
            content.accessibilityTraits.insert(.image)
        }
    }
}
