import Raster

/// A layer drawn through a perspective onto the device's pixels, kept by the layer for
/// the next frame: while its subtree has not changed (`Layer.contentGeneration`) and the
/// projection lands on the same pixels, the pixels are the same, and drawing the subtree
/// flat and mapping it again would be all the work of the layer's frame.
struct ProjectedRendering {
    /// The subtree as it was drawn: `Layer.contentGeneration` then.
    let generation: Int
    /// From the layer's coordinates to the device's pixels.
    let toDevice: ProjectiveTransform
    /// The device pixels drawn, whole ones; `surface` holds them.
    let x0: Int, y0: Int
    let surface: Surface
}

/// The nine parts of a contents image cut around its `contentsCenter`, kept by the layer
/// while the image and the centre stay the same.
struct NineParts {
    let image: Surface
    let center: Rect
    /// The parts row by row, in pixels of the image; nil for a part of no pixels.
    let parts: [Surface?]
}
