import CFreeType
import Foundation
import Raster
import TestSupport
import Testing
import Text

/// Vitrine's glyphs against FreeType's own rasterizer: the bundled DejaVu Sans at several
/// sizes, each glyph drawn by `Context.draw(_:at:font:)` at a whole-pixel pen position
/// and rendered by `FT_Render_Glyph` (unhinted, `FT_RENDER_MODE_NORMAL`) from the same
/// font file, placed by the bitmap's own left and top offsets. Vitrine fills the glyph's
/// outline with its scan converter and shares no rasterizing code with FreeType.
@Suite struct GlyphOracleTests {
    static let fontPath = Golden.packageDirectory.appendingPathComponent("Resources/Fonts/DejaVuSans.ttf").path
    static let characters = Array("AaBgQ@&%8jwy,.ÆéßĦ")
    static let side = 80
    static let pen = (x: 12, y: 58)

    /// FreeType's coverage of `character` at `size` pixels per em, on a `side` x `side`
    /// grid with the pen at `pen`.
    static func freeType(_ character: Character, size: Double) throws -> [UInt8] {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, fontPath, 0, &face) == 0)
        defer { FT_Done_Face(face) }
        try #require(FT_Set_Char_Size(face, 0, FT_F26Dot6(size * 64), 72, 72) == 0)
        let index = FT_Get_Char_Index(face, FT_ULong(character.unicodeScalars.first!.value))
        try #require(index != 0, "the font has \(character)")
        // FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP, then the normal (8-bit anti-aliased) mode.
        try #require(FT_Load_Glyph(face, index, Int32(1 << 1 | 1 << 3)) == 0)
        let slot = face!.pointee.glyph!
        try #require(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0)
        let bitmap = slot.pointee.bitmap
        var out = [UInt8](repeating: 0, count: side * side)
        for row in 0..<Int(bitmap.rows) {
            for column in 0..<Int(bitmap.width) {
                let x = pen.x + Int(slot.pointee.bitmap_left) + column
                let y = pen.y - Int(slot.pointee.bitmap_top) + row
                guard x >= 0, x < side, y >= 0, y < side else { continue }
                out[y * side + x] = bitmap.buffer[row * Int(bitmap.pitch) + column]
            }
        }
        return out
    }

    /// Vitrine's coverage of `character` drawn in black on a clear surface: its alpha.
    static func vitrine(_ character: Character, size: Double) throws -> [UInt8] {
        let s = try Surface(width: side, height: side)
        let font = try Font.system(size: size)
        try #require(font.isBundled)
        Context(surface: s).draw(String(character), at: Point(x: Double(pen.x), y: Double(pen.y)), font: font)
        return (0..<(side * side)).map { s[$0 % side, $0 / side].a }
    }

    /// Pixels more than 48 levels apart, and the mean difference, of two coverage grids.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> (far: Int, mean: Double, inked: Int) {
        var far = 0
        var sum = 0
        var inked = 0
        for i in a.indices {
            let d = abs(Int(a[i]) - Int(b[i]))
            sum += d
            if d > 48 { far += 1 }
            if b[i] > 0 { inked += 1 }
        }
        return (far, Double(sum) / Double(a.count), inked)
    }

    @Test(arguments: [9.0, 13, 17, 24, 40])
    func glyphsMatchFreeTypesRasterizer(size: Double) throws {
        for character in Self.characters {
            let ours = try Self.vitrine(character, size: size)
            let theirs = try Self.freeType(character, size: size)
            let r = Self.compare(ours, theirs)
            // Both fill the same unhinted outline with exact-area coverage: today no pixel
            // differs by more than 48 levels and the mean is under 0.04. One pixel may
            // (curves are flattened differently), and the mean stays under 0.25, which a
            // glyph moved by a pixel breaks.
            #expect(r.inked > 0, "FreeType drew nothing for \(character)")
            #expect(r.far <= 1 && r.mean < 0.25, "\(character) at \(size): \(r.far) pixels far apart, mean \(r.mean)")
        }
    }

    /// The bound above fails for a glyph one pixel off, and for the wrong glyph.
    @Test func theBoundFailsForAMovedOrWrongGlyph() throws {
        for character in Self.characters.prefix(6) {
            let ours = try Self.vitrine(character, size: 17)
            let theirs = try Self.freeType(character, size: 17)
            let moved = [UInt8](repeating: 0, count: 1) + theirs.dropLast()
            let r = Self.compare(ours, moved)
            #expect(!(r.far <= 1 && r.mean < 0.25), "\(character) one pixel off passes: \(r)")
        }
        let r = Self.compare(try Self.vitrine("e", size: 17), try Self.freeType("c", size: 17))
        #expect(!(r.far <= 1 && r.mean < 0.25), "e against c passes: \(r)")
    }
}
