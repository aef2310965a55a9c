import Raster

extension View {
    /// Says that a view has no natural size along an axis (`UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric = -1.0

    /// Resizes the view to `sizeThatFits(_:)` of its current size, keeping its origin
    /// (`sizeToFit()`).
    public func sizeToFit() {
        let f = frame
        let s = sizeThatFits(bounds.size)
        guard s.width.isFinite, s.height.isFinite else { return }
        frame = Rect(x: f.minX, y: f.minY, width: max(0, s.width), height: max(0, s.height))
    }

    /// Tells the layout that `intrinsicContentSize` changed
    /// (`invalidateIntrinsicContentSize()`): a stack view holding the view lays it out
    /// again before the next frame.
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }

    /// How strongly the view keeps from growing past its intrinsic size along `axis`
    /// (`contentHuggingPriority(for:)`); default `.defaultLow`.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? contentHugging.horizontal : contentHugging.vertical
    }

    /// Sets `contentHuggingPriority(for:)` (`setContentHuggingPriority(_:for:)`).
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { contentHugging.horizontal = priority } else { contentHugging.vertical = priority }
        superview?.setNeedsLayout()
    }

    /// How strongly the view keeps from shrinking below its intrinsic size along `axis`
    /// (`contentCompressionResistancePriority(for:)`); default `.defaultHigh`.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
    }

    /// Sets `contentCompressionResistancePriority(for:)`
    /// (`setContentCompressionResistancePriority(_:for:)`).
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal {
            compressionResistance.horizontal = priority
        } else {
            compressionResistance.vertical = priority
        }
        superview?.setNeedsLayout()
    }
}
