import CX11
import Glibc
import Layers
import Views

extension XClipboard {
    // MARK: Reading

    func requestString(on name: Pasteboard.Name, completion: @escaping @MainActor (String?) -> Void) {
        let sel = name == .selection ? atoms.primary : atoms.clipboard
        if let text = owned[sel]?.text {
            completion(String(decoding: text, as: UTF8.self))
            return
        }
        if reads[sel] != nil {
            reads[sel]?.completions.append(completion)
            return
        }
        guard !display.isLost, unsafe XGetSelectionOwner(display.handle, sel) != 0 else {
            completion(nil)
            return
        }
        reads[sel] = Read(
            completions: [completion], target: atoms.utf8String, deadline: MediaClock.systemTime() + XClipboard.timeout)
        convert(sel, to: atoms.utf8String)
    }

    /// Reads another client's text, handling only the selection protocol's events (the
    /// others stay queued, in order) until it comes or the timeout passes.
    func string(on name: Pasteboard.Name) -> String? {
        var result: String??
        requestString(on: name) { result = .some($0) }
        while result == nil && !display.isLost {
            pumpSelectionEvents()
            if result != nil { break }
            expire(now: MediaClock.systemTime())
            if result != nil { break }
            _ = display.wait(milliseconds: 10, or: nil)
        }
        return result ?? nil
    }

    /// Handles the queued events of the selection protocol, reading what the server sent.
    func pumpSelectionEvents() {
        guard !display.isLost else { return }
        var event = unsafe XEvent()
        while unsafe vitrine_next_selection_event(display.handle, &event) != 0 {
            unsafe handle(XSelectionEvent(event: event))
        }
    }

    private func convert(_ selection: UInt, to target: UInt) {
        let property = selection == atoms.primary ? atoms.primaryProperty : atoms.clipboardProperty
        unsafe XConvertSelection(display.handle, selection, target, property, window, lastEventTime)
        display.flush()
    }

    /// The owner answered: its text, a refusal (then `STRING` is tried after
    /// `UTF8_STRING`), or the start of an `INCR` transfer.
    func notified(selection: UInt, target: UInt, property: UInt) {
        guard var read = reads[selection] else { return }
        guard property != 0 else {
            if read.target == atoms.utf8String {
                read.target = UInt(XA_STRING)
                reads[selection] = read
                convert(selection, to: read.target)
            } else {
                finish(selection, nil)
            }
            return
        }
        guard let (type, bytes) = readProperty(of: window, property, delete: true) else {
            finish(selection, nil)
            return
        }
        if type == atoms.incr {
            read.incoming = []
            read.deadline = MediaClock.systemTime() + XClipboard.timeout
            reads[selection] = read
            display.flush()
        } else {
            finish(selection, decode(bytes, type: type))
        }
    }

    /// A chunk of an `INCR` transfer arrived on the window's property: appended, or the
    /// end when empty. A property that is already gone (the `INCR` marker deleted on
    /// reading) is no chunk.
    func chunkArrived(property: UInt) {
        let sel = property == atoms.primaryProperty ? atoms.primary : atoms.clipboard
        guard property == atoms.primaryProperty || property == atoms.clipboardProperty,
            var read = reads[sel], read.incoming != nil,
            let (type, bytes) = readProperty(of: window, property, delete: true)
        else { return }
        display.flush()
        if bytes.isEmpty {
            finish(sel, decode(read.incoming ?? [], type: read.incomingType))
            return
        }
        read.incoming?.append(contentsOf: bytes)
        read.incomingType = type
        read.deadline = MediaClock.systemTime() + XClipboard.timeout
        reads[sel] = read
    }

    /// Text from the bytes of a property: UTF-8 for `UTF8_STRING` and `TEXT`, Latin-1 for
    /// `STRING`; nil for another type.
    func decode(_ bytes: [UInt8], type: UInt) -> String? {
        if type == atoms.utf8String || type == atoms.text { return String(decoding: bytes, as: UTF8.self) }
        if type == UInt(XA_STRING) { return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
        return nil
    }

    private func finish(_ selection: UInt, _ text: String?) {
        guard let read = reads.removeValue(forKey: selection) else { return }
        for c in read.completions { c(text) }
    }

    /// Ends the reads and transfers whose other side stopped answering.
    func expire(now: Double) {
        for (sel, read) in reads where read.deadline <= now { finish(sel, nil) }
        let stale = outgoing.filter { $0.deadline <= now }
        outgoing.removeAll { $0.deadline <= now }
        for t in stale where !outgoing.contains(where: { $0.requestor == t.requestor }) {
            unsafe XSelectInput(display.handle, t.requestor, NoEventMask)
        }
    }

    /// When the next read or transfer times out, if any is under way.
    var nextDeadline: Double? { (reads.values.map(\.deadline) + outgoing.map(\.deadline)).min() }

    // MARK: Closing

    /// Hands a clipboard this window owns to a running clipboard manager
    /// (`SAVE_TARGETS` on `CLIPBOARD_MANAGER`), answering its requests until it says it
    /// is done or the timeout passes; then gives up both pasteboards.
    func handOver() {
        defer {
            // The pasteboards lose the text only when they went through this window.
            if Pasteboard.connection === self {
                if owned[atoms.clipboard] != nil { Pasteboard.general.ownershipLost() }
                if owned[atoms.primary] != nil { Pasteboard.selection.ownershipLost() }
            }
            owned.removeAll()
        }
        guard !display.isLost, owned[atoms.clipboard] != nil,
            unsafe XGetSelectionOwner(display.handle, atoms.clipboardManager) != 0
        else { return }
        saved = false
        unsafe XConvertSelection(
            display.handle, atoms.clipboardManager, atoms.saveTargets, atoms.saveProperty, window, lastEventTime)
        display.flush()
        let end = MediaClock.systemTime() + XClipboard.timeout
        while !saved && !display.isLost && MediaClock.systemTime() < end {
            pumpSelectionEvents()
            if !saved { _ = display.wait(milliseconds: 10, or: nil) }
        }
    }
}
