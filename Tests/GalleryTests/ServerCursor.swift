import CX11
import Glibc

/// The cursor the X server shows, read back through XFixes (`XFixesGetCursorImage`,
/// loaded from libXfixes at run time: the tests link nothing more), and windows of the
/// test's own that show a core font cursor, to compare with.
@MainActor
final class ServerCursor {
    /// A cursor's picture: size, hot spot and ARGB pixels.
    struct Picture: Equatable {
        let width: Int, height: Int, xhot: Int, yhot: Int
        let pixels: [UInt32]
    }

    private let display: OpaquePointer
    private typealias GetImage = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    private typealias QueryVersion =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?
        ) -> Int32
    private let getImage: GetImage
    private var windows: [UInt] = []

    /// Connects to `name`; nil when the display or libXfixes cannot be had.
    init?(display name: String) {
        guard let library = dlopen("libXfixes.so.3", RTLD_NOW),
            let get = dlsym(library, "XFixesGetCursorImage"), let query = dlsym(library, "XFixesQueryVersion"),
            let d = XOpenDisplay(name)
        else { return nil }
        display = d
        getImage = unsafeBitCast(get, to: GetImage.self)
        // The server answers XFixes requests once the client has said its version.
        var major: Int32 = 4
        var minor: Int32 = 0
        _ = unsafeBitCast(query, to: QueryVersion.self)(d, &major, &minor)
    }

    /// The cursor shown now.
    func current() -> Picture? {
        XSync(display, 0)
        guard let raw = getImage(display) else { return nil }
        defer { XFree(raw) }
        // XFixesCursorImage: short x, y; unsigned short width, height, xhot, yhot;
        // unsigned long cursor_serial; unsigned long *pixels; ...
        let width = Int(raw.load(fromByteOffset: 4, as: UInt16.self))
        let height = Int(raw.load(fromByteOffset: 6, as: UInt16.self))
        let xhot = Int(raw.load(fromByteOffset: 8, as: UInt16.self))
        let yhot = Int(raw.load(fromByteOffset: 10, as: UInt16.self))
        let words = raw.load(fromByteOffset: 24, as: UnsafePointer<UInt>.self)
        let pixels = (0..<width * height).map { UInt32(truncatingIfNeeded: words[$0]) }
        return Picture(width: width, height: height, xhot: xhot, yhot: yhot, pixels: pixels)
    }

    /// Opens a small window at (x, y) showing a core font cursor (`XC_hand2`,
    /// `XC_left_ptr`), for the pointer to be moved over.
    func showReference(shape: Int32, x: Int32, y: Int32) {
        let root = XDefaultRootWindow(display)
        let w = XCreateSimpleWindow(display, root, x, y, 40, 40, 0, 0, 0)
        XDefineCursor(display, w, XCreateFontCursor(display, UInt32(shape)))
        XMapWindow(display, w)
        XSync(display, 0)
        windows.append(w)
    }

    /// Closes the connection and the windows.
    func close() {
        for w in windows { XDestroyWindow(display, w) }
        XCloseDisplay(display)
    }
}
