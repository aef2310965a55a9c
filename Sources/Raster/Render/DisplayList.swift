/// The drawing operations of a frame, recorded with the graphics state each ran in
/// (`DisplayListBuilder`), to be played by a `Renderer`: on the calling thread, or by
/// each band's context with its clip cut to the band, on several threads at once.
///
/// Immutable once made, and `Sendable` by the compiler's check: what the operations read
/// is kept by value (paths, paints, states) or shared immutably (clip chains and masks,
/// shadow coverage), and a surface drawn from is captured (`SurfaceCapture`), so that
/// writing it after it was recorded does not change what the list draws.
struct DisplayList: Sendable {
    /// One drawing operation: the context call that makes it again.
    enum Command: Sendable {
        /// `fill(_:paint:rule:)`.
        case fill(Path, Paint, FillRule)
        /// `fill(_ rect:)` in a colour.
        case fillRect(Rect, Color)
        /// `stroke(_:paint:)`.
        case stroke(Path, Paint)
        /// `draw(_:in:)`: the surface as it was when recorded.
        case image(SurfaceCapture, Rect)
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
    struct Entries: Sendable {
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
    }

    /// The operations, their reaches and the states they ran in.
    let entries: Entries

    /// Rows of the target that one band must hold whole, in the order recorded: each a
    /// small blur outside layers, which reads and writes its rows only, once all drawn
    /// before it there is drawn, or a layer drawn whole, which each band it crosses would
    /// draw.
    let unsplit: [Range<Int>]

    /// The indices of the large blurs recorded outside layers (`BandPlan.sharedBlurArea`),
    /// in order: the bands they cross draw what comes before one, then the blur runs (its
    /// rows and columns shared out among the threads), then they draw on.
    let blurs: [Int]

    /// How many operations are recorded.
    var count: Int { entries.commands.count }
    var isEmpty: Bool { entries.commands.isEmpty }
}
