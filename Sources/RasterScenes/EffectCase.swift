import Raster

/// The effect benchmark cases: shadows, blur and images, each timed as repeated
/// operations on a fixed picture. (The pressed button's highlight belongs to Views and
/// is timed by raster-bench itself.)
public enum EffectCase: String, CaseIterable, Sendable {
    case shadow4 = "effect-shadow-4"
    case shadow16 = "effect-shadow-16"
    case shadow64 = "effect-shadow-64"
    case innerShadow = "effect-inner-shadow"
    case backdropBlur4 = "effect-backdrop-blur-4"
    case backdropBlur = "effect-backdrop-blur-16"
    case backdropBlur64 = "effect-backdrop-blur-64"
    case imageScaled = "effect-image-scaled"
    case layerAlpha = "effect-layer-alpha"

    /// The default repetitions.
    public var defaultCount: Int {
        switch self {
        case .shadow4, .shadow16, .innerShadow: return 400
        case .shadow64: return 100
        case .backdropBlur, .backdropBlur4, .backdropBlur64: return 50
        case .imageScaled: return 2000
        case .layerAlpha: return 400
        }
    }

    /// The pixels one operation blurs (for ns-per-pixel figures), or nil.
    public var blurredPixels: Int? {
        switch self {
        case .backdropBlur, .backdropBlur4, .backdropBlur64: return 400 * 300
        default: return nil
        }
    }

    /// Makes the picture and returns the operation to repeat.
    public func prepare(on context: Context) -> () -> Void {
        let card = Path(roundedRect: Rect(x: 100, y: 100, width: 128, height: 40), cornerRadius: 10)
        switch self {
        case .shadow4, .shadow16, .shadow64:
            let blur = self == .shadow4 ? 4.0 : self == .shadow16 ? 16 : 64
            return {
                context.saveGState()
                context.setShadow(offset: Size(width: 0, height: 3), blur: blur, color: Color(white: 0, alpha: 0.5))
                context.setFillColor(.white)
                context.fill(card)
                context.restoreGState()
            }
        case .innerShadow:
            return {
                context.drawInnerShadow(
                    of: card, color: .black, opacity: 0.6, offset: Size(width: 0, height: 2), radius: 4)
            }
        case .backdropBlur, .backdropBlur4, .backdropBlur64:
            var random = SplitMix64(seed: 7)
            Scene.fillCircle.draw(into: context, size: 64, count: 200, random: &random)
            let radius = self == .backdropBlur4 ? 4.0 : self == .backdropBlur ? 16 : 64
            return { context.blur(Rect(x: 50, y: 50, width: 400, height: 300), radius: radius) }
        case .imageScaled:
            let icon = EffectCase.icon()
            return { context.draw(icon, in: Rect(x: 40.5, y: 40.25, width: 96, height: 96)) }
        case .layerAlpha:
            // A group of views at alpha 0.5: drawn into a layer, put back under the alpha.
            return {
                context.saveGState()
                context.setAlpha(0.5)
                context.beginTransparencyLayer(in: Rect(x: 50, y: 50, width: 400, height: 300))
                context.setFillColor(.white)
                context.fill(Rect(x: 50, y: 50, width: 400, height: 300))
                context.setFillColor(.blue)
                context.fill(card)
                context.endTransparencyLayer()
                context.restoreGState()
            }
        }
    }

    /// A 64 x 64 calendar-like icon with transparent rounded corners.
    public static func icon() -> Surface {
        let s = try! Surface(width: 64, height: 64)
        let c = Context(surface: s)
        c.setFillColor(.white)
        c.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 64, height: 64), cornerRadius: 14))
        c.clip(to: Path(roundedRect: Rect(x: 0, y: 0, width: 64, height: 64), cornerRadius: 14))
        c.setFillColor(.red)
        c.fill(Rect(x: 0, y: 0, width: 64, height: 18))
        return s
    }
}
