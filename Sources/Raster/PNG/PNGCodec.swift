import CPNG
import Glibc

/// The thin wrappers around libpng's simplified API (no setjmp): the only code that
/// touches libpng. Errors come back as `png_image.message` and become `RasterError`s.
enum PNGCodec {
    // libpng's format flags (png.h), whose composite macros do not import into Swift.
    private static let formatFlagAlpha: UInt32 = 0x01
    private static let formatFlagColor: UInt32 = 0x02
    private static let formatFlagBGR: UInt32 = 0x10
    private static let formatBGRA = formatFlagColor | formatFlagBGR | formatFlagAlpha
    private static let formatRGBA = formatFlagColor | formatFlagAlpha
    private static let flag16BitSRGB: UInt32 = 0x04
    private static let flagFast: UInt32 = 0x02

    /// The width and height of PNG bytes, read from the header and checked against the
    /// pixel budget before anything is decoded.
    static func size(of data: [UInt8]) throws(RasterError) -> (width: Int, height: Int) {
        guard !data.isEmpty else { throw RasterError.pngDecode(reason: "the data is empty") }
        var image = unsafe png_image()
        unsafe image.version = UInt32(PNG_IMAGE_VERSION)
        let began = unsafe data.withUnsafeBytes {
            unsafe png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
        }
        guard began != 0 else { throw unsafe RasterError.pngDecode(reason: message(&image)) }
        let width = unsafe Int(image.width)
        let height = unsafe Int(image.height)
        unsafe png_image_free(&image)
        guard width > 0, height > 0 else { throw RasterError.pngDecode(reason: "the image is \(width) x \(height)") }
        guard Surface.allows(width: width, height: height) else {
            throw RasterError.pngTooLarge(width: width, height: height)
        }
        return (width, height)
    }

    /// Decodes PNG bytes into `surface`, made of the size `size(of:)` gave: libpng writes
    /// straight BGRA into the surface's rows, premultiplied there in place, so that no
    /// copy of the image is held besides the surface.
    static func decode(_ data: [UInt8], into surface: Surface) throws(RasterError) {
        let interlaced16 = isInterlaced16Bit(data)
        var gamma = fileGamma(data)
        var data = data
        if interlaced16, case .power(let g) = gamma, abs(g * 2.2 - 1) <= 0.05 {
            // libpng leaves an sRGB-like gAMA alone at 8 bits; through the linear format it
            // would apply it, and lose the dark values of translucent pixels to 16-bit
            // premultiplication. Without the chunk the values come through as they are.
            data = withoutChunk("gAMA", data)
            gamma = .none
        } else if interlaced16, case .sRGB = gamma {
            // The same for an sRGB file: at 8 bits its values are kept as they are, and
            // through the linear format the sRGB curve there and back lost up to 9 levels.
            for chunk in ["sRGB", "iCCP", "cHRM", "gAMA"] { data = withoutChunk(chunk, data) }
            gamma = .none
        }
        // libpng reads from the data's memory until finish_read returns: begin and finish
        // in one closure, where that memory is sure to stay put.
        let result: Result<Void, RasterError> = unsafe data.withUnsafeBytes { bytes in
            var image = unsafe png_image()
            unsafe image.version = UInt32(PNG_IMAGE_VERSION)
            guard unsafe png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return unsafe .failure(.pngDecode(reason: message(&image)))
            }
            guard unsafe Int(image.width) == surface.width, unsafe Int(image.height) == surface.height else {
                unsafe png_image_free(&image)
                return .failure(.pngDecode(reason: "the header changed between two reads"))
            }
            if interlaced16 {
                return unsafe decodeThroughLinear(&image, into: surface, gamma: gamma)
            }
            unsafe image.format = formatBGRA
            // 16-bit files without colour-space information are sRGB, not linear, as viewers
            // show them.
            unsafe image.flags |= flag16BitSRGB
            // Safe: the surface holds `height` rows of `stride` bytes.
            guard unsafe png_image_finish_read(&image, nil, surface.base, Int32(surface.stride), nil) != 0 else {
                let reason = unsafe message(&image)
                unsafe png_image_free(&image)
                return .failure(.pngDecode(reason: reason))
            }
            return .success(())
        }
        try result.get()
        if !interlaced16 { premultiplyInPlace(surface) }
    }

    /// The colour-space information a file gives before its image data, as it bears on
    /// how libpng linearises 16-bit values.
    enum FileGamma {
        /// No colour-space chunk: the values are taken as they are.
        case none
        /// A gAMA chunk of this value (1/2.2 is 0.45455), and no sRGB chunk.
        case power(Double)
        /// An sRGB, iCCP or cHRM chunk: the sRGB curve.
        case sRGB
    }

    /// Reads a 16-bit interlaced image through libpng's linear 16-bit format and converts
    /// it into the surface here: libpng 1.6.39 mixes up rows when it converts such an
    /// image to 8 bits itself. The conversion gives what libpng gives for the same image
    /// not interlaced: the file's own values without colour-space information (a gAMA
    /// near 1/2.2 was taken out before), the sRGB curve otherwise. The 16-bit buffer is
    /// the one extra copy, allocated so that a failure is an error.
    private static func decodeThroughLinear(
        _ image: inout png_image, into surface: Surface,
        gamma: FileGamma
    ) -> Result<Void, RasterError> {
        let width = surface.width
        let height = surface.height
        unsafe image.format = formatRGBA | 0x04  // PNG_FORMAT_FLAG_LINEAR: premultiplied 16-bit
        guard let raw = unsafe malloc(width * height * 8) else {
            unsafe png_image_free(&image)
            return .failure(.outOfMemory(bytes: width * height * 8))
        }
        defer { unsafe free(raw) }
        let linear = unsafe raw.bindMemory(to: UInt16.self, capacity: width * height * 4)
        guard unsafe png_image_finish_read(&image, nil, raw, Int32(width * 4), nil) != 0 else {
            let reason = unsafe message(&image)
            unsafe png_image_free(&image)
            return .failure(.pngDecode(reason: reason))
        }
        let encode: (Double) -> Double
        switch gamma {
        case .none: encode = { $0 }
        case .power, .sRGB: encode = { $0 <= 0.0031308 ? 12.92 * $0 : 1.055 * pow($0, 1 / 2.4) - 0.055 }
        }
        for y in 0..<height {
            // Safe: row y of the surface, and pixels y * width ..< (y + 1) * width of the buffer.
            let out = unsafe surface.row(y)
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = unsafe Double(linear[i + 3]) / 65535
                let a8 = UInt32(a * 255 + 0.5)
                var p = a8 << 24
                for (k, shift) in [(0, 16), (1, 8), (2, 0)] as [(Int, UInt32)] {
                    let v = a > 0 ? unsafe encode(Double(linear[i + k]) / 65535 / a) : 0
                    let straight = UInt8(min(max(v, 0), 1) * 255 + 0.5)
                    p |= UInt32(Pixel.premultiply(straight, UInt8(a8))) << shift
                }
                unsafe out[x] = p
            }
        }
        return .success(())
    }

    /// Whether the header says 16 bits per channel and Adam7 interlacing.
    static func isInterlaced16Bit(_ data: [UInt8]) -> Bool {
        data.count > 28 && data[24] == 16 && data[28] == 1
    }

    /// PNG bytes with every chunk of a type left out.
    static func withoutChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out = Array(data.prefix(8))
        var offset = 8
        while offset + 12 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(data.count, offset + 12 + length)
            if String(decoding: data[offset + 4..<offset + 8], as: UTF8.self) != type { out += data[offset..<end] }
            offset = end
        }
        return out
    }

    /// The colour-space chunks before the image data: gAMA's value, or the sRGB curve
    /// for sRGB, iCCP and cHRM.
    static func fileGamma(_ data: [UInt8]) -> FileGamma {
        var offset = 8
        var found = FileGamma.none
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { break }
            if ["sRGB", "iCCP", "cHRM"].contains(type) { return .sRGB }
            if type == "gAMA", length == 4, offset + 12 <= data.count {
                let g = data[offset + 8..<offset + 12].reduce(0) { $0 << 8 | Int($1) }
                found = .power(Double(g) / 100_000)
            }
            offset += 12 + length
        }
        return found
    }

    /// An image description for writing a surface as 8-bit RGBA.
    private static func writeImage(_ surface: Surface) -> png_image {
        var image = unsafe png_image()
        unsafe image.version = UInt32(PNG_IMAGE_VERSION)
        unsafe image.width = UInt32(surface.width)
        unsafe image.height = UInt32(surface.height)
        unsafe image.format = formatRGBA
        return unsafe image
    }

    /// Encodes a surface as PNG bytes in memory, in one pass when the first guess of the
    /// size holds it (the picture's own size, plus a little, for pictures up to 64 MiB;
    /// half of it above), in two otherwise. `favouringSpeed` asks zlib for speed over
    /// size (libpng's `PNG_IMAGE_FLAG_FAST`): the same pixels in a larger file.
    ///
    /// - Throws: `RasterError.outOfMemory` when the buffers cannot be had,
    ///   `.pngEncode` with libpng's reason.
    static func encode(_ surface: Surface, favouringSpeed: Bool = false) throws(RasterError) -> [UInt8] {
        let rgba = unsafe try straightRGBA(of: surface)
        defer { unsafe free(rgba) }
        var image = unsafe writeImage(surface)
        if favouringSpeed { unsafe image.flags |= flagFast }
        let stride = Int32(surface.width * 4)
        let raw = surface.width * surface.height * 4 + surface.height
        var capacity = raw <= 64 << 20 ? raw + raw / 64 + 4096 : raw / 2
        for _ in 0..<2 {
            guard let buffer = unsafe malloc(capacity) else { throw RasterError.outOfMemory(bytes: capacity) }
            defer { unsafe free(buffer) }
            var size = capacity
            if unsafe png_image_write_to_memory(&image, buffer, &size, 0, rgba, stride, nil) != 0 {
                try FileIO.checkMemory(size)
                return unsafe Array(UnsafeRawBufferPointer(start: buffer, count: size))
            }
            // Too small: libpng says how much it needs (and leaves its message empty).
            guard size > capacity else { throw unsafe RasterError.pngEncode(reason: message(&image)) }
            unsafe image.message.0 = 0
            unsafe image.opaque = nil
            capacity = size
        }
        throw unsafe RasterError.pngEncode(reason: message(&image))
    }

    /// Writes a surface as a PNG into an atomic file (not committed here): the encoded
    /// bytes go to the file as libpng makes them, so that the one copy held besides the
    /// surface is its straight-alpha pixels. A failed write names the cause (`ENOSPC`)
    /// rather than libpng's "write error".
    static func write(_ surface: Surface, to destination: AtomicFile) throws(RasterError) {
        let path = destination.path
        let rgba = unsafe try straightRGBA(of: surface)
        defer { unsafe free(rgba) }
        // A second descriptor for stdio, so that the atomic file keeps its own.
        let fd = dup(destination.descriptor)
        guard fd >= 0 else { throw RasterError.file(path: path, errno: errno) }
        guard let file = unsafe fdopen(fd, "wb") else {
            let code = errno
            close(fd)
            throw RasterError.file(path: path, errno: code)
        }
        var image = unsafe writeImage(surface)
        errno = 0
        let written = unsafe png_image_write_to_stdio(&image, file, 0, rgba, Int32(surface.width * 4), nil)
        let writeErrno = errno
        let failedWrite = unsafe ferror(file) != 0
        let flushed = unsafe fflush(file) == 0 ? 0 : errno
        let closed = unsafe fclose(file) == 0 ? 0 : errno
        if failedWrite || written == 0 && writeErrno != 0 && writeErrno != EINVAL {
            throw RasterError.file(path: path, errno: writeErrno != 0 ? writeErrno : (flushed != 0 ? flushed : EIO))
        }
        guard written != 0 else { throw unsafe RasterError.pngEncode(reason: message(&image)) }
        if flushed != 0 { throw RasterError.file(path: path, errno: flushed) }
        if closed != 0 { throw RasterError.file(path: path, errno: closed) }
    }

    private static func message(_ image: inout png_image) -> String {
        unsafe withUnsafeBytes(of: &image.message) { raw in
            let bytes = unsafe raw.prefix { $0 != 0 }
            let text = unsafe String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }

    /// Turns the straight-alpha BGRA pixels libpng wrote into a surface premultiplied.
    static func premultiplyInPlace(_ surface: Surface) {
        for y in 0..<surface.height {
            // Safe: row y of the surface, `width` words.
            let row = unsafe surface.row(y)
            for x in 0..<surface.width {
                let p = unsafe row[x]
                let a = UInt8(p >> 24)
                guard a != 255 else { continue }
                let b = Pixel.premultiply(UInt8(p & 255), a)
                let g = Pixel.premultiply(UInt8((p >> 8) & 255), a)
                let r = Pixel.premultiply(UInt8((p >> 16) & 255), a)
                unsafe row[x] = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
    }

    /// The surface's pixels as straight-alpha RGBA bytes, for encoding, in memory the
    /// caller frees; allocated so that a failure is an error.
    static func straightRGBA(of surface: Surface) throws(RasterError) -> UnsafeMutableRawPointer {
        let width = surface.width
        let count = width * surface.height * 4
        guard let raw = unsafe malloc(count) else { throw RasterError.outOfMemory(bytes: count) }
        let out = unsafe raw.bindMemory(to: UInt8.self, capacity: count)
        for y in 0..<surface.height {
            // Safe: the buffer holds width * height pixels, the surface's own size.
            let src = unsafe surface.row(y)
            for x in 0..<width {
                let p = unsafe Pixel(argb: src[x]).unpremultiplied
                let i = (y * width + x) * 4
                unsafe out[i] = p.r
                unsafe out[i + 1] = p.g
                unsafe out[i + 2] = p.b
                unsafe out[i + 3] = p.a
            }
        }
        return unsafe raw
    }

}
