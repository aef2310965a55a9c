import Raster

extension RootView {
    /// The pointer is over `location` with no button held: the hover recognizers of the
    /// views under it report, and the cursor follows the view under it.
    func hover(at location: Point) {
        pointerLocation = location
        let hit = hitTest(location)
        var chain: [View] = []
        var v = hit
        while let x = v {
            if !x.hoverRecognizers.isEmpty { chain.insert(x, at: 0) }
            v = x.superview
        }
        endHover(for: hoveredViews.filter { old in !chain.contains { $0 === old } })
        let before = hoveredViews
        hoveredViews = chain
        for x in chain {
            let began = !before.contains { $0 === x }
            for r in x.hoverRecognizers { r.report(began ? .began : .changed, at: location) }
        }
        var cursor: Cursor = .arrow
        v = hit
        while let x = v {
            if let c = x.cursor(at: x.convert(location, from: nil)) {
                cursor = c
                break
            }
            v = x.superview
        }
        if cursor != currentCursor {
            currentCursor = cursor
            onCursorChange?(cursor)
        }
    }

    /// Ends the hover of `views` (given outermost first), the innermost first.
    func endHover(for views: [View]) {
        guard !views.isEmpty else { return }
        hoveredViews.removeAll { h in views.contains { $0 === h } }
        for x in views.reversed() {
            for r in x.gestureRecognizers
            where r is HoverGestureRecognizer && (r.state == .began || r.state == .changed) {
                r.report(.ended, at: pointerLocation ?? r.rootLocation)
            }
        }
    }
}
