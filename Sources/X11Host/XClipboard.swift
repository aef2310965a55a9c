import CX11
import Glibc
import Layers
import Views

/// An event of the X selection protocol, kept whole for the clipboard.
@safe struct XSelectionEvent {
    let event: XEvent
}

/// The X selections (ICCCM 2) behind `Pasteboard`: `CLIPBOARD` for `general`, `PRIMARY`
/// for `selection`, owned by one window.
///
/// As owner it answers `TARGETS`, `UTF8_STRING`, `STRING` (Latin-1), `TEXT`,
/// `MULTIPLE` and `TIMESTAMP`, and sends text larger than a request can carry in
/// `INCR` chunks, one each time the requestor deletes the last. As reader it converts
/// to `UTF8_STRING` (then `STRING`) into a property of its window and receives `INCR`
/// the same way; an owner that does not answer within `timeout` seconds (or stops
/// sending chunks for that long) gives nil. On close, a clipboard it owns is handed to
/// a running clipboard manager with `SAVE_TARGETS`.
@MainActor
@safe final class XClipboard: PasteboardConnection {
    /// An answer being sent in `INCR` chunks.
    struct Outgoing {
        let requestor: UInt
        let property: UInt
        let type: UInt
        let data: [UInt8]
        var offset = 0
        var deadline: Double
    }

    /// A read waiting for the owner's answer.
    struct Read {
        var completions: [@MainActor (String?) -> Void]
        var target: UInt
        var deadline: Double
        /// The chunks received so far of an `INCR` answer, and their type.
        var incoming: [UInt8]?
        var incomingType: UInt = 0
    }

    /// How long an owner has to answer, or to send its next chunk.
    static let timeout = 3.0

    let display: XDisplay
    let window: UInt
    let atoms: XClipboardAtoms
    /// The text of each selection this window owns, as UTF-8, and the time it took it.
    var owned: [UInt: (text: [UInt8], time: UInt)] = [:]
    var outgoing: [Outgoing] = []
    var reads: [UInt: Read] = [:]
    /// Whether a clipboard manager answered `SAVE_TARGETS`.
    var saved = false
    /// The server time of the last key or button event, for conversions.
    var lastEventTime: UInt = 0
    /// The most bytes put in one property change.
    let chunkSize: Int

    init(display: XDisplay, window: UInt) {
        self.display = display
        self.window = window
        atoms = XClipboardAtoms(display)
        let units = unsafe XExtendedMaxRequestSize(display.handle)
        let most = units > 0 ? units : unsafe XMaxRequestSize(display.handle)
        chunkSize = min(max(Int(most) * 4 - 256, 4096), 256 * 1024)
    }

    /// The selection atom of a pasteboard.
    private func selection(_ name: Pasteboard.Name) -> UInt { name == .selection ? atoms.primary : atoms.clipboard }

    private func pasteboard(of selection: UInt) -> Pasteboard? {
        selection == atoms.clipboard ? .general : selection == atoms.primary ? .selection : nil
    }

    // MARK: Owning

    func claim(_ name: Pasteboard.Name, string: String?) {
        guard !display.isLost else { return }
        let sel = selection(name)
        // A timestamp of the server's now: a program may set the pasteboard long after
        // its last event, and a time before the current owner took it would be ignored.
        let time = unsafe vitrine_server_time(display.handle, window, atoms.timestampProperty)
        guard let string else {
            if owned.removeValue(forKey: sel) != nil { unsafe XSetSelectionOwner(display.handle, sel, 0, time) }
            display.flush()
            return
        }
        unsafe XSetSelectionOwner(display.handle, sel, window, time)
        if unsafe XGetSelectionOwner(display.handle, sel) == window {
            owned[sel] = (Array(string.utf8), time)
        } else {
            owned[sel] = nil
            pasteboard(of: sel)?.ownershipLost()
        }
        display.flush()
    }

    func hasStrings(on name: Pasteboard.Name) -> Bool {
        guard !display.isLost else { return false }
        return unsafe XGetSelectionOwner(display.handle, selection(name)) != 0
    }

    /// Whether this window owns a pasteboard's selection now.
    func owns(_ name: Pasteboard.Name) -> Bool { owned[selection(name)] != nil }

    /// Handles an event of the selection protocol.
    func handle(_ e: XSelectionEvent) {
        let event = unsafe e.event
        switch unsafe event.type {
        case SelectionRequest:
            unsafe answer(unsafe event.xselectionrequest)
        case SelectionClear:
            let c = unsafe event.xselectionclear
            guard unsafe c.window == window, unsafe owned.removeValue(forKey: c.selection) != nil else { return }
            // Another window of the program may have taken it for the pasteboard.
            guard Pasteboard.connection === self else { return }
            unsafe pasteboard(of: c.selection)?.ownershipLost()
        case SelectionNotify:
            let n = unsafe event.xselection
            guard unsafe n.requestor == window else { return }
            if unsafe n.selection == atoms.clipboardManager {
                saved = true
                return
            }
            unsafe notified(selection: n.selection, target: n.target, property: n.property)
        case PropertyNotify:
            let p = unsafe event.xproperty
            if unsafe p.window == window && p.state == PropertyNewValue {
                unsafe chunkArrived(property: p.atom)
            } else if unsafe p.state == PropertyDelete {
                unsafe sendNextChunk(requestor: p.window, property: p.atom)
            }
        default:
            break
        }
    }

    /// Answers another client's request for a selection this window owns; anything else
    /// is refused (property None), as is a request older than the ownership.
    private func answer(_ request: XSelectionRequestEvent) {
        let r = unsafe request
        // Obsolete clients name no property: the target's name is used.
        let property = unsafe r.property != 0 ? r.property : r.target
        var ok = false
        if let text = unsafe owned[r.selection], unsafe r.owner == window,
            unsafe r.time == 0 || r.time >= text.time
        {
            ok = unsafe convert(
                target: r.target, text: text.text, time: text.time, requestor: r.requestor, property: property,
                allowMultiple: true)
        }
        var reply = unsafe XEvent()
        unsafe reply.xselection.type = SelectionNotify
        unsafe reply.xselection.display = display.handle
        unsafe reply.xselection.requestor = r.requestor
        unsafe reply.xselection.selection = r.selection
        unsafe reply.xselection.target = r.target
        unsafe reply.xselection.property = ok ? property : 0
        unsafe reply.xselection.time = r.time
        unsafe XSendEvent(display.handle, r.requestor, 0, 0, &reply)
        display.flush()
    }

    /// Puts the selection's text, converted to `target`, on the requestor's property;
    /// false for a target it cannot give.
    private func convert(
        target: UInt, text: [UInt8], time: UInt, requestor: UInt, property: UInt, allowMultiple: Bool
    ) -> Bool {
        let a = atoms
        switch target {
        case a.targets:
            let list = [a.targets, a.multiple, a.timestamp, a.utf8String, UInt(XA_STRING), a.text]
            setProperty(requestor, property, type: UInt(XA_ATOM), longs: list.map { Int(bitPattern: $0) })
        case a.timestamp:
            setProperty(requestor, property, type: UInt(XA_INTEGER), longs: [Int(bitPattern: time)])
        case a.utf8String, a.text:
            send(text, type: a.utf8String, to: requestor, property: property)
        case UInt(XA_STRING):
            let latin1 = String(decoding: text, as: UTF8.self).unicodeScalars.map {
                $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?")
            }
            send(latin1, type: UInt(XA_STRING), to: requestor, property: property)
        case a.multiple where allowMultiple:
            // Pairs of (target, property) on the requestor's property; a pair that
            // fails has its property replaced by None.
            guard let (_, bytes) = readProperty(of: requestor, property, delete: false, format32: true) else {
                return false
            }
            var pairs = unsafe bytes.withUnsafeBytes { unsafe Array($0.bindMemory(to: Int.self)) }
            var i = 0
            while i + 1 < pairs.count {
                if !convert(
                    target: UInt(bitPattern: pairs[i]), text: text, time: time, requestor: requestor,
                    property: UInt(bitPattern: pairs[i + 1]), allowMultiple: false)
                {
                    pairs[i + 1] = 0
                }
                i += 2
            }
            setProperty(requestor, property, type: a.atomPair, longs: pairs)
        default:
            return false
        }
        return true
    }

    /// Sends bytes at once, or in `INCR` chunks when they are more than one request holds.
    private func send(_ data: [UInt8], type: UInt, to requestor: UInt, property: UInt) {
        guard data.count > chunkSize else {
            unsafe XChangeProperty(
                display.handle, requestor, property, type, 8, PropModeReplace, data, Int32(data.count))
            return
        }
        unsafe XSelectInput(display.handle, requestor, PropertyChangeMask)
        setProperty(requestor, property, type: atoms.incr, longs: [data.count])
        outgoing.removeAll { $0.requestor == requestor && $0.property == property }
        outgoing.append(
            Outgoing(
                requestor: requestor, property: property, type: type, data: data,
                deadline: MediaClock.systemTime() + XClipboard.timeout))
    }

    /// The requestor deleted a property: the next chunk of a transfer goes on it, and
    /// after the last an empty one ends it.
    private func sendNextChunk(requestor: UInt, property: UInt) {
        guard let i = outgoing.firstIndex(where: { $0.requestor == requestor && $0.property == property }) else {
            return
        }
        let t = outgoing[i]
        let end = min(t.offset + chunkSize, t.data.count)
        let chunk = Array(t.data[t.offset..<end])
        unsafe XChangeProperty(
            display.handle, requestor, property, t.type, 8, PropModeReplace, chunk, Int32(chunk.count))
        if chunk.isEmpty {
            outgoing.remove(at: i)
            if !outgoing.contains(where: { $0.requestor == requestor }) {
                unsafe XSelectInput(display.handle, requestor, NoEventMask)
            }
        } else {
            outgoing[i].offset = end
            outgoing[i].deadline = MediaClock.systemTime() + XClipboard.timeout
        }
        display.flush()
    }

    private func setProperty(_ window: UInt, _ property: UInt, type: UInt, longs: [Int]) {
        // Format 32 is passed to Xlib as C longs.
        _ = unsafe longs.withUnsafeBytes { b in
            unsafe XChangeProperty(
                display.handle, window, property, type, 32, PropModeReplace,
                b.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(longs.count))
        }
    }

    /// A property's type and bytes (as C longs for format 32), deleted after reading when
    /// asked; nil when the window has no such property.
    func readProperty(of window: UInt, _ property: UInt, delete: Bool, format32: Bool = false) -> (UInt, [UInt8])? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = unsafe XGetWindowProperty(
            display.handle, window, property, 0, 0x1fff_ffff, delete ? 1 : 0, UInt(AnyPropertyType), &type,
            &format, &count, &remaining, &data)
        guard status == Success, type != 0 else {
            if let data = unsafe data { unsafe XFree(data) }
            return nil
        }
        defer { if let data = unsafe data { unsafe XFree(data) } }
        let unit = format == 32 ? MemoryLayout<Int>.size : format == 16 ? MemoryLayout<Int16>.size : 1
        let bytes = unsafe data.map { unsafe Array(UnsafeBufferPointer(start: $0, count: Int(count) * unit)) } ?? []
        return (type, bytes)
    }
}

/// The atoms of the selection protocol, interned once per window.
struct XClipboardAtoms {
    let clipboard, primary, targets, multiple, timestamp, utf8String, text, incr, atomPair: UInt
    let clipboardManager, saveTargets, clipboardProperty, primaryProperty, saveProperty, timestampProperty: UInt

    @MainActor init(_ display: XDisplay) {
        clipboard = display.atom("CLIPBOARD")
        primary = UInt(XA_PRIMARY)
        targets = display.atom("TARGETS")
        multiple = display.atom("MULTIPLE")
        timestamp = display.atom("TIMESTAMP")
        utf8String = display.atom("UTF8_STRING")
        text = display.atom("TEXT")
        incr = display.atom("INCR")
        atomPair = display.atom("ATOM_PAIR")
        clipboardManager = display.atom("CLIPBOARD_MANAGER")
        saveTargets = display.atom("SAVE_TARGETS")
        clipboardProperty = display.atom("VITRINE_CLIPBOARD")
        primaryProperty = display.atom("VITRINE_PRIMARY")
        saveProperty = display.atom("VITRINE_SAVE_TARGETS")
        timestampProperty = display.atom("VITRINE_TIMESTAMP")
    }
}
