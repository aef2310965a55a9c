import Foundation
import Raster
import TestSupport
import Testing

@testable import Text

/// Golden pictures and computed values of text.
@Suite struct TextTests {
    let golden = Golden(for: #filePath)

    func expectGolden(_ s: Surface, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        golden.expect(s, suite: "Text", name: name, sourceLocation: sourceLocation)
    }

    func canvas(_ w: Int, _ h: Int, scale: Double = 1) -> (Surface, Context) {
        let s = try! Surface(width: w * Int(scale), height: h * Int(scale), scale: scale)
        s.clear(to: Color.white.premultiplied)
        return (s, Context(surface: s))
    }

    /// Independent check: `GlyphOracleTests`, each glyph against FreeType's own rasterizer.
    @Test(arguments: [1.0, 2.0])
    func sizesAtEachScale(scale: Double) throws {
        let (s, c) = canvas(320, 110, scale: scale)
        var y = 4.0
        for size in [9.0, 13, 17, 32] {
            let font = try Font.system(size: size)
            c.draw("Vitrine \(Int(size)) AV To", at: Point(x: 6, y: y + font.ascent), font: font)
            y += font.lineHeight + 2
        }
        expectGolden(s, "sizes-scale\(Int(scale))")
    }

    /// Independent check: `TextLayoutOracleTests` (greedy wrapping, maxLines, truncation
    /// measured with Font.advance).
    @Test func alignmentWrappingAndTruncation() throws {
        let font = try Font.system(size: 13)
        let bold = try Font.system(size: 13, weight: .bold)
        let (s, c) = canvas(300, 240)
        let text = "The quick brown fox jumps over the lazy dog."
        for (i, alignment) in [TextAlignment.left, .center, .right].enumerated() {
            let r = Rect(x: 10, y: 10 + Double(i) * 22, width: 280, height: 20)
            c.setStrokeColor(Color(white: 0.8))
            c.stroke(r)
            c.draw("Aligned \(alignment)", in: r, font: font, alignment: alignment)
        }
        c.draw(text + " " + text, in: Rect(x: 10, y: 80, width: 130, height: 100), font: font, color: .blue)
        c.draw(text, in: Rect(x: 150, y: 80, width: 140, height: 20), font: bold, lineBreak: .truncateTail)
        c.draw("Line one\nLine two\n\nLine four", in: Rect(x: 150, y: 110, width: 140, height: 120), font: font)
        c.draw(text + " " + text, in: Rect(x: 10, y: 190, width: 280, height: 40), font: font, maxLines: 2)
        expectGolden(s, "layout")
    }

    @Test func theSystemFontIsTheBundledDejaVuSans() throws {
        let regular = try Font.system(size: 13)
        let bold = try Font.system(size: 13, weight: .bold)
        #expect(regular.isBundled && bold.isBundled)
        #expect(regular.familyName == "DejaVu Sans" && bold.familyName == "DejaVu Sans")
        #expect(regular.face.match.path.hasSuffix("Resources/Fonts/DejaVuSans.ttf"))
        #expect(bold.face.match.path.hasSuffix("Resources/Fonts/DejaVuSans-Bold.ttf"))
        // A family asked for by name comes from fontconfig, not from the bundle.
        #expect(!(try Font(family: "DejaVu Sans Mono", size: 13)).isBundled)
    }

    @Test(arguments: [1.0, 2.0])
    func aGlyphIsItsUnhintedOutlineFilledByRaster(scale: Double) throws {
        // Drawn as text (a cached coverage bitmap placed at a whole pixel) and drawn as the
        // glyph's outline from the font file, scaled and filled as any path at the same
        // quarter pixel the text snaps its pen to: the same pixels, give or take one level
        // where the two placements round differently.
        let font = try Font.system(size: 23)
        let (a, ca) = canvas(120, 40, scale: scale)
        ca.draw("Hg&@", at: Point(x: 7, y: 30), font: font)
        let (b, cb) = canvas(120, 40, scale: scale)
        var pen = 7.0
        for g in Shaper.shape("Hg&@", font: font).glyphs {
            let outline = try #require(g.face.outline(g.glyph))
            let k = font.size / g.face.unitsPerEm
            cb.setFillColor(.black)
            let device = pen * scale
            let snapped = (device.rounded(.down) + ((device - device.rounded(.down)) * 4).rounded() / 4) / scale
            cb.fill(outline.applying(AffineTransform(a: k, b: 0, c: 0, d: -k, tx: snapped, ty: 30)))
            pen += g.advance
        }
        var worst = 0
        var inked = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                worst = max(worst, abs(Int(a[x, y].r) - Int(b[x, y].r)))
                if a[x, y].r < 128 { inked += 1 }
            }
        }
        #expect(worst <= 1, "largest difference \(worst)")
        #expect(inked > Int(200 * scale * scale), "\(inked) inked pixels")
    }

    /// Independent check: `advanceIsTheSumOfFreeTypeAdvancesPlusKerning`.
    @Test func kerningPairs() throws {
        let font = try Font.system(size: 32)
        let (s, c) = canvas(200, 50)
        c.draw("AV To", at: Point(x: 10, y: 40), font: font)
        expectGolden(s, "kerning")
        // DejaVu Sans has a kerning table: a font without one cannot show this test's pair.
        try #require(FreeType.shared.hasKerning(font.face.face), "\(font.familyName) has no kerning table")
        #expect(font.advance(of: "AV") < font.advance(of: "A") + font.advance(of: "V"))
    }

    @Test func fallbackFacesFollowTheWeightAskedFor() throws {
        // DejaVu Sans Mono has no Hebrew; DejaVu Sans has it in both weights. One face
        // asked for the same character bold, then regular, finds each weight's face.
        let mono = try Font(family: "DejaVu Sans Mono", size: 20).face
        let alef: UInt32 = 0x5d0
        #expect(mono.glyph(for: alef) == 0)
        let bold = try #require(mono.fallback(for: alef, bold: true))
        let regular = try #require(mono.fallback(for: alef, bold: false))
        #expect(bold.match.family == "DejaVu Sans" && bold.match.path.hasSuffix("DejaVuSans-Bold.ttf"))
        #expect(regular.match.family == "DejaVu Sans" && regular.match.path.hasSuffix("DejaVuSans.ttf"))
    }

    /// HarfBuzz kerns from the font's GPOS table; DejaVu Sans has the same pairs in its
    /// old `kern` table, which FreeType reads: the two must agree.
    @Test func advanceIsTheSumOfFreeTypeAdvancesPlusKerning() throws {
        let font = try Font.system(size: 17)
        let face = font.face
        let glyphs = "Hello".unicodeScalars.map { face.glyph(for: $0.value) }
        var expected = 0.0
        for (i, g) in glyphs.enumerated() {
            expected += FreeType.shared.advance(face.face, g) / face.unitsPerEm * 17
            if i > 0 { expected += FreeType.shared.kerning(face.face, glyphs[i - 1], g) / face.unitsPerEm * 17 }
        }
        #expect(abs(font.advance(of: "Hello") - expected) < 1e-9)
        #expect(font.advance(of: "Hello") > 30 && font.advance(of: "Hello") < 60)
        #expect(font.ascent > 0 && font.descent > 0 && font.lineHeight >= font.ascent + font.descent)
    }

    @Test func secondDrawUsesTheCacheAndMatchesAFreshDraw() throws {
        let font = try Font(family: "DejaVu Sans Mono", size: 15)
        let text = "cache check 0123456789 \u{00e9}\u{00e8}"
        let (a, ca) = canvas(300, 30)
        ca.draw(text, at: Point(x: 3.3, y: 20), font: font)
        let rendered = font.face.renderCount
        let (b, cb) = canvas(300, 30)
        cb.draw(text, at: Point(x: 3.3, y: 20), font: font)
        #expect(font.face.renderCount == rendered)
        #expect(a == b)
        cb.draw(text, at: Point(x: 3.3, y: 20), font: font)
        #expect(b != a)  // drawn twice over itself: darker anti-aliasing
    }

    @Test func badInputDrawsNothingOrFallsBack() throws {
        let font = try Font.system(size: 13)
        let (s, c) = canvas(200, 40)
        let blank = try s.copy()
        c.draw("", at: Point(x: 5, y: 20), font: font)
        c.draw("\u{1}\u{2}\u{7}\r\u{1b}", at: Point(x: 5, y: 20), font: font)
        c.draw("abc", at: Point(x: .nan, y: 20), font: font)
        for size in [0.0, -4, .nan] { c.draw("abc", at: Point(x: 5, y: 20), font: font.withSize(size)) }
        #expect(s == blank)
        #expect(font.withSize(.nan).size == 0 && font.withSize(-1).advance(of: "abc") == 0)
        let unknown = try Font(family: "No Such Family Anywhere", size: 13)
        #expect(!unknown.familyName.isEmpty)
        c.draw("fallback", at: Point(x: 5, y: 20), font: unknown)
        #expect(s != blank)
        // Scripts this layout does not shape (no joining, no right-to-left order) still
        // draw, and draw nothing outside their line.
        let (m, d) = canvas(200, 40)
        d.draw(
            "\u{05e9}\u{05dc}\u{05d5}\u{05dd} \u{0627}\u{0644} \u{1F600} \u{4e2d}", at: Point(x: 5, y: 25), font: font)
        let inkRows = (0..<40).filter { y in (0..<200).contains { m[$0, y] != Color.white.premultiplied } }
        #expect(!inkRows.isEmpty && inkRows.allSatisfy { $0 >= 25 - 16 && $0 <= 25 + 6 }, "ink rows \(inkRows)")
    }

    /// Draws `text` alone on a 40 x 30 canvas with its baseline at (10, 22).
    func ink(_ text: String, font: Font) -> Surface {
        let (s, c) = canvas(40, 30)
        c.draw(text, at: Point(x: 10, y: 22), font: font)
        return s
    }

    @Test func aCombiningMarkSitsOverItsBaseAndScriptsUseTheirGlyphs() throws {
        let font = try Font.system(size: 17)
        // e then U+0301: the mark has no advance and its outline reaches back, so that the
        // accent's ink lies over the e, within its width and above its top, as in é.
        let e = ink("e", font: font)
        let combined = ink("e\u{301}", font: font)
        func inked(_ s: Surface, _ x: Int, _ y: Int) -> Bool { s[x, y].r < 128 }
        let all = (0..<30).flatMap { y in (0..<40).map { (x: $0, y: y) } }
        let base = all.filter { inked(e, $0.x, $0.y) }
        let accent = all.filter { inked(combined, $0.x, $0.y) && !inked(e, $0.x, $0.y) }
        let baseLeft = base.map(\.x).min() ?? 0
        let baseRight = base.map(\.x).max() ?? 0
        let baseTop = base.map(\.y).min() ?? 0
        #expect(!accent.isEmpty, "the accent draws")
        #expect(
            accent.allSatisfy { $0.x >= baseLeft && $0.x <= baseRight && $0.y < baseTop },
            "accent \(accent), e from \(baseLeft) to \(baseRight), top \(baseTop)")
        #expect(
            ink("e\u{301}x", font: font) != ink("ex", font: font)
                && font.advance(of: "e\u{301}") == font.advance(of: "e"))
        // Hebrew and Arabic letters come from the font (or a fallback face), not the
        // missing-glyph box a private-use character gets.
        let missing = ink("\u{e000}", font: font)
        for letter in ["\u{05e9}", "\u{0627}", "\u{0644}"] {
            #expect(ink(letter, font: font) != missing, "\(letter) draws the missing-glyph box")
        }
    }

    @Test(.timeLimit(.minutes(1))) func hundredThousandCharactersArePrompt() throws {
        let font = try Font.system(size: 13)
        let long = String(repeating: "lorem ipsum ", count: 8334)
        let (s, c) = canvas(200, 60)
        c.draw(long, in: Rect(x: 0, y: 0, width: 200, height: 60), font: font)
        c.draw(long, at: Point(x: 0, y: 58), font: font)
        c.draw(long, in: Rect(x: 0, y: 0, width: 200, height: 15), font: font, lineBreak: .truncateTail)
        let layout = TextLayout(long, font: font, width: 200, maxHeight: 60)
        #expect(layout.lineCount == Int(60 / font.lineHeight))
        // Ink in the first line and on the baseline row of the single line at y 58.
        func inked(_ rows: Range<Int>) -> Bool { rows.contains { y in (0..<200).contains { s[$0, y].r < 128 } } }
        #expect(inked(2..<14) && inked(50..<58))
    }
}
