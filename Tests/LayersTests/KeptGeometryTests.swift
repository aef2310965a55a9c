import Raster
import Testing

@testable import Layers

/// A layer's map to its superlayer is worked out once and kept while its shown values
/// stay the same (`Layer.keptToSuperlayer`). Each way its place can change after it was
/// drawn must draw it where Core Animation's geometry puts it: the frame is the bounds'
/// size placed with `anchorPoint` on `position`.
@MainActor
@Suite(.manualClock(), .serialized) struct KeptGeometryTests {
    static let blue = Color(red: 0.1, green: 0.2, blue: 0.9)

    /// A white 60 x 40 root holding an 8 x 8 blue square at (10, 10).
    static func tree() -> (root: Layer, square: Layer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = .white
        let square = Layer()
        square.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        square.position = Point(x: 10, y: 10)
        square.backgroundColor = blue
        root.addSublayer(square)
        return (root, square)
    }

    static func picture(_ root: Layer) throws -> Surface {
        let s = try Surface(width: 60, height: 40)
        root.render(in: Context(surface: s))
        return s
    }

    /// Expects the pixels blue exactly inside `frame` (whole pixels) and white outside.
    static func expectSquare(_ s: Surface, at frame: IntRect, _ what: String) {
        let blue = Self.blue.premultiplied
        var wrong = 0
        for y in 0..<40 {
            for x in 0..<60 {
                let inside = x >= frame.x0 && x < frame.x1 && y >= frame.y0 && y < frame.y1
                if (s[x, y] == blue) != inside { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(what): \(wrong) pixels not where the frame \(frame) puts the square")
    }

    @Test func aLayerMovedAfterItWasDrawnIsDrawnWhereItsValuesNowPutIt() throws {
        MediaClock.manualTime = 40
        let (root, square) = Self.tree()
        Self.expectSquare(try Self.picture(root), at: IntRect(x0: 6, y0: 6, x1: 14, y1: 14), "at first")
        Transaction.begin()
        Transaction.setDisableActions(true)
        square.position = Point(x: 30, y: 20)
        Self.expectSquare(try Self.picture(root), at: IntRect(x0: 26, y0: 16, x1: 34, y1: 24), "moved")
        square.bounds = Rect(x: 0, y: 0, width: 12, height: 4)
        Self.expectSquare(try Self.picture(root), at: IntRect(x0: 24, y0: 18, x1: 36, y1: 22), "resized")
        square.anchorPoint = Point(x: 0, y: 0)
        Self.expectSquare(try Self.picture(root), at: IntRect(x0: 30, y0: 20, x1: 42, y1: 24), "anchored")
        square.transform = Transform3D(translationX: -5, y: 3, z: 0)
        Self.expectSquare(try Self.picture(root), at: IntRect(x0: 25, y0: 23, x1: 37, y1: 27), "transformed")
        Transaction.commit()
    }

    /// An animation's steps change the shown values only: each frame draws the square
    /// where the step puts it (x = 10 + 40 t, linear).
    @Test func eachStepOfAnAnimationDrawsTheLayerWhereTheStepPutsIt() throws {
        MediaClock.manualTime = 50
        let (root, square) = Self.tree()
        _ = try Self.picture(root)
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 10.0
        a.toValue = 50.0
        a.duration = 1
        a.timingFunction = TimingFunction(name: .linear)
        square.add(a, forKey: "move")
        for (t, x) in [(0.25, 20), (0.5, 30), (0.75, 40)] {
            AnimationEngine.step(at: 50 + t)
            Self.expectSquare(try Self.picture(root), at: IntRect(x0: x - 4, y0: 6, x1: x + 4, y1: 14), "at \(t)")
        }
    }

    /// A sublayer transform given to the superlayer after the square was drawn moves the
    /// square: its kept map, made without one, is not used.
    @Test func aSublayerTransformGivenLaterMovesTheSublayers() throws {
        let (root, square) = Self.tree()
        _ = square
        _ = try Self.picture(root)
        Transaction.begin()
        Transaction.setDisableActions(true)
        // About the root's centre (30, 20): a translation stays a translation.
        root.sublayerTransform = Transform3D(translationX: 7, y: 5, z: 0)
        Transaction.commit()
        Self.expectSquare(try Self.picture(root), at: IntRect(x0: 13, y0: 11, x1: 21, y1: 19), "sublayer transform")
    }
}
