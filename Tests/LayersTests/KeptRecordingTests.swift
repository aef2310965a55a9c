import Raster
import TestSupport
import Testing

@testable import Layers

/// A subtree that has not changed since the last frame is recorded from what was kept
/// then (`Layer.keptRecording`, `Context.replay(_:)`), not walked again. Over frames of
/// random trees changed a little between frames, each frame recorded and drawn in bands
/// must equal the same tree drawn at once on one thread, which keeps nothing: byte for
/// byte, as the bands equal one thread (`MetamorphicLayerTests`).
@MainActor
@Suite(.serialized) struct KeptRecordingTests {
    static let side = 160
    nonisolated static let threads = RenderThreads(count: 2)

    /// The oracle trees (`LayerGeometryOracleTests.tree(seed:)`), with rounded clips,
    /// group opacity, borders and shadows on some layers.
    static func tree(seed: UInt64) -> (root: Layer, layers: [Layer]) {
        let (root, nodes) = LayerGeometryOracleTests.tree(seed: seed)
        let layers = nodes.map(\.layer)
        for (i, l) in layers.enumerated() {
            switch (Int(seed) + i) % 4 {
            case 0:
                l.masksToBounds = true
                l.cornerRadius = 7
            case 1:
                l.opacity = 0.7
                l.borderWidth = 2
                l.borderColor = Color(red: 0.2, green: 0.2, blue: 0.2)
            case 2:
                l.shadowOpacity = 0.5
                l.shadowRadius = 3
                l.shadowOffset = Size(width: 2, height: 3)
            default:
                l.cornerRadius = 5
            }
        }
        return (root, layers)
    }

    /// Draws `root` recorded and in `bands` bands, and at once, each inside `clip` when
    /// given, and expects the two the same.
    static func expectFrame(_ root: Layer, clippedTo clip: Rect? = nil, bands: Int = 5, _ what: String) throws {
        let banded = try Surface(width: side, height: side)
        let c = Context(surface: banded, threads: threads, drawingAtOnceUpTo: 0)
        if let clip { c.clip(to: clip) }
        root.render(in: c)
        c.flush(bands: bands)
        let single = try Surface(width: side, height: side)
        let d = Context(surface: single)
        if let clip { d.clip(to: clip) }
        root.render(in: d)
        #expect(banded == single, "\(what)")
        #expect(single.words.contains { $0 != 0 })
    }

    /// A white root of the tests' size.
    static func whiteRoot() -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: Double(side), height: Double(side))
        root.backgroundColor = .white
        return root
    }

    /// Changes one layer a little: each kind of change must reach the recordings of the
    /// layers above it.
    static func change(_ layers: [Layer], _ step: Int, seed: UInt64) {
        let l = layers[(step * 5 + Int(seed)) % layers.count]
        Transaction.begin()
        Transaction.setDisableActions(true)
        switch step % 6 {
        case 0: l.backgroundColor = Color(red: 0.3, green: 0.9, blue: 0.4)
        case 1: l.position = Point(x: l.position.x + 6, y: l.position.y - 4)
        case 2: l.opacity = 0.4
        case 3: l.cornerRadius = 12
        case 4:
            let s = Layer()
            s.frame = Rect(x: 3, y: 4, width: 12, height: 9)
            s.backgroundColor = Color(red: 0.9, green: 0.5, blue: 0.1)
            l.addSublayer(s)
        default: l.isHidden.toggle()
        }
        Transaction.commit()
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func framesFromKeptRecordingsEqualFramesDrawnAtOnce(seed: UInt64) throws {
        let (root, layers) = Self.tree(seed: seed)
        let before = Layer.recordingsReplayed
        // Two frames unchanged (the second keeps), then frames alternating one change
        // and one frame unchanged.
        try Self.expectFrame(root, "seed \(seed), first frame")
        try Self.expectFrame(root, "seed \(seed), unchanged")
        try Self.expectFrame(root, "seed \(seed), unchanged again")
        #expect(Layer.recordingsReplayed > before, "seed \(seed): nothing was recorded from what was kept")
        for step in 0..<12 {
            Self.change(layers, step, seed: seed)
            try Self.expectFrame(root, "seed \(seed), after change \(step)")
            try Self.expectFrame(root, "seed \(seed), unchanged after change \(step)")
        }
    }

    /// The operations kept over all the layers of a tree.
    static func keptOperations(_ layer: Layer) -> Int {
        (layer.keptRecording?.recording.operationCount ?? 0) + layer.children.reduce(0) { $0 + keptOperations($1) }
    }

    /// Each operation is kept once, by the highest layer that keeps a recording, not once
    /// for each layer above it: in a chain of nested layers as deep as it has layers,
    /// what all of them keep stays within what one frame records, through changes deep
    /// inside and frames unchanged after them.
    @Test func aDeepTreeKeepsEachOperationOnce() throws {
        let root = Self.whiteRoot()
        var chain: [Layer] = []
        var parent = root
        for i in 0..<24 {
            let l = Layer()
            l.frame = Rect(x: 2, y: 2, width: Double(150 - 5 * i), height: Double(150 - 5 * i))
            l.backgroundColor = Color(red: Double(i % 3) / 2, green: Double(i % 5) / 4, blue: 0.5)
            l.borderWidth = 1
            l.borderColor = .black
            parent.addSublayer(l)
            chain.append(l)
            parent = l
        }
        for _ in 0..<3 { try Self.expectFrame(root, "unchanged") }
        // The top of the chain (the root is drawn, not composited) keeps all its
        // operations, a fill and a border for each layer, and no layer below it keeps any.
        let frame = chain[0].keptRecording?.recording.operationCount ?? 0
        #expect(frame == 2 * chain.count, "the top of the chain kept no recording of the frame")
        #expect(Self.keptOperations(root) == frame)
        for step in 0..<6 {
            Transaction.begin()
            Transaction.setDisableActions(true)
            chain[12 + step].backgroundColor = Color(red: 0.1 * Double(step), green: 0.8, blue: 0.3)
            Transaction.commit()
            for k in 0..<3 {
                try Self.expectFrame(root, "change \(step), frame \(k)")
                #expect(Self.keptOperations(root) <= frame, "change \(step), frame \(k)")
            }
        }
        #expect(chain[0].keptRecording?.recording.operationCount == frame, "no recording of all after the changes")
    }

    /// A layer that took its recording while the superlayer above it changed, and so
    /// holds the highest one, is drawn where it is now after that superlayer moves
    /// again: its recording is not used in the state the move changed.
    @Test func aLayerKeptUnderASuperlayerThatMovesIsDrawnWhereItIsNow() throws {
        let root = Self.whiteRoot()
        let top = Layer()
        top.frame = Rect(x: 5, y: 5, width: 150, height: 150)
        root.addSublayer(top)
        let moving = Layer()
        moving.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        top.addSublayer(moving)
        let kept = Layer()
        kept.frame = Rect(x: 10, y: 10, width: 40, height: 30)
        kept.backgroundColor = Color(red: 0.1, green: 0.4, blue: 0.9)
        kept.cornerRadius = 6
        moving.addSublayer(kept)
        for _ in 0..<3 { try Self.expectFrame(root, "unchanged") }
        for step in 1...3 {
            Transaction.begin()
            Transaction.setDisableActions(true)
            moving.position = Point(x: moving.position.x + 7, y: moving.position.y + 5)
            Transaction.commit()
            try Self.expectFrame(root, "move \(step)")
        }
        #expect(kept.keptRecording != nil, "the layer under the moving one kept no recording")
    }

    /// A backing store drawn again in place by `display()`, which damages nothing, is
    /// drawn as it is now on the next frame: the recording kept with the store's old
    /// pixels is not used.
    @Test func aStoreDrawnAgainByDisplayIsDrawnAsItIsNow() throws {
        final class Painter: LayerDelegate {
            var color = Color(red: 1, green: 0, blue: 0)
            func draw(_ layer: Layer, in context: Context) {
                context.setFillColor(color)
                context.fill(layer.bounds)
            }
        }
        let painter = Painter()
        let root = Self.whiteRoot()
        let holder = Layer()
        holder.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        holder.cornerRadius = 8
        holder.masksToBounds = true
        root.addSublayer(holder)
        let drawn = Layer()
        drawn.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        drawn.delegate = painter
        drawn.setNeedsDisplay()
        holder.addSublayer(drawn)
        let before = Layer.recordingsReplayed
        for _ in 0..<3 { try Self.expectFrame(root, "before display()") }
        #expect(Layer.recordingsReplayed > before, "nothing was recorded from what was kept")
        painter.color = Color(red: 0, green: 0, blue: 1)
        drawn.display()
        try Self.expectFrame(root, "after display()")
    }

    /// A layer that masks to its rounded bounds clips where it is now, after it moved, and
    /// within the clip it is drawn in now, after that clip changed: the clip link kept from
    /// the last frame (`KeptClip`) is used only for the same transform and clip.
    @Test func aMaskingLayerClipsWhereItIsNowAndWithinTheClipItIsDrawnIn() throws {
        let root = Self.whiteRoot()
        let holder = Layer()
        holder.frame = Rect(x: 20, y: 20, width: 70, height: 60)
        holder.cornerRadius = 9
        holder.masksToBounds = true
        holder.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.3)
        root.addSublayer(holder)
        let spill = Layer()
        spill.frame = Rect(x: -20, y: 15, width: 130, height: 30)
        spill.backgroundColor = Color(red: 0.9, green: 0.1, blue: 0.1)
        holder.addSublayer(spill)
        for _ in 0..<3 { try Self.expectFrame(root, bands: 3, "at first") }
        Transaction.begin()
        Transaction.setDisableActions(true)
        holder.position = Point(x: holder.position.x + 15.5, y: holder.position.y + 7.25)
        Transaction.commit()
        for _ in 0..<3 { try Self.expectFrame(root, bands: 3, "moved") }
        let narrower = Rect(x: 0, y: 0, width: 70, height: 160)
        for _ in 0..<3 { try Self.expectFrame(root, clippedTo: narrower, bands: 3, "inside a narrower clip") }
    }

    /// A backdrop blur inside a layer drawn as a group makes the group drawn whole in one
    /// band, as it reads across band edges. Recorded from what was kept while the group
    /// itself is recorded anew, the blur still makes it whole.
    @Test func aKeptBlurStillMakesTheGroupAroundItWhole() throws {
        let root = Self.whiteRoot()
        let group = Layer()
        group.frame = Rect(x: 10, y: 10, width: 140, height: 140)
        group.opacity = 0.9
        root.addSublayer(group)
        let inner = Layer()
        inner.frame = Rect(x: 0, y: 0, width: 140, height: 140)
        group.addSublayer(inner)
        for k in 0..<7 {
            let stripe = Layer()
            stripe.frame = Rect(x: 0, y: Double(k) * 20, width: 140, height: 10)
            stripe.backgroundColor = Color(red: 0.9, green: Double(k) / 7, blue: 0.2)
            inner.addSublayer(stripe)
        }
        let blur = BackdropLayer()
        blur.frame = Rect(x: 20, y: 20, width: 100, height: 100)
        blur.blurRadius = 6
        inner.addSublayer(blur)
        for k in 0..<6 {
            // The group changes on every frame; what it holds does not.
            Transaction.begin()
            Transaction.setDisableActions(true)
            group.backgroundColor = Color(red: 0.1, green: 0.1 * Double(k), blue: 0.8)
            Transaction.commit()
            try Self.expectFrame(root, bands: 8, "frame \(k)")
        }
    }
}
