import Text

/// What a field's text and selection were, for undo.
struct TextFieldSnapshot {
    let text: String
    let anchor: Int
    let active: Int
}

extension TextField {
    // MARK: Edits

    /// Replaces the characters in `range` with `string` as the user's edit: the
    /// delegate is asked, the change is registered for undo (typing by words, with
    /// `typing`), the caret goes after the new text, and `.editingChanged` is sent.
    /// Returns whether the edit was made.
    @discardableResult
    func replace(_ range: Range<Int>, with string: String, undoable: Bool = true, typing: Bool = false) -> Bool {
        let string = TextField.oneLine(string)
        let characters = Array(storage)
        let range = range.clamped(to: 0..<characters.count)
        guard !(range.isEmpty && string.isEmpty) else { return false }
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else {
            return false
        }
        if undoable { registerUndo(typing: typing, inserting: string, at: range) }
        let before = String(characters[..<range.lowerBound]) + string
        storage = before + String(characters[range.upperBound...])
        let caret = min(before.count, storage.count)
        anchor = caret
        active = caret
        textDidChange()
        restartBlinking()
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        return true
    }

    /// Registers the undo of an edit. Typing goes on in one group until a word begins
    /// after a space, the caret moves or another kind of edit comes; a paste, a cut and
    /// each deletion are groups of their own.
    private func registerUndo(typing: Bool, inserting string: String, at range: Range<Int>) {
        guard let undo = undoManager else { return }
        if typing && typingRun && range.isEmpty {
            let previous = range.lowerBound > 0 ? Array(storage)[range.lowerBound - 1] : nil
            let startsWord = (previous?.isWhitespace ?? false) && !(string.first?.isWhitespace ?? true)
            if !startsWord { return }
        }
        let saved = TextFieldSnapshot(text: storage, anchor: anchor, active: active)
        undo.registerUndo(withTarget: self) { $0.restore(saved) }
        typingRun = typing
    }

    /// Puts back a snapshot, registering the way back to the present (redo).
    func restore(_ snapshot: TextFieldSnapshot) {
        let now = TextFieldSnapshot(text: storage, anchor: anchor, active: active)
        undoManager?.registerUndo(withTarget: self) { $0.restore(now) }
        storage = snapshot.text
        anchor = min(snapshot.anchor, storage.count)
        active = min(snapshot.active, storage.count)
        typingRun = false
        textDidChange()
        restartBlinking()
        sendActions(for: .editingChanged)
    }

    /// Replaces the characters in `range` with `text` as the user's edit would
    /// (`replace(_:withText:)`): the delegate is asked, the edit can be undone, and
    /// `.editingChanged` is sent.
    public func replace(_ range: Range<Int>, withText text: String) { replace(range, with: text) }

    /// Types text at the caret, over the selection (`insertText(_:)`).
    public func insertText(_ text: String) { replace(selectedRange, with: text, typing: true) }

    /// Deletes the selection, else the character before the caret (`deleteBackward()`).
    public func deleteBackward() { deleteBackward(byWord: false) }

    /// Whether the field holds text (`hasText`).
    public var hasText: Bool { !storage.isEmpty }

    func deleteBackward(byWord: Bool) {
        if anchor != active {
            replace(selectedRange, with: "")
        } else if active > 0 {
            let to = byWord ? WordBoundaries.move(from: active, forward: false, in: storage) : active - 1
            replace(to..<active, with: "")
        }
    }

    func deleteForward(byWord: Bool) {
        if anchor != active {
            replace(selectedRange, with: "")
        } else if active < storage.count {
            let to = byWord ? WordBoundaries.move(from: active, forward: true, in: storage) : active + 1
            replace(active..<to, with: "")
        }
    }

    // MARK: Moves

    /// Moves the caret to `offset`, or the selection's moving end with `extending`.
    func move(to offset: Int, extending: Bool) {
        let o = min(max(0, offset), storage.count)
        select(anchor: extending ? anchor : o, active: o)
    }

    /// Left or Right: by character in visual order, or by word with Ctrl. Without Shift, a
    /// selection collapses to its left or right end.
    func moveHorizontally(right: Bool, byWord: Bool, extending: Bool) {
        if !extending && anchor != active && !byWord {
            let r = selectedRange
            let leftToRight = !(layout?.isRightToLeft(at: r.lowerBound) ?? false)
            move(to: right == leftToRight ? r.upperBound : r.lowerBound, extending: false)
            return
        }
        if byWord {
            let rtl = layout?.isRightToLeft(at: active) ?? false
            move(to: WordBoundaries.move(from: active, forward: right != rtl, in: storage), extending: extending)
        } else if let layout {
            move(to: layout.offset(from: active, movingRight: right), extending: extending)
        }
    }

    /// Selects all the text (`selectAll(_:)`).
    public func selectAll() { select(anchor: 0, active: storage.count) }

    // MARK: Clipboard

    /// Copies the selection to the clipboard (`copy(_:)`); refused while secure.
    public func copy() {
        guard !isSecureTextEntry, anchor != active else { return }
        Pasteboard.general.string = selectedText
    }

    /// Copies the selection to the clipboard and deletes it (`cut(_:)`); refused while
    /// secure.
    public func cut() {
        guard !isSecureTextEntry, anchor != active else { return }
        Pasteboard.general.string = selectedText
        replace(selectedRange, with: "")
    }

    /// Pastes the clipboard's text over the selection (`paste(_:)`), when it arrives.
    public func paste() { paste(from: .general, at: nil) }

    /// Pastes a pasteboard's text over the selection, or at a position (a middle click).
    /// Text that arrives after the field stopped editing is dropped.
    func paste(from pasteboard: Pasteboard, at offset: Int?) {
        let board = pasteboard.name == .general ? Pasteboard.general : Pasteboard.selection
        board.requestString { [weak self] text in
            guard let self, self.isEditing, let text, !text.isEmpty else { return }
            self.typingRun = false
            if let offset {
                let o = min(offset, self.storage.count)
                self.anchor = o
                self.active = o
            }
            self.replace(self.selectedRange, with: text)
        }
    }

    /// Offers the selection as X's `PRIMARY`, as selecting does on X desktops (not while
    /// secure).
    func offerSelection() {
        guard !isSecureTextEntry, anchor != active else { return }
        Pasteboard.selection.string = selectedText
    }

    // MARK: Keys

    /// Does what a key does to the field; false for a key it leaves to others.
    func handleKey(_ key: Key) -> Bool {
        guard isEditing, preedit == nil else { return false }
        let flags = key.modifierFlags.shortcutFlags
        let ctrl = flags.contains(.control)
        let shift = flags.contains(.shift)
        guard !flags.contains(.alternate) && !flags.contains(.command) else { return false }
        switch key.keyCode {
        case .keyboardLeftArrow, .keyboardRightArrow:
            moveHorizontally(right: key.keyCode == .keyboardRightArrow, byWord: ctrl, extending: shift)
        case .keyboardHome:
            move(to: 0, extending: shift)
        case .keyboardEnd:
            move(to: storage.count, extending: shift)
        case .keyboardDeleteOrBackspace:
            deleteBackward(byWord: ctrl)
        case .keyboardDeleteForward:
            deleteForward(byWord: ctrl)
        case .keyboardReturnOrEnter, .keypadEnter:
            returnPressed()
        case .keyboardTab, .keyboardEscape, .keyboardUpArrow, .keyboardDownArrow:
            return false
        default:
            if ctrl { return handleShortcut(key.charactersIgnoringModifiers.lowercased(), shift: shift) }
            let typed = key.characters
            guard !typed.isEmpty, typed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) else {
                return false
            }
            insertText(typed)
        }
        return true
    }

    private func handleShortcut(_ letter: String, shift: Bool) -> Bool {
        switch (letter, shift) {
        case ("a", false): selectAll()
        case ("c", false): copy()
        case ("x", false): cut()
        case ("v", false): paste()
        case ("z", false): undoManager?.undo()
        case ("z", true), ("y", false): undoManager?.redo()
        default: return false
        }
        return true
    }

    /// Return: when the delegate allows, `.editingDidEndOnExit` and the end of editing.
    private func returnPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit)
        resignFirstResponder()
    }
}
