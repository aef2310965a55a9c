import Raster
import Text
import Views

/// The gallery page, a catalogue: the sections of `Catalog.sections`, each a heading over
/// its specimens' titled cards in rows that reflow with the width, all laid out by stack
/// views, in a scroll view (wheel, keys, and focus moving to a card out of sight) when
/// they do not fit, above a status line that says what the last control did.
@MainActor
public final class GalleryPage: View {
    /// The window size the gallery opens at, in points.
    public static let defaultSize = Size(width: 1280, height: 800)
    static let statusHeight = 30.0, margin = 14.0, gap = 12.0, sectionGap = 20.0

    /// The scrolled content: headings and cards.
    public let content = ScrollView()
    /// The sections, one under the other: each heading, then its rows of cards.
    private let catalogue = StackView()
    /// Each section's heading and cards, in order.
    private var sections: [(heading: Label, cards: [CardView])] = []
    /// The width the rows were made for.
    private var rowsWidth = -1.0
    private let statusBar = View()
    /// The status line.
    public let status = Label(
        frame: .zero, text: "Click a control: its action shows here.", font: try? Font.system(size: 13))
    private(set) var cards: [CardView] = []

    /// Builds the page with every specimen of the catalog.
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.93)
        isOpaque = true
        addSubview(content)
        catalogue.axis = .vertical
        catalogue.alignment = .leading
        catalogue.spacing = GalleryPage.gap
        catalogue.isLayoutMarginsRelativeArrangement = true
        let m = GalleryPage.margin
        catalogue.layoutMargins = EdgeInsets(top: m, left: m, bottom: m, right: m)
        content.addSubview(catalogue)
        let headingFont = try? Font.system(size: 15, weight: .bold)
        for section in Catalog.sections {
            let heading = Label(frame: .zero, text: section.title, font: headingFont)
            heading.textColor = Color(white: 0.2)
            heading.accessibilityTraits.insert(.header)
            let sectionCards = section.specimens.map { specimen in
                CardView(specimen: specimen) { [weak self] text in
                    self?.status.text = text
                    Accessibility.post(notification: .announcement, argument: text)
                }
            }
            cards += sectionCards
            sections.append((heading, sectionCards))
        }
        statusBar.backgroundColor = Color(white: 0.98)
        status.textColor = Color(white: 0.15)
        // A live region: what the last control did, said as it changes.
        status.accessibilityTraits.insert(.updatesFrequently)
        status.accessibilityIdentifier = "status"
        statusBar.addSubview(status)
        addSubview(statusBar)
    }

    /// Lays the cards out in rows under their section titles, wrapping at the page's width.
    override public func layoutSubviews() {
        let b = bounds
        statusBar.frame = Rect(
            x: 0, y: b.height - GalleryPage.statusHeight, width: b.width, height: GalleryPage.statusHeight)
        status.frame = Rect(x: 12, y: 0, width: max(0, b.width - 24), height: GalleryPage.statusHeight)
        content.frame = Rect(x: 0, y: 0, width: b.width, height: max(0, b.height - GalleryPage.statusHeight))
        if b.width != rowsWidth { arrangeRows(width: b.width) }
        let size = catalogue.intrinsicContentSize
        catalogue.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        catalogue.layoutIfNeeded()
        content.contentSize = size
    }

    /// Puts each section's cards into rows as wide as `width` allows (one card at least),
    /// each row a horizontal stack view, under the section's heading.
    private func arrangeRows(width: Double) {
        rowsWidth = width
        for v in catalogue.arrangedSubviews { v.removeFromSuperview() }
        let limit = width - 2 * GalleryPage.margin
        for (heading, sectionCards) in sections {
            catalogue.addArrangedSubview(heading)
            var row: [CardView] = []
            var rowWidth = 0.0
            var rows: [StackView] = []
            func closeRow() {
                guard !row.isEmpty else { return }
                let stack = StackView(arrangedSubviews: row)
                stack.alignment = .top
                stack.spacing = GalleryPage.gap
                rows.append(stack)
                row = []
                rowWidth = 0
            }
            for card in sectionCards {
                let w = card.intrinsicContentSize.width
                if !row.isEmpty && rowWidth + GalleryPage.gap + w > limit { closeRow() }
                rowWidth += (row.isEmpty ? 0 : GalleryPage.gap) + w
                row.append(card)
            }
            closeRow()
            catalogue.setCustomSpacing(6, after: heading)
            for r in rows { catalogue.addArrangedSubview(r) }
            if let last = rows.last { catalogue.setCustomSpacing(GalleryPage.sectionGap, after: last) }
        }
    }

    /// Each section's heading and cards, in page order.
    var sectionViews: [(heading: Label, cards: [CardView])] { sections }

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
        let f = card.convert(card.bounds, to: content)
        let m = GalleryPage.margin
        let b = content.bounds
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
