/// The per-pixel formulas of every blend mode, on premultiplied words, in floating point.
/// Source-over, copy and clear have exact integer fast paths in `Compositor`; this is
/// the general path.
extension BlendMode {
    /// The result of blending premultiplied `s` onto premultiplied `d`, before coverage.
    func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = Float(s >> 24) / 255
        let da = Float(d >> 24) / 255
        let sc = BlendMode.channels(s)
        let dc = BlendMode.channels(d)
        var out: SIMD4<Float>  // premultiplied r, g, b, a
        switch self {
        case .normal: out = sc + dc * (1 - sa)
        case .clear: out = .zero
        case .copy: out = sc
        case .sourceIn: out = sc * da
        case .sourceOut: out = sc * (1 - da)
        case .sourceAtop: out = sc * da + dc * (1 - sa)
        case .destinationOver: out = sc * (1 - da) + dc
        case .destinationIn: out = dc * sa
        case .destinationOut: out = dc * (1 - sa)
        case .destinationAtop: out = sc * (1 - da) + dc * sa
        case .xor: out = sc * (1 - da) + dc * (1 - sa)
        case .plusLighter:
            out = SIMD4(min(sc.x + dc.x, 1), min(sc.y + dc.y, 1), min(sc.z + dc.z, 1), min(sa + da, 1))
        case .plusDarker:
            let ao = min(1, sa + da)
            func ch(_ cs: Float, _ cb: Float) -> Float { max(0, ao - ((da - cb) + (sa - cs))) }
            out = SIMD4(ch(sc.x, dc.x), ch(sc.y, dc.y), ch(sc.z, dc.z), ao)
        default:
            // Separable and non-separable blends: unpremultiply, blend, then composite
            // co = cs*as*(1-ab) + cb*ab*(1-as) + as*ab*B(cb, cs).
            let cs = sa > 0 ? sc / sa : .zero
            let cb = da > 0 ? dc / da : .zero
            let b = mix(SIMD3(cb.x, cb.y, cb.z), SIMD3(cs.x, cs.y, cs.z))
            let ao = sa + da * (1 - sa)
            let rgb = SIMD3(sc.x, sc.y, sc.z) * (1 - da) + SIMD3(dc.x, dc.y, dc.z) * (1 - sa) + b * (sa * da)
            out = SIMD4(rgb.x, rgb.y, rgb.z, ao)
        }
        return BlendMode.word(out)
    }

    /// B(cb, cs) of the separable and non-separable modes on straight colours.
    private func mix(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return BlendMode.each(cs, cb) { s, b in BlendMode.hardLight(b, s) }
        case .darken: return pointwiseMin(cs, cb)
        case .lighten: return pointwiseMax(cs, cb)
        case .colorDodge:
            return BlendMode.each(cs, cb) { s, b in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn:
            return BlendMode.each(cs, cb) { s, b in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return BlendMode.each(cs, cb) { s, b in BlendMode.hardLight(s, b) }
        case .softLight:
            return BlendMode.each(cs, cb) { s, b in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return pointwiseMax(cs - cb, cb - cs)
        case .exclusion: return cs + cb - 2 * cs * cb
        case .hue: return BlendMode.setLum(BlendMode.setSat(cs, BlendMode.sat(cb)), BlendMode.lum(cb))
        case .saturation: return BlendMode.setLum(BlendMode.setSat(cb, BlendMode.sat(cs)), BlendMode.lum(cb))
        case .color: return BlendMode.setLum(cs, BlendMode.lum(cb))
        case .luminosity: return BlendMode.setLum(cb, BlendMode.lum(cs))
        default: return cs
        }
    }

    private static func hardLight(_ s: Float, _ b: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    private static func each(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(a.x, b.x), f(a.y, b.y), f(a.z, b.z))
    }

    private static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c)
        let n = c.min()
        let x = c.max()
        var r = c
        if n < 0 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * (l / (l - n)) }
        if x > 1 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * ((1 - l) / (x - l)) }
        return r
    }

    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + SIMD3(repeating: l - lum(c)))
    }

    private static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let mx = c.max()
        let mn = c.min()
        guard mx > mn else { return .zero }
        return (c - SIMD3(repeating: mn)) * (s / (mx - mn))
    }

    /// A premultiplied word as floats r, g, b, a in 0...1.
    static func channels(_ w: UInt32) -> SIMD4<Float> {
        SIMD4(Float((w >> 16) & 255), Float((w >> 8) & 255), Float(w & 255), Float(w >> 24)) / 255
    }

    /// Floats r, g, b, a back to a word, keeping every colour at most the alpha.
    static func word(_ v: SIMD4<Float>) -> UInt32 {
        let a = min(max(v.w, 0), 1)
        func q(_ x: Float) -> UInt32 { UInt32(min(max(x, 0), a) * 255 + 0.5) }
        return UInt32(a * 255 + 0.5) << 24 | q(v.x) << 16 | q(v.y) << 8 | q(v.z)
    }
}
