import Raster
import Synchronization

/// One opened font file with its caches: characters to glyphs, advances and rendered
/// glyph bitmaps, and the same file opened by HarfBuzz for shaping. Faces are shared by every `Font` that resolves to the same
/// file; all access goes through the FreeType lock.
final class FontFace: @unchecked Sendable {
    let match: FreeType.Match
    let face: FreeType.Face
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    let height: Double
    /// The same file as HarfBuzz reads it, for shaping; nil when it cannot.
    let shapingFont: HarfBuzz.ShapingFont?

    private var glyphs: [UInt32: UInt32] = [:]
    private var advances: [UInt32: Double] = [:]
    private var bitmaps: [GlyphKey: FreeType.Bitmap] = [:]
    /// The outlines read so far, in font units (nil: the glyph has none).
    private var outlines: [UInt32: Path?] = [:]
    /// The fallback face of each character and weight asked for (nil: none has it).
    private var fallbacks: [FallbackKey: FontFace?] = [:]

    private struct FallbackKey: Hashable {
        let character: UInt32
        let bold: Bool
    }

    /// How many glyph bitmaps FreeType has rendered for this face (for tests of the cache).
    private(set) var renderCount = 0

    private init(match: FreeType.Match, face: FreeType.Face) {
        self.match = match
        self.face = face
        let m = FreeType.shared.metrics(face)
        unitsPerEm = m.unitsPerEm
        ascender = m.ascender
        descender = m.descender
        height = m.height
        shapingFont = HarfBuzz.ShapingFont(path: match.path, index: match.index)
    }

    /// The faces opened so far, one per match.
    private static let faces = Mutex<[FreeType.Match: FontFace]>([:])

    /// The face of a match, opened once per process.
    static func face(for match: FreeType.Match) throws(TextError) -> FontFace {
        if let f = faces.withLock({ $0[match] }) { return f }
        let opened = FontFace(match: match, face: try FreeType.shared.open(match))
        return faces.withLock { known in
            if let f = known[match] { return f }
            known[match] = opened
            return opened
        }
    }

    func glyph(for character: UInt32) -> UInt32 {
        if let g = FreeType.shared.locked({ glyphs[character] }) { return g }
        let g = FreeType.shared.glyphIndex(face, character)
        FreeType.shared.locked { glyphs[character] = g }
        return g
    }

    /// The advance of a glyph in em units (font units divided by units per em).
    func advance(_ glyph: UInt32) -> Double {
        if let a = FreeType.shared.locked({ advances[glyph] }) { return a }
        let a = FreeType.shared.advance(face, glyph) / unitsPerEm
        FreeType.shared.locked { advances[glyph] = a }
        return a
    }

    /// A face that has `character`, found through fontconfig, or nil.
    func fallback(for character: UInt32, bold: Bool) -> FontFace? {
        let key = FallbackKey(character: character, bold: bold)
        if let f = FreeType.shared.locked({ fallbacks[key] }) { return f }
        var found: FontFace?
        if let m = FreeType.shared.match(family: match.family, bold: bold, character: character), m != match,
            let f = try? FontFace.face(for: m), f.glyph(for: character) != 0
        {
            found = f
        }
        FreeType.shared.locked { fallbacks[key] = found }
        return found
    }

    struct GlyphKey: Hashable {
        let glyph: UInt32
        let size: Int
        let shift: Int
        let matrix: SIMD4<Int32>
    }

    /// The outline of a glyph in font units, y up, read once.
    func outline(_ glyph: UInt32) -> Path? {
        if let known = FreeType.shared.locked({ outlines[glyph] }) { return known }
        let path = FreeType.shared.outline(face, glyph)
        FreeType.shared.locked {
            if outlines.count > 8192 { outlines.removeAll() }
            outlines[glyph] = path
        }
        return path
    }

    /// The coverage of a glyph at a size (in 1/64 pixels per em), a quarter-pixel shift
    /// and a linear transform (y up, in 1/4096), drawn once and then served from the
    /// cache.
    ///
    /// The glyph's unhinted outline is filled by Raster's scan converter, so that the
    /// pixels depend on Vitrine alone: not on the installed FreeType's version, hinting
    /// or rendering settings.
    func bitmap(_ key: GlyphKey) -> FreeType.Bitmap? {
        if let b = FreeType.shared.locked({ bitmaps[key] }) { return b }
        guard let outline = outline(key.glyph) else { return nil }
        let s = Double(key.size) / 64 / unitsPerEm
        let m = key.matrix
        let m0 = Double(m[0]) / 4096
        let m1 = Double(m[1]) / 4096
        let m2 = Double(m[2]) / 4096
        let m3 = Double(m[3]) / 4096
        // Font units are y up; the bitmap's rows go down from the top.
        let placed = outline.applying(
            AffineTransform(
                a: s * m0, b: -s * m1, c: s * m2, d: -s * m3,
                tx: Double(key.shift) / 4, ty: 0))
        let box = placed.boundingBox
        var b = FreeType.Bitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
        if !box.isNull && box.width > 0 && box.height > 0 && box.origin.isFinite {
            let x0 = box.minX.rounded(.down)
            let y0 = box.minY.rounded(.down)
            let w = Int(box.maxX.rounded(.up) - x0)
            let h = Int(box.maxY.rounded(.up) - y0)
            guard w <= 4096, h <= 4096, let surface = try? Surface(width: w, height: h) else { return nil }
            let c = Context(surface: surface)
            c.translateBy(x: -x0, y: -y0)
            c.setFillColor(.black)
            c.fill(placed)
            var coverage = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h { for x in 0..<w { coverage[y * w + x] = surface[x, y].a } }
            b = FreeType.Bitmap(width: w, height: h, left: Int(x0), top: -Int(y0), coverage: coverage)
        }
        FreeType.shared.locked {
            renderCount += 1
            if bitmaps.count > 8192 { bitmaps.removeAll() }
            bitmaps[key] = b
        }
        return b
    }
}
