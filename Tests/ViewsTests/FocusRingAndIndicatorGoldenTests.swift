import Foundation
import Layers
import Raster
import TestSupport
import Testing
import VitrineTesting

@testable import Views

private let golden = Golden(for: #filePath)

/// A control shaped as a star, whose ring follows its path.
@MainActor
final class StarControl: Control {
    var star: Path {
        var p = Path()
        let c = bounds.center
        let outer = min(bounds.width, bounds.height) / 2
        let inner = outer * 0.45
        for i in 0..<10 {
            let r = i % 2 == 0 ? outer : inner
            let a = Double(i) * .pi / 5 - .pi / 2
            let q = Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }
    override var focusEffect: FocusHaloEffect? { FocusHaloEffect(path: star) }
    override func draw(_ rect: Rect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(Color(red: 0.95, green: 0.7, blue: 0.1))
        context.fill(star)
    }
}

@MainActor
@Suite struct FocusRingGoldenTests {
    func focused(_ control: Control, scale: Double) throws -> Surface {
        let root = RootView(size: Size(width: 140, height: 90))
        root.addSubview(control)
        Keys.type(Keys.tab, into: root)
        #expect(control.isFocused)
        let s = try Surface(width: Int(140 * scale), height: Int(90 * scale), scale: scale)
        root.render(into: s, full: true)
        return s
    }

    func button() -> Button {
        let b = Button(frame: Rect(x: 20, y: 25, width: 100, height: 40))
        b.setTitle("Focused", for: .normal)
        b.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
        b.layer.cornerRadius = 8
        return b
    }

    /// Independent check: `theRingIsThreePointsOfTintTwoPointsOutside` measures the ring
    /// against its documented width, gap and colour.
    @Test(arguments: [1.0, 2.0])
    func eachShapeHasItsRing(scale: Double) throws {
        let box = Checkbox(frame: Rect(x: 50, y: 25, width: 40, height: 40))
        box.checked = true
        let suffix = scale == 1 ? "" : "@2x"
        golden.expect(try focused(button(), scale: scale), suite: "Focus", name: "ring-rounded-rect" + suffix)
        golden.expect(try focused(box, scale: scale), suite: "Focus", name: "ring-circle" + suffix)
        golden.expect(
            try focused(StarControl(frame: Rect(x: 30, y: 5, width: 80, height: 80)), scale: scale),
            suite: "Focus", name: "ring-path" + suffix)
    }

    @Test func theRingIsThreePointsOfTintTwoPointsOutside() throws {
        // The button's top edge is at y 25: the gap is 23...25, the ring 20...23.
        let s = try focused(button(), scale: 1)
        let tint = Pixel(argb: 0xff00_7aff)
        let white = Pixel(argb: 0xffff_ffff)
        #expect(s[70, 20] == tint && s[70, 21] == tint && s[70, 22] == tint)
        #expect(s[70, 23] == white && s[70, 24] == white && s[70, 19] == white)
        // Beside the left edge (x 20), the same.
        #expect(s[16, 45] == tint && s[18, 45] == white && s[16 - 2, 45] == white)
        // The corner is rounded by the radius grown by the gap: its outermost point along
        // the diagonal is (8 + 5) × (1 − 1/√2) ≈ 3.8 points in from the box's corner.
        #expect(s[15, 20] == white)
    }
}

@MainActor
@Suite(.manualClock()) struct ScrollIndicatorGoldenTests {
    func scene(at seconds: Double) throws -> Surface {
        MediaClock.manualTime = 0
        let root = RootView(size: Size(width: 200, height: 150))
        let scroll = ScrollView(frame: root.bounds)
        scroll.contentSize = Size(width: 400, height: 600)
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        content.backgroundColor = .white
        for i in 0..<6 {
            let stripe = View(frame: Rect(x: 0, y: Double(i) * 100, width: 400, height: 50))
            stripe.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.3)
            content.addSubview(stripe)
        }
        scroll.addSubview(content)
        root.addSubview(scroll)
        root.layoutIfNeeded()
        scroll.contentOffset = Point(x: 100, y: 200)
        MediaClock.advance(by: seconds)
        let s = try Surface(width: 200, height: 150)
        root.render(into: s, full: true)
        return s
    }

    /// Independent check: the bar's place and opacity worked out below from the
    /// indicator's documented geometry.
    @Test func atRestAndMidFade() throws {
        let shown = try scene(at: 0)
        let half = try scene(at: 0.625)
        let gone = try scene(at: 1)
        golden.expect(shown, suite: "ScrollIndicators", name: "shown")
        golden.expect(half, suite: "ScrollIndicators", name: "mid-fade")
        // The vertical bar: 3 points wide at x 194...197, 200 of 600 points down a track of
        // 150 - 6 - 6 points; its middle column at x 195 is black at 35% × the opacity
        // over the white content (rows 60...61 lie on white: the offset is 200).
        let y = 3 + (150 - 12 - 36) * 200 / (600 - 150) + 10
        for (picture, opacity) in [(shown, 1.0), (half, 0.5)] {
            let expected = 255 * (1 - 0.35 * opacity)
            #expect(
                abs(Double(picture[195, Int(y)].r) - expected) <= 1, "\(picture[195, Int(y)]) at opacity \(opacity)")
        }
        #expect(gone[195, Int(y)] == Pixel(argb: 0xffff_ffff))
    }
}
