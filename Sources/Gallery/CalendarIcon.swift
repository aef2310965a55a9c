import Raster
import Text

/// The icon of document 002: a calendar page with a red band, a day number and
/// transparent rounded corners, drawn by Vitrine itself. `Resources/calendar-icon.png`
/// is this drawing at 57 x 57 pixels; the gallery loads that file when it can find it
/// and draws the icon when it cannot, with the same pixels.
public enum CalendarIcon {
    /// The icon's side in pixels (the classic iPhone icon size).
    public static let side = 57

    /// Draws the icon at `scale` (57 x 57 points).
    public static func draw(scale: Double = 1) -> Surface {
        let s = try! Surface(width: Int(Double(side) * scale), height: Int(Double(side) * scale), scale: scale)
        let c = Context(surface: s)
        let box = Rect(x: 0, y: 0, width: Double(side), height: Double(side))
        let shape = Path(roundedRect: box, cornerRadius: 10)
        c.clip(to: shape)
        c.drawLinearGradient(Gradient(colors: [.white, Color(white: 0.88)]), start: .zero, end: Point(x: 0, y: 57))
        c.drawLinearGradient(
            Gradient(colors: [Color(red: 0.95, green: 0.3, blue: 0.25), Color(red: 0.75, green: 0.1, blue: 0.1)]),
            start: .zero, end: Point(x: 0, y: 17))
        // Rings and the day, drawn as shapes so the icon needs no font.
        c.setFillColor(Color(white: 0.3))
        for x in [14.0, 39] { c.fill(Path(roundedRect: Rect(x: x, y: 3, width: 4, height: 10), cornerRadius: 2)) }
        c.lineWidth = 4.5
        c.lineCap = .round
        c.lineJoin = .round
        c.setStrokeColor(Color(white: 0.15))
        var two = Path()
        two.move(to: Point(x: 14, y: 29))
        two.addCurve(to: Point(x: 26, y: 29), control1: Point(x: 15, y: 21), control2: Point(x: 26, y: 21))
        two.addCurve(to: Point(x: 14, y: 48), control1: Point(x: 26, y: 36), control2: Point(x: 16, y: 41))
        two.addLine(to: Point(x: 27, y: 48))
        c.stroke(two)
        c.strokeEllipse(in: Rect(x: 32, y: 24, width: 11, height: 10))
        var nine = Path()
        nine.move(to: Point(x: 43, y: 29))
        nine.addCurve(to: Point(x: 33, y: 48), control1: Point(x: 43, y: 40), control2: Point(x: 39, y: 47))
        c.stroke(nine)
        return s
    }

    /// The scale of the display the gallery is built for (`UIScreen.main.scale`): the
    /// icon `load()` gives by default.
    @MainActor public static var displayScale = 1.0

    /// The icon for a display of `scale`: `Resources/calendar-icon.png`, or
    /// `calendar-icon@2x.png` at scale 2 and more, when found (beside the package, the
    /// executable or the working directory), else drawn at that scale.
    @MainActor public static func load(scale: Double? = nil) -> Image {
        let scale = scale ?? displayScale
        let k = scale >= 2 ? 2.0 : 1.0
        if let path = Resources.path(k == 2 ? "calendar-icon@2x.png" : "calendar-icon.png"),
            let image = try? Image(contentsOfFile: path)
        {
            return image
        }
        return Image(adopting: draw(scale: k))
    }
}
