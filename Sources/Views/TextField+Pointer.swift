import Raster
import Text

extension TextField {
    /// The position under a point of the field.
    func offset(at point: Point) -> Int {
        layout?.offset(at: point, in: lineRect, alignment: lineAlignment) ?? 0
    }

    /// A press: the middle button pastes `PRIMARY` where it is; the primary button on the
    /// clear button empties the field, else begins editing and places the caret (Shift
    /// extends the selection), selects the word on a double click and everything on a
    /// triple click.
    func pointerDown(_ touch: Touch) {
        let p = touch.location(in: self)
        if touch.button == 2 {
            guard isEditing || becomeFirstResponder() else { return }
            paste(from: .selection, at: offset(at: p))
            return
        }
        guard touch.button == 1 else { return }
        if showsClearButton && clearButtonRect(forBounds: bounds).contains(p) {
            guard delegate?.textFieldShouldClear(self) ?? true else { return }
            if !isEditing { becomeFirstResponder() }
            replace(0..<storage.count, with: "")
            return
        }
        countClick(at: touch.rootLocation, time: touch.timestamp)
        guard isEditing || becomeFirstResponder() else { return }
        let o = offset(at: p)
        switch clickCount {
        case 2:
            let word = WordBoundaries.word(at: o, in: storage)
            dragUnit = word
            select(anchor: word.lowerBound, active: word.upperBound)
        case 3:
            dragUnit = 0..<storage.count
            selectAll()
        default:
            dragUnit = nil
            move(to: o, extending: touch.modifiers.contains(.shift))
        }
    }

    /// A drag with the primary button extends the selection (by words after a double
    /// click); past either end of the field the text scrolls a character each move.
    func pointerMoved(_ touch: Touch) {
        guard isEditing, touch.button == 1 else { return }
        let p = touch.location(in: self)
        let area = editingRect(forBounds: bounds)
        var o = offset(at: p)
        if p.x < area.minX {
            o = max(0, offset(at: Point(x: area.minX, y: area.midY)) - 1)
        } else if p.x > area.maxX {
            o = min(storage.count, offset(at: Point(x: area.maxX, y: area.midY)) + 1)
        }
        guard let unit = dragUnit else {
            move(to: o, extending: true)
            return
        }
        let word = WordBoundaries.word(at: o, in: storage)
        if o < unit.lowerBound {
            select(anchor: unit.upperBound, active: min(word.lowerBound, o))
        } else {
            select(anchor: unit.lowerBound, active: max(unit.upperBound, word.upperBound, o))
        }
    }

    /// The press ended.
    func pointerUp(_ touch: Touch) { dragUnit = nil }

    /// Counts a click toward a double or triple click: within the root's double-click
    /// interval and distance of the last one, up to three.
    private func countClick(at point: Point, time: Double) {
        let interval = root?.doubleClickInterval ?? TapGestureRecognizer.defaultDoubleClickInterval
        let distance = root?.doubleClickDistance ?? TapGestureRecognizer.defaultDoubleClickDistance
        if let last = lastClick, time - last.time <= interval,
            abs(point.x - last.at.x) <= distance, abs(point.y - last.at.y) <= distance
        {
            clickCount = clickCount % 3 + 1
        } else {
            clickCount = 1
        }
        lastClick = (time, point)
    }
}
