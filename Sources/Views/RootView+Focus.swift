import Layers
import Raster

extension RootView {
    /// The views Tab visits now, in order (the key-view loop): the focusable views in
    /// reading order, by the top edge of their frames as if nothing were scrolled, in rows
    /// of views that overlap the first of the row vertically, each row from left to right.
    /// Views under a hidden, transparent or non-interactive view are left out.
    ///
    /// Positions are taken without transforms.
    public var focusOrder: [View] {
        var found: [(view: View, frame: Rect)] = []
        func visit(_ v: View, origin: Point) {
            guard !v.isHidden, v.alpha >= 0.01, v.isUserInteractionEnabled, v.interactionBlocks == 0 else { return }
            let f = v.frame
            let frame = Rect(x: origin.x + f.minX, y: origin.y + f.minY, width: f.width, height: f.height)
            if v !== self && v.isFocusable { found.append((v, frame)) }
            let inner = v === self ? Point(x: 0, y: 0) : frame.origin
            for s in v.subviews { visit(s, origin: inner) }
        }
        visit(self, origin: Point(x: 0, y: 0))
        let byTop = found.enumerated().sorted {
            $0.element.frame.minY != $1.element.frame.minY
                ? $0.element.frame.minY < $1.element.frame.minY : $0.offset < $1.offset
        }.map(\.element)
        var order: [View] = []
        var i = 0
        while i < byTop.count {
            let bottom = byTop[i].frame.maxY
            var row = [byTop[i]]
            i += 1
            while i < byTop.count && byTop[i].frame.minY < bottom {
                row.append(byTop[i])
                i += 1
            }
            order += row.sorted { $0.frame.minX < $1.frame.minX }.map(\.view)
        }
        return order
    }

    /// Moves the focus to the next view of `focusOrder` (or the previous one), wrapping
    /// at the ends, from the focused view or from where Tab starts: what Tab and
    /// Shift+Tab do (UIKit has no public call for it).
    public func moveFocus(forward: Bool) {
        let order = focusOrder
        guard !order.isEmpty else { return }
        let next: View
        if let from = focusedView ?? tabStart, let i = order.firstIndex(where: { $0 === from }) {
            next = order[(i + (forward ? 1 : order.count - 1)) % order.count]
        } else {
            next = forward ? order[0] : order[order.count - 1]
        }
        updateFocus(to: next)
    }

    /// Gives `view` the focus, or takes it away with nil (UIKit asks for a focus update
    /// through `setNeedsFocusUpdate` and `preferredFocusEnvironments`; Vitrine moves the
    /// focus directly, as a desktop toolkit does): the ring moves, the controls'
    /// `.focused` state follows, and scroll views holding the view scroll the least that
    /// shows it with `ScrollView.focusMargin` around. Returns false, changing nothing,
    /// when the view cannot take the focus.
    @discardableResult
    public func updateFocus(to view: View?) -> Bool {
        if let view, view.root !== self || !focusOrder.contains(where: { $0 === view }) { return false }
        let old = focusedView
        guard old !== view else { return true }
        focusedView = view
        if view == nil { tabStart = old }
        (old as? Control)?.setFocused(false)
        if let view {
            (view as? Control)?.setFocused(true)
            var v = view.superview
            while let x = v {
                if let scroll = x as? ScrollView {
                    let m = ScrollView.focusMargin
                    scroll.scrollRectToVisible(view.convert(view.bounds, to: scroll).insetBy(dx: -m, dy: -m))
                }
                v = x.superview
            }
        }
        updateFocusRing()
        return true
    }

    /// The nearest view from `view` up that can take the focus.
    func focusableAncestor(_ view: View) -> View? {
        var v: View? = view
        while let x = v, x !== self {
            if x.isFocusable { return x }
            v = x.superview
        }
        return nil
    }

    /// Before a frame: a focused view that can no longer take the focus (disabled,
    /// hidden, gone) loses it, and the ring follows the focused view's frame and shape.
    func validateFocus() {
        guard let view = focusedView else { return }
        if !focusOrder.contains(where: { $0 === view }) {
            updateFocus(to: nil)
        } else {
            updateFocusRing()
        }
    }

    /// Places the ring around the focused view, in front of its siblings, or removes it.
    func updateFocusRing() {
        guard let view = focusedView, let parent = view.superview else {
            focusRing.removeFromSuperlayer()
            return
        }
        let host = parent.sublayerHost
        if focusRing.superlayer !== host {
            focusRing.removeFromSuperlayer()
            focusRing.applyContentsScale(host.contentsScale)
            host.addSublayer(focusRing)
        }
        let reach = FocusRingLayer.gap + FocusRingLayer.width + 1
        let f = view.frame
        let frame = f.insetBy(dx: -reach, dy: -reach)
        let shape = view.focusShape.applying(
            AffineTransform(
                translationX: f.minX - view.bounds.minX - frame.minX,
                y: f.minY - view.bounds.minY - frame.minY))
        if focusRing.frame != frame { focusRing.frame = frame }
        if focusRing.shape != shape { focusRing.shape = shape }
    }
}
