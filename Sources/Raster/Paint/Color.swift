import CRasterKernels

/// A colour with straight (not premultiplied) red, green, blue and alpha
/// components in 0...1, in the sRGB space (`UIColor` / `CGColor`).
///
/// Components are clamped to 0...1 when the colour is made; NaN becomes 0.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...1.
    public let red: Double
    /// Green, 0...1.
    public let green: Double
    /// Blue, 0...1.
    public let blue: Double
    /// Opacity, 0...1.
    public let alpha: Double

    /// Creates a colour from straight components, each clamped to 0...1 (NaN to 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A grey of the given brightness (`UIColor(white:alpha:)`).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a colour from 8-bit straight components: each `k / 255`.
    public init(red8 r: UInt8, green8 g: UInt8, blue8 b: UInt8, alpha8 a: UInt8 = 255) {
        // The quotients from a table, and no clamping: they lie in 0...1.
        red = crk_byte_to_unit(r)
        green = crk_byte_to_unit(g)
        blue = crk_byte_to_unit(b)
        alpha = crk_byte_to_unit(a)
    }

    /// The same colour with another alpha (`withAlphaComponent`).
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether the colour is fully transparent.
    public var isClear: Bool { alpha == 0 }

    /// The colour as a premultiplied 8-bit pixel: alpha rounded to 8 bits, then each
    /// component multiplied by the exact alpha and rounded.
    public var premultiplied: Pixel {
        Pixel(r: Color.to8(red * alpha), g: Color.to8(green * alpha), b: Color.to8(blue * alpha), a: Color.to8(alpha))
    }

    /// The value written out, for messages and debugging.
    public var description: String { "Color(\(red), \(green), \(blue), \(alpha))" }

    static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    /// A component or product of components, in 0...1 since `init` clamps them, as 8 bits
    /// (`UInt8(v * 255 + 0.5)` without the range check of the conversion).
    static func to8(_ v: Double) -> UInt8 { crk_unit_to_byte(v) }

    /// Transparent black (`UIColor.clear`).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// Dark grey, white 1/3 (`UIColor.darkGray`).
    public static let darkGray = Color(white: 1.0 / 3)
    /// Grey, white 1/2 (`UIColor.gray`).
    public static let gray = Color(white: 0.5)
    /// Light grey, white 2/3 (`UIColor.lightGray`).
    public static let lightGray = Color(white: 2.0 / 3)
    /// Pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Cyan.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Magenta.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// Yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Orange, (1, 0.5, 0) as `UIColor.orange`.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// Purple, (0.5, 0, 0.5) as `UIColor.purple`.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// Brown, (0.6, 0.4, 0.2) as `UIColor.brown`.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
}
