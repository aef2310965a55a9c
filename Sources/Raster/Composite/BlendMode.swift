/// How drawn pixels combine with what is already on the surface (`CGBlendMode`), with
/// the formulas of the W3C Compositing and Blending specification on premultiplied
/// colours.
///
/// Every mode is bounded by the shape: where a shape covers a pixel by `c`, the result
/// is `dst + (blend(src, dst) - dst) * c`, and pixels outside the shape (and outside the
/// clip) keep their value, as in Core Graphics; Cairo's unbounded operators differ there.
public enum BlendMode: Int, CaseIterable, Sendable {
    /// Source over destination (the default).
    case normal
    /// `B = Cs * Cb`: darkens.
    case multiply
    /// `B = Cs + Cb - Cs * Cb`: lightens.
    case screen
    /// Multiply or screen by the backdrop: `hardLight(Cs, Cb)` with the roles swapped.
    case overlay
    /// `B = min(Cs, Cb)`.
    case darken
    /// `B = max(Cs, Cb)`.
    case lighten
    /// Brightens the backdrop towards the source.
    case colorDodge
    /// Darkens the backdrop towards the source.
    case colorBurn
    /// Darkens or lightens softly, depending on the source.
    case softLight
    /// Multiply or screen, depending on the source.
    case hardLight
    /// `B = |Cs - Cb|`.
    case difference
    /// `B = Cs + Cb - 2 Cs Cb`.
    case exclusion
    /// The hue of the source with the saturation and luminosity of the backdrop.
    case hue
    /// The saturation of the source with the hue and luminosity of the backdrop.
    case saturation
    /// The hue and saturation of the source with the luminosity of the backdrop.
    case color
    /// The luminosity of the source with the hue and saturation of the backdrop.
    case luminosity
    /// `R = 0`: erases where the shape covers.
    case clear
    /// `R = S`: replaces where the shape covers.
    case copy
    /// `R = S * Da`.
    case sourceIn
    /// `R = S * (1 - Da)`.
    case sourceOut
    /// `R = S * Da + D * (1 - Sa)`.
    case sourceAtop
    /// `R = S * (1 - Da) + D`.
    case destinationOver
    /// `R = D * Sa`.
    case destinationIn
    /// `R = D * (1 - Sa)`.
    case destinationOut
    /// `R = S * (1 - Da) + D * Sa`.
    case destinationAtop
    /// `R = S * (1 - Da) + D * (1 - Sa)`.
    case xor
    /// `R = max(0, 1 - ((1 - D) + (1 - S)))`.
    case plusDarker
    /// `R = min(1, S + D)`.
    case plusLighter

    /// Whether the mode leaves the destination unchanged where the source is transparent,
    /// so that transparent source pixels can be skipped.
    var skipsTransparentSource: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }
}
