import Glibc
import Layers
import Raster
import Testing
import VitrineTesting

/// `Transform3D` against `CATransform3D`'s documented algebra, and layers in space against
/// perspective worked out here by hand: a point (x, y, z) seen through `m34 = -1/d` lands
/// at (x, y) / (1 - z / d).
@MainActor
@Suite struct Transform3DTests {
    static func close(_ a: Double, _ b: Double, _ e: Double = 1e-9) -> Bool { abs(a - b) <= e }

    @Test func aTurnAboutZIsTheAffineTurn() {
        // CATransform3DMakeRotation(a, 0, 0, 1) is CATransform3DMakeAffineTransform of
        // CGAffineTransformMakeRotation(a).
        let a = 0.7
        let t = Transform3D(rotationAngle: a, x: 0, y: 0, z: 1)
        #expect(t.isAffine)
        let f = t.affineTransform
        let g = AffineTransform(rotationAngle: a)
        #expect(Self.close(f.a, g.a) && Self.close(f.b, g.b) && Self.close(f.c, g.c) && Self.close(f.d, g.d))
        #expect(Transform3D(g).affineTransform == g)
    }

    @Test func aTurnAboutYMovesXIntoDepth() {
        // Right-handed about +y: (1, 0, 0) turns to (cos a, 0, -sin a).
        let a = 0.5
        let t = Transform3D(rotationAngle: a, x: 0, y: 1, z: 0)
        #expect(Self.close(t.m11, cos(a)) && Self.close(t.m13, -sin(a)) && Self.close(t.m31, sin(a)))
        #expect(!t.isAffine)
    }

    @Test func concatenationAppliesTheLeftFirst() {
        let t = Transform3D(translationX: 10, y: 0, z: 0).concatenating(Transform3D(scaleX: 2, y: 2, z: 2))
        // (0, 0, 0) moves to (10, 0, 0), then scales to (20, 0, 0).
        #expect(t.m41 == 20)
        let u = Transform3D(translationX: 10, y: 0, z: 0).scaledBy(x: 2, y: 2, z: 2)
        #expect(u.m41 == 10, "scaledBy applies the scale first, as CATransform3DScale")
    }

    @Test func theInverseUndoesAPerspective() throws {
        var t = Transform3D(rotationAngle: 0.4, x: 1, y: 2, z: 0.5).translatedBy(x: 3, y: -4, z: 5)
        t.m34 = -1 / 300
        let i = try #require(t.inverted())
        let p = t.concatenating(i)
        for (r, row) in [
            [p.m11, p.m12, p.m13, p.m14], [p.m21, p.m22, p.m23, p.m24], [p.m31, p.m32, p.m33, p.m34],
            [p.m41, p.m42, p.m43, p.m44]
        ].enumerated() {
            for (c, v) in row.enumerated() { #expect(Self.close(v, r == c ? 1 : 0, 1e-12)) }
        }
        #expect(Transform3D(scaleX: 0, y: 1, z: 1).inverted() == nil)
    }

    /// A layer 100 x 60 at (100, 100) under its superlayer's perspective, turned 180
    /// degrees about y about an anchor 50 points deep: its middle ends up 50 points
    /// behind the plane, so it shows 1 / (1 + 50 / 500) of its size.
    @Test func anchorPointZAndSublayerTransformPlaceTheLayerInDepth() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        root.position = Point(x: 100, y: 100)
        var p = Transform3D.identity
        p.m34 = -1 / 500
        root.sublayerTransform = p
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        card.position = Point(x: 100, y: 100)
        card.anchorPointZ = -50
        card.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        root.addSublayer(card)
        let k = 1 / (1 + 50.0 / 500)
        let r = card.convert(card.bounds, to: root)
        #expect(Self.close(r.width, 100 * k, 1e-9) && Self.close(r.height, 60 * k, 1e-9), "\(r)")
        #expect(Self.close(r.midX, 100, 1e-9) && Self.close(r.midY, 100, 1e-9))
        // Mirrored: the card's left edge is on the right.
        let left = card.convert(Point(x: 0, y: 30), to: root)
        #expect(Self.close(left.x, 100 + 50 * k, 1e-9))
        // Without the depth of the anchor it lies in the plane at its own size.
        card.anchorPointZ = 0
        #expect(Self.close(card.convert(card.bounds, to: root).width, 100, 1e-9))
    }

    @Test func aSingleSidedLayerTurnedAwayIsNeitherDrawnNorHit() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let card = Layer()
        card.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        card.backgroundColor = .black
        card.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        root.addSublayer(card)
        func drawn() throws -> Bool {
            let s = try Surface(width: 40, height: 40)
            root.render(in: Context(surface: s))
            return s[20, 20].a == 255
        }
        #expect(try drawn(), "double-sided by default: the back shows, mirrored")
        #expect(root.hitTest(Point(x: 20, y: 20)) === card)
        card.isDoubleSided = false
        #expect(try !drawn())
        #expect(root.hitTest(Point(x: 20, y: 20)) === root)
        Transaction.begin()
        Transaction.setDisableActions(true)
        card.transform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        Transaction.commit()
        #expect(try drawn(), "turned less than 90 degrees it faces the viewer")
    }

    /// The projection is kept between frames: the same pixels again, and new ones when a
    /// sublayer of the turned layer changes.
    @Test func aProjectedLayerIsDrawnAgainWhenItsSubtreeChanges() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let card = Layer()
        card.frame = Rect(x: 20, y: 20, width: 60, height: 60)
        var t = Transform3D.identity
        t.m34 = -1 / 300
        card.transform = t.rotated(by: 0.4, x: 0, y: 1, z: 0)
        let spot = Layer()
        spot.frame = Rect(x: 20, y: 20, width: 20, height: 20)
        spot.backgroundColor = Color(red: 1, green: 0, blue: 0)
        card.addSublayer(spot)
        root.addSublayer(card)
        func frame() throws -> Surface {
            let s = try Surface(width: 100, height: 100)
            root.render(in: Context(surface: s))
            return s
        }
        let first = try frame()
        #expect(first[50, 50].r > 200 && first[50, 50].b == 0)
        #expect(try frame() == first)
        Transaction.begin()
        Transaction.setDisableActions(true)
        spot.backgroundColor = Color(red: 0, green: 0, blue: 1)
        Transaction.commit()
        let second = try frame()
        #expect(second[50, 50].b > 200 && second[50, 50].r == 0, "\(second[50, 50])")
    }

    @Test func aPointIsHitThroughThePerspective() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        card.position = Point(x: 100, y: 100)
        var t = Transform3D.identity
        t.m34 = -1 / 200
        card.transform = t.rotated(by: .pi / 3, x: 0, y: 1, z: 0)
        root.addSublayer(card)
        // The right edge (x = +50 from the anchor) sits at 50 cos a / (1 + 50 sin a / 200).
        let a = Double.pi / 3
        let right = 100 + 50 * cos(a) / (1 + 50 * sin(a) / 200)
        #expect(root.hitTest(Point(x: right - 1, y: 100)) === card)
        #expect(root.hitTest(Point(x: right + 1, y: 100)) === root)
        let back = card.convert(Point(x: right - 1, y: 100), from: root)
        #expect(back.x > 95 && back.x < 100)
    }
}

/// A turn about y animated by its key path shows the turn at the animation's time.
@MainActor
@Suite(.manualClock(), .serialized) struct Transform3DAnimationTests {
    @Test func aTurnAboutYCanBeAnimatedByItsKeyPath() throws {
        MediaClock.manualTime = 20
        let l = try shownLayer()
        let a = BasicAnimation(keyPath: "transform.rotation.y")
        a.fromValue = 0.0
        a.toValue = Double.pi / 2
        a.duration = 1
        a.timingFunction = TimingFunction(name: .linear)
        l.add(a, forKey: "turn")
        stepClock(to: 20.5)
        let t = l.presentation().transform
        #expect(abs(t.m11 - cos(Double.pi / 4)) < 1e-9 && abs(t.m31 - sin(Double.pi / 4)) < 1e-9, "\(t)")
    }
}
