import CX11
import Glibc

/// The thin wrappers around Xlib and MIT-SHM: every C call of the window host is here,
/// in `XWindow`, `ShmSegment` or `FrameBuffer`. `X11Window` above them sees no C type.
///
/// Xlib reports errors through process-wide callbacks; they are kept in `XlibErrors`,
/// read and written only on the main actor (Xlib is used from the main actor alone).
@MainActor
enum XlibErrors {
    /// The protocol errors seen since the last `take()`: (error code, request code).
    nonisolated(unsafe) static var pending: [(code: UInt8, request: UInt8)] = []
    /// Displays whose connection broke.
    nonisolated(unsafe) static var lost: Set<UInt> = []
    /// Whether protocol errors are only recorded (during a probe) or also reported.
    nonisolated(unsafe) static var quiet = false

    static func take() -> [(code: UInt8, request: UInt8)] {
        defer { unsafe pending.removeAll() }
        return unsafe pending
    }

    /// Installs the handlers once: protocol errors are recorded and reported, never
    /// fatal; a lost connection marks its display instead of calling `exit`.
    static func install() {
        guard unsafe !installed else { return }
        unsafe installed = true
        _ = unsafe XSetErrorHandler { display, event in
            guard let event = unsafe event else { return 0 }
            let e = unsafe event.pointee
            unsafe XlibErrors.pending.append((e.error_code, e.request_code))
            if unsafe !XlibErrors.quiet {
                var text = [CChar](repeating: 0, count: 160)
                unsafe XGetErrorText(display, Int32(e.error_code), &text, Int32(text.count))
                let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let line = unsafe "vitrine: X error: \(message) (request \(e.request_code).\(e.minor_code))\n"
                _ = unsafe line.withCString { unsafe write(2, $0, strlen($0)) }
            }
            return 0
        }
        _ = unsafe XSetIOErrorHandler { _ in 0 }
    }

    nonisolated(unsafe) private static var installed = false
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
        let resolved = unsafe name ?? getenv("DISPLAY").map { unsafe String(cString: $0) }
        guard let resolved, !resolved.isEmpty else { throw X11Error.noDisplay }
        guard let d = unsafe XOpenDisplay(resolved) else { throw X11Error.cannotOpenDisplay(resolved) }
        unsafe handle = unsafe d
        self.name = resolved
        screen = unsafe XDefaultScreen(d)
        root = unsafe XRootWindow(d, screen)
        // A lost connection marks the display and returns, instead of exiting.
        unsafe XSetIOErrorExitHandler(d, { display, _ in
            if let display = unsafe display { unsafe XlibErrors.lost.insert(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))) }
        }, nil)
        unsafe XkbSetDetectableAutoRepeat(d, 1, nil)
    }

    /// Whether the connection broke.
    var isLost: Bool { unsafe XlibErrors.lost.contains(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }

    /// Throws when the connection broke.
    func check() throws {
        if isLost { throw X11Error.connectionLost(name) }
    }

    func close() {
        if !isLost { unsafe XCloseDisplay(handle) }
    }

    var connectionNumber: Int32 { unsafe XConnectionNumber(handle) }

    /// Waits up to `milliseconds` (forever when negative) for the connection to be
    /// readable, or for `pipe` to be woken; returns the events seen on the connection.
    func wait(milliseconds: Int32, or pipe: WakePipe?) -> Int16 {
        if let pipe { return pipe.wait(alongside: connectionNumber, milliseconds: milliseconds) }
        var fd = pollfd(fd: connectionNumber, events: Int16(POLLIN), revents: 0)
        // Safe: one entry, a local variable.
        _ = unsafe poll(&fd, 1, milliseconds)
        return fd.revents
    }
    func pending() -> Int32 { unsafe isLost ? 0 : XPending(handle) }
    func flush() { if !isLost { unsafe XFlush(handle) } }
    func sync() { if !isLost { unsafe XSync(handle, 0) } }

    func atom(_ name: String) -> UInt { unsafe XInternAtom(handle, name, 0) }

    /// The `Xft.dpi` resource, if the resource database has one.
    var xftDPI: Double? {
        guard let rms = unsafe XResourceManagerString(handle) else { return nil }
        for line in unsafe String(cString: rms).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: " \t") == "Xft.dpi",
               let v = Double(parts[1].trimmingCharacters(in: " \t")), v > 0, v.isFinite {
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
            guard unsafe XMatchVisualInfo(handle, screen, depth, TrueColor, &info) != 0, let visual = unsafe info.visual,
                  unsafe info.red_mask == 0xff0000, unsafe info.green_mask == 0xff00, unsafe info.blue_mask == 0xff,
                  formats[depth] == 32 else { continue }
            return unsafe XVisualChoice(visual: visual, depth: depth)
        }
        throw X11Error.unusableVisual(name)
    }

    /// Whether the server offers MIT-SHM at all.
    var hasSharedMemory: Bool { unsafe XShmQueryExtension(handle) != 0 }

    /// Runs `body` and returns the protocol errors it caused, after a round trip, without
    /// reporting them.
    func collectingErrors(_ body: () -> Void) -> [(code: UInt8, request: UInt8)] {
        sync()
        _ = XlibErrors.take()
        unsafe XlibErrors.quiet = true
        body()
        sync()
        unsafe XlibErrors.quiet = false
        return XlibErrors.take()
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
