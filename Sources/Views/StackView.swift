import Raster

/// A view that lays out a row or a column of views (`UIStackView`): its arranged
/// subviews, sized along the axis by `distribution` and across it by `alignment`, with
/// `spacing` between them. Hidden arranged views take no space; hiding one inside
/// `View.animate` slides the others into place.
///
/// Without Auto Layout, sizes come from each view's `intrinsicContentSize` (a view
/// without one along the axis counts as empty and is the first to grow) and its
/// content hugging and compression resistance priorities. Where UIKit's rules leave a
/// tie, as its documentation says, the order decides: the first of the views with the
/// lowest hugging priority grows, and the last of those with the lowest compression
/// resistance shrinks first.
@MainActor
open class StackView: View {
    /// How the arranged views share the length of the axis (`UIStackView.Distribution`).
    public enum Distribution: Sendable, Hashable, CaseIterable {
        /// Natural sizes; the view with the lowest hugging priority takes what is left,
        /// and the lowest compression resistance gives up what is missing.
        case fill
        /// All the same size.
        case fillEqually
        /// Sizes in proportion to the natural ones, filling the axis.
        case fillProportionally
        /// Natural sizes, the room left shared equally between them (at least `spacing`).
        case equalSpacing
        /// Natural sizes, their centres equally far apart, the first and last at the ends.
        case equalCentering
    }

    /// Where the arranged views sit across the axis (`UIStackView.Alignment`).
    public enum Alignment: Sendable, Hashable, CaseIterable {
        /// Stretched across the whole stack.
        case fill
        /// At the leading edge (the top, in a horizontal stack).
        case leading
        /// First baselines lined up (a horizontal stack; `leading` in a vertical one).
        case firstBaseline
        /// Centred.
        case center
        /// At the trailing edge (the bottom, in a horizontal stack).
        case trailing
        /// Last baselines lined up (a horizontal stack; `trailing` in a vertical one).
        case lastBaseline

        /// The top, in a horizontal stack (`top`, the same as `leading`).
        public static var top: Alignment { .leading }
        /// The bottom, in a horizontal stack (`bottom`, the same as `trailing`).
        public static var bottom: Alignment { .trailing }
    }

    /// `setCustomSpacing(_:after:)` with this value goes back to `spacing`
    /// (`spacingUseDefault`).
    public static let spacingUseDefault = Double.greatestFiniteMagnitude
    /// A spacing of this value stands for the system's standard spacing, 8 points
    /// (`spacingUseSystem`).
    public static let spacingUseSystem = -Double.greatestFiniteMagnitude
    /// The standard spacing.
    static let systemSpacing = 8.0

    /// The views laid out, in order (`arrangedSubviews`); each is also a subview.
    public private(set) var arrangedSubviews: [View] = []
    /// The direction of the row (`axis`); default horizontal.
    public var axis: LayoutAxis = .horizontal { didSet { setNeedsLayout() } }
    /// How the views share the axis (`distribution`); default `.fill`.
    public var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    /// Where the views sit across the axis (`alignment`); default `.fill`.
    public var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    /// The space between neighbours, the least space for `.equalSpacing` and
    /// `.equalCentering` (`spacing`); default 0.
    public var spacing = 0.0 { didSet { setNeedsLayout() } }
    /// Whether the views are laid out inside `layoutMargins` rather than the bounds
    /// (`isLayoutMarginsRelativeArrangement`); default false.
    public var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
    private var customSpacings: [ObjectIdentifier: Double] = [:]

    /// A stack of `views`.
    public init(arrangedSubviews views: [View]) {
        super.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    /// An empty stack.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Adds `view` at the end, as a subview too (`addArrangedSubview(_:)`).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `index` (clamped), as a subview too (`insertArrangedSubview(_:at:)`).
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        if view.superview !== self { _ = addSubview(view) }
        setNeedsLayout()
    }

    /// Stops laying out `view`, which stays a subview (`removeArrangedSubview(_:)`).
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsLayout()
    }

    /// Sets the space after `view` in place of `spacing` (`setCustomSpacing(_:after:)`);
    /// `spacingUseDefault` goes back to `spacing`.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacings[ObjectIdentifier(view)] = spacing == StackView.spacingUseDefault ? nil : spacing
        setNeedsLayout()
    }

    /// The space after `view` set by `setCustomSpacing(_:after:)`, or `spacingUseDefault`
    /// (`customSpacing(after:)`).
    public func customSpacing(after view: View) -> Double {
        customSpacings[ObjectIdentifier(view)] ?? StackView.spacingUseDefault
    }

    /// A removed subview is no longer arranged, as in UIKit.
    override open func willRemoveSubview(_ subview: View) {
        arrangedSubviews.removeAll { $0 === subview }
        customSpacings[ObjectIdentifier(subview)] = nil
        setNeedsLayout()
    }

    /// A shown or hidden arranged view changes the layout at once, so that inside an
    /// animation block the others move with it.
    func arrangedSubviewVisibilityChanged() {
        layoutArrangedSubviews()
    }

    override open func layoutSubviews() {
        layoutArrangedSubviews()
    }

    /// The natural size: the arranged views' along the axis with their spacing, the
    /// largest across it, plus the margins when arranged inside them.
    override open var intrinsicContentSize: Size {
        let shown = arrangedSubviews.filter { !$0.isHidden }
        let along = shown.map { length(of: $0, along: axis) }.reduce(0, +) + gaps(between: shown).reduce(0, +)
        let across = shown.map { length(of: $0, along: crossAxis) }.max() ?? 0
        let m = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        return axis == .horizontal
            ? Size(width: along + m.left + m.right, height: across + m.top + m.bottom)
            : Size(width: across + m.left + m.right, height: along + m.top + m.bottom)
    }

    override open func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    private var crossAxis: LayoutAxis { axis == .horizontal ? .vertical : .horizontal }

    /// A view's natural length along `axis`: its intrinsic size, or 0 without one.
    private func length(of view: View, along axis: LayoutAxis) -> Double {
        let s = view.intrinsicContentSize
        let v = axis == .horizontal ? s.width : s.height
        return v == View.noIntrinsicMetric || !v.isFinite ? 0 : max(0, v)
    }

    /// Whether a view has a natural length along `axis`.
    private func hasLength(_ view: View, along axis: LayoutAxis) -> Bool {
        let s = view.intrinsicContentSize
        return (axis == .horizontal ? s.width : s.height) != View.noIntrinsicMetric
    }

    /// The space after each view but the last.
    private func gaps(between views: [View]) -> [Double] {
        guard views.count > 1 else { return [] }
        let base = spacing == StackView.spacingUseSystem ? StackView.systemSpacing : spacing
        return views.dropLast().map { v in
            let custom = customSpacings[ObjectIdentifier(v)] ?? base
            return custom == StackView.spacingUseSystem ? StackView.systemSpacing : custom
        }
    }

    /// Lays out the arranged views now.
    func layoutArrangedSubviews() {
        let shown = arrangedSubviews.filter { !$0.isHidden }
        guard !shown.isEmpty else { return }
        let area = isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds.standardized
        let horizontal = axis == .horizontal
        let start = horizontal ? area.minX : area.minY
        let total = horizontal ? area.width : area.height
        let gaps = gaps(between: shown)
        let (lengths, positions) = StackView.distribute(
            natural: shown.map { length(of: $0, along: axis) },
            stretchy: shown.map { !hasLength($0, along: axis) },
            hugging: shown.map { $0.contentHuggingPriority(for: axis) },
            resistance: shown.map { $0.contentCompressionResistancePriority(for: axis) },
            gaps: gaps, total: total, distribution: distribution)
        let across = place(shown, in: area)
        for (i, v) in shown.enumerated() {
            let a = start + positions[i]
            v.frame =
                horizontal
                ? Rect(x: a, y: across[i].origin, width: lengths[i], height: across[i].length)
                : Rect(x: across[i].origin, y: a, width: across[i].length, height: lengths[i])
        }
    }

    /// The lengths along the axis and the offsets from its start, for views of
    /// `natural` lengths (`stretchy`: without a natural length), `gaps` apart, in
    /// `total` points.
    static func distribute(
        natural: [Double], stretchy: [Bool], hugging: [LayoutPriority], resistance: [LayoutPriority],
        gaps: [Double], total: Double, distribution: Distribution
    ) -> ([Double], [Double]) {
        let n = natural.count
        let gapSum = gaps.reduce(0, +)
        var lengths = natural
        var spaces = gaps
        let room = total - gapSum
        func fit() {
            // Grow the loosest view (a view without a natural length before any), or
            // shrink the least resistant, last first.
            let extra = room - lengths.reduce(0, +)
            if extra > 0 {
                let order = (0..<n).min { a, b in
                    (stretchy[a] ? 0 : 1, hugging[a], a) < (stretchy[b] ? 0 : 1, hugging[b], b)
                }!
                lengths[order] += extra
            } else if extra < 0 {
                var missing = -extra
                let order = (0..<n).sorted { a, b in (resistance[a], -a) < (resistance[b], -b) }
                for i in order where missing > 0 {
                    let take = min(lengths[i], missing)
                    lengths[i] -= take
                    missing -= take
                }
            }
        }
        switch distribution {
        case .fill:
            fit()
        case .fillEqually:
            lengths = Array(repeating: max(0, room) / Double(n), count: n)
        case .fillProportionally:
            let sum = natural.reduce(0, +)
            lengths = natural.map { sum > 0 ? max(0, room) * $0 / sum : max(0, room) / Double(n) }
        case .equalSpacing:
            let free = room - lengths.reduce(0, +)
            if free < 0 || n == 1 {
                fit()
            } else {
                let each = (total - lengths.reduce(0, +)) / Double(n - 1)
                spaces = gaps.map { max($0, each) }
                if spaces.reduce(0, +) + lengths.reduce(0, +) > total {
                    spaces = gaps
                    fit()
                }
            }
        case .equalCentering:
            if room - lengths.reduce(0, +) < 0 || n == 1 {
                fit()
            } else {
                // Centres from the first's (half its length in) to the last's (half its
                // length from the end), equally apart.
                let first = lengths[0] / 2
                let last = total - lengths[n - 1] / 2
                let step = (last - first) / Double(n - 1)
                let offsets = (0..<n).map { first + Double($0) * step - lengths[$0] / 2 }
                return (lengths, offsets)
            }
        }
        var offsets: [Double] = []
        var at = 0.0
        for i in 0..<n {
            offsets.append(at)
            at += lengths[i] + (i < spaces.count ? spaces[i] : 0)
        }
        return (lengths, offsets)
    }

    /// Where each view sits across the axis: its offset and length.
    private func place(_ views: [View], in area: Rect) -> [(origin: Double, length: Double)] {
        let horizontal = axis == .horizontal
        let start = horizontal ? area.minY : area.minX
        let size = horizontal ? area.height : area.width
        var mode = alignment
        if !horizontal && mode == .firstBaseline { mode = .leading }
        if !horizontal && mode == .lastBaseline { mode = .trailing }
        let lengths = views.map { v -> Double in
            mode == .fill || !hasLength(v, along: crossAxis) ? size : min(size, length(of: v, along: crossAxis))
        }
        switch mode {
        case .fill, .leading:
            return lengths.map { (start, $0) }
        case .center:
            return lengths.map { (start + (size - $0) / 2, $0) }
        case .trailing:
            return lengths.map { (start + size - $0, $0) }
        case .firstBaseline, .lastBaseline:
            // Baselines lined up at the lowest one's offset from the top; a view without a
            // baseline stands on it.
            let first = mode == .firstBaseline
            let offsets = zip(views, lengths).map { v, l in v.baselineOffset(first: first, height: l) ?? l }
            let line = offsets.max() ?? 0
            return zip(lengths, offsets).map { l, o in (start + line - o, l) }
        }
    }
}
