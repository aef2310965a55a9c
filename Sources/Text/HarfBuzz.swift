import CHarfBuzz

/// The wrapper around HarfBuzz: the only code of the Text module that touches its C
/// types.
///
/// A HarfBuzz font is made from the font file itself with HarfBuzz's own OpenType
/// functions (not through FreeType), in font units and unhinted, so that shaping needs
/// no FreeType size and no lock: an immutable `hb_font_t` may shape on any thread.
@safe enum HarfBuzz {
    /// One shaped HarfBuzz font, released with the face that holds it.
    @safe final class ShapingFont: @unchecked Sendable {
        let font: OpaquePointer
        init?(path: String, index: Int32) {
            guard let f = unsafe vitrine_hb_font(path, UInt32(max(0, index))) else { return nil }
            unsafe font = f
        }
        deinit { unsafe hb_font_destroy(font) }
    }

    /// A glyph as HarfBuzz placed it, in font units: its id, the index of the first
    /// character of its cluster, its advance and its offset (y up).
    struct Glyph {
        var id: UInt32
        var cluster: Int
        var advance: Int32
        var offsetX: Int32
        var offsetY: Int32
    }

    /// Shapes `chars[start ..< start + count]`, the rest of `chars` as context, left to
    /// right or right to left; the glyphs in visual order (HarfBuzz's), clusters as
    /// indices into `chars`.
    static func shape(_ font: ShapingFont, _ chars: [UInt32], start: Int, count: Int, rightToLeft: Bool) -> [Glyph] {
        guard count > 0, let buffer = unsafe hb_buffer_create() else { return [] }
        defer { unsafe hb_buffer_destroy(buffer) }
        unsafe chars.withUnsafeBufferPointer { p in
            unsafe hb_buffer_add_utf32(buffer, p.baseAddress, Int32(chars.count), UInt32(start), Int32(count))
        }
        unsafe hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        unsafe hb_buffer_guess_segment_properties(buffer)
        unsafe hb_shape(font.font, buffer, nil, 0)
        var n: UInt32 = 0
        guard let infos = unsafe hb_buffer_get_glyph_infos(buffer, &n),
            let positions = unsafe hb_buffer_get_glyph_positions(buffer, &n)
        else { return [] }
        var out: [Glyph] = []
        out.reserveCapacity(Int(n))
        for i in 0..<Int(n) {
            let info = unsafe infos[i]
            let position = unsafe positions[i]
            out.append(
                Glyph(
                    id: info.codepoint, cluster: Int(info.cluster), advance: position.x_advance,
                    offsetX: position.x_offset, offsetY: position.y_offset))
        }
        return out
    }
}
