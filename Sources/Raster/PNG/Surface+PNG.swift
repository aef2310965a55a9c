extension Surface {
    /// Decodes a PNG of any kind (palette, grey, 16-bit, interlaced, with or without
    /// alpha) into a premultiplied surface of the given scale.
    ///
    /// - Throws: `RasterError.pngDecode` for data that is not a whole, valid PNG, naming
    ///   libpng's reason; `RasterError.pngTooLarge` beyond 32768 on a side or 2^28 pixels.
    public convenience init(pngData data: [UInt8], scale: Double = 1) throws(RasterError) {
        let size = try PNGCodec.size(of: data)
        try self.init(width: size.width, height: size.height, scale: scale)
        try PNGCodec.decode(data, into: self)
    }

    /// Reads a PNG file (see `init(pngData:scale:)`).
    ///
    /// - Throws: `RasterError.file` with the path and errno when it cannot be read,
    ///   `.fileTooLarge` past 1 GiB, or `.inFile` with the path and the decoding error.
    public convenience init(contentsOfPNG path: String, scale: Double = 1) throws(RasterError) {
        let data = try FileIO.read(path)
        do {
            try self.init(pngData: data, scale: scale)
        } catch {
            throw .inFile(path: path, error: error)
        }
    }

    /// The surface as an 8-bit RGBA PNG with straight alpha; every pixel whose colour
    /// components do not exceed its alpha reads back with the same bytes.
    public func pngData() throws(RasterError) -> [UInt8] {
        try PNGCodec.encode(self)
    }

    /// The surface as PNG bytes made quickly rather than small (for pictures inlined in a
    /// report): the same pixels as `pngData()`.
    package func pngDataFavouringSpeed() throws(RasterError) -> [UInt8] {
        try PNGCodec.encode(self, favouringSpeed: true)
    }

    /// Writes the surface to a PNG file, replacing it atomically: the picture is written
    /// to a temporary file beside it, flushed, and renamed over it, so that the path holds
    /// the old file or the whole new one, never a part.
    ///
    /// With `refusingSymbolicLinks`, a path that is a symbolic link is not replaced (for
    /// names that come from files a user did not write, such as a replay's).
    ///
    /// - Throws: `RasterError.file` with the path and the cause (`ENOSPC`, `EACCES`) when
    ///   it cannot be written, `.symbolicLink` for a refused link, `.notAFile` when the
    ///   path is a folder or a device.
    public func writePNG(to path: String, refusingSymbolicLinks: Bool = false) throws(RasterError) {
        let file = try AtomicFile(path: path, refusingSymbolicLinks: refusingSymbolicLinks)
        try PNGCodec.write(self, to: file)
        try file.commit()
    }

    /// Writes the surface as a PNG to `relativePath` below the folder `base`, atomically,
    /// refusing a path that would leave the folder: an absolute path, a `..` component,
    /// or a symbolic link in any component.
    ///
    /// - Throws: `RasterError.escapes`, `.symbolicLink`, or the errors of
    ///   `writePNG(to:refusingSymbolicLinks:)`.
    public func writePNG(to relativePath: String, beneath base: String) throws(RasterError) {
        let file = try AtomicFile(relativePath: relativePath, beneath: base)
        try PNGCodec.write(self, to: file)
        try file.commit()
    }
}
