import CFreeType
import Glibc
import Synchronization

/// The thin wrappers around FreeType and fontconfig: the only code of the Text module
/// that touches their C types. A single library handle serves the process; every call
/// is made under `FreeType.lock`, since neither library's objects may be used from two
/// threads at once.
@safe final class FreeType: @unchecked Sendable {
    static let shared = FreeType()

    private var library: FT_Library?
    private let initError: Int32
    private let mutex = Mutex(())

    private init() {
        var lib: FT_Library?
        initError = unsafe FT_Init_FreeType(&lib)
        unsafe library = unsafe lib
        _ = FcInit()
    }

    /// Runs `body` holding the library lock.
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try mutex.withLock { _ throws(E) in try body() }
    }

    /// What fontconfig matched: a file, a face index in it, and its family name.
    struct Match: Hashable {
        let path: String
        let index: Int32
        let family: String
    }

    private struct Request: Hashable {
        let family: String
        let bold: Bool
        let character: UInt32?
    }

    /// Matches already made: fontconfig's answer for a request does not change while the
    /// program runs, and a match costs far more than a label's drawing.
    private var matches: [Request: Match?] = [:]

    /// The best font file for a family and weight, after fontconfig's substitutions, or
    /// one that has `character` when given. Each request asks fontconfig once.
    func match(family: String, bold: Bool, character: UInt32? = nil) -> Match? {
        let request = Request(family: family, bold: bold, character: character)
        if let known = locked({ matches[request] }) { return known }
        let found = ask(family: family, bold: bold, character: character)
        locked { matches[request] = found }
        return found
    }

    private func ask(family: String, bold: Bool, character: UInt32?) -> Match? {
        locked {
            guard let pattern = unsafe FcPatternCreate() else { return nil }
            defer { unsafe FcPatternDestroy(pattern) }
            _ = unsafe family.withCString { name in
                unsafe name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { unsafe FcPatternAddString(pattern, "family", $0) }
            }
            unsafe FcPatternAddInteger(pattern, "weight", bold ? 200 : 80)
            if let character, let set = unsafe FcCharSetCreate() {
                unsafe FcCharSetAddChar(set, character)
                unsafe FcPatternAddCharSet(pattern, "charset", set)
                unsafe FcCharSetDestroy(set)
            }
            unsafe FcConfigSubstitute(nil, pattern, FcMatchPattern)
            unsafe FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let font = unsafe FcFontMatch(nil, pattern, &result) else { return nil }
            defer { unsafe FcPatternDestroy(font) }
            var file: UnsafeMutablePointer<FcChar8>?
            guard unsafe FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file = unsafe file else { return nil }
            var index: Int32 = 0
            _ = unsafe FcPatternGetInteger(font, "index", 0, &index)
            var familyName: UnsafeMutablePointer<FcChar8>?
            _ = unsafe FcPatternGetString(font, "family", 0, &familyName)
            let path = unsafe String(cString: file)
            let found = unsafe familyName.map { unsafe String(cString: $0) } ?? family
            return Match(path: path, index: index, family: found)
        }
    }

    /// An open face.
    @safe final class Face {
        let face: FT_Face
        init(face: FT_Face) { unsafe self.face = unsafe face }
        deinit { FreeType.shared.locked { _ = unsafe FT_Done_Face(face) } }
    }

    /// Opens a face of a font file.
    func open(_ match: Match) throws(TextError) -> Face {
        try locked { () throws(TextError) -> Face in
            guard let library = unsafe library else { throw TextError.freeTypeUnavailable(code: initError) }
            var face: FT_Face?
            let error = unsafe FT_New_Face(library, match.path, FT_Long(match.index), &face)
            guard error == 0, let face = unsafe face else { throw TextError.fontUnreadable(path: match.path, code: error) }
            return unsafe Face(face: face)
        }
    }

    /// Units per em, ascender, descender (negative) and line height in font units.
    func metrics(_ f: Face) -> (unitsPerEm: Double, ascender: Double, descender: Double, height: Double) {
        locked {
            let r = unsafe f.face.pointee
            let upem = unsafe Double(max(1, r.units_per_EM))
            return unsafe (upem, Double(r.ascender), Double(r.descender), Double(r.height))
        }
    }

    /// The glyph of a character, 0 when the face lacks it.
    func glyphIndex(_ f: Face, _ character: UInt32) -> UInt32 {
        locked { unsafe UInt32(FT_Get_Char_Index(f.face, FT_ULong(character))) }
    }

    /// Whether the face has a kerning table.
    func hasKerning(_ f: Face) -> Bool {
        locked { unsafe f.face.pointee.face_flags & (1 << 6) != 0 }
    }

    /// The unscaled advance of a glyph, in font units.
    func advance(_ f: Face, _ glyph: UInt32) -> Double {
        locked {
            guard unsafe FT_Load_Glyph(f.face, glyph, Int32(1 << 0 | 1 << 3)) == 0 else { return 0 }  // NO_SCALE | NO_BITMAP
            return unsafe Double(f.face.pointee.glyph.pointee.advance.x)
        }
    }

    /// The unscaled kerning between two glyphs, in font units.
    func kerning(_ f: Face, _ left: UInt32, _ right: UInt32) -> Double {
        locked {
            var v = FT_Vector()
            guard unsafe FT_Get_Kerning(f.face, left, right, UInt32(FT_KERNING_UNSCALED.rawValue), &v) == 0 else { return 0 }
            return Double(v.x)
        }
    }

    /// A rendered glyph: grey coverage, and where its top-left pixel lies from the pen.
    struct Bitmap {
        let width: Int
        let height: Int
        let left: Int
        let top: Int
        let coverage: [UInt8]
    }

    /// Renders a glyph at `pixels` per em, under a linear transform (a b c d, y up as
    /// FreeType has it) and moved right by `shift` pixels, hinted lightly, in grey.
    func render(_ f: Face, _ glyph: UInt32, pixels: Double, matrix: (Double, Double, Double, Double), shift: Double) -> Bitmap? {
        locked {
            let size = FT_F26Dot6(max(1, (pixels * 64).rounded()))
            guard unsafe FT_Set_Char_Size(f.face, 0, size, 72, 72) == 0 else { return nil }
            var m = FT_Matrix(xx: FT_Fixed(matrix.0 * 65536), xy: FT_Fixed(matrix.2 * 65536),
                              yx: FT_Fixed(matrix.1 * 65536), yy: FT_Fixed(matrix.3 * 65536))
            var delta = FT_Vector(x: FT_Pos((shift * 64).rounded()), y: 0)
            unsafe FT_Set_Transform(f.face, &m, &delta)
            defer { unsafe FT_Set_Transform(f.face, nil, nil) }
            let lightTarget: Int32 = 1 << 16
            guard unsafe FT_Load_Glyph(f.face, glyph, lightTarget) == 0,
                  unsafe FT_Render_Glyph(f.face.pointee.glyph, FT_RENDER_MODE_LIGHT) == 0 else { return nil }
            let slot = unsafe f.face.pointee.glyph.pointee
            let bm = unsafe slot.bitmap
            let w = unsafe Int(bm.width), h = unsafe Int(bm.rows), pitch = unsafe Int(bm.pitch)
            var out = [UInt8](repeating: 0, count: w * h)
            if let buffer = unsafe bm.buffer, w > 0, h > 0 {
                for y in 0..<h {
                    let row = unsafe pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
                    for x in 0..<w { out[y * w + x] = unsafe row[x] }
                }
            }
            return unsafe Bitmap(width: w, height: h, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: out)
        }
    }
}
