/// The drawing operations of a context that draws in bands, recorded with the graphics
/// state each ran in, to be drawn again by each band's context with its clip cut to the
/// band. What the operations read is kept by value or shared immutably (paths, paints,
/// images drawn from, clip masks, shadow coverage), so the bands can read it at once.
final class DisplayList {
    /// One drawing operation: the context call that makes it again.
    enum Command {
        /// `fill(_:paint:rule:)`.
        case fill(Path, Paint, FillRule)
        /// `fill(_ rect:)` in a colour.
        case fillRect(Rect, Color)
        /// `stroke(_:paint:)`.
        case stroke(Path, Paint)
        /// `draw(_:in:)`.
        case image(Surface, Rect)
        /// `fill(coverage:width:height:deviceX:deviceY:color:)`.
        case coverage([UInt8], width: Int, height: Int, x: Int, y: Int, color: Color)
        /// A coverage mask composited in a pixel (a shadow made when it was recorded).
        case mask(CoverageMask, pixel: UInt32)
        /// A transparency layer over `area` of the target's pixels; `end` is the index of
        /// its `endLayer`; `whole`: what it holds is drawn whole in every band (a shadow
        /// cast by the layer, or a blur inside it, reads across band edges); `shadow`:
        /// where the shadow it casts is kept.
        case beginLayer(area: IntRect, end: Int, whole: Bool, shadow: GroupShadowSource?)
        /// `endTransparencyLayer()`.
        case endLayer
        /// `blur(_:radius:opacity:)`.
        case blur(Rect, radius: Double, opacity: Double)

        /// Whether the command begins or ends a layer.
        var isStructural: Bool {
            switch self {
            case .beginLayer, .endLayer: true
            default: false
            }
        }
    }

    /// The recorded operations, as parallel arrays (a band reads an operation's reach and
    /// state for every one and its command only for those it draws: an array of whole
    /// entries would copy the command out with each of those reads), and the states they
    /// ran in. One stored value, so that recording an operation is one access to the
    /// list, not one for each array.
    struct Entries {
        /// The operations.
        var commands: [Command] = []
        /// The state each operation ran in: an index into `states`.
        var stateIndices: [Int32] = []
        /// Whether each operation begins or ends a layer (`Command.isStructural`).
        var structural: [Bool] = []
        /// The device pixels of its target each operation can change (within its state's
        /// clip): a band that misses them skips it.
        var reaches: [IntRect] = []
        /// The states the operations ran in, each kept once for a run of operations that
        /// share it but for their colours, which the operations carry.
        var states: [GraphicsState] = []

        /// Appends an operation that ran in the last of `states`.
        mutating func append(_ command: consuming Command, reach: IntRect) {
            stateIndices.append(Int32(states.count - 1))
            structural.append(command.isStructural)
            reaches.append(reach)
            commands.append(command)
        }

        /// Forgets every operation and state, keeping the storage.
        mutating func removeAll() {
            commands.removeAll(keepingCapacity: true)
            stateIndices.removeAll(keepingCapacity: true)
            structural.removeAll(keepingCapacity: true)
            reaches.removeAll(keepingCapacity: true)
            states.removeAll(keepingCapacity: true)
        }
    }

    // The arrays below are changed only with each taken out of the list meanwhile
    // (`withEntries`, `withOpen`, `swap`): then no access to them has a call inside
    // (growing the storage), and the optimizer drops their run-time exclusivity checks,
    // calls into the runtime on every operation recorded.

    private(set) var entries = Entries()

    /// An empty list, with room for a window's frame (a gallery page records some 220
    /// operations, nearly each in a state of its own): growing the arrays from nothing
    /// would copy them over and over on every frame.
    init() {
        withEntries { e in
            e.commands.reserveCapacity(512)
            e.stateIndices.reserveCapacity(512)
            e.structural.reserveCapacity(512)
            e.reaches.reserveCapacity(512)
            e.states.reserveCapacity(512)
        }
    }

    /// The indices of the `beginLayer` entries not yet ended, innermost last.
    private var open: [Int] = []

    /// Rows of the target that one band must hold whole, in the order recorded: each a
    /// small blur outside layers, which reads and writes its rows only, once all drawn
    /// before it there is drawn, or a layer drawn whole, which each band it crosses would
    /// draw.
    private(set) var unsplit: [Range<Int>] = []

    /// The indices of the large blurs recorded outside layers (`BandPlan.sharedBlurArea`),
    /// in order: the bands they cross draw what comes before one, then the blur runs (its
    /// rows and columns shared out among the threads), then they draw on.
    private(set) var blurs: [Int] = []

    /// Records a blur outside layers.
    func appendBlur(_ command: consuming Command, state: GraphicsState, reach: IntRect) {
        var taken: [Int] = []
        swap(&taken, &blurs)
        taken.append(count)
        swap(&taken, &blurs)
        append(command, state: state, reach: reach)
    }

    /// Records that rows `rows` must be drawn by one band.
    func keepTogether(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        var taken: [Range<Int>] = []
        swap(&taken, &unsplit)
        taken.append(rows)
        swap(&taken, &unsplit)
    }

    /// Runs `body` on the entries, taken out of the list meanwhile. `body` must not use
    /// the list.
    @inline(__always)
    private func withEntries<R>(_ body: (inout Entries) -> R) -> R {
        var taken = Entries()
        swap(&taken, &entries)
        defer { swap(&taken, &entries) }
        return body(&taken)
    }

    /// Runs `body` on the indices of the open layers, taken out of the list meanwhile.
    @inline(__always)
    private func withOpen<R>(_ body: (inout [Int]) -> R) -> R {
        var taken: [Int] = []
        swap(&taken, &open)
        defer { swap(&taken, &open) }
        return body(&taken)
    }

    /// How many operations are recorded.
    var count: Int { entries.commands.count }
    var isEmpty: Bool { entries.commands.isEmpty }
    /// Whether a transparency layer begun is not yet ended: the list cannot be drawn yet.
    var hasOpenLayer: Bool { !open.isEmpty }

    func append(_ command: consuming Command, state: GraphicsState, reach: IntRect) {
        var taken = Entries()
        swap(&taken, &entries)
        let n = taken.states.count
        if n == 0 || !taken.states[n - 1].matchesApartFromColors(state) { taken.states.append(state) }
        taken.append(command, reach: reach)
        swap(&taken, &entries)
    }

    func beginLayer(area: IntRect, state: GraphicsState, reach: IntRect, shadow: GroupShadowSource?) {
        let start = count
        withOpen { $0.append(start) }
        append(.beginLayer(area: area, end: -1, whole: state.shadow != nil, shadow: shadow), state: state, reach: reach)
    }

    func endLayer(state: GraphicsState) {
        guard let start = withOpen({ $0.popLast() }) else { return }
        let end = count
        let whole = withEntries { e -> Bool in
            guard case .beginLayer(let area, _, let whole, let shadow) = e.commands[start] else { return false }
            e.commands[start] = .beginLayer(area: area, end: end, whole: whole, shadow: shadow)
            return whole
        }
        if whole { keepWholeLayerTogether(start) }
        append(.endLayer, state: state, reach: .empty)
    }

    /// Keeps the rows of the layer begun at `start`, drawn whole, in one band: every band
    /// it crosses would draw all of it again. Inside a layer drawn whole itself, that one
    /// is kept together when it ends.
    private func keepWholeLayerTogether(_ start: Int) {
        // The rows are those of the innermost open layer's pixels: moved by the open
        // layers' origins into the target's.
        var dy = 0
        for i in open {
            guard case .beginLayer(let area, _, let whole, _) = entries.commands[i], !whole else { return }
            dy += area.y0
        }
        let reach = entries.reaches[start]
        if !reach.isEmpty { keepTogether(reach.y0 + dy ..< reach.y1 + dy) }
    }

    /// Marks every open layer to be drawn whole: something inside reads across bands.
    func drawOpenLayersWhole() {
        let layers = open
        withEntries { e in
            for i in layers {
                if case .beginLayer(let area, let end, _, let shadow) = e.commands[i] {
                    e.commands[i] = .beginLayer(area: area, end: end, whole: true, shadow: shadow)
                }
            }
        }
    }

    /// Forgets what was recorded, keeping the storage.
    func removeAll() {
        withEntries { $0.removeAll() }
        withOpen { $0.removeAll() }
        var taken: [Range<Int>] = []
        swap(&taken, &unsplit)
        taken.removeAll()
        swap(&taken, &unsplit)
        var blurs: [Int] = []
        swap(&blurs, &self.blurs)
        blurs.removeAll(keepingCapacity: true)
        swap(&blurs, &self.blurs)
    }
}
