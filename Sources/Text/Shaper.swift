/// A glyph placed on a line: which face draws it, and how far the pen moves after it.
struct ShapedGlyph {
    let face: FontFace
    let glyph: UInt32
    /// Points from the previous glyph's origin to this one's, kerning included: the
    /// kerning is added to the previous glyph's advance.
    var advance: Double
    /// Whether the character is a space a line may break at.
    let isSpace: Bool
}

/// Turns characters into glyphs, one for one: fallback faces for missing characters,
/// kerning between pairs of the same face, control characters dropped, tabs as spaces.
enum Shaper {
    static func shape(_ text: Substring, font: Font) -> [ShapedGlyph] {
        var out: [ShapedGlyph] = []
        out.reserveCapacity(text.unicodeScalars.count)
        guard font.size > 0 else { return out }
        let size = font.size
        for scalar in text.unicodeScalars {
            var v = scalar.value
            if v == 9 { v = 32 }
            if v < 32 || (0x7f..<0xa0).contains(v) { continue }
            var face = font.face
            var glyph = face.glyph(for: v)
            if glyph == 0, let other = face.fallback(for: v, bold: font.weight == .bold) {
                face = other
                glyph = other.glyph(for: v)
            }
            if let last = out.last, last.face === face {
                out[out.count - 1].advance += face.kerning(last.glyph, glyph) * size
            }
            out.append(ShapedGlyph(face: face, glyph: glyph, advance: face.advance(glyph) * size, isSpace: v == 32))
        }
        return out
    }

    static func shape(_ text: String, font: Font) -> [ShapedGlyph] { shape(text[...], font: font) }
}
