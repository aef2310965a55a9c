import Glibc
import Raster
import Testing
import Views

@testable import Gallery

/// The `layer-perspective` specimen against perspective worked out by hand: the card's
/// corner (x, y) about its centre, turned by a about y, lies at x cos a, y and depth
/// -x sin a, and a viewer `d` away (`m34 = -1/d`) sees it at (x cos a, y) / w with
/// w = 1 + x sin a / d. Just inside each projected corner and edge the card's border
/// shows, just outside the white backdrop.
@MainActor
@Suite struct PerspectiveSpecimenTests {
    @Test(arguments: [1.0, 2.0])
    func theCardsCornersAreWherePerspectivePutsThem(scale: Double) throws {
        let view = try #require(Catalog.specimen(named: "layer-perspective")).make { _ in }
        let root = RootView(size: Size(width: 200, height: 120))
        root.backgroundColor = .white
        root.addSubview(view)
        let s = try Surface(width: Int(200 * scale), height: Int(120 * scale), scale: scale)
        _ = root.render(into: s, full: true)
        let a = PerspectiveCard.angle
        let d = PerspectiveCard.distance
        let hw = PerspectiveCard.size.width / 2
        let hh = PerspectiveCard.size.height / 2
        func project(_ x: Double, _ y: Double) -> Point {
            let w = 1 + x * sin(a) / d
            return Point(
                x: (PerspectiveCard.center.x + x * cos(a) / w) * scale,
                y: (PerspectiveCard.center.y + y / w) * scale)
        }
        let centre = Point(x: PerspectiveCard.center.x * scale, y: PerspectiveCard.center.y * scale)
        var checked = 0
        for (x, y) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh), (hw, 0), (-hw, 0), (0, -hh), (0, hh)] {
            let p = project(x, y)
            let dx = centre.x - p.x
            let dy = centre.y - p.y
            let len = (dx * dx + dy * dy).squareRoot()
            // Two device pixels along the way to the centre, and two away from it.
            let inside = s[Int(p.x + 2.5 * scale * dx / len), Int(p.y + 2.5 * scale * dy / len)]
            let outside = s[Int(p.x - 2.5 * scale * dx / len), Int(p.y - 2.5 * scale * dy / len)]
            #expect(inside.b < 140 && inside.r < 40, "inside (\(x), \(y)): \(inside)")
            #expect(outside.r > 250 && outside.g > 250, "outside (\(x), \(y)): \(outside)")
            checked += 1
        }
        #expect(checked == 8)
        // The right edge, further away, is shorter than the left by the ratio of depths.
        let left = project(-hw, hh).y - project(-hw, -hh).y
        let right = project(hw, hh).y - project(hw, -hh).y
        #expect(right / left < 0.9)
    }
}
