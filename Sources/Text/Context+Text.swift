import Raster

extension Context {
    /// Draws one line of text with its baseline's left end at `point`, in `color`, under
    /// the current transform, clip, alpha and shadow (`NSString.draw(at:)`, but at the
    /// baseline), shaped and in visual order. Line breaks are not honoured here; control
    /// characters draw nothing.
    public func draw(_ text: String, at point: Point, font: Font, color: Color = .black) {
        guard point.isFinite else { return }
        let paragraph = Shaper.shape(text, font: font)
        draw(glyphs: Shaper.visualOrder(paragraph.glyphs), font: font, baseline: point, color: color)
    }

    /// Draws text laid out in `rect` (`NSString.draw(in:withAttributes:)`): wrapped or
    /// truncated as `lineBreak` says, on at most `maxLines` lines (0: as many as fit),
    /// aligned horizontally, from the top of the rectangle.
    public func draw(
        _ text: String, in rect: Rect, font: Font, color: Color = .black, alignment: TextAlignment = .left,
        lineBreak: LineBreak = .wordWrap, maxLines: Int = 0
    ) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let layout = TextLayout(
            text, font: font, width: r.width, maxLines: maxLines, maxHeight: r.height, lineBreak: lineBreak)
        draw(layout, in: r, color: color, alignment: alignment)
    }

    /// Draws a laid-out text in `rect`, aligned horizontally, from the top.
    public func draw(_ layout: TextLayout, in rect: Rect, color: Color = .black, alignment: TextAlignment = .left) {
        for (i, line) in layout.lines.enumerated() {
            let origin = layout.lineOrigin(i, in: rect, alignment: alignment)
            draw(
                glyphs: line.glyphs, font: layout.font, baseline: Point(x: origin.x, y: origin.y + layout.font.ascent),
                color: color)
        }
    }

    private func draw(glyphs: [ShapedGlyph], font: Font, baseline: Point, color: Color) {
        guard font.size > 0, !glyphs.isEmpty else { return }
        let t = transform
        let scale = abs(t.determinant).squareRoot()
        guard scale > 0, scale.isFinite else { return }
        // FreeType's y is up: flip the linear part in and out.
        let m = SIMD4<Int32>(
            Int32((t.a / scale * 4096).rounded()), Int32((-t.b / scale * 4096).rounded()),
            Int32((-t.c / scale * 4096).rounded()), Int32((t.d / scale * 4096).rounded()))
        let size = Int((font.size * scale * 64).rounded())
        let clip = clipBoundingBox
        var pen = baseline
        for g in glyphs {
            defer { pen.x += g.advance }
            if g.isSpace { continue }
            let device = t.apply(to: Point(x: pen.x + g.offsetX, y: pen.y + g.offsetY))
            guard device.x.isFinite, device.y.isFinite, abs(device.x) < 1e7, abs(device.y) < 1e7 else { continue }
            // Skip glyphs far outside the clip before asking for their bitmaps.
            let reach = font.size * 2
            if !clip.isNull && (pen.x > clip.maxX + reach * 4 || pen.x < clip.minX - reach * 4) && t.isAxisAligned {
                continue
            }
            let fx = device.x.rounded(.down)
            let quarter = Int(((device.x - fx) * 4).rounded())
            let ix = Int(fx) + quarter / 4
            let shift = quarter % 4
            let iy = Int(device.y.rounded())
            guard let bm = g.face.bitmap(FontFace.GlyphKey(glyph: g.glyph, size: size, shift: shift, matrix: m)),
                bm.width > 0
            else { continue }
            fill(
                coverage: bm.coverage, width: bm.width, height: bm.height, deviceX: ix + bm.left, deviceY: iy - bm.top,
                color: color)
        }
    }
}
