import Raster

extension RootView {
    /// The recognizers a press on `view` reaches: the enabled ones of the view and of
    /// each view above it, nearest first, that their delegates let see the touch.
    func recognizers(for view: View, touch: Touch) -> [GestureRecognizer] {
        var out: [GestureRecognizer] = []
        var v: View? = view
        while let x = v {
            for r in x.gestureRecognizers where !(r is HoverGestureRecognizer) && r.isEnabled {
                if r.delegate?.gestureRecognizer(r, shouldReceive: touch) ?? true { out.append(r) }
            }
            v = x.superview
        }
        return out
    }

    /// A new press: recognizers that finished start afresh, those that wait for more
    /// of a gesture elsewhere give it up, and the press goes to its recognizers first.
    func gesturesBegin(_ t: Touch) {
        let next = recognizers(for: t.view, touch: t)
        for r in gestureSet + next where r.state == .ended || r.state == .cancelled || r.state == .failed { r.reset() }
        for r in gestureSet where !next.contains(where: { $0 === r }) {
            if r.state == .possible && r.waitingToRecognize == nil { r.reset() }
        }
        gestureSet = next
        touchTakenFromView = false
        for r in next where r.state == .possible { r.touchesBegan([t], with: Event(touch: t)) }
        touchHeldFromView = next.contains { $0.delaysTouchesBegan && $0.state == .possible }
    }

    /// The press moved: its recognizers see it first.
    func gesturesMove(_ t: Touch) {
        for r in gestureSet where r.state == .possible || r.state == .began || r.state == .changed {
            r.touchesMoved([t], with: Event(touch: t))
        }
    }

    /// The press ended: its recognizers see it first.
    func gesturesEnd(_ t: Touch) {
        for r in gestureSet where r.state == .possible || r.state == .began || r.state == .changed {
            r.touchesEnded([t], with: Event(touch: t))
        }
    }

    /// The press was cancelled: its recognizers see it first.
    func gesturesCancel(_ t: Touch) {
        for r in gestureSet where r.state == .possible || r.state == .began || r.state == .changed {
            r.touchesCancelled([t], with: Event(touch: t))
        }
    }

    /// Whether `r` may recognize now: its delegate agrees, and no control below its view
    /// is tracking the press (a control keeps its own gestures).
    func gestureMayBegin(_ r: GestureRecognizer) -> Bool {
        if let d = r.delegate, !d.gestureRecognizerShouldBegin(r) { return false }
        if let t = touch, let control = nearestControl(t.view), control.isTracking, let owner = r.view,
            owner !== control, control.isDescendant(of: owner)
        {
            return false
        }
        return true
    }

    private func nearestControl(_ view: View) -> Control? {
        var v: View? = view
        while let x = v {
            if let c = x as? Control { return c }
            v = x.superview
        }
        return nil
    }

    /// `r` recognized: the others that may not recognize with it fail or are cancelled,
    /// and the view's own touch is cancelled when `r` asks.
    func gestureDidBegin(_ r: GestureRecognizer) {
        for other in gestureSet where other !== r {
            let together =
                (r.delegate?.gestureRecognizer(r, shouldRecognizeSimultaneouslyWith: other) ?? false)
                || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: r) ?? false)
            if together && !other.requires(r) { continue }
            if other.state == .possible { other.fail() } else { other.finish(.cancelled) }
        }
        if touchHeldFromView {
            // A press held back from the view is dropped: the view never hears of it.
            touchHeldFromView = false
            touchTakenFromView = true
        } else if r.cancelsTouchesInView, let t = touch, !touchTakenFromView {
            touchTakenFromView = true
            t.view.touchesCancelled([t], with: Event(touch: t))
        }
    }

    /// `r` failed: recognizers waiting for it may recognize.
    func gestureDidFail(_ r: GestureRecognizer) {
        for other in gestureSet where other !== r && other.requires(r) { other.requirementFailed() }
        // The last recognizer delaying the press failed: the view hears of it now.
        if touchHeldFromView, let t = touch,
            !gestureSet.contains(where: { $0.delaysTouchesBegan && $0.state == .possible })
        {
            touchHeldFromView = false
            if !touchTakenFromView { t.view.touchesBegan([t], with: Event(touch: t)) }
        }
    }
}
