extension Context {
    /// Composites a colour through an 8-bit coverage bitmap whose top-left pixel lands on
    /// device pixel (`x`, `y`), with the current alpha, blend mode, clip and shadow: how
    /// glyph bitmaps reach the surface.
    package func fill(coverage: [UInt8], width: Int, height: Int, deviceX x: Int, deviceY y: Int, color: Color) {
        guard width > 0, height > 0, coverage.count >= width * height else { return }
        let box = IntRect(x0: x, y0: y, x1: x + width, y1: y + height).intersection(state.clipBounds)
        guard !box.isEmpty, solidPainter(color) != nil else { return }
        let outer = state.transform
        let reach = outer.inverted().map { $0.apply(to: IntRect(x0: x, y0: y, x1: x + width, y1: y + height).rect) }
        withShadow(reach: reach) {
            guard let painter = solidPainter(color) else { return }
            // Inside a shadow's layer, device pixels start at the layer's corner.
            let x = x + Int((state.transform.tx - outer.tx).rounded()), y = y + Int((state.transform.ty - outer.ty).rounded())
            let box = IntRect(x0: x, y0: y, x1: x + width, y1: y + height).intersection(state.clipBounds)
            guard !box.isEmpty else { return }
            var row = [UInt8](repeating: 0, count: box.width)
            for py in box.y0..<box.y1 {
                let src = (py - y) * width + (box.x0 - x)
                let clipRow = state.clipMask?.pointer(box.x0, py)
                for i in 0..<box.width {
                    let c = UInt32(coverage[src + i])
                    row[i] = UInt8(clipRow.map { PixelMath.mul(c, UInt32($0[i])) } ?? c)
                }
                row.withUnsafeBufferPointer {
                    // Safe: the run lies inside the clip bounds, inside the surface.
                    Compositor.solid(target.row(py) + box.x0, count: box.width, color: painter.color, coverage: 255,
                                     mask: $0.baseAddress, mode: state.blendMode)
                }
            }
            noteDrawn(box)
        }
    }
}
