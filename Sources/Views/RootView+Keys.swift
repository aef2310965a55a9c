extension RootView {
    /// Delivers a key event. A key going down becomes a `Press`, delivered to the focused
    /// view, else to the first responder, else to the root, and up the responder chain
    /// from there; its repeats (`pressesChanged`) and its release go the same way. A key
    /// already held that goes down again is a repeat.
    ///
    /// Vitrine tries the focused view before the first responder (as tvOS does), so that
    /// a page's scroll view can be first responder for the arrow keys while Tab moves the
    /// focus among the controls inside it, whose chains pass through it.
    ///
    /// What lies under a still pointer may change with a key (content scrolled): hover
    /// and the cursor follow.
    public func handle(_ event: KeyEvent) {
        defer {
            if touch == nil, let p = pointerLocation { hover(at: p) }
            undoManager?.endEventGroup()
        }
        let all = { PressesEvent(allPresses: Set(self.heldPresses.values), timestamp: event.timestamp) }
        switch event.kind {
        case .down, .repeat:
            if let held = heldPresses[event.key.keyCode] {
                held.phase = .changed
                held.isRepeat = true
                held.timestamp = event.timestamp
                (held.responder ?? self).pressesChanged([held], with: all())
                return
            }
            let press = Press(key: event.key, timestamp: event.timestamp)
            let target: Responder = focusedView ?? firstResponder ?? self
            press.responder = target
            heldPresses[event.key.keyCode] = press
            target.pressesBegan([press], with: all())
        case .up:
            guard let press = heldPresses[event.key.keyCode] else { return }
            let event = all()
            heldPresses[press.key.keyCode] = nil
            press.phase = .ended
            press.isRepeat = false
            press.timestamp = event.timestamp
            (press.responder ?? self).pressesEnded([press], with: event)
        }
    }

    /// Cancels every held key (`pressesCancelled`): the window lost the keyboard.
    public func cancelPresses() {
        let held = heldPresses.values
        guard !held.isEmpty else { return }
        let event = PressesEvent(allPresses: Set(held), timestamp: held.map(\.timestamp).max() ?? 0)
        heldPresses.removeAll()
        for press in held {
            press.phase = .cancelled
            (press.responder ?? self).pressesCancelled([press], with: event)
        }
    }

    /// The keys held now.
    public var pressesHeld: Set<Press> { Set(heldPresses.values) }

    /// Makes `view` the first responder, the one before resigning; nil for none.
    func makeFirstResponder(_ view: View?) -> Bool {
        if let view, view.root !== self { return false }
        firstResponder = view
        return true
    }

    func handleAtRoot(_ press: Press) {
        let key = press.key
        let flags = key.modifierFlags.shortcutFlags
        if key.keyCode == .keyboardTab && (flags.isEmpty || flags == .shift) {
            moveFocus(forward: flags.isEmpty)
        } else if key.keyCode == .keyboardEscape && flags.isEmpty && focusedView != nil {
            updateFocus(to: nil)
        } else if press.phase == .began {
            unhandledKeyHandler?(key)
        }
    }
}
