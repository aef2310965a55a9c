import Raster
import Testing
import Views

@testable import Gallery

/// The gallery page as a catalogue: sections with headings, in the catalogue's order,
/// laid out by stack views, each card titled for people and named for tools.
@MainActor
@Suite struct CatalogueTests {
    @Test func sectionsComeInTheirOrderAndHoldEverySpecimenOnce() {
        let titles = Catalog.sections.map(\.title)
        #expect(titles.first == "Rounded rectangle · document 000")
        #expect(titles.firstIndex { $0.hasPrefix("Checkboxes") }! < titles.firstIndex { $0.hasPrefix("Gradients") }!)
        #expect(titles.suffix(5) == ["Standard controls", "Gestures and stack views", "Layers", "Animation", "Text"])
        let names = Catalog.sections.flatMap { $0.specimens.map(\.name) }
        #expect(names == Catalog.names && Set(names).count == names.count)
        #expect(Catalog.specimen(named: "switch-off")?.title == "Switch off")
    }

    /// Each section's heading lies above its cards and below the cards before it; cards
    /// of a row share their top; no row is wider than the page, at any width.
    @Test(arguments: [1280.0, 700, 330])
    func headingsAndRowsAreStackedAndReflow(width: Double) throws {
        let (root, page) = Gallery.makeRoot(size: Size(width: width, height: 800))
        var previousBottom = -Double.infinity
        for (heading, cards) in page.sectionViews {
            let h = heading.convert(heading.bounds, to: root)
            #expect(h.minY >= previousBottom, "\(heading.text ?? "") starts below the section before it")
            let frames = cards.map { $0.convert($0.bounds, to: root) }
            #expect(frames.allSatisfy { $0.minY > h.maxY }, "\(heading.text ?? ""): its cards lie under it")
            for f in frames {
                #expect(
                    f.maxX <= width - GalleryPage.margin + 0.5 || frames.filter { $0.minY == f.minY }.count == 1,
                    "\(heading.text ?? ""): a row wider than the page")
            }
            // Rows: cards in reading order, each row's cards side by side with the gap.
            for (a, b) in zip(frames, frames.dropFirst()) where a.minY == b.minY {
                #expect(abs(b.minX - a.maxX - GalleryPage.gap) < 0.5)
            }
            previousBottom = frames.map(\.maxY).max() ?? h.maxY
        }
        #expect(page.content.contentSize.height >= previousBottom + GalleryPage.margin - 0.5)
        // The layout is the stack views': the page's content holds one vertical stack.
        let stacks = page.content.subviews.compactMap { $0 as? StackView }
        #expect(stacks.count == 1 && stacks[0].axis == .vertical)
    }

    @Test func eachCardShowsItsTitle() throws {
        let (_, page) = Gallery.makeRoot()
        for card in page.cards {
            let labels = card.subviews.compactMap { $0 as? Label }
            #expect(labels.contains { $0.text == card.specimen.title }, "\(card.specimen.name)")
        }
    }
}
