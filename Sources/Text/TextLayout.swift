/// How text aligns within its rectangle (`NSTextAlignment`).
public enum TextAlignment: Sendable {
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
public struct TextLayout {
    struct Line {
        var glyphs: [ShapedGlyph]
        var width: Double
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
        var out: [Line] = []
        var truncated = false
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for paragraph in paragraphs {
            if out.count >= lineBudget {
                truncated = true
                break
            }
            let glyphs = Shaper.shape(paragraph, font: font)
            if lineBreak == .truncateTail || limit == nil {
                out.append(Line(glyphs: glyphs, width: glyphs.reduce(0) { $0 + $1.advance }))
                if let limit, out[out.count - 1].width > limit {
                    out[out.count - 1] = TextLayout.truncate(out[out.count - 1], to: limit, font: font)
                }
                continue
            }
            var start = 0
            while start < glyphs.count || (start == 0 && glyphs.isEmpty) {
                if out.count >= lineBudget {
                    truncated = true
                    break
                }
                if glyphs.isEmpty {
                    out.append(Line(glyphs: [], width: 0))
                    break
                }
                // Greedy: as many glyphs as fit; back up to the last space.
                var w = 0.0
                var end = start
                var lastSpace = -1
                while end < glyphs.count && (w + glyphs[end].advance <= limit! + 1e-9 || end == start) {
                    if glyphs[end].isSpace { lastSpace = end }
                    w += glyphs[end].advance
                    end += 1
                }
                if end < glyphs.count && !glyphs[end].isSpace && lastSpace > start { end = lastSpace + 1 }
                var line = Array(glyphs[start..<end])
                while let l = line.last, l.isSpace { line.removeLast() }
                out.append(Line(glyphs: line, width: line.reduce(0) { $0 + $1.advance }))
                start = end
                while start < glyphs.count && glyphs[start].isSpace { start += 1 }
            }
            if truncated { break }
        }
        if truncated, var last = out.popLast() {
            last = TextLayout.truncate(last, to: limit ?? .infinity, font: font, force: true)
            out.append(last)
        }
        lines = out
    }

    /// The line shortened until it and an ellipsis fit in `limit`.
    static func truncate(_ line: Line, to limit: Double, font: Font, force: Bool = false) -> Line {
        let ellipsis = Shaper.shape("\u{2026}", font: font)
        let ew = ellipsis.reduce(0) { $0 + $1.advance }
        if !force && line.width <= limit { return line }
        var glyphs = line.glyphs
        var w = line.width
        while let last = glyphs.last, w + ew > limit || last.isSpace {
            glyphs.removeLast()
            w -= last.advance
        }
        if w + ew > limit { return Line(glyphs: [], width: 0) }
        return Line(glyphs: glyphs + ellipsis, width: w + ew)
    }
}
