/// One premultiplied 8-bit pixel, stored in memory as B, G, R, A (a little-endian
/// `0xAARRGGBB` word), the layout of Cairo's ARGB32 and of an X11 ZPixmap.
///
/// Invariant when made by Raster: each colour component is at most the alpha.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    /// Premultiplied red.
    public var r: UInt8
    /// Premultiplied green.
    public var g: UInt8
    /// Premultiplied blue.
    public var b: UInt8
    /// Alpha.
    public var a: UInt8

    /// Creates a pixel from premultiplied components.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Creates a pixel from its `0xAARRGGBB` word.
    public init(argb: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: argb >> 16), g: UInt8(truncatingIfNeeded: argb >> 8),
            b: UInt8(truncatingIfNeeded: argb), a: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// The `0xAARRGGBB` word.
    public var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// Fully transparent.
    public static let clear = Pixel(r: 0, g: 0, b: 0, a: 0)

    /// The straight colour this pixel shows (components divided by alpha, rounded to 8 bits).
    public var unpremultiplied: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (Pixel.unpremultiply(r, a), Pixel.unpremultiply(g, a), Pixel.unpremultiply(b, a), a)
    }

    /// `round(c * 255 / a)`, clamped: the inverse of `premultiply` for every c <= a.
    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        if a == 0 { return 0 }
        if a == 255 { return c }
        return UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }

    /// `round(c * a / 255)`.
    static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// The value written out, for messages and debugging.
    public var description: String { "Pixel(r: \(r), g: \(g), b: \(b), a: \(a))" }
}
