import CX11
import Glibc

/// The thin wrappers around Xlib and MIT-SHM: every C call of the window host is here,
/// in `XWindow`, `ShmSegment` or the presenters. `X11Window` above them sees no C type.
///
/// Xlib reports errors through process-wide callbacks; they are kept in `XlibErrors`,
/// read and written only on the main actor (Xlib is used from the main actor alone).
@MainActor
enum XlibErrors {
    /// The most errors kept for one display between two takes; later ones are counted.
    static let limit = 64
    /// The protocol errors of each display (by its handle's address) since its last take.
    nonisolated(unsafe) static var pending: [UInt: [XProtocolError]] = [:]
    /// How many errors of each display were past the limit since its last take.
    nonisolated(unsafe) static var dropped: [UInt: Int] = [:]
    /// Displays whose connection broke.
    nonisolated(unsafe) static var lost: Set<UInt> = []
    /// The errors of the display at `key` since the last take, and how many more there were.
    static func take(_ key: UInt) -> (errors: [XProtocolError], dropped: Int) {
        defer {
            unsafe pending[key] = nil
            unsafe dropped[key] = nil
        }
        return unsafe (pending[key] ?? [], dropped[key] ?? 0)
    }

    /// Installs the handlers once: protocol errors are recorded for their display (at
    /// most `limit` between takes), never fatal and never printed; a lost connection
    /// marks its display instead of calling `exit`.
    static func install() {
        guard unsafe !installed else { return }
        unsafe installed = true
        _ = unsafe XSetErrorHandler { display, event in
            guard let display = unsafe display, let event = unsafe event else { return 0 }
            let e = unsafe event.pointee
            let key = unsafe XlibErrors.key(display)
            guard unsafe (XlibErrors.pending[key]?.count ?? 0) < XlibErrors.limit else {
                unsafe XlibErrors.dropped[key, default: 0] += 1
                return 0
            }
            var text = [CChar](repeating: 0, count: 160)
            unsafe XGetErrorText(display, Int32(e.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            unsafe XlibErrors.pending[key, default: []].append(
                XProtocolError(
                    code: e.error_code, request: e.request_code, minorCode: e.minor_code,
                    resource: UInt(e.resourceid), text: message))
            return 0
        }
        _ = unsafe XSetIOErrorHandler { _ in 0 }
    }

    nonisolated(unsafe) private static var installed = false

    /// The key of a display: its handle's address.
    static func key(_ display: OpaquePointer) -> UInt {
        unsafe UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))
    }
}

/// A visual the renderer's pixels can be shown on, and its depth.
@safe struct XVisualChoice {
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
}

/// A connection to an X display.
@MainActor
@safe final class XDisplay {
    let handle: OpaquePointer
    let name: String
    let screen: Int32
    let root: UInt

    /// Opens `name`, or `$DISPLAY` when nil.
    init(name: String?) throws {
        XlibErrors.install()
        let resolved = name ?? Syscalls.environment("DISPLAY")
        guard let resolved, !resolved.isEmpty else { throw X11Error.noDisplay }
        guard let d = unsafe XOpenDisplay(resolved) else { throw X11Error.cannotOpenDisplay(resolved) }
        unsafe handle = unsafe d
        self.name = resolved
        screen = unsafe XDefaultScreen(d)
        root = unsafe XRootWindow(d, screen)
        // A lost connection marks the display and returns, instead of exiting.
        unsafe XSetIOErrorExitHandler(
            d,
            { display, _ in
                if let display = unsafe display { unsafe XlibErrors.lost.insert(XlibErrors.key(display)) }
            }, nil)
        unsafe XkbSetDetectableAutoRepeat(d, 1, nil)
    }

    /// Whether the connection broke.
    var isLost: Bool { unsafe XlibErrors.lost.contains(XlibErrors.key(handle)) }

    /// The protocol errors the server reported for this connection since the last call,
    /// and how many more there were past `XlibErrors.limit`.
    func takeErrors() -> (errors: [XProtocolError], dropped: Int) { unsafe XlibErrors.take(XlibErrors.key(handle)) }

    /// Throws when the connection broke.
    func check() throws {
        if isLost { throw X11Error.connectionLost(name) }
    }

    /// Closes the connection. What the server still reports while it closes is dropped
    /// with it, so that a connection opened later at the same address starts clean.
    func close() {
        if !isLost { unsafe XCloseDisplay(handle) }
        _ = takeErrors()
    }

    var connectionNumber: Int32 { unsafe XConnectionNumber(handle) }

    /// Waits up to `milliseconds` (forever when negative) for the connection or one of
    /// `also` to be readable, or for `pipe` to be woken; returns the events seen on the
    /// connection.
    func wait(milliseconds: Int32, or pipe: WakePipe?, also: [Int32] = []) -> Int16 {
        if let pipe { return pipe.wait(alongside: [connectionNumber] + also, milliseconds: milliseconds) }
        var entries = ([connectionNumber] + also).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Safe: `entries` holds the entries poll() is told of.
        _ = unsafe poll(&entries, nfds_t(entries.count), milliseconds)
        return entries[0].revents
    }
    func pending() -> Int32 { unsafe isLost ? 0 : XPending(handle) }
    func flush() { if !isLost { unsafe XFlush(handle) } }
    func sync() { if !isLost { unsafe XSync(handle, 0) } }

    func atom(_ name: String) -> UInt { unsafe XInternAtom(handle, name, 0) }

    /// The desktop's XSETTINGS, when a settings manager owns the screen's selection and
    /// its property parses; nil otherwise.
    var xsettings: XSettings? {
        guard !isLost else { return nil }
        let owner = unsafe XGetSelectionOwner(handle, atom("_XSETTINGS_S\(screen)"))
        guard owner != 0 else { return nil }
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // At most 256 KiB (65536 words): a settings list is a few kilobytes. A manager
        // that exits meanwhile makes a BadWindow, collected and dropped here.
        let property = atom("_XSETTINGS_SETTINGS")
        var status: Int32 = 1
        _ = collectingErrors {
            status = unsafe XGetWindowProperty(
                handle, owner, property, 0, 65536, 0, property,
                &type, &format, &count, &remaining, &data)
        }
        guard status == 0, let data = unsafe data else { return nil }
        defer { unsafe XFree(data) }
        guard format == 8, remaining == 0 else { return nil }
        // Safe: Xlib returned `count` bytes of format 8 at `data`.
        let bytes = unsafe Array(UnsafeBufferPointer(start: data, count: Int(count)))
        return XSettings(bytes: bytes)
    }

    /// The `Xft.dpi` resource, if the resource database has one.
    var xftDPI: Double? {
        guard let rms = unsafe XResourceManagerString(handle) else { return nil }
        for line in unsafe String(cString: rms).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: " \t") == "Xft.dpi",
                let v = Double(parts[1].trimmingCharacters(in: " \t")), v > 0, v.isFinite
            {
                return v
            }
        }
        return nil
    }

    /// A TrueColor visual of depth 24 or 32 whose pixels are 32-bit words with red, green
    /// and blue in the masks the renderer writes.
    func findVisual() throws -> XVisualChoice {
        var count: Int32 = 0
        var formats: [Int32: Int32] = [:]
        if let list = unsafe XListPixmapFormats(handle, &count) {
            for i in 0..<Int(count) { unsafe formats[list[i].depth] = unsafe list[i].bits_per_pixel }
            unsafe XFree(list)
        }
        for depth: Int32 in [24, 32] {
            var info = unsafe XVisualInfo()
            guard unsafe XMatchVisualInfo(handle, screen, depth, TrueColor, &info) != 0,
                let visual = unsafe info.visual,
                unsafe info.red_mask == 0xff0000, unsafe info.green_mask == 0xff00, unsafe info.blue_mask == 0xff,
                formats[depth] == 32
            else { continue }
            return unsafe XVisualChoice(visual: visual, depth: depth)
        }
        throw X11Error.unusableVisual(name)
    }

    /// Whether the server offers MIT-SHM at all.
    var hasSharedMemory: Bool { unsafe XShmQueryExtension(handle) != 0 }

    /// The type of MIT-SHM's `ShmCompletion` events on this display (meaningful where
    /// `hasSharedMemory`).
    var shmCompletionType: Int32 { unsafe XShmGetEventBase(handle) + ShmCompletion }

    /// Takes the first queued `ShmCompletion` event (of `type`), leaving the others in
    /// the queue: the id of the segment the server has read. Nil when none is queued.
    func takeShmCompletion(type: Int32) -> UInt? {
        guard !isLost else { return nil }
        var event = unsafe XEvent()
        guard unsafe XCheckTypedEvent(handle, type, &event) != 0 else { return nil }
        return unsafe XDisplay.shmSegment(of: &event)
    }

    /// The segment of a `ShmCompletion` event.
    static func shmSegment(of event: inout XEvent) -> UInt {
        unsafe withUnsafePointer(to: &event) { p in
            unsafe p.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { unsafe UInt($0.pointee.shmseg) }
        }
    }

    /// Runs `body` and returns the protocol errors it caused, after a round trip, without
    /// reporting them.
    /// Errors from before are left for the next `takeErrors()`.
    func collectingErrors(_ body: () -> Void) -> [XProtocolError] {
        sync()
        let earlier = takeErrors()
        body()
        sync()
        let caused = takeErrors().errors
        // Put back what was there before, for the window to report.
        if !earlier.errors.isEmpty || earlier.dropped > 0 {
            unsafe XlibErrors.pending[XlibErrors.key(handle)] = earlier.errors
            unsafe XlibErrors.dropped[XlibErrors.key(handle)] = earlier.dropped
        }
        return caused
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
