import Raster
import Text
import Views

/// The gallery page: a titled card per specimen, in the order of the source documents,
/// flowing in rows that reflow with the width, in a scroll view (wheel, keys, and focus
/// moving to a card out of sight) when they do not fit, above a status line that says
/// what the last control did.
@MainActor
public final class GalleryPage: View {
    /// The window size the gallery opens at, in points.
    public static let defaultSize = Size(width: 1280, height: 800)
    static let statusHeight = 30.0, margin = 14.0, gap = 12.0

    /// The scrolled content: headings and cards.
    public let content = ScrollView()
    private let statusBar = View()
    /// The status line.
    public let status = Label(frame: .zero, text: "Click a control: its action shows here.", font: try? Font.system(size: 13))
    private(set) var cards: [CardView] = []

    /// Builds the page with every specimen of the catalog.
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.93)
        isOpaque = true
        addSubview(content)
        for specimen in Catalog.all {
            let card = CardView(specimen: specimen) { [weak self] text in self?.status.text = text }
            cards.append(card)
            content.addSubview(card)
        }
        statusBar.backgroundColor = Color(white: 0.98)
        status.textColor = Color(white: 0.15)
        statusBar.addSubview(status)
        addSubview(statusBar)
    }

    override public func layoutSubviews() {
        let b = bounds
        statusBar.frame = Rect(x: 0, y: b.height - GalleryPage.statusHeight, width: b.width, height: GalleryPage.statusHeight)
        status.frame = Rect(x: 12, y: 0, width: max(0, b.width - 24), height: GalleryPage.statusHeight)
        content.frame = Rect(x: 0, y: 0, width: b.width, height: max(0, b.height - GalleryPage.statusHeight))
        // Flow: cards fill rows left to right, in catalog order.
        let m = GalleryPage.margin, gap = GalleryPage.gap
        var x = m, y = m, rowHeight = 0.0, widest = 0.0
        for card in cards {
            if x > m && x + card.frame.width > b.width - m {
                x = m
                y += rowHeight + gap
                rowHeight = 0
            }
            card.frame = Rect(x: x, y: y, width: card.frame.width, height: card.frame.height)
            x += card.frame.width + gap
            rowHeight = max(rowHeight, card.frame.height)
            widest = max(widest, card.frame.maxX)
        }
        content.contentSize = Size(width: widest + m, height: y + rowHeight + m)
    }

    /// Every specimen's name and frame in the root's points, as laid out now.
    public var specimenFrames: [(name: String, frame: Rect)] {
        cards.map { ($0.specimen.name, $0.content.convert($0.content.bounds, to: root)) }
    }

    /// Scrolls the page so that a specimen's card shows whole above the status line (or
    /// its top, when it is taller than the page).
    public func reveal(_ name: String) {
        layoutIfNeeded()
        guard let card = cards.first(where: { $0.specimen.name == name }) else { return }
        var o = content.contentOffset
        let f = card.frame, m = GalleryPage.margin, b = content.bounds
        if f.maxY + m > b.maxY { o.y = f.maxY + m - b.height }
        if f.minY - m < o.y { o.y = f.minY - m }
        content.setContentOffset(o)
    }

    /// The live view of a specimen on the page (a control, for most).
    public func specimenView(named name: String) -> View? {
        cards.first { $0.specimen.name == name }?.content
    }

    /// The card of a specimen, in the root's points.
    public func cardFrame(of name: String) -> Rect? {
        cards.first { $0.specimen.name == name }.map { $0.convert($0.bounds, to: root) }
    }
}
