/// Records drawing operations into a `DisplayList`: what a context that draws in bands
/// draws through (`RecordingBackend`). Layers begun and not yet ended are tracked here,
/// and each layer learns at its end whether it must be drawn whole.
final class DisplayListBuilder {
    // The arrays below are changed only with each taken out of the list meanwhile
    // (`withEntries`, `withOpen`, `swap`): then no access to them has a call inside
    // (growing the storage), and the optimizer drops their run-time exclusivity checks,
    // calls into the runtime on every operation recorded.

    private(set) var entries = DisplayList.Entries()

    /// An empty list, with room for a window's frame (a gallery page records some 220
    /// operations, nearly each in a state of its own): growing the arrays from nothing
    /// would copy them over and over on every frame.
    init() { reserve() }

    private func reserve() {
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

    /// How many lists have been made (`makeList()`): a run of operations recorded across
    /// one is not whole in either list.
    private var listsMade = 0

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
    func appendBlur(_ command: consuming DisplayList.Command, state: consuming GraphicsState, reach: IntRect) {
        var taken: [Int] = []
        swap(&taken, &blurs)
        taken.append(count)
        swap(&taken, &blurs)
        append(command, state: consume state, reach: reach)
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
    private func withEntries<R>(_ body: (inout DisplayList.Entries) -> R) -> R {
        var taken = DisplayList.Entries()
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

    /// The device pixels the operations outside layers reach, added up (a layer counts
    /// as its area): what the list asks of the bands.
    private(set) var reachedArea = 0

    /// Records `command`, which ran in `state`. The state is taken, not copied: a gallery
    /// page's operations nearly each run in a state of its own, which the list keeps.
    func append(_ command: consuming DisplayList.Command, state: consuming GraphicsState, reach: IntRect) {
        if open.isEmpty && !reach.isEmpty { reachedArea += reach.width * reach.height }
        var taken = DisplayList.Entries()
        swap(&taken, &entries)
        let n = taken.states.count
        // Compared in place: the comparison is inlined, so the last state is not copied
        // out of the array first.
        if n == 0 || !GraphicsState.matchApartFromColors(taken.states[n - 1], state) {
            taken.states.append(consume state)
        }
        taken.append(command, reach: reach)
        swap(&taken, &entries)
    }

    func beginLayer(area: IntRect, state: consuming GraphicsState, reach: IntRect, shadow: GroupShadowSource?) {
        let start = count
        if open.isEmpty && !reach.isEmpty { reachedArea += reach.width * reach.height }
        withOpen { $0.append(start) }
        let whole = state.shadow != nil
        append(.beginLayer(area: area, end: -1, whole: whole, shadow: shadow), state: consume state, reach: reach)
    }

    func endLayer(state: consuming GraphicsState) {
        guard let start = withOpen({ $0.popLast() }) else { return }
        let end = count
        let whole = withEntries { e -> Bool in
            guard case .beginLayer(let area, _, let whole, let shadow) = e.commands[start] else { return false }
            e.commands[start] = .beginLayer(area: area, end: end, whole: whole, shadow: shadow)
            return whole
        }
        if whole { keepWholeLayerTogether(start) }
        append(.endLayer, state: consume state, reach: .empty)
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
        if !reach.isEmpty { keepTogether(reach.y0 + dy..<reach.y1 + dy) }
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

    /// The list recorded so far, immutable, the builder starting afresh.
    func makeList() -> DisplayList {
        var e = DisplayList.Entries()
        swap(&e, &entries)
        var u: [Range<Int>] = []
        swap(&u, &unsplit)
        var b: [Int] = []
        swap(&b, &self.blurs)
        withOpen { $0.removeAll() }
        reachedArea = 0
        listsMade += 1
        reserve()
        return DisplayList(entries: e, unsplit: u, blurs: b)
    }
}

extension DisplayListBuilder {
    /// An open layer as the operations recorded inside it see it.
    struct OpenLayer: Equatable, Sendable {
        let area: IntRect
        let whole: Bool
    }

    /// Where the builder stands: what a run recorded from here is measured from.
    struct Mark {
        let commands: Int
        let blurs: Int
        let unsplit: Int
        let reachedArea: Int
        let lists: Int
        let open: [OpenLayer]
    }

    /// The layers open now, outermost first.
    var openLayers: [OpenLayer] {
        open.map { i in
            guard case .beginLayer(let area, _, let whole, _) = entries.commands[i] else {
                return OpenLayer(area: .empty, whole: false)
            }
            return OpenLayer(area: area, whole: whole)
        }
    }

    func mark() -> Mark {
        Mark(
            commands: count, blurs: blurs.count, unsplit: unsplit.count, reachedArea: reachedArea,
            lists: listsMade, open: openLayers)
    }

    /// The operations recorded since `mark`; nil when they cannot be recorded again as they
    /// are: the list was handed out meanwhile, or the layers opened are not all ended.
    func operations(since mark: Mark) -> KeptOperations? {
        guard listsMade == mark.lists, open.count == mark.open.count, count >= mark.commands else { return nil }
        let e = entries
        let first = mark.commands
        let firstState = first < e.commands.count ? Int(e.stateIndices[first]) : e.states.count
        var commands = Array(e.commands[first...])
        var layerStarts: [Int] = []
        for i in commands.indices where e.structural[first + i] {
            if case .beginLayer(let area, let end, let whole, let shadow) = commands[i] {
                commands[i] = .beginLayer(area: area, end: end - first, whole: whole, shadow: shadow)
                layerStarts.append(i)
            }
        }
        let now = openLayers
        return KeptOperations(
            commands: commands,
            layerStarts: layerStarts,
            stateIndices: e.stateIndices[first...].map { $0 - Int32(firstState) },
            structural: Array(e.structural[first...]),
            reaches: Array(e.reaches[first...]),
            states: Array(e.states[firstState...]),
            blurs: blurs[mark.blurs...].map { $0 - first },
            unsplit: Array(unsplit[mark.unsplit...]),
            reachedArea: reachedArea - mark.reachedArea,
            open: mark.open,
            marksOpenLayersWhole: now != mark.open)
    }

    /// Records `run` again, as it was recorded, after what is recorded now. The caller has
    /// checked that the layers open now are those `run.open` names.
    func replay(_ run: KeptOperations) {
        guard !run.commands.isEmpty else { return }
        let base = count
        withEntries { e in
            let n = e.states.count
            // The run's first state shares the last one when they match but for colours,
            // as recording it anew would.
            let shared = n > 0 && GraphicsState.matchApartFromColors(e.states[n - 1], run.states[0])
            let offset = Int32(shared ? n - 1 : n)
            e.states.append(contentsOf: shared ? run.states.dropFirst() : run.states[...])
            // Appended whole, then the layers' ends moved: copying the commands one by one
            // cost twice as much.
            e.commands.append(contentsOf: run.commands)
            for i in run.layerStarts {
                if case .beginLayer(let area, let end, let whole, let shadow) = e.commands[base + i] {
                    e.commands[base + i] = .beginLayer(area: area, end: end + base, whole: whole, shadow: shadow)
                }
            }
            e.stateIndices.append(contentsOf: run.stateIndices.lazy.map { $0 + offset })
            e.structural.append(contentsOf: run.structural)
            e.reaches.append(contentsOf: run.reaches)
        }
        if !run.blurs.isEmpty {
            var taken: [Int] = []
            swap(&taken, &blurs)
            taken.append(contentsOf: run.blurs.map { $0 + base })
            swap(&taken, &blurs)
        }
        for rows in run.unsplit { keepTogether(rows) }
        reachedArea += run.reachedArea
        if run.marksOpenLayersWhole { drawOpenLayersWhole() }
    }
}
