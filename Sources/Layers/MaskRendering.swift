import Raster

/// A mask layer rendered on the device's pixel grid, kept by the layer it masks for the
/// next frame: while the mask's subtree has not changed (`Layer.maskGeneration`) and the
/// layer lands on the same pixels, its pixels are the same, and rendering them again
/// would be all the work of a masked layer's frame.
struct MaskRendering {
    /// The mask's subtree as it was rendered: `Layer.maskGeneration` then.
    let generation: Int
    /// From the masked layer's coordinates to the device's pixels.
    let toDevice: AffineTransform
    /// The device pixels rendered: whole ones, `surface` holding them.
    let x0: Double, y0: Double, x1: Double, y1: Double
    let surface: Surface
    /// The alpha of `surface`, read once it is used again (it no longer changes).
    var alpha: KeptAlphaMask?

    /// Whether these pixels serve a frame needing `x0..<x1`, `y0..<y1` of the device
    /// under `toDevice` for a mask still at `generation`.
    func serves(
        generation g: Int, toDevice t: AffineTransform, x0 a: Double, y0 b: Double, x1 c: Double,
        y1 d: Double
    ) -> Bool {
        g == generation && t == toDevice && x0 <= a && y0 <= b && c <= x1 && d <= y1
    }
}
