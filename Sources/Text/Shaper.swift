/// A glyph placed on a line: which face draws it, where, and how far the pen moves after
/// it.
struct ShapedGlyph {
    let face: FontFace
    let glyph: UInt32
    /// Points the pen moves after the glyph, kerning included.
    var advance: Double
    /// Points from the pen to where the glyph is drawn (a mark over its base), y down.
    var offsetX = 0.0
    var offsetY = 0.0
    /// Whether the character is a space (a line's trailing spaces are not drawn).
    let isSpace: Bool
    /// The index of the first character of the glyph's cluster in its paragraph, as
    /// shaped (control characters left out).
    let cluster: Int
    /// The same character's index among all the paragraph's Unicode scalars.
    var source = 0
    /// The index of the glyph's first character (grapheme cluster) in the laid-out text;
    /// -1 for a glyph of no character (an ellipsis).
    var character = -1
    /// The bidirectional embedding level: odd runs right to left.
    var level: UInt8
}

/// A paragraph shaped: its glyphs in logical order (the order of its characters), its
/// direction, and where its lines may break.
struct ShapedParagraph {
    var glyphs: [ShapedGlyph]
    /// Whether the paragraph runs right to left (its first strong character's direction).
    var rightToLeft: Bool
    /// For each character, whether a line may break after it (UAX #14).
    var breaks: [Bool]

    /// Whether a line may break between glyph `i - 1` and glyph `i`: at a cluster
    /// boundary where UAX #14 allows it.
    func canBreak(before i: Int) -> Bool {
        guard i > 0, i < glyphs.count else { return false }
        let c = glyphs[i].cluster
        return c != glyphs[i - 1].cluster && c > 0 && c - 1 < breaks.count && breaks[c - 1]
    }
}

/// Turns characters into glyphs: the paragraph split by the bidirectional algorithm
/// (FriBidi) into runs of one direction and one face (fallback faces through fontconfig
/// for characters the font lacks, a combining mark staying with its base), each run
/// shaped by HarfBuzz with the font's own substitutions and positioning (ligatures,
/// kerning, mark placement); control characters dropped, tabs as spaces.
enum Shaper {
    static func shape(_ text: Substring, font: Font) -> ShapedParagraph {
        var chars: [UInt32] = []
        var sources: [Int] = []
        chars.reserveCapacity(text.unicodeScalars.count)
        for (i, scalar) in text.unicodeScalars.enumerated() {
            var v = scalar.value
            if v == 9 { v = 32 }
            if v < 32 || (0x7f..<0xa0).contains(v) { continue }
            chars.append(v)
            sources.append(i)
        }
        guard font.size > 0, !chars.isEmpty else { return ShapedParagraph(glyphs: [], rightToLeft: false, breaks: []) }
        let (levels, rightToLeft) = FriBidi.bidiLevels(chars)
        let faces = self.faces(chars, font: font)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(chars.count)
        var start = 0
        while start < chars.count {
            var end = start + 1
            while end < chars.count && levels[end] == levels[start] && faces[end] === faces[start] { end += 1 }
            shapeRun(chars, start..<end, level: levels[start], face: faces[start], font: font, into: &glyphs)
            start = end
        }
        for i in glyphs.indices { glyphs[i].source = sources[glyphs[i].cluster] }
        return ShapedParagraph(glyphs: glyphs, rightToLeft: rightToLeft, breaks: Unibreak.breakOpportunities(chars))
    }

    static func shape(_ text: String, font: Font) -> ShapedParagraph { shape(text[...], font: font) }

    /// The face of each character: the font's own, or a fallback that has it; a
    /// combining mark keeps its base's face when that face has it.
    private static func faces(_ chars: [UInt32], font: Font) -> [FontFace] {
        var faces: [FontFace] = []
        faces.reserveCapacity(chars.count)
        for (i, c) in chars.enumerated() {
            var face = font.face
            if i > 0, isMark(c), faces[i - 1].glyph(for: c) != 0 {
                face = faces[i - 1]
            } else if face.glyph(for: c) == 0, let other = face.fallback(for: c, bold: font.weight == .bold) {
                face = other
            }
            faces.append(face)
        }
        return faces
    }

    private static func isMark(_ c: UInt32) -> Bool {
        guard let s = Unicode.Scalar(c) else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Shapes one run and appends its glyphs in logical order.
    private static func shapeRun(
        _ chars: [UInt32], _ range: Range<Int>, level: UInt8, face: FontFace, font: Font, into out: inout [ShapedGlyph]
    ) {
        let scale = font.size / face.unitsPerEm
        guard let shaping = face.shapingFont else {
            // A file HarfBuzz cannot read: one glyph a character, FreeType's advances.
            for i in range {
                let g = face.glyph(for: chars[i])
                out.append(
                    ShapedGlyph(
                        face: face, glyph: g, advance: face.advance(g) * font.size, isSpace: chars[i] == 32,
                        cluster: i, level: level))
            }
            return
        }
        var run = HarfBuzz.shape(
            shaping, chars, start: range.lowerBound, count: range.count, rightToLeft: level % 2 == 1)
        // HarfBuzz gives a right-to-left run in visual order: back to the characters'
        // order, so that lines break in logical order; a line's glyphs are put in visual
        // order again when it is laid out.
        if level % 2 == 1 { run.reverse() }
        for g in run {
            let cluster = min(max(g.cluster, range.lowerBound), range.upperBound - 1)
            out.append(
                ShapedGlyph(
                    face: face, glyph: g.id, advance: Double(g.advance) * scale, offsetX: Double(g.offsetX) * scale,
                    offsetY: -Double(g.offsetY) * scale, isSpace: chars[cluster] == 32, cluster: cluster, level: level))
        }
    }

    /// A line's glyphs in visual order: the bidirectional algorithm's rule L2, each run
    /// at a level at least as high as each odd level reversed, highest first.
    static func visualOrder(_ line: [ShapedGlyph]) -> [ShapedGlyph] {
        guard let highest = line.map(\.level).max(), highest > 0,
            let lowestOdd = line.map(\.level).filter({ $0 % 2 == 1 }).min()
        else { return line }
        var glyphs = line
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < glyphs.count {
                guard glyphs[i].level >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < glyphs.count && glyphs[j].level >= level { j += 1 }
                glyphs[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return glyphs
    }
}
