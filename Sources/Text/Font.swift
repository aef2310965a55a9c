import Raster

/// A typeface at a size (`UIFont`).
///
/// The interface font, `Font.system`, is DejaVu Sans, shipped in `Resources/Fonts/`:
/// text looks the same on every machine, whatever fonts are installed. Glyphs are drawn
/// from their unhinted outlines by Raster's scan converter, so that the pixels do not
/// depend on the installed FreeType either. Other faces are found through fontconfig by
/// the family names a desktop user knows ("Liberation Serif", "sans-serif", "monospace"),
/// when asked for by name.
///
/// An unknown family falls back to fontconfig's best match (its default sans-serif);
/// `familyName` says which family was found. Characters the face lacks are drawn from
/// another installed face that has them, or as the face's missing-glyph box.
public struct Font: Sendable {
    /// How heavy the strokes are.
    public enum Weight: Sendable {
        /// The regular weight.
        case regular
        /// The bold weight.
        case bold
    }

    /// The family asked for.
    public let requestedFamily: String
    /// The family fontconfig found.
    public var familyName: String { face.match.family }
    /// The size in points (the em square). Negative and NaN sizes become 0; a font of
    /// size 0 measures and draws nothing.
    public let size: Double
    /// The weight.
    public let weight: Weight
    let face: FontFace

    /// Resolves a font through fontconfig.
    ///
    /// - Throws: `TextError.fontNotFound` when fontconfig has no font at all, naming the
    ///   family; `TextError.fontUnreadable` when the file it names cannot be opened.
    public init(family: String, size: Double, weight: Weight = .regular) throws(TextError) {
        guard let match = FreeType.shared.match(family: family, bold: weight == .bold) else {
            throw TextError.fontNotFound(family: family)
        }
        self.requestedFamily = family
        self.size = size.isNaN ? 0 : min(max(size, 0), 10_000)
        self.weight = weight
        self.face = try FontFace.face(for: match)
    }

    /// The interface face (`UIFont.systemFont(ofSize:)`): the bundled DejaVu Sans, or
    /// fontconfig's "sans-serif" when `Resources/Fonts/` cannot be found (then
    /// `isBundled` is false, and pictures depend on the machine's fonts).
    ///
    /// Vitrine's system font is its own, not the desktop's: that is what makes its
    /// pictures the same everywhere. Ask for a family by name to follow the desktop.
    public static func system(size: Double, weight: Weight = .regular) throws(TextError) -> Font {
        guard let match = FreeType.shared.bundled(bold: weight == .bold) else {
            return try Font(family: "sans-serif", size: size, weight: weight)
        }
        return Font(requestedFamily: match.family, size: size, weight: weight, face: try FontFace.face(for: match))
    }

    /// Whether the face is the one shipped with Vitrine.
    public var isBundled: Bool { FreeType.shared.bundled(bold: weight == .bold)?.path == face.match.path }

    /// The same face at another size.
    public func withSize(_ size: Double) -> Font {
        Font(requestedFamily: requestedFamily, size: size, weight: weight, face: face)
    }

    private init(requestedFamily: String, size: Double, weight: Weight, face: FontFace) {
        self.requestedFamily = requestedFamily
        self.size = size.isNaN ? 0 : min(max(size, 0), 10_000)
        self.weight = weight
        self.face = face
    }

    /// The distance from the baseline to the top of the tallest glyphs, in points.
    public var ascent: Double { face.ascender / face.unitsPerEm * size }
    /// The distance from the baseline to the bottom of the lowest glyphs, in points (positive).
    public var descent: Double { -face.descender / face.unitsPerEm * size }
    /// The distance between baselines of consecutive lines, in points.
    public var lineHeight: Double { max(face.height / face.unitsPerEm * size, ascent + descent) }

    /// The width of a single line of text in points: the sum of the glyphs' advances and
    /// the kerning between pairs from the font's kerning table.
    public func advance(of string: String) -> Double {
        Shaper.shape(string, font: self).glyphs.reduce(0) { $0 + $1.advance }
    }
}
