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
        defer { pending.removeAll() }
        return pending
    }

    /// Installs the handlers once: protocol errors are recorded and reported, never
    /// fatal; a lost connection marks its display instead of calling `exit`.
    static func install() {
        guard !installed else { return }
        installed = true
        _ = XSetErrorHandler { display, event in
            guard let event else { return 0 }
            let e = event.pointee
            XlibErrors.pending.append((e.error_code, e.request_code))
            if !XlibErrors.quiet {
                var text = [CChar](repeating: 0, count: 160)
                XGetErrorText(display, Int32(e.error_code), &text, Int32(text.count))
                let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let line = "vitrine: X error: \(message) (request \(e.request_code).\(e.minor_code))\n"
                _ = line.withCString { write(2, $0, strlen($0)) }
            }
            return 0
        }
        _ = XSetIOErrorHandler { _ in 0 }
    }

    nonisolated(unsafe) private static var installed = false
}

/// A visual the renderer's pixels can be shown on, and its depth.
struct XVisualChoice {
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
}

/// A connection to an X display.
@MainActor
final class XDisplay {
    let handle: OpaquePointer
    let name: String
    let screen: Int32
    let root: UInt

    /// Opens `name`, or `$DISPLAY` when nil.
    init(name: String?) throws {
        XlibErrors.install()
        let resolved = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let resolved, !resolved.isEmpty else { throw X11Error.noDisplay }
        guard let d = XOpenDisplay(resolved) else { throw X11Error.cannotOpenDisplay(resolved) }
        handle = d
        self.name = resolved
        screen = XDefaultScreen(d)
        root = XRootWindow(d, screen)
        // A lost connection marks the display and returns, instead of exiting.
        XSetIOErrorExitHandler(d, { display, _ in
            if let display { XlibErrors.lost.insert(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))) }
        }, nil)
        XkbSetDetectableAutoRepeat(d, 1, nil)
    }

    /// Whether the connection broke.
    var isLost: Bool { XlibErrors.lost.contains(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }

    /// Throws when the connection broke.
    func check() throws {
        if isLost { throw X11Error.connectionLost(name) }
    }

    func close() {
        if !isLost { XCloseDisplay(handle) }
    }

    var connectionNumber: Int32 { XConnectionNumber(handle) }
    func pending() -> Int32 { isLost ? 0 : XPending(handle) }
    func flush() { if !isLost { XFlush(handle) } }
    func sync() { if !isLost { XSync(handle, 0) } }

    func atom(_ name: String) -> UInt { XInternAtom(handle, name, 0) }

    /// The `Xft.dpi` resource, if the resource database has one.
    var xftDPI: Double? {
        guard let rms = XResourceManagerString(handle) else { return nil }
        for line in String(cString: rms).split(separator: "\n") {
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
        if let list = XListPixmapFormats(handle, &count) {
            for i in 0..<Int(count) { formats[list[i].depth] = list[i].bits_per_pixel }
            XFree(list)
        }
        for depth: Int32 in [24, 32] {
            var info = XVisualInfo()
            guard XMatchVisualInfo(handle, screen, depth, TrueColor, &info) != 0, let visual = info.visual,
                  info.red_mask == 0xff0000, info.green_mask == 0xff00, info.blue_mask == 0xff,
                  formats[depth] == 32 else { continue }
            return XVisualChoice(visual: visual, depth: depth)
        }
        throw X11Error.unusableVisual(name)
    }

    /// Whether the server offers MIT-SHM at all.
    var hasSharedMemory: Bool { XShmQueryExtension(handle) != 0 }

    var shmCompletionType: Int32 { XShmGetEventBase(handle) + ShmCompletion }

    /// Runs `body` and returns the protocol errors it caused, after a round trip, without
    /// reporting them.
    func collectingErrors(_ body: () -> Void) -> [(code: UInt8, request: UInt8)] {
        sync()
        _ = XlibErrors.take()
        XlibErrors.quiet = true
        body()
        sync()
        XlibErrors.quiet = false
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
