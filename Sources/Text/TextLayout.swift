/// How text aligns within its rectangle (`NSTextAlignment`).
public enum TextAlignment: Sendable {
    /// Flush with where each paragraph starts: left for left-to-right text, right for
    /// right-to-left text (Arabic, Hebrew), as its first strong character says.
    case natural
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
}

/// What happens to text that does not fit (`NSLineBreakMode`, the common two).
public enum LineBreak: Sendable {
    /// Wraps at word boundaries (at characters when a word is longer than a line); the
    /// last line that fits ends with an ellipsis when text remains.
    case wordWrap
    /// One line per paragraph, ending with an ellipsis when too long.
    case truncateTail
}

/// Lines of text laid out to a width: where each line's glyphs are and how wide it is.
///
/// Each paragraph is shaped by HarfBuzz in bidirectional runs, broken into lines where
/// UAX #14 allows (a word longer than the line breaks between clusters), and each line's
/// glyphs are put in visual order.
public struct TextLayout {
    struct Line {
        /// The glyphs in visual order, left to right.
        var glyphs: [ShapedGlyph]
        var width: Double
        /// Whether the line's paragraph runs right to left (for natural alignment).
        var rightToLeft: Bool
        /// The characters (grapheme clusters, counted from the start of the text) the line
        /// holds, spaces it ends with included.
        var characters: Range<Int>
    }

    let font: Font
    let lines: [Line]

    /// The number of lines.
    public var lineCount: Int { lines.count }
    /// The widest line's width in points.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// The height of the lines in points.
    public var height: Double { Double(lines.count) * font.lineHeight }

    /// Lays out `text` within `width` points (no limit when nil), on at most `maxLines`
    /// lines (0: no limit) and, when given, as many lines as fit in `maxHeight`.
    /// Explicit line breaks (`\n`, `\r\n`) always break.
    public init(
        _ text: String, font: Font, width: Double? = nil, maxLines: Int = 0, maxHeight: Double? = nil,
        lineBreak: LineBreak = .wordWrap
    ) {
        self.font = font
        let limit = width.map { $0.isNaN ? 0 : max(0, $0) }
        var lineBudget = maxLines > 0 ? maxLines : Int.max
        if let maxHeight, font.lineHeight > 0 {
            // A height of more lines than an Int holds is no limit.
            let lines = (maxHeight.isNaN ? 0 : maxHeight) / font.lineHeight + 1e-9
            if lines < Double(Int.max / 2) { lineBudget = min(lineBudget, max(1, Int(lines))) }
        }
        // Lines in logical order, made visual at the end.
        var out: [(glyphs: [ShapedGlyph], rightToLeft: Bool, characters: Range<Int>)] = []
        var truncated = false
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        var paragraphStart = 0
        for text in paragraphs {
            defer { paragraphStart += text.count + 1 }
            if out.count >= lineBudget {
                truncated = true
                break
            }
            let paragraph = Shaper.shape(text, font: font)
            // Each glyph's first character, counted in grapheme clusters over the text.
            var characterOfScalar: [Int] = []
            for (k, c) in text.enumerated() {
                characterOfScalar += repeatElement(paragraphStart + k, count: c.unicodeScalars.count)
            }
            var glyphs = paragraph.glyphs
            for i in glyphs.indices where glyphs[i].source < characterOfScalar.count {
                glyphs[i].character = characterOfScalar[glyphs[i].source]
            }
            let paragraphEnd = paragraphStart + text.count
            if lineBreak == .truncateTail || limit == nil || glyphs.isEmpty {
                var line = glyphs
                if let limit, TextLayout.width(line) > limit {
                    line = TextLayout.truncate(line, to: limit, font: font, rightToLeft: paragraph.rightToLeft)
                }
                out.append((line, paragraph.rightToLeft, paragraphStart..<paragraphEnd))
                continue
            }
            var start = 0
            while start < glyphs.count {
                if out.count >= lineBudget {
                    truncated = true
                    break
                }
                // Greedy: as many glyphs as fit, then back to the last break opportunity
                // (spaces past the edge hang, and the line breaks after them).
                var w = 0.0
                var end = start
                var lastBreak = -1
                while end < glyphs.count && (w + glyphs[end].advance <= limit! + 1e-9 || end == start) {
                    if end > start && paragraph.canBreak(before: end) { lastBreak = end }
                    w += glyphs[end].advance
                    end += 1
                }
                // A cluster's zero-width glyphs (marks) stay with it.
                while end < glyphs.count && glyphs[end].cluster == glyphs[end - 1].cluster { end += 1 }
                if end < glyphs.count {
                    var hang = end
                    while hang < glyphs.count && glyphs[hang].isSpace { hang += 1 }
                    if hang > end && (hang == glyphs.count || paragraph.canBreak(before: hang)) {
                        end = hang
                    } else if !paragraph.canBreak(before: end) && lastBreak > start {
                        end = lastBreak
                    }
                }
                var line = Array(glyphs[start..<end])
                while let l = line.last, l.isSpace { line.removeLast() }
                let upper = end < glyphs.count ? glyphs[end].character : paragraphEnd
                out.append((line, paragraph.rightToLeft, glyphs[start].character..<max(upper, glyphs[start].character)))
                start = end
                while start < glyphs.count && glyphs[start].isSpace { start += 1 }
            }
            if truncated { break }
        }
        if truncated, let last = out.popLast() {
            let line = TextLayout.truncate(
                last.glyphs, to: limit ?? .infinity, font: font, rightToLeft: last.rightToLeft, force: true)
            out.append((line, last.rightToLeft, last.characters))
        }
        lines = out.map {
            Line(
                glyphs: Shaper.visualOrder($0.glyphs), width: TextLayout.width($0.glyphs), rightToLeft: $0.rightToLeft,
                characters: $0.characters)
        }
    }

    static func width(_ glyphs: [ShapedGlyph]) -> Double { glyphs.reduce(0) { $0 + $1.advance } }

    /// The line (logical order) shortened until it and an ellipsis fit in `limit`; the
    /// ellipsis takes the paragraph's direction.
    static func truncate(
        _ line: [ShapedGlyph], to limit: Double, font: Font, rightToLeft: Bool, force: Bool = false
    ) -> [ShapedGlyph] {
        var ellipsis = Shaper.shape("\u{2026}", font: font).glyphs
        for i in ellipsis.indices { ellipsis[i].level = rightToLeft ? 1 : 0 }
        let ew = width(ellipsis)
        var w = width(line)
        if !force && w <= limit { return line }
        var glyphs = line
        while let last = glyphs.last, w + ew > limit || last.isSpace {
            // A whole cluster at a time, so that no mark is left without its base.
            let cluster = last.cluster
            while let l = glyphs.last, l.cluster == cluster {
                glyphs.removeLast()
                w -= l.advance
            }
        }
        if w + ew > limit { return [] }
        return glyphs + ellipsis
    }
}
