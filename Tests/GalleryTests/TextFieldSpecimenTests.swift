import Foundation
import Raster
import TestSupport
import Testing
import Views

@testable import Gallery

/// The text-field specimens against HarfBuzz's own advances (`hb-shape` on the bundled
/// font, which runs none of Vitrine's code): the editing field's selection spans the
/// advances of "world" after those of "Hello, ", and the secure field's bullets stand
/// one bullet's advance apart.
@MainActor
@Suite(.enabled(if: XvfbServer.which("hb-shape") != nil, "hb-shape is not installed (libharfbuzz-bin)"))
struct TextFieldSpecimenTests {
    /// hb-shape's total advance of `text` at 17 points (font units of a 2048-unit em).
    static func advance(_ text: String) throws -> Double {
        let font = Resources.path("Fonts/DejaVuSans.ttf")!
        let run = XvfbServer.run(XvfbServer.which("hb-shape")!, ["--no-glyph-names", "--no-clusters", font, text])
        try #require(run.status == 0, "hb-shape: \(run.stderr)")
        let units = run.stdout.split(separator: "|").compactMap { item in
            item.split(separator: "+").last.flatMap { Int($0.filter(\.isNumber)) }
        }
        return Double(units.reduce(0, +)) * 17 / 2048
    }

    /// The specimen in a root of its own, activated as its lone shot is, at scale 2.
    func picture(_ name: String) throws -> Surface {
        let specimen = try #require(Catalog.specimen(named: name))
        let view = specimen.make { _ in }
        let root = RootView(size: specimen.size)
        root.backgroundColor = .white
        root.addSubview(view)
        specimen.activate?(view)
        let surface = try Surface(width: Int(specimen.size.width) * 2, height: Int(specimen.size.height) * 2, scale: 2)
        root.render(into: surface, full: true)
        return surface
    }

    @Test func theEditingFieldsSelectionSpansTheSelectedWordsAdvances() throws {
        let s = try picture("text-field-editing")
        // Row 8 points down lies in the selection band above the glyphs' ink.
        let y = 16
        let highlighted = (0..<s.width).filter {
            let p = s[$0, y]
            return p.b > 240 && p.r < 215 && p.r > 150
        }
        let first = try #require(highlighted.first)
        let last = try #require(highlighted.last)
        let start = (7 + (try Self.advance("Hello, "))) * 2
        let end = start + (try Self.advance("world")) * 2
        #expect(abs(Double(first) - start) <= 1.5, "selection starts at \(first) px, HarfBuzz says \(start)")
        #expect(abs(Double(last + 1) - end) <= 1.5, "selection ends at \(last + 1) px, HarfBuzz says \(end)")
    }

    @Test func theSecureFieldsBulletsStandOneAdvanceApart() throws {
        let s = try picture("text-field-secure")
        let y = s.height / 2
        // The left edges of the dark runs along the middle row: one per bullet.
        var starts: [Int] = []
        var inside = false
        for x in 0..<s.width {
            let dark = s[x, y].r < 128
            if dark && !inside { starts.append(x) }
            inside = dark
        }
        #expect(starts.count == 7, "\(starts)")
        let pitch = try Self.advance("\u{2022}") * 2
        for (a, b) in zip(starts, starts.dropFirst()) {
            #expect(abs(Double(b - a) - pitch) <= 1, "bullets \(b - a) px apart, HarfBuzz says \(pitch)")
        }
    }
}
