import Layers
import Raster
import Testing

/// Core Animation's geometry: position, anchor point, transform, frame, conversion and
/// hit testing.
@MainActor
@Suite struct LayerGeometryTests {
    func layer(_ bounds: Rect, at position: Point) -> Layer {
        let l = Layer()
        l.bounds = bounds
        l.position = position
        return l
    }

    @Test func theFrameIsDerivedAsCoreAnimationDerivesIt() {
        let l = layer(Rect(x: 0, y: 0, width: 100, height: 50), at: Point(x: 200, y: 200))
        #expect(l.frame == Rect(x: 150, y: 175, width: 100, height: 50))
        l.frame = Rect(x: 10, y: 20, width: 40, height: 30)
        #expect(l.position == Point(x: 30, y: 35) && l.bounds.size == Size(width: 40, height: 30))
        // The bounds' origin moves what is inside, not the frame.
        l.bounds = Rect(x: 5, y: 5, width: 40, height: 30)
        #expect(l.frame == Rect(x: 10, y: 20, width: 40, height: 30))
    }

    @Test func aQuarterTurnAboutTheAnchorPoint() {
        // Centre anchor: the 100 x 50 layer turns about its centre, which stays put.
        let centred = layer(Rect(x: 0, y: 0, width: 100, height: 50), at: Point(x: 200, y: 200))
        centred.setAffineTransform(AffineTransform(rotationAngle: .pi / 2))
        #expect(centred.frame.isApproximately(Rect(x: 175, y: 150, width: 50, height: 100)))
        // Top-left anchor: the corner stays at the position and the layer swings about it:
        // (100, 0) goes to (200, 300) and (0, 50) to (150, 200), clockwise on screen.
        let cornered = layer(Rect(x: 0, y: 0, width: 100, height: 50), at: Point(x: 200, y: 200))
        cornered.anchorPoint = .zero
        #expect(cornered.frame == Rect(x: 200, y: 200, width: 100, height: 50))
        cornered.setAffineTransform(AffineTransform(rotationAngle: .pi / 2))
        #expect(cornered.frame.isApproximately(Rect(x: 150, y: 200, width: 50, height: 100)))
        let parent = Layer()
        parent.addSublayer(cornered)
        #expect(cornered.convert(Point(x: 100, y: 0), to: parent).isApproximately(Point(x: 200, y: 300)))
        #expect(cornered.convert(Point(x: 200, y: 300), from: parent).isApproximately(Point(x: 100, y: 0)))
    }

    @Test func hitTestingFollowsZPositionTransformsAndMasksToBounds() {
        let root = layer(Rect(x: 0, y: 0, width: 300, height: 300), at: Point(x: 150, y: 150))
        let back = layer(Rect(x: 0, y: 0, width: 100, height: 100), at: Point(x: 100, y: 100))
        let front = layer(Rect(x: 0, y: 0, width: 100, height: 100), at: Point(x: 120, y: 120))
        root.addSublayer(front)
        root.addSublayer(back)
        #expect(root.hitTest(Point(x: 110, y: 110)) === back)
        front.zPosition = 1
        #expect(root.hitTest(Point(x: 110, y: 110)) === front)
        // A sublayer outside its superlayer is hit unless the superlayer masks to bounds.
        let out = layer(Rect(x: 0, y: 0, width: 20, height: 20), at: Point(x: 150, y: 50))
        back.addSublayer(out)
        #expect(root.hitTest(Point(x: 200, y: 100)) === out)
        back.masksToBounds = true
        #expect(root.hitTest(Point(x: 200, y: 100)) === root)
        back.isHidden = true
        #expect(root.hitTest(Point(x: 60, y: 60)) === root)
        // Turned a quarter about its centre, a 100 x 20 bar stands upright.
        let bar = layer(Rect(x: 0, y: 0, width: 100, height: 20), at: Point(x: 250, y: 200))
        bar.setAffineTransform(AffineTransform(rotationAngle: .pi / 2))
        root.addSublayer(bar)
        #expect(root.hitTest(Point(x: 250, y: 160)) === bar)
        #expect(root.hitTest(Point(x: 290, y: 200)) === root)
    }

    @Test func sublayersCannotMakeACycleAndMasksLeaveTheTree() {
        let a = Layer()
        let b = Layer()
        let c = Layer()
        a.addSublayer(b)
        b.addSublayer(c)
        c.addSublayer(a)
        #expect(a.superlayer == nil && c.sublayers == nil)
        a.mask = c
        #expect(c.superlayer == nil && b.sublayers == nil)
        b.insertSublayer(c, at: 0)
        #expect(a.mask == nil && c.superlayer === b)
    }

    @Test func badGeometryIsIgnoredOrSanitised() {
        let l = layer(Rect(x: 0, y: 0, width: 10, height: 10), at: Point(x: 5, y: 5))
        l.position = Point(x: .nan, y: 1)
        l.anchorPoint = Point(x: .infinity, y: 0)
        l.setAffineTransform(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        l.opacity = .nan
        #expect(l.position == Point(x: 5, y: 5) && l.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(l.affineTransform() == .identity && l.opacity == 1)
        l.bounds = Rect(x: .nan, y: 0, width: -4, height: .infinity)
        #expect(l.bounds == .zero)
        // A singular transform hides the layer from hit tests instead of trapping.
        l.setAffineTransform(AffineTransform(scaleX: 0, y: 0))
        #expect(l.hitTest(Point(x: 5, y: 5)) == nil)
    }
}

extension Point {
    func isApproximately(_ p: Point) -> Bool { abs(x - p.x) < 1e-9 && abs(y - p.y) < 1e-9 }
}
