extension Control {
    /// The keys going down that the control takes (Space and Return when focused,
    /// Escape during a key press); returns the others.
    func takeBegan(_ presses: Set<Press>) -> Set<Press> {
        var rest = Set<Press>()
        for p in presses {
            if Control.isActivationKey(p.key) && isFocused && isEnabled && !isTracking && keyActivation == nil {
                keyActivation = p.key.keyCode
                isHighlighted = true
                sendActions(for: .touchDown)
            } else if p.key.keyCode == .keyboardEscape && keyActivation != nil {
                cancelKeyActivation()
            } else if keyActivation != nil && Control.isActivationKey(p.key) {
                // A second activation key while one is held does nothing.
            } else {
                rest.insert(p)
            }
        }
        return rest
    }

    /// The keys going up that the control does not take.
    func takeEnded(_ presses: Set<Press>) -> Set<Press> {
        var rest = Set<Press>()
        for p in presses {
            if let code = keyActivation, p.key.keyCode == code {
                keyActivation = nil
                endTracking(nil)
                sendActions(for: .touchUpInside)
                sendActions(for: .primaryActionTriggered)
                isHighlighted = false
            } else if !Control.isActivationKey(p.key) {
                rest.insert(p)
            }
        }
        return rest
    }

    /// The cancelled keys that the control does not take.
    func takeCancelled(_ presses: Set<Press>) -> Set<Press> {
        var rest = Set<Press>()
        for p in presses {
            if let code = keyActivation, p.key.keyCode == code { cancelKeyActivation() } else { rest.insert(p) }
        }
        return rest
    }

    /// Ends a press made by a key without activating: the highlight goes, `touchCancel`.
    func cancelKeyActivation() {
        guard keyActivation != nil else { return }
        keyActivation = nil
        cancelTracking()
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
