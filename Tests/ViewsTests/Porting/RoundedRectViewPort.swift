// swift-format-ignore-file
// The document's code as written, with the renames alone: not reformatted.
import Raster
import Testing
import Views

// Document 000, RoundedRectView.h and .m, ported: UI/CG prefixes dropped, CGContext*
// C calls written as the context's methods, Objective-C written as Swift.

let kDefaultStrokeColor = Color.white
let kDefaultRectColor = Color.white
let kDefaultStrokeWidth = 1.0
let kDefaultCornerRadius = 30.0

// Renamed from RoundedRectView: Vitrine has a class of that name.
@MainActor
final class DocumentRoundedRectView: View {
    var strokeColor: Color = kDefaultStrokeColor
    var rectColor: Color = kDefaultRectColor
    var strokeWidth: Double = kDefaultStrokeWidth
    var cornerRadius: Double = kDefaultCornerRadius

    override init(frame: Rect) {
        super.init(frame: frame)
        // Initialization code
        self.isOpaque = false
        self.strokeColor = kDefaultStrokeColor
        self.backgroundColor = .clear
        self.rectColor = kDefaultRectColor
        self.strokeWidth = kDefaultStrokeWidth
        self.cornerRadius = kDefaultCornerRadius
    }

    override var backgroundColor: Color? {
        get { super.backgroundColor }
        // Ignore any attempt to set background color - backgroundColor must stay set to clearColor
        set {}
    }

    override var isOpaque: Bool {
        get { super.isOpaque }
        // Ignore attempt to set opaque to YES.
        set {}
    }

    override func draw(_ rect: Rect) {
        let context = GraphicsGetCurrentContext()!
        context.lineWidth = strokeWidth
        context.setStrokeColor(self.strokeColor)
        context.setFillColor(self.rectColor)

        let rrect = self.bounds

        var radius = cornerRadius
        let width = rrect.width
        let height = rrect.height

        // Make sure corner radius isn't larger than half the shorter side
        if radius > width / 2.0 {
            radius = width / 2.0
        }
        if radius > height / 2.0 {
            radius = height / 2.0
        }

        let minx = rrect.minX
        let midx = rrect.midX
        let maxx = rrect.maxX
        let miny = rrect.minY
        let midy = rrect.midY
        let maxy = rrect.maxY
        context.move(to: Point(x: minx, y: midy))
        context.addArc(tangent1End: Point(x: minx, y: miny), tangent2End: Point(x: midx, y: miny), radius: radius)
        context.addArc(tangent1End: Point(x: maxx, y: miny), tangent2End: Point(x: maxx, y: midy), radius: radius)
        context.addArc(tangent1End: Point(x: maxx, y: maxy), tangent2End: Point(x: midx, y: maxy), radius: radius)
        context.addArc(tangent1End: Point(x: minx, y: maxy), tangent2End: Point(x: minx, y: midy), radius: radius)
        context.closePath()
        context.drawPath(using: .fillStroke)
    }
}

@MainActor
@Suite struct RoundedRectViewPortTests {
    @Test func theDefaultViewIsTheGallerys() throws {
        try expectSameAsSpecimen("rounded-rect-default") {
            DocumentRoundedRectView(frame: Rect(x: 0, y: 0, width: 160, height: 100))
        }
    }

    @Test func theStyledViewIsTheGallerys() throws {
        try expectSameAsSpecimen("rounded-rect-styled") {
            let v = DocumentRoundedRectView(frame: Rect(x: 0, y: 0, width: 160, height: 100))
            v.rectColor = Color(red: 0.20, green: 0.50, blue: 0.90)
            v.strokeColor = Color(red: 0.10, green: 0.20, blue: 0.50)
            v.strokeWidth = 4
            v.cornerRadius = 20
            return v
        }
    }

    @Test func theClampedViewIsTheGallerys() throws {
        try expectSameAsSpecimen("rounded-rect-clamped") {
            let v = DocumentRoundedRectView(frame: Rect(x: 0, y: 0, width: 60, height: 40))
            v.cornerRadius = 30
            v.rectColor = Color(red: 0.95, green: 0.55, blue: 0.15)
            v.strokeColor = Color(red: 0.55, green: 0.25, blue: 0.05)
            return v
        }
    }
}
