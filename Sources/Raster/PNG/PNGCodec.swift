import CPNG
import Glibc

/// The thin wrappers around libpng's simplified API (no setjmp): the only code that
/// touches libpng. Errors come back as `png_image.message` and become `RasterError`s.
enum PNGCodec {
    /// The most pixels a decoded image may have (1 GiB of pixels), so that a small file
    /// claiming enormous dimensions is refused instead of exhausting memory.
    static let maximumPixels = 1 << 28

    // libpng's format flags (png.h), whose composite macros do not import into Swift.
    private static let formatFlagAlpha: UInt32 = 0x01
    private static let formatFlagColor: UInt32 = 0x02
    private static let formatFlagBGR: UInt32 = 0x10
    private static let formatBGRA = formatFlagColor | formatFlagBGR | formatFlagAlpha
    private static let formatRGBA = formatFlagColor | formatFlagAlpha
    private static let flag16BitSRGB: UInt32 = 0x04

    /// Decodes PNG bytes to straight-alpha BGRA bytes.
    static func decode(_ data: [UInt8]) throws(RasterError) -> (width: Int, height: Int, bgra: [UInt8]) {
        guard !data.isEmpty else { throw RasterError.pngDecode(reason: "the data is empty") }
        var image = unsafe png_image()
        unsafe image.version = UInt32(PNG_IMAGE_VERSION)
        let began = unsafe data.withUnsafeBytes { unsafe png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw unsafe RasterError.pngDecode(reason: message(&image)) }
        let width = unsafe Int(image.width), height = unsafe Int(image.height)
        guard width <= Surface.maximumSide, height <= Surface.maximumSide, width * height <= maximumPixels else {
            unsafe png_image_free(&image)
            throw RasterError.pngTooLarge(width: width, height: height)
        }
        guard width > 0, height > 0 else {
            unsafe png_image_free(&image)
            throw RasterError.pngDecode(reason: "the image is \(width) x \(height)")
        }
        if PNGCodec.isInterlaced16Bit(data) {
            return unsafe (width, height, try decodeThroughLinear(&image, width: width, height: height, gamma: hasColorSpace(data)))
        }
        unsafe image.format = formatBGRA
        // 16-bit files without colour-space information are sRGB, not linear, as viewers
        // show them.
        unsafe image.flags |= flag16BitSRGB
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let finished = unsafe out.withUnsafeMutableBytes {
            unsafe png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            let reason = unsafe message(&image)
            unsafe png_image_free(&image)
            throw RasterError.pngDecode(reason: reason)
        }
        return (width, height, out)
    }

    /// Reads a 16-bit interlaced image through libpng's linear 16-bit format and converts it
    /// to 8-bit straight BGRA here: libpng 1.6.39 mixes up rows when it converts such an
    /// image to 8 bits itself. Without colour-space chunks the values are the file's own
    /// (taken as sRGB, as for every other 16-bit file); with them libpng has linearised
    /// the values and they are encoded back to sRGB.
    private static func decodeThroughLinear(_ image: inout png_image, width: Int, height: Int, gamma: Bool) throws(RasterError) -> [UInt8] {
        unsafe image.format = formatRGBA | 0x04  // PNG_FORMAT_FLAG_LINEAR: premultiplied 16-bit
        var linear = [UInt16](repeating: 0, count: width * height * 4)
        let finished = unsafe linear.withUnsafeMutableBytes {
            unsafe png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            let reason = unsafe message(&image)
            unsafe png_image_free(&image)
            throw RasterError.pngDecode(reason: reason)
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let a = Double(linear[i * 4 + 3]) / 65535
            for (k, dst) in [2, 1, 0].enumerated() {
                var v = a > 0 ? Double(linear[i * 4 + k]) / 65535 / a : 0
                if gamma { v = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
                out[i * 4 + dst] = UInt8(min(max(v, 0), 1) * 255 + 0.5)
            }
            out[i * 4 + 3] = UInt8(a * 255 + 0.5)
        }
        return out
    }

    /// Whether the header says 16 bits per channel and Adam7 interlacing.
    static func isInterlaced16Bit(_ data: [UInt8]) -> Bool {
        data.count > 28 && data[24] == 16 && data[28] == 1
    }

    /// Whether a colour-space chunk (gAMA, sRGB, iCCP, cHRM) comes before the image data.
    static func hasColorSpace(_ data: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { return false }
            if ["gAMA", "sRGB", "iCCP", "cHRM"].contains(type) { return true }
            offset += 12 + length
        }
        return false
    }

    /// Encodes straight-alpha RGBA bytes as a PNG.
    static func encode(width: Int, height: Int, rgba: [UInt8]) throws(RasterError) -> [UInt8] {
        var image = unsafe png_image()
        unsafe image.version = UInt32(PNG_IMAGE_VERSION)
        unsafe image.width = UInt32(width)
        unsafe image.height = UInt32(height)
        unsafe image.format = formatRGBA
        var size = 0
        let sized = unsafe rgba.withUnsafeBytes {
            unsafe png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * 4), nil)
        }
        guard sized != 0, size > 0 else { throw unsafe RasterError.pngEncode(reason: message(&image)) }
        var out = [UInt8](repeating: 0, count: size)
        let written = unsafe out.withUnsafeMutableBytes { buffer in
            unsafe rgba.withUnsafeBytes {
                unsafe png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, $0.baseAddress, Int32(width * 4), nil)
            }
        }
        guard written != 0 else { throw unsafe RasterError.pngEncode(reason: message(&image)) }
        return Array(out[0..<size])
    }

    private static func message(_ image: inout png_image) -> String {
        unsafe withUnsafeBytes(of: &image.message) { raw in
            let bytes = unsafe raw.prefix { $0 != 0 }
            let text = unsafe String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }

    /// Writes straight-alpha BGRA bytes, as decoded, into a surface of their size as
    /// premultiplied pixels.
    static func premultiply(_ bgra: [UInt8], into surface: Surface) {
        let width = surface.width
        unsafe bgra.withUnsafeBufferPointer { src in
            for y in 0..<surface.height {
                // Safe: `bgra` holds width * height pixels, the surface's own size.
                let out = unsafe surface.row(y)
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let a = unsafe src[i + 3]
                    let b = unsafe Pixel.premultiply(src[i], a), g = unsafe Pixel.premultiply(src[i + 1], a)
                    let r = unsafe Pixel.premultiply(src[i + 2], a)
                    unsafe out[x] = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                }
            }
        }
    }

    /// The surface's pixels as straight-alpha RGBA bytes, for encoding.
    static func straightRGBA(of surface: Surface) -> [UInt8] {
        let width = surface.width
        var rgba = [UInt8](repeating: 0, count: width * surface.height * 4)
        unsafe rgba.withUnsafeMutableBufferPointer { out in
            for y in 0..<surface.height {
                // Safe: `rgba` holds width * height pixels, the surface's own size.
                let src = unsafe surface.row(y)
                for x in 0..<width {
                    let p = unsafe Pixel(argb: src[x]).unpremultiplied
                    let i = (y * width + x) * 4
                    unsafe out[i] = p.r; unsafe out[i + 1] = p.g; unsafe out[i + 2] = p.b; unsafe out[i + 3] = p.a
                }
            }
        }
        return rgba
    }

}
