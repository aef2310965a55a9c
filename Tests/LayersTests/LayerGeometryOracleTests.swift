import Glibc
import Layers
import Raster
import Testing

/// Rendered layer trees against where Core Animation's documented geometry puts each
/// layer, worked out here and not read back from `Layer`: a point p of a layer's bounds
/// space is, in its superlayer's bounds space,
///
///     position + T (p - bounds.origin - anchorPoint * bounds.size)
///
/// with T the layer's affine transform (about the anchor point). Sample points well inside
/// each layer must show the colour of the last layer drawn there (superlayers first,
/// sublayers in order), points just outside the tree the background. And each contents
/// gravity must put the contents where the `CALayerContentsGravity` documentation says.
@MainActor
@Suite struct LayerGeometryOracleTests {
    struct Node {
        let layer: Layer
        let color: Pixel
        /// From the layer's bounds space to the root's.
        let toRoot: AffineTransform
        let bounds: Rect
    }

    static func random(_ state: inout UInt64) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    /// A tree of three levels with random bounds, origins, positions, anchor points and
    /// transforms, and the documented bounds-to-root transform of each layer.
    static func tree(seed: UInt64) -> (root: Layer, nodes: [Node]) {
        var state = seed
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 160, height: 160)
        var nodes: [Node] = []
        let palette: [Color] = [
            Color(red: 0.9, green: 0.1, blue: 0.1), Color(red: 0.1, green: 0.7, blue: 0.1),
            Color(red: 0.1, green: 0.2, blue: 0.9), Color(red: 0.9, green: 0.8, blue: 0.1),
            Color(red: 0.6, green: 0.1, blue: 0.7), Color(red: 0.1, green: 0.7, blue: 0.7)
        ]
        func add(to parent: Layer, parentToRoot: AffineTransform, depth: Int) {
            for _ in 0..<(depth == 0 ? 2 : 1) {
                let l = Layer()
                let w = 30 + random(&state) * 40
                let h = 30 + random(&state) * 40
                let origin = Point(x: (random(&state) - 0.5) * 20, y: (random(&state) - 0.5) * 20)
                l.bounds = Rect(origin: origin, size: Size(width: w, height: h))
                l.position = Point(x: 40 + random(&state) * 80, y: 40 + random(&state) * 80)
                l.anchorPoint = Point(x: random(&state), y: random(&state))
                let angle = (random(&state) - 0.5) * 1.6
                let sx = 0.7 + random(&state) * 0.6
                let sy = 0.7 + random(&state) * 0.6
                let t = AffineTransform(rotationAngle: angle).concatenating(AffineTransform(scaleX: sx, y: sy))
                    .concatenating(
                        AffineTransform(translationX: (random(&state) - 0.5) * 10, y: (random(&state) - 0.5) * 10))
                l.setAffineTransform(t)
                let color = palette[nodes.count % palette.count]
                l.backgroundColor = color
                parent.addSublayer(l)
                // Column vectors: p ↦ position + T (p - origin - anchor * size). With
                // `concatenating` applying the left transform first, that is
                // translate(-origin - anchor*size), then T, then translate(position).
                let anchor = Point(x: origin.x + l.anchorPoint.x * w, y: origin.y + l.anchorPoint.y * h)
                let toParent = AffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(t)
                    .concatenating(AffineTransform(translationX: l.position.x, y: l.position.y))
                // The superlayer's bounds origin is already in parentToRoot.
                let toRoot = toParent.concatenating(parentToRoot)
                nodes.append(Node(layer: l, color: color.premultiplied, toRoot: toRoot, bounds: l.bounds))
                if depth < 2 { add(to: l, parentToRoot: toRoot, depth: depth + 1) }
            }
        }
        add(to: root, parentToRoot: .identity, depth: 0)
        return (root, nodes)
    }

    /// Whether root point q lies inside the node's bounds by at least `margin` root points
    /// (all its transforms here scale by at least 0.49, so 2.5 bounds points is > 1.2 pixels).
    static func inside(_ q: Point, _ node: Node, margin: Double) -> Bool {
        guard let inverse = node.toRoot.inverted() else { return false }
        let p = inverse.apply(to: q)
        return p.x > node.bounds.minX + margin && p.x < node.bounds.maxX - margin
            && p.y > node.bounds.minY + margin && p.y < node.bounds.maxY - margin
    }

    static func near(_ q: Point, _ node: Node, margin: Double) -> Bool {
        guard let inverse = node.toRoot.inverted() else { return true }
        let p = inverse.apply(to: q)
        return p.x > node.bounds.minX - margin && p.x < node.bounds.maxX + margin
            && p.y > node.bounds.minY - margin && p.y < node.bounds.maxY + margin
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func layersLandWhereTheDocumentedGeometryPutsThem(seed: UInt64) throws {
        let (root, nodes) = Self.tree(seed: seed)
        let surface = try Surface(width: 160, height: 160)
        surface.clear(to: Color.white.premultiplied)
        root.render(in: Context(surface: surface))
        var checked = 0
        for y in stride(from: 1, to: 160, by: 3) {
            for x in stride(from: 1, to: 160, by: 3) {
                let q = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                // Painter's order is the nodes' order (depth first, superlayer first).
                let covering = nodes.filter { Self.near(q, $0, margin: 2.5) }
                guard let top = covering.last else {
                    #expect(
                        surface[x, y] == Color.white.premultiplied,
                        "seed \(seed): (\(x), \(y)) lies outside every layer")
                    checked += 1
                    continue
                }
                // Only points well inside the topmost layer, and clear of every other
                // layer's edge, have one right colour.
                guard Self.inside(q, top, margin: 2.5),
                    covering.dropLast().allSatisfy({ Self.inside(q, $0, margin: 2.5) })
                else { continue }
                #expect(
                    surface[x, y] == top.color, "seed \(seed): (\(x), \(y)) shows \(surface[x, y]), not \(top.color)")
                checked += 1
            }
        }
        #expect(checked > 1500)
    }

    /// Each gravity places a 10 x 6 image in a 40 x 30 layer as the documentation's
    /// sentence for it says, worked out here with its edges named for y up, as Core
    /// Animation names them: in a layer that is not flipped, iOS shows `.top` at the
    /// bottom of the screen (y = 30 - 6) and `.bottom` at the top.
    @Test func contentsGravityPlacesTheContentsAsDocumented() throws {
        let image = try Surface(width: 10, height: 6)
        image.clear(to: Color(red: 0.8, green: 0.1, blue: 0.1).premultiplied)
        let w = 40.0
        let h = 30.0
        let iw = 10.0
        let ih = 6.0
        let expected: [(ContentsGravity, Rect)] = [
            (.center, Rect(x: (w - iw) / 2, y: (h - ih) / 2, width: iw, height: ih)),
            (.top, Rect(x: (w - iw) / 2, y: h - ih, width: iw, height: ih)),
            (.bottom, Rect(x: (w - iw) / 2, y: 0, width: iw, height: ih)),
            (.left, Rect(x: 0, y: (h - ih) / 2, width: iw, height: ih)),
            (.right, Rect(x: w - iw, y: (h - ih) / 2, width: iw, height: ih)),
            (.topLeft, Rect(x: 0, y: h - ih, width: iw, height: ih)),
            (.topRight, Rect(x: w - iw, y: h - ih, width: iw, height: ih)),
            (.bottomLeft, Rect(x: 0, y: 0, width: iw, height: ih)),
            (.bottomRight, Rect(x: w - iw, y: 0, width: iw, height: ih)),
            (.resize, Rect(x: 0, y: 0, width: w, height: h)),
            // Aspect fit: scale min(40/10, 30/6) = 4, so 40 x 24, centred vertically.
            (.resizeAspect, Rect(x: 0, y: 3, width: 40, height: 24)),
            // Aspect fill: scale max(4, 5) = 5, so 50 x 30, centred horizontally.
            (.resizeAspectFill, Rect(x: -5, y: 0, width: 50, height: 30))
        ]
        for (gravity, r) in expected {
            let l = Layer()
            l.bounds = Rect(x: 0, y: 0, width: w, height: h)
            l.contents = try Image(surface: image)
            l.contentsGravity = gravity
            let s = try Surface(width: Int(w), height: Int(h))
            s.clear(to: Color.white.premultiplied)
            l.render(in: Context(surface: s))
            for y in 0..<Int(h) {
                for x in 0..<Int(w) {
                    let cx = Double(x) + 0.5
                    let cy = Double(y) + 0.5
                    let isIn = cx > r.minX && cx < r.maxX && cy > r.minY && cy < r.maxY
                    #expect((s[x, y] != Color.white.premultiplied) == isIn, "\(gravity): pixel (\(x), \(y))")
                }
            }
        }
    }
}

/// `contentsCenter`: the nine parts of a resizable image, placed as the property's
/// definition says, worked out here.
@MainActor
@Suite struct ContentsCenterTests {
    static let red = Pixel(r: 255, g: 0, b: 0, a: 255), green = Pixel(r: 0, g: 255, b: 0, a: 255)
    static let blue = Pixel(r: 0, g: 0, b: 255, a: 255)

    static let yellow = Pixel(r: 255, g: 255, b: 0, a: 255)

    /// 9 x 9 pixels in 3 x 3 blocks: red corners (the top right yellow), green edges, a
    /// blue middle.
    static func grid() throws -> Image {
        let s = try Surface(width: 9, height: 9)
        for y in 0..<9 {
            for x in 0..<9 {
                let edgeX = x < 3 || x >= 6
                let edgeY = y < 3 || y >= 6
                s[x, y] = edgeX && edgeY ? (x >= 6 && y < 3 ? yellow : red) : (edgeX || edgeY ? green : blue)
            }
        }
        return try Image(surface: s)
    }

    func render(_ size: (Int, Int), center: Rect) throws -> Surface {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: Double(size.0), height: Double(size.1))
        l.contents = try Self.grid()
        l.contentsCenter = center
        let s = try Surface(width: size.0, height: size.1)
        l.render(in: Context(surface: s))
        return s
    }

    /// The parts are cut once and kept: a layer whose centre moves draws what a new
    /// layer with that centre draws.
    @Test func aMovedCentreCutsThePartsAgain() throws {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 40, height: 25)
        l.contents = try Self.grid()
        l.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        l.render(in: Context(surface: try Surface(width: 40, height: 25)))
        let moved = Rect(x: 2.0 / 9, y: 2.0 / 9, width: 5.0 / 9, height: 5.0 / 9)
        Transaction.begin()
        Transaction.setDisableActions(true)
        l.contentsCenter = moved
        Transaction.commit()
        let s = try Surface(width: 40, height: 25)
        l.render(in: Context(surface: s))
        #expect(s == (try render((40, 25), center: moved)))
        #expect(s != (try render((40, 25), center: Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))))
    }

    @Test func cornersKeepTheirSizeEdgesStretchAlongAndTheMiddleBothWays() throws {
        let s = try render((40, 25), center: Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        // Corners: 3 x 3 points at each corner of the 40 x 25 bounds.
        for (x, y) in [(1, 1), (1, 23), (38, 23)] { #expect(s[x, y] == Self.red, "corner (\(x), \(y))") }
        #expect(s[38, 1] == Self.yellow && s[36, 1] == Self.green, "the top right corner, 3 points wide")
        // Edges: 3 points thick, stretched between the corners.
        for (x, y) in [(20, 1), (20, 23), (1, 12), (38, 12)] { #expect(s[x, y] == Self.green, "edge (\(x), \(y))") }
        // The middle fills the rest.
        for (x, y) in [(5, 5), (20, 12), (34, 19)] { #expect(s[x, y] == Self.blue, "middle (\(x), \(y))") }
        // Without a centre, the whole image stretches: the corner blocks grow.
        let plain = try render((40, 25), center: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(plain[8, 5] == Self.red && s[8, 5] == Self.blue)
    }

    @Test func cornersLargerThanTheBoundsShrinkInProportion() throws {
        let s = try render((4, 20), center: Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        // 3 + 3 points of corner across 4: each 2 points, the top left red on 0 and 1,
        // the top right yellow on 2 and 3 (unshrunk, the yellow would cover 1 to 3).
        #expect(s[0, 1] == Self.red && s[1, 1] == Self.red, "\(s[1, 1])")
        #expect(s[2, 1] == Self.yellow && s[3, 1] == Self.yellow)
    }
}
