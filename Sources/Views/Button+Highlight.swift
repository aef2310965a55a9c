import Raster

extension Button {
    /// The image a pressed button shows for an image of its normal state with
    /// `adjustsImageWhenHighlighted`: darkened under black at `maskAlpha` (0.46, as
    /// `UIButton` looks) within the image's own alpha. A premultiplied pixel (C, a)
    /// becomes C (1 - m a) with alpha a + m a (1 - a): opaque white becomes 138, a
    /// transparent pixel stays transparent. UIKit has no public call for this.
    ///
    /// - Throws: `RasterError.outOfMemory` when the new image's memory cannot be had.
    nonisolated public static func highlightedImage(of image: Image, maskAlpha: Double = 0.46) throws(RasterError)
        -> Image
    {
        let out = try Surface(sizeOf: image.surface)
        let context = Context(surface: out)
        let bounds = Rect(origin: .zero, size: image.size)
        context.draw(image.surface, in: bounds)
        context.clip(to: bounds, mask: image.surface)
        context.setFillColor(Color(white: 0, alpha: maskAlpha))
        context.fill(bounds)
        return Image(adopting: out)
    }
}
