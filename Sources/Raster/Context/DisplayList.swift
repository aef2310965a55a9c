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
        /// cast by the layer, or a blur inside it, reads across band edges).
        case beginLayer(area: IntRect, end: Int, whole: Bool)
        /// `endTransparencyLayer()`.
        case endLayer
        /// `blur(_:radius:opacity:)` inside a transparency layer.
        case blur(Rect, radius: Double, opacity: Double)

        /// Whether the command begins or ends a layer.
        var isStructural: Bool {
            switch self {
            case .beginLayer, .endLayer: true
            default: false
            }
        }
    }

    /// An operation, the state it ran in (an index into `states`), and the device pixels
    /// of its target it can change (within the state's clip): a band that misses them
    /// skips it.
    struct Entry {
        var command: Command
        let state: Int32
        let reach: IntRect
    }

    private(set) var entries: [Entry] = []
    /// The states the entries ran in, each kept once for a run of entries that share it.
    /// The operations carry their own colours, so these hold black paints.
    private(set) var states: [GraphicsState] = []
    /// The indices of the `beginLayer` entries not yet ended, innermost last.
    private var open: [Int] = []

    var isEmpty: Bool { entries.isEmpty }
    /// Whether a transparency layer begun is not yet ended: the list cannot be drawn yet.
    var hasOpenLayer: Bool { !open.isEmpty }

    func append(_ command: Command, state: GraphicsState, reach: IntRect) {
        if states.last.map({ !$0.matchesApartFromColors(state) }) ?? true {
            var kept = state
            kept.fillColor = .black
            kept.strokeColor = .black
            states.append(kept)
        }
        entries.append(Entry(command: command, state: Int32(states.count - 1), reach: reach))
    }

    /// The state an entry ran in.
    func state(of entry: Entry) -> GraphicsState { states[Int(entry.state)] }

    func beginLayer(area: IntRect, state: GraphicsState, reach: IntRect) {
        open.append(entries.count)
        append(.beginLayer(area: area, end: -1, whole: state.shadow != nil), state: state, reach: reach)
    }

    func endLayer(state: GraphicsState) {
        guard let start = open.popLast() else { return }
        if case .beginLayer(let area, _, let whole) = entries[start].command {
            entries[start].command = .beginLayer(area: area, end: entries.count, whole: whole)
        }
        append(.endLayer, state: state, reach: .empty)
    }

    /// Marks every open layer to be drawn whole: something inside reads across bands.
    func drawOpenLayersWhole() {
        for i in open {
            if case .beginLayer(let area, let end, _) = entries[i].command {
                entries[i].command = .beginLayer(area: area, end: end, whole: true)
            }
        }
    }

    /// Forgets what was recorded, keeping the storage.
    func removeAll() {
        entries.removeAll(keepingCapacity: true)
        states.removeAll(keepingCapacity: true)
        open.removeAll()
    }
}
