/// The alpha of a surface that no longer changes, read once into a clip mask over the
/// device pixels the surface lies on: a mask clipped to on frame after frame (a layer's
/// kept mask rendering) is not read out of its pixels again each time. Immutable, so
/// bands on other threads share it.
package final class KeptAlphaMask {
    /// The surface whose alpha this holds; drawing into it afterwards is not seen here.
    package let surface: Surface
    /// The device pixel the surface's first pixel lies on.
    package let originX: Int, originY: Int
    let mask: ClipMask

    /// Reads the alpha of `surface`, placed with its first pixel on device pixel
    /// (`originX`, `originY`).
    ///
    /// - Throws: `RasterError.outOfMemory` when the mask's memory cannot be had.
    package init(surface: Surface, originX: Int, originY: Int) throws(RasterError) {
        self.surface = surface
        self.originX = originX
        self.originY = originY
        let bounds = IntRect(x0: originX, y0: originY, x1: originX + surface.width, y1: originY + surface.height)
        mask = try ClipMask(alphaOf: surface, at: (originX, originY), bounds: bounds, times: nil)
    }
}
