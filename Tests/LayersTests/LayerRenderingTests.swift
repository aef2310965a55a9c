import Glibc
import Raster
import Testing

@testable import Layers

/// Layers drawn into surfaces, checked against computed pixel values.
@MainActor
@Suite struct LayerRenderingTests {
    static let red = Pixel(r: 255, g: 0, b: 0, a: 255), blue = Pixel(r: 0, g: 0, b: 255, a: 255)

    func render(_ layer: Layer, _ w: Int, _ h: Int) throws -> Surface {
        let s = try Surface(width: w, height: h)
        layer.render(in: Context(surface: s))
        return s
    }

    func solid(_ frame: Rect, _ color: Color) -> Layer {
        let l = Layer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    // MARK: Gradients

    /// A black-to-white gradient layer of 200 x 100: the grey at each pixel is 255 t.
    func gradient(_ type: GradientLayer.GradientType, _ start: Point, _ end: Point) throws -> Surface {
        let g = GradientLayer()
        g.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        g.colors = [.black, .white]
        g.type = type
        g.startPoint = start
        g.endPoint = end
        return try render(g, 200, 100)
    }

    func expectGrey(_ s: Surface, _ t: (Point) -> Double, _ name: String) {
        for (x, y) in [(10, 10), (50, 80), (100, 50), (150, 20), (190, 95), (120, 60), (30, 45), (170, 70)] {
            let p = Point(x: (Double(x) + 0.5) / 200, y: (Double(y) + 0.5) / 100)
            let expected = min(max(t(p), 0), 1) * 255
            #expect(
                abs(Double(s[x, y].r) - expected) <= 2, "\(name) at (\(x), \(y)): \(s[x, y].r), formula \(expected)")
            #expect(s[x, y].a == 255)
        }
    }

    @Test func axialGradientIsTheProjectionOntoItsAxis() throws {
        let s0 = Point(x: 0.1, y: 0.2)
        let e = Point(x: 0.9, y: 0.7)
        let s = try gradient(.axial, s0, e)
        expectGrey(
            s,
            { p in
                let ax = e.x - s0.x
                let ay = e.y - s0.y
                return ((p.x - s0.x) * ax + (p.y - s0.y) * ay) / (ax * ax + ay * ay)
            }, "axial")
    }

    @Test func radialGradientIsAnEllipseStretchedWithTheBounds() throws {
        let c = Point(x: 0.5, y: 0.5)
        let e = Point(x: 0.9, y: 0.8)
        let s = try gradient(.radial, c, e)
        let rx = abs(e.x - c.x)
        let ry = abs(e.y - c.y)
        expectGrey(s, { p in (pow((p.x - c.x) / rx, 2) + pow((p.y - c.y) / ry, 2)).squareRoot() }, "radial")
        // Not a circle: at the same distance in points, sideways and downwards differ.
        #expect(abs(Int(s[140, 50].r) - Int(s[100, 90].r)) > 20)
    }

    @Test func conicGradientSweepsClockwiseFromTheEndPoint() throws {
        let c = Point(x: 0.5, y: 0.5)
        let e = Point(x: 0.5, y: 1)
        let s = try gradient(.conic, c, e)
        let start = atan2(e.y - c.y, e.x - c.x)
        expectGrey(
            s,
            { p in
                var t = (atan2(p.y - c.y, p.x - c.x) - start) / (2 * .pi)
                t -= t.rounded(.down)
                return t
            }, "conic")
        // Clockwise on screen from straight down: the left side comes a quarter turn in.
        #expect(abs(Int(s[20, 50].r) - 64) <= 3)
    }

    @Test func gradientLocationsAreClampedAndSorted() throws {
        let g = GradientLayer()
        g.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        g.startPoint = Point(x: 0, y: 0.5)
        g.endPoint = Point(x: 1, y: 0.5)
        g.colors = [.white, .black]
        g.locations = [1.5, -0.5]  // clamped to 1 and 0, then sorted: black first
        let s = try render(g, 100, 10)
        #expect(s[2, 5].r < 10 && s[97, 5].r > 245)
    }

    // MARK: Shapes and order

    @Test func strokeEndStrokesThatFractionOfTheLength() throws {
        let shape = ShapeLayer()
        shape.frame = Rect(x: 0, y: 0, width: 100, height: 20)
        var p = Path()
        p.move(to: Point(x: 10, y: 10))
        p.addLine(to: Point(x: 90, y: 10))
        shape.path = p
        shape.fillColor = nil
        shape.strokeColor = .blue
        shape.lineWidth = 4
        shape.strokeEnd = 0.5
        let s = try render(shape, 100, 20)
        // 80 points long: the first 40, from x 10 to 50.
        #expect(s[11, 10] == Self.blue && s[48, 10] == Self.blue)
        #expect(s[51, 10] == .clear && s[80, 10] == .clear)
        // Drawn once, the layer would animate the change: not here.
        Transaction.performWithoutActions {
            shape.strokeStart = 0.5
            shape.strokeEnd = 1
        }
        let t = try render(shape, 100, 20)
        #expect(t[48, 10] == .clear && t[51, 10] == Self.blue && t[88, 10] == Self.blue)
    }

    @Test func zPositionReordersSiblings() throws {
        let root = solid(Rect(x: 0, y: 0, width: 60, height: 40), .white)
        let first = solid(Rect(x: 0, y: 0, width: 40, height: 40), .red)
        let second = solid(Rect(x: 20, y: 0, width: 40, height: 40), .blue)
        root.addSublayer(first)
        root.addSublayer(second)
        #expect(try render(root, 60, 40)[30, 20] == Self.blue)
        Transaction.performWithoutActions { first.zPosition = 1 }
        #expect(try render(root, 60, 40)[30, 20] == Self.red)
        #expect(root.sublayers?.first === first, "the array keeps its order")
    }

    /// The order sublayers are drawn in: by zPosition, then by array order, worked out
    /// from scratch.
    func expectedOrder(_ layer: Layer) -> [Layer] {
        let subs = layer.sublayers ?? []
        return subs.indices.sorted { (subs[$0].zPosition, $0) < (subs[$1].zPosition, $1) }.map { subs[$0] }
    }

    @Test func theDrawingOrderFollowsEveryChangeOfTheSublayersAndTheirZPositions() throws {
        let root = solid(Rect(x: 0, y: 0, width: 60, height: 40), .white)
        let a = solid(Rect(x: 0, y: 0, width: 40, height: 40), .red)
        let b = solid(Rect(x: 10, y: 0, width: 40, height: 40), .blue)
        let c = solid(Rect(x: 20, y: 0, width: 40, height: 40), .green)
        for l in [a, b, c] { root.addSublayer(l) }
        func check(_ what: String, front: Pixel) throws {
            #expect(
                root.orderedSublayers.map(ObjectIdentifier.init) == expectedOrder(root).map(ObjectIdentifier.init),
                "after \(what)")
            #expect(try render(root, 60, 40)[30, 20] == front, "after \(what)")
        }
        Transaction.begin()
        Transaction.setDisableActions(true)
        defer { Transaction.commit() }
        do {
            a.zPosition = 2
            try check("raising the first", front: Self.red)
            b.zPosition = 3
            try check("raising the second above it", front: Self.blue)
            a.zPosition = 4
            try check("raising the first again", front: Self.red)
            let d = solid(Rect(x: 25, y: 0, width: 20, height: 40), .black)
            d.zPosition = 5
            root.insertSublayer(d, at: 0)
            try check("a sublayer inserted in front", front: Pixel(r: 0, g: 0, b: 0, a: 255))
            d.removeFromSuperlayer()
            try check("that sublayer removed", front: Self.red)
            let e = solid(Rect(x: 20, y: 0, width: 40, height: 40), .black)
            root.replaceSublayer(b, with: e)
            e.zPosition = 3
            try check("the second replaced by one at its zPosition", front: Self.red)
            a.zPosition = 0
            try check("the first put back", front: Pixel(r: 0, g: 0, b: 0, a: 255))
        }
    }

    @Test func aTurnedLayerDrawsWhereItsFrameSays() throws {
        let root = solid(Rect(x: 0, y: 0, width: 100, height: 100), .white)
        let bar = solid(Rect(x: 0, y: 0, width: 60, height: 10), .red)
        bar.anchorPoint = .zero
        bar.position = Point(x: 50, y: 20)
        bar.setAffineTransform(AffineTransform(rotationAngle: .pi / 2))
        root.addSublayer(bar)
        let s = try render(root, 100, 100)
        #expect(bar.frame.isApproximately(Rect(x: 40, y: 20, width: 10, height: 60)))
        #expect(s[45, 50] == Self.red && s[55, 50] != Self.red && s[45, 15] != Self.red)
    }

    @Test func theBorderIsDrawnAboveTheSublayers() throws {
        let root = solid(Rect(x: 0, y: 0, width: 40, height: 40), .white)
        root.borderWidth = 4
        root.borderColor = .blue
        root.addSublayer(solid(Rect(x: 0, y: 0, width: 40, height: 40), .red))
        let s = try render(root, 40, 40)
        #expect(s[1, 20] == Self.blue && s[20, 20] == Self.red)
    }

    @Test func theRoundedBoundsFollowEveryChangeOfWhatMakesThem() {
        let l = Layer()
        func check(_ what: String) {
            let made = Layer.roundedPath(l.bounds, radius: l.cornerRadius, corners: l.maskedCorners)
            #expect(l.roundedBoundsPath.elements == made.elements, "after \(what)")
        }
        Transaction.performWithoutActions {
            l.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
            check("the bounds")
            l.cornerRadius = 8
            check("the radius")
            l.maskedCorners = [.layerMinXMinYCorner]
            check("the corners")
            l.bounds = Rect(x: 0, y: 0, width: 40, height: 10)
            check("the bounds again, the radius now clamped")
            l.cornerRadius = 0
            check("the radius back to 0")
        }
    }

    @Test func theBorderFollowsEveryChangeOfWhatMakesIt() throws {
        let l = Layer()
        func check(_ what: String) throws {
            // A layer made afresh with the same values has no border path kept.
            let fresh = Layer()
            fresh.frame = l.frame
            fresh.borderWidth = l.borderWidth
            fresh.borderColor = l.borderColor
            fresh.cornerRadius = l.cornerRadius
            fresh.maskedCorners = l.maskedCorners
            #expect(try render(l, 50, 40) == render(fresh, 50, 40), "after \(what)")
        }
        Transaction.begin()
        Transaction.setDisableActions(true)
        defer { Transaction.commit() }
        do {
            l.frame = Rect(x: 0, y: 0, width: 40, height: 30)
            l.borderColor = .blue
            l.borderWidth = 2
            try check("the first border")
            l.cornerRadius = 10
            try check("the radius")
            l.borderWidth = 6
            try check("the width")
            l.maskedCorners = [.layerMinXMinYCorner]
            try check("the corners")
            l.frame = Rect(x: 0, y: 0, width: 48, height: 12)
            try check("the bounds, the radius now clamped")
            l.cornerRadius = 0
            try check("the radius back to 0")
        }
    }

    /// Draws its content and leaves the context's alpha and line dash changed, as a
    /// careless subclass might.
    final class UntidyLayer: Layer {
        override func drawOwnContent(in c: Context) {
            c.alpha = 0.25
            c.setLineDash(phase: 0, lengths: [2, 6])
            c.setFillColor(.red)
            c.fill(Rect(x: 10, y: 10, width: 20, height: 20))
        }
    }

    @Test func theBorderIsStrokedInTheStateTheLayerBeganWith() throws {
        let root = solid(Rect(x: 0, y: 0, width: 40, height: 40), .white)
        let untidy = UntidyLayer()
        untidy.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        untidy.borderWidth = 4
        untidy.borderColor = .blue
        root.addSublayer(untidy)
        let s = try render(root, 40, 40)
        // Solid and opaque all along the left edge, in the dash's gaps too.
        for y in stride(from: 4, to: 36, by: 1) { #expect(s[1, y] == Self.blue, "row \(y)") }
        // The content itself at the alpha it set.
        #expect(s[20, 20].r == 255 && abs(Int(s[20, 20].g) - 191) <= 1)
    }

    @Test func opacityFadesTheLayerAsAGroup() throws {
        let root = solid(Rect(x: 0, y: 0, width: 20, height: 20), .white)
        let group = solid(Rect(x: 0, y: 0, width: 20, height: 20), .blue)
        group.addSublayer(solid(Rect(x: 0, y: 0, width: 20, height: 20), .red))
        group.opacity = 0.5
        root.addSublayer(group)
        let p = try render(root, 20, 20)[10, 10]
        // Red at half over white, and no blue seen through it.
        #expect(p.r == 255 && abs(Int(p.g) - 128) <= 1 && p.g == p.b)
    }

    // MARK: Masks and shadows

    @Test func aMaskCutsTheShadowToo() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 120, height: 60)
        let card = solid(Rect(x: 10, y: 10, width: 40, height: 40), .red)
        card.shadowOpacity = 1
        card.shadowRadius = 1
        card.shadowOffset = Size(width: 40, height: 0)
        root.addSublayer(card)
        let unmasked = try render(root, 120, 60)
        #expect(unmasked[70, 30].a > 200, "the shadow lies 40 points to the right")
        let mask = ShapeLayer()
        mask.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        mask.path = Path(rect: Rect(x: 0, y: 0, width: 45, height: 40))  // the card and 5 points more
        card.mask = mask
        let s = try render(root, 120, 60)
        #expect(s[30, 30] == Self.red)
        var outside = 0
        for y in 0..<60 { for x in 56..<120 where s[x, y] != .clear { outside += 1 } }
        #expect(outside == 0, "no shadow pixel beyond the mask")
        #expect(s[52, 30].a > 0, "inside the mask the shadow shows")
    }

    /// A masked card whose mask holds a sublayer, for `keptMasksShowEveryChange`.
    @MainActor struct MaskedCard {
        let root = Layer(), card = Layer(), mask = ShapeLayer(), dot = Layer()

        init() {
            root.frame = Rect(x: 0, y: 0, width: 64, height: 48)
            card.frame = Rect(x: 6, y: 5, width: 50, height: 36)
            card.backgroundColor = .red
            mask.frame = Rect(x: 2, y: 3, width: 40, height: 30)
            mask.path = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 7)
            mask.fillColor = Color(white: 0, alpha: 0.8)
            dot.frame = Rect(x: 30, y: 20, width: 14, height: 12)
            dot.backgroundColor = .black
            mask.addSublayer(dot)
            card.mask = mask
            root.addSublayer(card)
        }
    }

    /// An opacity animation from 0.1 to 1 over a second from `time`.
    static func fade(from time: Double) -> BasicAnimation {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0.1
        a.toValue = 1.0
        a.duration = 1
        a.beginTime = time
        return a
    }

    @Test func keptMasksShowEveryChange() throws {
        // A masked layer keeps its mask's pixels from frame to frame. After each change
        // to the mask, its sublayers or the card's place, the kept tree's frame must
        // equal that of a tree built afresh with the same changes.
        let changes: [(String, (MaskedCard) -> Void)] = [
            ("nothing", { _ in }),
            ("the mask's path", { $0.mask.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 30)) }),
            ("the mask's position", { $0.mask.position = Point(x: 25.5, y: 18) }),
            ("the mask's opacity", { $0.mask.opacity = 0.6 }),
            ("a sublayer's colour", { $0.dot.backgroundColor = Color(white: 0, alpha: 0.4) }),
            ("a sublayer's frame", { $0.dot.frame = Rect(x: -4, y: 2, width: 20, height: 9) }),
            ("a sublayer added", { $0.mask.addSublayer(self.solid(Rect(x: 10, y: 22, width: 9, height: 9), .black)) }),
            ("a sublayer hidden", { $0.dot.isHidden = true }),
            ("the card moved by half a point", { $0.card.position = Point(x: 31.5, y: 23) }),
            ("the mask's opacity animated", { $0.mask.add(Self.fade(from: 100), forKey: "fade") })
        ]
        let kept = MaskedCard()
        _ = try render(kept.root, 64, 48)
        for (i, change) in changes.enumerated() {
            Transaction.performWithoutActions { change.1(kept) }
            _ = AnimationEngine.step(at: 100.25)
            let frame = try render(kept.root, 64, 48)
            #expect(kept.card.maskRendering != nil, "\(change.0): the mask kept")
            let fresh = MaskedCard()
            Transaction.performWithoutActions { for c in changes[0...i] { c.1(fresh) } }
            _ = AnimationEngine.step(at: 100.25)
            #expect(frame == (try render(fresh.root, 64, 48)), "after \(change.0)")
        }
        _ = AnimationEngine.step(at: 100.75)
        let later = MaskedCard()
        Transaction.performWithoutActions { for c in changes { c.1(later) } }
        _ = AnimationEngine.step(at: 100.75)
        #expect((try render(kept.root, 64, 48)) == (try render(later.root, 64, 48)), "the animation stepped")
    }

    /// A card casting a shadow from its composite (no shadow path), with sublayers, in a
    /// holder that moves it.
    @MainActor struct ShadowedCard {
        let root = Layer(), holder = Layer(), card = Layer(), dot = Layer(), shape = ShapeLayer()

        init() {
            root.frame = Rect(x: 0, y: 0, width: 72, height: 56)
            holder.frame = Rect(x: 0.25, y: 0.25, width: 72, height: 56)
            card.frame = Rect(x: 12, y: 10, width: 44, height: 32)
            card.cornerRadius = 6
            card.backgroundColor = Color(red: 0.9, green: 0.9, blue: 1, alpha: 0.9)
            card.shadowOpacity = 0.7
            card.shadowRadius = 3
            card.shadowOffset = Size(width: 1, height: 2.5)
            dot.frame = Rect(x: 30, y: 20, width: 14, height: 12)
            dot.backgroundColor = .black
            card.addSublayer(dot)
            shape.frame = Rect(x: -6, y: 4, width: 20, height: 20)
            shape.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20))
            shape.fillColor = .red
            card.addSublayer(shape)
            holder.addSublayer(card)
            root.addSublayer(holder)
        }
    }

    @Test func keptGroupShadowsShowEveryChange() throws {
        // A layer keeps the shadow its composite casts from frame to frame. After each
        // change to its sublayers, its own look or its place, the kept tree's frames, on
        // one thread and in bands, the second from the kept shadow, must equal those of a
        // tree built afresh with the same changes.
        let threads = RenderThreads(count: 2)
        let changes: [(String, (ShadowedCard) -> Void)] = [
            ("nothing", { _ in }),
            ("a sublayer's colour", { $0.dot.backgroundColor = Color(white: 0, alpha: 0.4) }),
            ("a sublayer's frame", { $0.dot.frame = Rect(x: 36, y: 22, width: 20, height: 9) }),
            ("a shape's path", { $0.shape.path = Path(rect: Rect(x: 2, y: 2, width: 12, height: 16)) }),
            ("a sublayer added", { $0.card.addSublayer(self.solid(Rect(x: 4, y: 26, width: 9, height: 9), .black)) }),
            ("a sublayer hidden", { $0.dot.isHidden = true }),
            ("a sublayer removed", { $0.shape.removeFromSuperlayer() }),
            ("the card's colour", { $0.card.backgroundColor = Color(red: 0.2, green: 0.9, blue: 0.2, alpha: 0.5) }),
            ("the card's corners", { $0.card.cornerRadius = 12 }),
            ("the shadow's radius", { $0.card.shadowRadius = 5 }),
            ("the card moved by half a point", { $0.card.position = Point(x: 34.5, y: 27) }),
            // The card's edges stay in the same pixels, and so do the pixels its layer
            // covers: only the transform tells the shadow apart.
            ("its holder moved by a twentieth of a point", { $0.holder.position = Point(x: 36.3, y: 28.3) }),
            ("a sublayer's opacity animated", { $0.dot.add(Self.fade(from: 200), forKey: "fade") })
        ]
        func banded(_ layer: Layer) throws -> Surface {
            let s = try Surface(width: 72, height: 56)
            let c = Context(surface: s, threads: threads, drawingAtOnceUpTo: 0)
            layer.render(in: c)
            c.flush(bands: 3)
            return s
        }
        // A damage frame of the top-left corner draws the card without the sublayers
        // beyond its shadow's reach: the shadow it keeps is that of part of the card.
        // A frame clipped to the left half first, so that the damage frame's shadow is
        // made, not taken from the whole frame's.
        func corner(_ layer: Layer) throws {
            let s = try Surface(width: 72, height: 56)
            let c = Context(surface: s)
            c.clip(to: Rect(x: 0, y: 0, width: 36, height: 56))
            layer.render(in: c)
            layer.composite(in: Context(surface: s), dirty: Rect(x: 0, y: 0, width: 20, height: 12))
        }
        let kept = ShadowedCard()
        _ = try render(kept.root, 72, 56)
        for (i, change) in changes.enumerated() {
            Transaction.performWithoutActions { change.1(kept) }
            _ = AnimationEngine.step(at: 200.25)
            let fresh = ShadowedCard()
            Transaction.performWithoutActions { for c in changes[0...i] { c.1(fresh) } }
            _ = AnimationEngine.step(at: 200.25)
            let want = try render(fresh.root, 72, 56)
            // The shadow kept from the last step's frame is not this one's.
            #expect(try render(kept.root, 72, 56) == want, "after \(change.0), one thread")
            #expect(try banded(kept.root) == want, "after \(change.0), in bands")
            #expect(try banded(kept.root) == want, "after \(change.0), in bands, from the kept shadow")
            // Nor is the shadow of part of the card, made and kept by a damage frame.
            try corner(kept.root)
            #expect(try render(kept.root, 72, 56) == want, "after \(change.0), one thread, after a damage frame")
            #expect(kept.card.shadowCache.keepsGroupShadow, "\(change.0): the shadow kept")
            // The next step starts from this frame's kept shadow.
            #expect(try render(kept.root, 72, 56) == want, "after \(change.0), one thread, from the kept shadow")
        }
    }

    @Test func maskedCornersRoundOnlyThoseNamed() throws {
        let l = solid(Rect(x: 0, y: 0, width: 40, height: 40), .red)
        l.cornerRadius = 12
        l.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        let s = try render(l, 40, 40)
        #expect(s[0, 0] == .clear && s[39, 39] == .clear, "the top-left and bottom-right are rounded")
        #expect(s[39, 0] == Self.red && s[0, 39] == Self.red, "the others are square")
        Transaction.performWithoutActions { l.maskedCorners = .all }
        #expect(try render(l, 40, 40)[39, 0] == .clear)
    }

    @Test func contentsRectShowsThatPartOfTheImage() throws {
        // A 4 x 2 image: red on the left half, blue on the right.
        let px = try Surface(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { px[x, y] = x < 2 ? Self.red : Self.blue } }
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        l.contents = try Image(surface: px)
        l.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)  // the right half, stretched
        let s = try render(l, 20, 10)
        // Away from the middle column, where the stretched pixels are filtered together.
        #expect(s[5, 5] == Self.blue && s[15, 5] == Self.blue)
        Transaction.performWithoutActions { l.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1) }
        let t = try render(l, 20, 10)
        #expect(t[2, 5] == Self.red && t[12, 5] == Self.red)
    }

    @Test func contentsArePlacedByGravityAtTheirScale() throws {
        let px = try Surface(width: 8, height: 8, scale: 2)
        px.clear(to: Self.red)
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        l.contents = try Image(surface: px)
        l.contentsScale = 2
        l.contentsGravity = .topRight  // named for y up: the screen's bottom right
        let s = try render(l, 20, 20)
        // 8 pixels at 2 per point: 4 points, in the bottom-right corner.
        #expect(s[17, 17] == Self.red && s[15, 15] == .clear && s[16, 16] == Self.red)
        l.contentsGravity = .resize
        #expect(try render(l, 20, 20)[1, 1] == Self.red)
    }
}

extension Rect {
    func isApproximately(_ r: Rect) -> Bool {
        abs(x - r.x) < 1e-9 && abs(y - r.y) < 1e-9 && abs(width - r.width) < 1e-9 && abs(height - r.height) < 1e-9
    }
}
