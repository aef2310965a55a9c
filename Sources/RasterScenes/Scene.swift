import Glibc
import Raster

/// One benchmark scene: the same random shapes Cairo's peer draws.
public enum Scene: String, CaseIterable, Sendable {
    case fillRectAligned = "fill-rect-aligned"
    case fillRectUnaligned = "fill-rect-unaligned"
    case fillRound = "fill-round"
    case fillCircle = "fill-circle"
    case fillPentagramNonZero = "fill-pentagram-nz"
    case fillPentagramEvenOdd = "fill-pentagram-eo"
    case strokeRound = "stroke-round"
    case fillLinearGradient = "fill-linear-gradient"

    /// The side of the square canvas, in pixels.
    public static let canvasSide = 512
    /// The sizes the benchmark draws.
    public static let sizes = [8, 16, 32, 64, 128, 256]

    /// The shape count the peer uses when none is given: 4,000,000 / s^2 + 2000.
    public static func defaultCount(size: Int) -> Int { Int(4_000_000.0 / Double(size * size)) + 2000 }

    /// A fresh transparent canvas.
    public static func makeCanvas() -> Surface {
        // 512 x 512 is always a valid size.
        try! Surface(width: canvasSide, height: canvasSide)
    }

    /// Draws shape after shape of this scene with `random`, `count` times.
    public func draw(into context: Context, size: Int, count: Int, random: inout SplitMix64) {
        let s = Double(size)
        for _ in 0..<count { drawOne(context, s, &random) }
    }

    private func drawOne(_ c: Context, _ s: Double, _ random: inout SplitMix64) {
        let side = Double(Scene.canvasSide)
        let x = random.unit() * (side - s)
        let y = random.unit() * (side - s)
        if self == .fillLinearGradient {
            let colors = [Scene.color(&random), Scene.color(&random), Scene.color(&random)]
            let gradient = Gradient(colors: colors, locations: [0, 0.5, 1])
            c.fill(
                Path(rect: Rect(x: x, y: y, width: s, height: s)),
                paint: .linearGradient(
                    gradient, start: Point(x: x, y: y), end: Point(x: x, y: y + s), options: .extendBoth))
            return
        }
        c.setFillColor(Scene.color(&random))
        switch self {
        case .fillRectAligned: c.fill(Rect(x: x.rounded(.down), y: y.rounded(.down), width: s, height: s))
        case .fillRectUnaligned: c.fill(Rect(x: x, y: y, width: s, height: s))
        case .fillRound: c.fill(Path(roundedRect: Rect(x: x, y: y, width: s, height: s), cornerRadius: s / 4))
        case .fillCircle: c.fill(Path(ellipseIn: Rect(x: x, y: y, width: s, height: s)))
        case .fillPentagramNonZero: c.fill(Scene.pentagram(x + s / 2, y + s / 2, s / 2), rule: .nonZero)
        case .fillPentagramEvenOdd: c.fill(Scene.pentagram(x + s / 2, y + s / 2, s / 2), rule: .evenOdd)
        case .strokeRound:
            c.setStrokeColor(c.fillColor)
            c.lineWidth = 2
            c.lineJoin = .miter
            c.lineCap = .butt
            c.stroke(Path(roundedRect: Rect(x: x, y: y, width: s, height: s), cornerRadius: s / 4))
        case .fillLinearGradient: break
        }
    }

    /// A colour from one random word: r, g, b in the low bytes, alpha 128...255.
    static func color(_ random: inout SplitMix64) -> Color {
        let c = random.next()
        return Color(
            red8: UInt8(c & 255), green8: UInt8((c >> 8) & 255), blue8: UInt8((c >> 16) & 255),
            alpha8: UInt8(128 + ((c >> 24) & 127)))
    }

    /// The five-pointed star of the benchmark, its points joined in drawing order.
    public static func pentagram(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
        var p = Path()
        for k in 0..<5 {
            let t = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let q = Point(x: cx + r * cos(t), y: cy + r * sin(t))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }
}
