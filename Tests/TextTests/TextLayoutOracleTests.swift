import Raster
import Testing

@testable import Text

/// Line breaking and truncation against the rules written out here: greedy word
/// wrapping measured with `Font.advance(of:)`, at most `maxLines` lines, and a truncated
/// last line that, ellipsis included, fits the width.
@Suite struct TextLayoutOracleTests {
    static let text = "The quick brown fox jumps over the lazy dog while five wizards box quickly and jump high."

    /// The lines a greedy wrap makes: as many words as fit, the next word on a new line.
    static func greedyLines(_ text: String, font: Font, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if line.isEmpty || font.advance(of: candidate) <= width {
                line = candidate
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    @Test(arguments: [80.0, 120, 173, 260])
    func wrappingIsGreedyByWords(width: Double) throws {
        let font = try Font.system(size: 13)
        let expected = Self.greedyLines(Self.text, font: font, width: width)
        let layout = TextLayout(Self.text, font: font, width: width)
        #expect(
            layout.lineCount == expected.count, "at \(width): \(layout.lineCount) lines, the rule gives \(expected)")
        for (line, want) in zip(layout.lines, expected) {
            #expect(
                abs(line.width - font.advance(of: want)) < 0.01,
                "at \(width): a line \(line.width) wide, \"\(want)\" is \(font.advance(of: want))")
            #expect(line.width <= width + 1e-9 || !want.contains(" "))
        }
    }

    @Test(arguments: [1, 2, 3])
    func atMostMaxLinesAndTheLastEndsInAnEllipsis(maxLines: Int) throws {
        let font = try Font.system(size: 13)
        let width = 120.0
        let all = Self.greedyLines(Self.text, font: font, width: width)
        let layout = TextLayout(Self.text, font: font, width: width, maxLines: maxLines)
        #expect(layout.lineCount == maxLines)
        // The lines before the last are the wrap's own; the last is cut short, with the
        // ellipsis, and still fits.
        for (line, want) in zip(layout.lines.dropLast(), all) {
            #expect(abs(line.width - font.advance(of: want)) < 0.01)
        }
        let last = try #require(layout.lines.last)
        let ellipsis = font.advance(of: "\u{2026}")
        #expect(last.width <= width + 1e-9, "the truncated line is \(last.width) wide")
        #expect(abs(last.glyphs.last!.advance - ellipsis) < 1e-9, "the last glyph is the ellipsis")
        #expect(
            last.width > width - ellipsis - font.advance(of: "quickly "), "the line is not cut shorter than it needs")
    }

    @Test func truncateTailKeepsOneLineThatFits() throws {
        let font = try Font.system(size: 13)
        for width in [40.0, 90, 150] {
            let layout = TextLayout(Self.text, font: font, width: width, lineBreak: .truncateTail)
            #expect(layout.lineCount == 1)
            #expect(
                layout.width <= width + 1e-9
                    && layout.width > width - font.advance(of: "\u{2026}") - font.advance(of: "wizards"),
                "at \(width): \(layout.width)")
        }
    }
}
