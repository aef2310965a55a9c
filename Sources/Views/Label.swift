import Raster
import Text

/// A view that draws text (`UILabel`): a font, a colour, an alignment, a number of
/// lines and truncation with an ellipsis. Vertically, the text is centred in the bounds,
/// as UIKit does.
@MainActor
open class Label: View {
    /// The text; nil draws nothing.
    public var text: String? { didSet { setNeedsDisplay() } }
    /// The font; default the system face at 17 points. Nil when no font is installed
    /// (the label then draws nothing).
    public var font: Font? { didSet { setNeedsDisplay() } }
    /// The colour of the text; default black.
    public var textColor: Color = .black { didSet { setNeedsDisplay() } }
    /// The horizontal alignment; default left.
    public var textAlignment: TextAlignment = .left { didSet { setNeedsDisplay() } }
    /// The most lines drawn, 0 for as many as fit; default 1 (`numberOfLines`).
    public var numberOfLines = 1 { didSet { setNeedsDisplay() } }
    /// What happens to text that does not fit; default truncating the tail.
    public var lineBreak: LineBreak = .truncateTail { didSet { setNeedsDisplay() } }

    /// The system face at 17 points, when fontconfig has one.
    public static var defaultFont: Font? { try? Font.system(size: 17) }

    /// Creates a label.
    public init(frame: Rect = .zero, text: String? = nil, font: Font? = Label.defaultFont) {
        self.text = text
        self.font = font
        super.init(frame: frame)
    }

    override open func draw(_ rect: Rect, in context: Context) {
        guard let text, let font, !text.isEmpty else { return }
        let mode: LineBreak = numberOfLines == 1 ? .truncateTail : lineBreak
        let layout = TextLayout(text, font: font, width: bounds.width, maxLines: numberOfLines, maxHeight: bounds.height,
                                lineBreak: mode)
        let y = bounds.minY + max(0, (bounds.height - layout.height) / 2)
        context.draw(layout, in: Rect(x: bounds.minX, y: y, width: bounds.width, height: layout.height), color: textColor,
                     alignment: textAlignment)
    }
}
