import Raster
import Testing
import Views

@testable import Gallery

/// The text-shaping specimen against what natural alignment means, worked out from its
/// picture: the left-to-right lines start at the left edge, the Arabic and Hebrew lines
/// end at the right edge. (The glyphs themselves are checked against hb-shape and the
/// mixed line's order against fribidi in the text tests.)
@MainActor
@Suite struct TextShapingSpecimenTests {
    @Test func rightToLeftLinesAlignRightAndTheOthersLeft() throws {
        let specimen = try #require(Catalog.specimen(named: "text-shaping"))
        let view = specimen.make { _ in }
        let root = RootView(size: specimen.size)
        root.backgroundColor = .white
        root.addSubview(view)
        let surface = try Surface(width: Int(specimen.size.width), height: Int(specimen.size.height))
        root.render(into: surface, full: true)
        // The inked columns of each 30-point row.
        func inked(row: Int) -> (first: Int, last: Int)? {
            var first: Int?
            var last: Int?
            for x in 0..<surface.width {
                for y in (row * 30)..<min(surface.height, row * 30 + 26) where surface[x, y].r < 160 {
                    if first == nil { first = x }
                    last = x
                    break
                }
            }
            guard let first, let last else { return nil }
            return (first, last)
        }
        for row in [0, 1, 4] {
            let ink = try #require(inked(row: row), "row \(row) has text")
            #expect(ink.first <= 3, "row \(row) starts at the left edge: \(ink)")
            #expect(ink.last < surface.width - 20, "row \(row) ends short of the right edge: \(ink)")
        }
        for row in [2, 3] {
            let ink = try #require(inked(row: row), "row \(row) has text")
            #expect(ink.last >= surface.width - 4, "row \(row) ends at the right edge: \(ink)")
            #expect(ink.first > 20, "row \(row) starts away from the left edge: \(ink)")
        }
    }
}
