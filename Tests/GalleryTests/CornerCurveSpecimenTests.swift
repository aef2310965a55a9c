import Raster
import Testing
import Views

@testable import Gallery

/// The `corner-curve` specimen, each top-left corner traced column by column where its
/// edge crosses half coverage: the circular square follows the quarter circle, and the
/// continuous one the curve iOS draws (its measured Bézier segments, in units of the
/// radius, evaluated here on their own), which reaches 1.53 radii along the edge.
@MainActor
@Suite struct CornerCurveSpecimenTests {
    /// The continuous corner's outline from the edge to the diagonal, as (along, across)
    /// in units of the radius, sampled densely.
    static func continuousOutline() -> [(Double, Double)] {
        let pieces: [[(Double, Double)]] = [
            [(1.528665, 0), (1.088493, 0), (0.868407, 0), (0.669934, 0.065496)],
            [(0.669934, 0.065496), (0.669934, 0.065496), (0.631494, 0.074911), (0.631494, 0.074911)],
            [(0.631494, 0.074911), (0.372824, 0.169060), (0.169060, 0.372824), (0.074911, 0.631494)]
        ]
        var out: [(Double, Double)] = []
        for p in pieces {
            for i in 0...400 {
                let t = Double(i) / 400
                let u = 1 - t
                let b0 = u * u * u
                let b1 = 3 * u * u * t
                let b2 = 3 * u * t * t
                let b3 = t * t * t
                out.append(
                    (
                        b0 * p[0].0 + b1 * p[1].0 + b2 * p[2].0 + b3 * p[3].0,
                        b0 * p[0].1 + b1 * p[1].1 + b2 * p[2].1 + b3 * p[3].1
                    ))
            }
        }
        return out
    }

    /// How far below the top edge the outline is at `along` radii from the corner.
    static func continuousDepth(at along: Double) -> Double? {
        let o = continuousOutline()
        for (p, q) in zip(o, o.dropFirst()) where (p.0 - along) * (q.0 - along) <= 0 && p.0 != q.0 {
            let t = (along - p.0) / (q.0 - p.0)
            return p.1 + (q.1 - p.1) * t
        }
        return nil
    }

    @Test func eachCornerFollowsItsCurve() throws {
        let view = try #require(Catalog.specimen(named: "corner-curve")).make { _ in }
        let root = RootView(size: Size(width: 200, height: 100))
        root.backgroundColor = .white
        root.addSubview(view)
        let k = 4.0
        let s = try Surface(width: Int(200 * k), height: Int(100 * k), scale: k)
        _ = root.render(into: s, full: true)
        let r = CornerCurveSquares.radius
        // Coverage from the red channel: white is 255, the squares' blue 51.
        func coverage(_ x: Int, _ y: Int) -> Double { (255 - Double(s[x, y].r)) / 204 }
        /// Where column `x` (device pixels) first reaches half coverage, downwards.
        func edge(column x: Int, from y0: Int) -> Double? {
            var previous = coverage(x, y0)
            for y in y0 + 1..<s.height {
                let c = coverage(x, y)
                if previous < 0.5 && c >= 0.5 { return Double(y) + 0.5 - (c - 0.5) / (c - previous) }
                previous = c
            }
            return nil
        }
        var worst = [0.0, 0.0]
        var apart = 0.0
        // Columns from the diagonal to the end of the continuous corner, in device pixels.
        for i in 0...28 {
            let along = 0.3 + Double(i) * 0.04  // radii from the corner point
            for (n, continuous) in [false, true].enumerated() {
                let frame = CornerCurveSquares.frame(n)
                let x = (frame.minX + along * r) * k
                let column = Int(x)
                let a = (Double(column) + 0.5) / k - frame.minX  // points from the corner
                let want: Double
                if continuous {
                    guard let depth = Self.continuousDepth(at: a / r) else { continue }
                    want = depth * r
                } else {
                    want = a >= r ? 0 : r - (r * r - (r - a) * (r - a)).squareRoot()
                }
                let got = try #require(edge(column: column, from: Int((frame.minY - 2) * k))) / k - frame.minY
                worst[n] = max(worst[n], abs(got - want))
                if continuous {
                    // The continuous square measured against the circle instead.
                    let circle = a >= r ? 0 : r - (r * r - (r - a) * (r - a)).squareRoot()
                    apart = max(apart, abs(got - circle))
                }
            }
        }
        // A quarter of a device pixel at 4x: the outline, not a neighbour of it.
        #expect(worst[0] < 0.07, "circular corner off by \(worst[0]) points")
        #expect(worst[1] < 0.07, "continuous corner off by \(worst[1]) points")
        // Where the continuous corner leaves the edge before the circle would, it lies a
        // quarter point and more below the circle's outline: told apart at this size.
        #expect(apart > 0.25, "the continuous corner is within \(apart) points of a circle")
    }
}
