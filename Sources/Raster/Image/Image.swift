/// Immutable pixels with a scale (`UIImage`): the picture views and layers show.
/// `Surface` stays the mutable drawing target; an image holds a private copy of one, so
/// nothing drawn later changes it.
///
/// Its size in points is its size in pixels over its scale: a 64-pixel image at scale 2
/// is 32 points wide and shows sharp at scale 2.
public struct Image {
    /// The pixels, never written after the image was made.
    package let surface: Surface

    /// The pixels per point (`UIImage.scale`).
    public var scale: Double { surface.scale }
    /// The size in points (`UIImage.size`).
    public var size: Size { surface.size }
    /// The width in pixels.
    public var pixelWidth: Int { surface.width }
    /// The height in pixels.
    public var pixelHeight: Int { surface.height }

    /// An image of a copy of `surface`'s pixels, at its scale.
    ///
    /// - Throws: `RasterError.outOfMemory` when the copy cannot be had.
    public init(surface: Surface) throws(RasterError) {
        self.surface = try surface.copy()
    }

    /// An image that takes `surface` as its own: the caller must not draw into it again.
    package init(adopting surface: Surface) {
        self.surface = surface
    }

    /// An image from a PNG file (`UIImage(contentsOfFile:)`): a name ending in `@2x` or
    /// `@3x` before the extension gives the scale, otherwise 1.
    ///
    /// - Throws: the `RasterError` of the file or its decoding.
    public init(contentsOfFile path: String) throws(RasterError) {
        surface = try Surface(contentsOfPNG: path, scale: Image.scale(ofFileNamed: path))
    }

    /// An image from PNG bytes at a scale.
    ///
    /// - Throws: `RasterError.pngDecode` and the other decoding errors.
    public init(pngData data: [UInt8], scale: Double = 1) throws(RasterError) {
        surface = try Surface(pngData: data, scale: scale)
    }

    /// The image `name` in `directory` for a display of `scale` (`UIImage(named:)`):
    /// `name@2x.png` when the scale is 2 or more and that file exists, otherwise
    /// `name.png`.
    ///
    /// - Throws: the `RasterError` of the file chosen.
    public static func named(_ name: String, in directory: String, scale: Double = 1) throws(RasterError) -> Image {
        let base = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        if scale >= 2, FileIO.exists(base + "@2x.png") {
            return try Image(contentsOfFile: base + "@2x.png")
        }
        return try Image(contentsOfFile: base + ".png")
    }

    /// The scale a file name states: 2 for `icon@2x.png`, 3 for `icon@3x.png`, else 1.
    static func scale(ofFileNamed path: String) -> Double {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        return 1
    }

    /// A mutable copy of the pixels, to draw on.
    ///
    /// - Throws: `RasterError.outOfMemory` when the copy cannot be had.
    public func makeSurface() throws(RasterError) -> Surface { try surface.copy() }

    /// The premultiplied pixel at (x, y) in pixels.
    public subscript(x: Int, y: Int) -> Pixel { surface[x, y] }
}

extension Image: Equatable {
    /// Same scale and same pixels.
    public static func == (a: Image, b: Image) -> Bool { a.surface == b.surface && a.scale == b.scale }
}

extension Context {
    /// Draws an image stretched over `rect` as `CGContextDrawImage` draws a `CGImage`:
    /// its first row at the bottom of `rect` in user space. A context here is y down, as
    /// a UIKit context is, so the image shows upside down unless the context is flipped
    /// first, which is why code written for `CGContextDrawImage` in UIKit flips it.
    /// `Image.draw(in:)` (in Views) draws upright, as `UIImage.draw(in:)` does; so does
    /// `draw(_:in:)` with a `Surface`.
    public func draw(_ image: Image, in rect: Rect) {
        withFlip(about: rect) { draw(image.surface, in: rect) }
    }

    /// Intersects the clip with an image's alpha stretched over `rect` as
    /// `CGContextClipToMask` does: the image's first row at the bottom of `rect`, as
    /// `draw(_:in:)` with an image places it. `clip(to:mask:)` with a surface is upright.
    public func clip(to rect: Rect, mask: Image) {
        withFlip(about: rect) { clip(to: rect, mask: mask.surface) }
    }

    /// Runs `body` with the user space flipped top to bottom about `rect`'s middle row;
    /// the clip `body` makes stays, the transform does not.
    private func withFlip(about rect: Rect, _ body: () -> Void) {
        let r = rect.standardized
        let saved = transform
        concatenate(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: r.minY + r.maxY))
        body()
        state.transform = saved
    }
}
