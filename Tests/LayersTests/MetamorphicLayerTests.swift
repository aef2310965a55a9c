import Layers
import TestSupport
import Testing

@testable import Raster

/// Metamorphic relations over random layer trees (those of `LayerGeometryOracleTests`):
/// drawn through a flip, a quarter turn, a whole-pixel translation, a clip, in bands, or
/// at scale 2, each must equal the plain picture flipped, turned, shifted, cropped,
/// unchanged or reduced.
@MainActor
@Suite struct MetamorphicLayerTests {
    static let side = 160
    nonisolated static let threads = RenderThreads(count: 2)

    static func draw(seed: UInt64, scale: Double = 1, _ prepare: (Context) -> Void = { _ in }) -> Surface {
        let (root, _) = LayerGeometryOracleTests.tree(seed: seed)
        let s = try! Surface(width: side * Int(scale), height: side * Int(scale), scale: scale)
        let c = Context(surface: s)
        prepare(c)
        root.render(in: c)
        return s
    }

    nonisolated static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    /// The trees' edges are rotated and scaled, so the relations of the turn and the flip
    /// hold to a bound (no channel more than 2 apart: the same exact areas summed in
    /// another order); translation, clip and bands hold exactly.
    @Test(arguments: seeds)
    func transformedClippedAndBandedTreesEqualTheMappedPicture(seed: UInt64) {
        let plain = Self.draw(seed: seed)
        #expect(plain.words.contains { $0 != 0 })
        let flipped = Self.draw(seed: seed) { $0.concatenate(Metamorphic.flipTransform(side: Self.side)) }
        #expect(Metamorphic.difference(flipped, Metamorphic.flipped(plain)).largest <= 2, "seed \(seed): flip")
        let turned = Self.draw(seed: seed) { $0.concatenate(Metamorphic.quarterTurnTransform(side: Self.side)) }
        #expect(Metamorphic.difference(turned, Metamorphic.quarterTurned(plain)).largest <= 2, "seed \(seed): turn")
        let moved = Self.draw(seed: seed) { $0.translateBy(x: -13, y: 9) }
        let inner = IntRectangle(x0: 0, y0: 9, x1: Self.side - 13, y1: Self.side)
        #expect(
            Metamorphic.cropped(moved, to: inner)
                == Metamorphic.cropped(Metamorphic.shifted(plain, dx: -13, dy: 9), to: inner),
            "seed \(seed): translation")
        let r = IntRectangle(x0: 23, y0: 41, x1: 131, y1: 117)
        #expect(
            Self.draw(seed: seed) { $0.clip(to: r.rect) } == Metamorphic.cropped(plain, to: r), "seed \(seed): clip")
        for bands in [1, 3, 17, 40] {
            let (root, _) = LayerGeometryOracleTests.tree(seed: seed)
            let s = try! Surface(width: Self.side, height: Self.side)
            let c = Context(surface: s, threads: Self.threads, drawingAtOnceUpTo: 0)
            root.render(in: c)
            c.flush(bands: bands)
            #expect(s == plain, "seed \(seed): \(bands) bands")
        }
    }

    /// Scale 2 halved is close to scale 1: a mean channel difference under 1 and no more
    /// than 1% of pixels more than 64 apart (edges on fractional pixels split differently).
    @Test(arguments: seeds)
    func scaleTwoReducedIsCloseToScaleOne(seed: UInt64) {
        let d = Metamorphic.difference(Self.draw(seed: seed), Metamorphic.reduced(Self.draw(seed: seed, scale: 2)))
        #expect(d.mean < 1 && Double(d.farPixels) <= 0.01 * Double(Self.side * Self.side), "seed \(seed): \(d)")
    }
}
