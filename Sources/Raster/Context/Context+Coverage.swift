extension Context {
    /// Composites a colour through an 8-bit coverage bitmap whose top-left pixel lands on
    /// device pixel (`x`, `y`), with the current alpha, blend mode, clip and shadow: how
    /// glyph bitmaps reach the surface.
    package func fill(coverage: [UInt8], width: Int, height: Int, deviceX x: Int, deviceY y: Int, color: Color) {
        guard width > 0, height > 0, coverage.count >= width * height else { return }
        let glyph = IntRect(x0: x, y0: y, x1: x + width, y1: y + height)
        // A shadow can reach the clip from a bitmap outside it.
        let shadowed = state.shadow.map { Context.expand(glyph, by: $0) } ?? glyph
        guard !shadowed.intersection(state.clipBounds).isEmpty, solidPainter(color) != nil else { return }
        backend.draw(.coverage(coverage, width: width, height: height, x: x, y: y, color: color), in: self)
    }

    /// Draws `fill(coverage:width:height:deviceX:deviceY:color:)` now.
    func fillNow(coverage: [UInt8], width: Int, height: Int, deviceX x: Int, deviceY y: Int, color: Color) {
        let glyph = IntRect(x0: x, y0: y, x1: x + width, y1: y + height)
        let outer = state.transform
        let reach = outer.inverted().map { $0.apply(to: glyph.rect) }
        withShadow(reach: reach) {
            // Inside a layer the alpha applies when it is composited: the colour is taken
            // from the state in force here.
            guard let painter = solidPainter(color) else { return }
            // Inside a shadow's layer, device pixels start at the layer's corner.
            let x = x + Int((state.transform.tx - outer.tx).rounded())
            let y = y + Int((state.transform.ty - outer.ty).rounded())
            let mask: CoverageMask
            do throws(RasterError) {
                mask = try CoverageMask(bounds: IntRect(x0: x, y0: y, x1: x + width, y1: y + height), copying: coverage)
            } catch {
                noteFailure(error)
                return
            }
            composite(mask, pixel: painter.color)
        }
    }
}
