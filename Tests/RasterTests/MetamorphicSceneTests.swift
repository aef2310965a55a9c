import Raster
import RasterScenes
import TestSupport
import Testing

/// Metamorphic relations over the benchmark scenes: a picture drawn through a flip, a
/// quarter turn, a whole-pixel translation, a clip or a scale of 2 must equal the plain
/// picture flipped, turned, shifted, cropped or reduced. No reference picture is needed,
/// so these hold however the first version drew.
@Suite struct MetamorphicSceneTests {
    static let side = Scene.canvasSide

    static func draw(_ scene: Scene, size: Int, scale: Double = 1, _ prepare: (Context) -> Void = { _ in }) -> Surface {
        let s = try! Surface(width: side * Int(scale), height: side * Int(scale), scale: scale)
        let c = Context(surface: s)
        prepare(c)
        var random = SplitMix64(seed: 11)
        scene.draw(into: c, size: size, count: max(30, 40_000 / (size * size)), random: &random)
        return s
    }

    static let cases: [(Scene, Int)] = Scene.allCases.flatMap { s in [12, 48].map { (s, $0) } }

    /// Flipped and quarter-turned through the transform. Exact for rectangles on whole
    /// pixels; for the stars' polygons within one level (the exact area, summed in a
    /// different order); where curves are flattened or a gradient is looked up, a bound:
    /// no channel more than 8 apart and no more than 0.1% of pixels more than 2 apart.
    @Test(arguments: cases)
    func flippedAndTurnedThroughTheTransformEqualsThePictureFlippedAndTurned(scene: Scene, size: Int) {
        let plain = Self.draw(scene, size: size)
        let flipped = Self.draw(scene, size: size) { $0.concatenate(Metamorphic.flipTransform(side: Self.side)) }
        let turned = Self.draw(scene, size: size) { $0.concatenate(Metamorphic.quarterTurnTransform(side: Self.side)) }
        for (name, ours, theirs) in [
            ("flip", flipped, Metamorphic.flipped(plain)), ("turn", turned, Metamorphic.quarterTurned(plain))
        ] {
            if scene == .fillRectAligned {
                #expect(ours == theirs, "\(scene.rawValue) \(size): \(name) \(Metamorphic.difference(ours, theirs))")
            } else if scene == .fillPentagramNonZero || scene == .fillPentagramEvenOdd {
                #expect(Metamorphic.difference(ours, theirs).largest <= 1, "\(scene.rawValue) \(size): \(name)")
            } else {
                let d = Metamorphic.difference(ours, theirs, far: 2)
                #expect(
                    d.largest <= 8 && Double(d.farPixels) <= 0.001 * Double(Self.side * Self.side),
                    "\(scene.rawValue) \(size): \(name) \(d)")
            }
        }
    }

    /// A whole-pixel translation is exact; a clip to a rectangle on whole pixels is the
    /// crop of the unclipped picture, exactly. (The translation is compared away from the
    /// edges it moves in from, where a stroke cut by the canvas comes back in.)
    @Test(arguments: cases)
    func translatedAndClippedEqualShiftedAndCropped(scene: Scene, size: Int) {
        let plain = Self.draw(scene, size: size)
        let moved = Self.draw(scene, size: size) { $0.translateBy(x: 37, y: -21) }
        let inner = IntRectangle(x0: 37 + 2, y0: 0, x1: Self.side, y1: Self.side - 21 - 2)
        let ours = Metamorphic.cropped(moved, to: inner)
        let theirs = Metamorphic.cropped(Metamorphic.shifted(plain, dx: 37, dy: -21), to: inner)
        #expect(ours == theirs, "\(scene.rawValue) \(size): translation \(Metamorphic.difference(ours, theirs))")
        let r = IntRectangle(x0: 61, y0: 140, x1: 377, y1: 402)
        let clipped = Self.draw(scene, size: size) { $0.clip(to: r.rect) }
        #expect(clipped == Metamorphic.cropped(plain, to: r), "\(scene.rawValue) \(size): clip")
    }

    /// The picture at scale 2 halved is close to the picture at scale 1: the same areas
    /// covered, measured on a finer grid. Bound: a mean channel difference under 1.5 and
    /// no more than 0.5% of pixels more than 64 apart (a rectangle edge on a half pixel
    /// is covered 50% at scale 1, and 0% and 100% in the two halves at scale 2, which
    /// average to the same; a curve's flattening differs by its tolerance).
    @Test(arguments: cases)
    func scaleTwoReducedIsCloseToScaleOne(scene: Scene, size: Int) {
        let one = Self.draw(scene, size: size)
        let two = Metamorphic.reduced(Self.draw(scene, size: size, scale: 2))
        let d = Metamorphic.difference(one, two)
        #expect(
            d.mean < 1.5 && Double(d.farPixels) <= 0.005 * Double(Self.side * Self.side),
            "\(scene.rawValue) \(size): \(d)")
    }
}
