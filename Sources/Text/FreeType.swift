import CFreeType
import Glibc
import Raster
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

    /// The font shipped in `Resources/Fonts/`, DejaVu Sans or DejaVu Sans Bold, or nil
    /// when that folder cannot be found.
    func bundled(bold: Bool) -> Match? {
        guard let path = Resources.path(bold ? "Fonts/DejaVuSans-Bold.ttf" : "Fonts/DejaVuSans.ttf") else { return nil }
        return Match(path: path, index: 0, family: "DejaVu Sans")
    }

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
                unsafe name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    unsafe FcPatternAddString(pattern, "family", $0)
                }
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
            guard unsafe FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file = unsafe file else {
                return nil
            }
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
            guard error == 0, let face = unsafe face else {
                throw TextError.fontUnreadable(path: match.path, code: error)
            }
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
            // FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP
            guard unsafe FT_Load_Glyph(f.face, glyph, Int32(1 << 0 | 1 << 3)) == 0 else { return 0 }
            return unsafe Double(f.face.pointee.glyph.pointee.advance.x)
        }
    }

    /// The unscaled kerning between two glyphs, in font units.
    func kerning(_ f: Face, _ left: UInt32, _ right: UInt32) -> Double {
        locked {
            var v = FT_Vector()
            guard unsafe FT_Get_Kerning(f.face, left, right, UInt32(FT_KERNING_UNSCALED.rawValue), &v) == 0 else {
                return 0
            }
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

    /// The outline of a glyph in font units, y up: the points the font file holds,
    /// neither scaled nor hinted, so that no FreeType version or setting changes them.
    /// Nil when the glyph has no outline (a face of bitmaps only).
    func outline(_ f: Face, _ glyph: UInt32) -> Path? {
        locked { () -> Path? in
            // FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
            guard unsafe FT_Load_Glyph(f.face, glyph, Int32(1 << 0 | 1 << 1 | 1 << 3)) == 0,
                let slot = unsafe f.face.pointee.glyph,
                unsafe slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
            else { return nil }
            var outline = unsafe slot.pointee.outline
            let builder = OutlineBuilder()
            var funcs = unsafe FT_Outline_Funcs(
                move_to: { to, user in
                    unsafe OutlineBuilder.from(user).move(to: to)
                    return 0
                },
                line_to: { to, user in
                    unsafe OutlineBuilder.from(user).line(to: to)
                    return 0
                },
                conic_to: { control, to, user in
                    unsafe OutlineBuilder.from(user).conic(control, to)
                    return 0
                },
                cubic_to: { c1, c2, to, user in
                    unsafe OutlineBuilder.from(user).cubic(c1, c2, to)
                    return 0
                },
                shift: 0, delta: 0)
            // Safe: the builder outlives the call, which is the only user of the pointer.
            let error = withExtendedLifetime(builder) {
                unsafe FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
            }
            guard error == 0 else { return nil }
            builder.path.closeSubpath()
            return builder.path
        }
    }
}

/// Gathers FreeType's outline callbacks into a path (font units, y up), each contour
/// closed.
@safe final class OutlineBuilder {
    var path = Path()
    private var started = false

    /// The builder behind a callback's user pointer.
    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        unsafe Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    private static func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v = unsafe v else { return Point(x: 0, y: 0) }
        return unsafe Point(x: Double(v.pointee.x), y: Double(v.pointee.y))
    }

    func move(to v: UnsafePointer<FT_Vector>?) {
        if started { path.closeSubpath() }
        started = true
        path.move(to: unsafe Self.point(v))
    }

    func line(to v: UnsafePointer<FT_Vector>?) { path.addLine(to: unsafe Self.point(v)) }

    func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) {
        path.addQuadCurve(to: unsafe Self.point(to), control: unsafe Self.point(control))
    }

    func cubic(_ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) {
        path.addCurve(to: unsafe Self.point(to), control1: unsafe Self.point(c1), control2: unsafe Self.point(c2))
    }
}
