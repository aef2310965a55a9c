import CCairo
import Glibc
import Raster
import Testing

/// One small picture described once and drawn twice: by Vitrine's `Context` and by
/// Cairo's image backend through its C API. Cairo is the independent oracle: it shares
/// no code with Vitrine, and where the two agree within `OracleBound`, neither the
/// shape's geometry nor its rasterization can be wrong by a pixel.
struct OracleDrawing: CustomTestStringConvertible, Sendable {
    /// A step of the drawing, in the state both libraries start with (identity
    /// transform, whole-canvas clip, source-over).
    enum Step: Sendable {
        case fill(Path, FillRule, OraclePaint)
        case stroke(Path, StrokeStyle, Color)
        case clipRect(Rect)
        case clipPath(Path, FillRule)
        /// Clips to the alpha of a mask surface stretched over a rectangle.
        case clipMask(Rect, OracleImage)
        case concatenate(AffineTransform)
        case image(OracleImage, Rect, InterpolationQuality)
        case save
        case restore
    }

    /// A stroke's width, ends, corners and dashes.
    struct StrokeStyle: Sendable {
        var width: Double = 4
        var cap: LineCap = .butt
        var join: LineJoin = .miter
        var miterLimit: Double = 10
        var dash: (phase: Double, lengths: [Double])? = nil
    }

    let name: String
    var side = 48
    let steps: [Step]

    var testDescription: String { name }

    /// The picture Vitrine draws, on white.
    func vitrine() -> Surface {
        let s = try! Surface(width: side, height: side)
        s.clear(to: Color.white.premultiplied)
        let c = Context(surface: s)
        for step in steps {
            switch step {
            case .fill(let path, let rule, let paint):
                switch paint {
                case .color(let color):
                    c.setFillColor(color)
                    c.fill(path, rule: rule)
                case .linear(let g, let start, let end, let extend):
                    c.fill(
                        path, paint: .linearGradient(g, start: start, end: end, options: extend ? .extendBoth : []),
                        rule: rule)
                case .radial(let g, let c0, let r0, let c1, let r1, let extend):
                    c.fill(
                        path,
                        paint: .radialGradient(
                            g, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1,
                            options: extend ? .extendBoth : []), rule: rule)
                }
            case .stroke(let path, let style, let color):
                c.setStrokeColor(color)
                c.lineWidth = style.width
                c.lineCap = style.cap
                c.lineJoin = style.join
                c.miterLimit = style.miterLimit
                if let dash = style.dash {
                    c.setLineDash(phase: dash.phase, lengths: dash.lengths)
                } else {
                    c.lineDash = nil
                }
                c.stroke(path)
            case .clipRect(let r): c.clip(to: r)
            case .clipPath(let p, let rule): c.clip(to: p, rule: rule)
            case .clipMask(let r, let m): c.clip(to: r, mask: m.surface())
            case .concatenate(let t): c.concatenate(t)
            case .image(let image, let r, let quality):
                c.interpolationQuality = quality
                c.draw(image.surface(), in: r)
            case .save: c.saveGState()
            case .restore: c.restoreGState()
            }
        }
        return s
    }

    /// Draws with Cairo on a white `side` x `side` canvas and returns the picture.
    static func cairoCanvas(side: Int, _ draw: (OpaquePointer) -> Void) -> Surface {
        let cs = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(cs) }
        let cr = cairo_create(cs)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        draw(cr)
        cairo_surface_flush(cs)
        return surface(of: cs, side: side)
    }

    /// The picture Cairo draws of the same steps, on white.
    func cairo() -> Surface {
        Self.cairoCanvas(side: side) { cr in draw(into: cr) }
    }

    private func draw(into cr: OpaquePointer) {
        for step in steps {
            switch step {
            case .fill(let path, let rule, let paint):
                Self.trace(path, cr)
                cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                switch paint {
                case .color(let color): Self.setSource(color, cr)
                case .linear(let g, let start, let end, let extend):
                    let p = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
                    Self.addStops(g, p, extend)
                    cairo_set_source(cr, p)
                    cairo_pattern_destroy(p)
                case .radial(let g, let c0, let r0, let c1, let r1, let extend):
                    let p = cairo_pattern_create_radial(c0.x, c0.y, r0, c1.x, c1.y, r1)!
                    Self.addStops(g, p, extend)
                    cairo_set_source(cr, p)
                    cairo_pattern_destroy(p)
                }
                cairo_fill(cr)
            case .stroke(let path, let style, let color):
                Self.trace(path, cr)
                Self.setSource(color, cr)
                if style.width == 0 {
                    // Core Graphics' width 0: one device pixel (Cairo 1.16 has no hairline mode).
                    var w = 1.0
                    var h = 0.0
                    cairo_device_to_user_distance(cr, &w, &h)
                    cairo_set_line_width(cr, (w * w + h * h).squareRoot())
                } else {
                    cairo_set_line_width(cr, style.width)
                }
                cairo_set_line_cap(
                    cr,
                    [
                        .butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND,
                        .square: CAIRO_LINE_CAP_SQUARE
                    ][style.cap]!)
                cairo_set_line_join(
                    cr,
                    [
                        .miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND,
                        .bevel: CAIRO_LINE_JOIN_BEVEL
                    ][style.join]!)
                cairo_set_miter_limit(cr, style.miterLimit)
                if let dash = style.dash {
                    cairo_set_dash(cr, dash.lengths, Int32(dash.lengths.count), dash.phase)
                } else {
                    cairo_set_dash(cr, nil, 0, 0)
                }
                cairo_stroke(cr)
            case .clipRect(let r):
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_clip(cr)
            case .clipPath(let p, let rule):
                Self.trace(p, cr)
                cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_clip(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            case .clipMask:
                // Cairo has no mask clip: the mask is applied at paint time instead, by
                // `cairoMasked(_:)`, which only the mask cases use.
                break
            case .concatenate(let t):
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_transform(cr, &m)
            case .image(let image, let r, let quality):
                let source = image.cairoSurface()
                defer { cairo_surface_destroy(source) }
                cairo_save(cr)
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_clip(cr)
                cairo_translate(cr, r.minX, r.minY)
                cairo_scale(cr, r.width / Double(image.width), r.height / Double(image.height))
                cairo_set_source_surface(cr, source, 0, 0)
                let pattern = cairo_get_source(cr)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(pattern, quality == .none ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
                cairo_paint(cr)
                cairo_restore(cr)
            case .save: cairo_save(cr)
            case .restore: cairo_restore(cr)
            }
        }
    }

    /// Cairo's picture of `drawing` (the steps without the mask) put through the mask:
    /// the drawing made on a transparent layer, then painted through the mask's alpha
    /// onto white within the rectangle, which is what a mask clip means.
    static func cairoMasked(mask: OracleImage, in r: Rect, side: Int, drawing: (OpaquePointer) -> Void) -> Surface {
        cairoCanvas(side: side) { cr in
            cairo_push_group(cr)
            drawing(cr)
            cairo_pop_group_to_source(cr)
            let m = mask.cairoSurface()
            defer { cairo_surface_destroy(m) }
            let pattern = cairo_pattern_create_for_surface(m)!
            defer { cairo_pattern_destroy(pattern) }
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, Double(mask.width) / r.width, Double(mask.height) / r.height)
            cairo_matrix_translate(&matrix, -r.minX, -r.minY)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            // The mask's edge pixels extend to the rectangle's edge, and nothing shows outside
            // it, as with an image drawn in a rectangle.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_clip(cr)
            cairo_mask(cr, pattern)
        }
    }

    static func trace(_ path: Path, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        var current = Point(x: 0, y: 0)
        for e in path.elements {
            switch e {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quadCurve(let p, let c):
                // The cubic that is the quadratic: controls two thirds of the way to `c`.
                let c1 = Point(x: current.x + 2 * (c.x - current.x) / 3, y: current.y + 2 * (c.y - current.y) / 3)
                let c2 = Point(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .closeSubpath:
                cairo_close_path(cr)
            }
        }
    }

    static func setSource(_ c: Color, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    static func addStops(_ g: Gradient, _ p: OpaquePointer, _ extend: Bool) {
        for stop in g.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(p, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(p, extend ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    }

    /// A Vitrine surface holding a Cairo image surface's pixels: both are premultiplied
    /// 32-bit words with alpha in the top byte.
    static func surface(of cs: OpaquePointer, side: Int) -> Surface {
        let out = try! Surface(width: side, height: side)
        let data = cairo_image_surface_get_data(cs)!
        let stride = Int(cairo_image_surface_get_stride(cs))
        for y in 0..<side {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<side { out[x, y] = Pixel(argb: row[x]) }
        }
        return out
    }
}

/// How a filled shape is painted, in both libraries' terms.
enum OraclePaint: Sendable {
    case color(Color)
    case linear(Gradient, Point, Point, extend: Bool)
    case radial(Gradient, Point, Double, Point, Double, extend: Bool)
}

/// A small picture made by a formula, drawn as an image or used as a mask by both
/// libraries: each side makes its own surface from the same words.
struct OracleImage: Sendable {
    let width: Int
    let height: Int
    /// Premultiplied ARGB words, row by row.
    let words: [UInt32]

    /// A checkerboard of four colours with a translucent cell, `width` x `height`.
    static func checker(_ width: Int, _ height: Int) -> OracleImage {
        let colors: [UInt32] = [0xffd0_2030, 0xff20_40c0, 0xff30_b040, 0x8080_6000]
        var w: [UInt32] = []
        for y in 0..<height { for x in 0..<width { w.append(colors[(x + 2 * y) % 4]) } }
        return OracleImage(width: width, height: height, words: w)
    }

    /// A mask whose alpha runs from 0 at the left to 255 at the right, with a clear hole.
    static func ramp(_ width: Int, _ height: Int) -> OracleImage {
        var w: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let inHole = x >= width / 3 && x < width / 2 && y >= height / 3 && y < 2 * height / 3
                let a = inHole ? 0 : UInt32(x * 255 / max(width - 1, 1))
                w.append(a << 24)
            }
        }
        return OracleImage(width: width, height: height, words: w)
    }

    func surface() -> Surface {
        let s = try! Surface(width: width, height: height)
        for y in 0..<height { for x in 0..<width { s[x, y] = Pixel(argb: words[y * width + x]) } }
        return s
    }

    /// A Cairo image surface of the words; the caller destroys it.
    func cairoSurface() -> OpaquePointer {
        let cs = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        cairo_surface_flush(cs)
        let data = cairo_image_surface_get_data(cs)!
        let stride = Int(cairo_image_surface_get_stride(cs))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = words[y * width + x] }
        }
        cairo_surface_mark_dirty(cs)
        return cs
    }
}

/// How close Vitrine's picture must be to Cairo's: no more than `farPixels` pixels with
/// a channel more than `farDifference` apart, and a mean channel difference no more than
/// `mean`. A shape one pixel off, or a 4 x 4 square missing, breaks it: each leaves at
/// least 16 pixels far apart (`OracleBoundTests` shows this for every case).
struct OracleBound: CustomStringConvertible, Sendable {
    var farDifference = 48
    var farPixels = 6
    var mean = 1.0

    struct Result: CustomStringConvertible {
        var far = 0
        var mean = 0.0
        var worst = (x: 0, y: 0, difference: 0)
        var description: String {
            "\(far) pixels far apart (worst \(worst.difference) at \(worst.x),\(worst.y)), mean channel difference "
                + "\((mean * 1000).rounded() / 1000)"
        }
    }

    var description: String { "at most \(farPixels) pixels more than \(farDifference) apart, mean ≤ \(mean)" }

    func measure(_ a: Surface, _ b: Surface) -> Result {
        var r = Result()
        var sum = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y]
                let q = b[x, y]
                let d = max(
                    abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                    abs(Int(p.a) - Int(q.a)))
                sum +=
                    abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
                    + abs(Int(p.a) - Int(q.a))
                if d > farDifference { r.far += 1 }
                if d > r.worst.difference { r.worst = (x, y, d) }
            }
        }
        r.mean = Double(sum) / Double(a.width * a.height * 4)
        return r
    }

    func holds(_ r: Result) -> Bool { r.far <= farPixels && r.mean <= mean }
}
