/// The errors of the window host; each message is one line naming the display.
public enum X11Error: Error, Equatable, CustomStringConvertible {
    /// No DISPLAY is set and none was given.
    case noDisplay
    /// The display refused or could not take the connection.
    case cannotOpenDisplay(String)
    /// The display has no TrueColor visual of depth 24 or 32 at 32 bits per pixel with
    /// the masks the renderer writes.
    case unusableVisual(String)
    /// The connection to the display was lost (the server died or the link broke).
    case connectionLost(String)
    /// The window could not be made.
    case windowCreationFailed(String)
    /// The window's frame could not be allocated.
    case outOfMemory(display: String, bytes: Int)
    /// The server would not share a memory segment for a frame (another machine, another
    /// IPC namespace, no MIT-SHM).
    case sharedMemoryRefused(display: String)
    /// A window larger than a frame can be: `limit` pixels a side (the X protocol allows
    /// 32767, and a frame is held to the pixel budget of a surface).
    case windowTooLarge(display: String, width: Double, height: Double, limit: Int)
    /// Another client destroyed the window.
    case windowDestroyed(String)
    /// The server refused a request of the window's, and the program set no
    /// `X11Window.protocolErrorHandler` to be told instead.
    case protocolError(display: String, XProtocolError)

    /// What went wrong, in words, as printed.
    public var description: String {
        switch self {
        case .noDisplay:
            return "no X display: DISPLAY is not set"
        case .cannotOpenDisplay(let d): return "cannot open X display \"\(d)\""
        case .unusableVisual(let d):
            return "X display \"\(d)\" has no TrueColor visual of depth 24 or 32 with 8-bit red, green and blue"
        case .connectionLost(let d): return "lost the connection to X display \"\(d)\""
        case .windowCreationFailed(let d): return "cannot create a window on X display \"\(d)\""
        case .protocolError(let d, let e): return "X display \"\(d)\": \(e)"
        case .outOfMemory(let d, let bytes):
            return "X display \"\(d)\": out of memory for a frame of \(bytes >> 20) MiB"
        case .windowTooLarge(let d, let w, let h, let limit):
            func n(_ v: Double) -> String { v.isFinite ? String(Int(v.rounded())) : "\(v)" }
            return
                "X display \"\(d)\": a window of \(n(w)) x \(n(h)) pixels is too large: at most \(limit) pixels a side"
        case .sharedMemoryRefused(let d): return "X display \"\(d)\" would not share memory for a frame"
        case .windowDestroyed(let d): return "the window on X display \"\(d)\" was destroyed by another client"
        }
    }
}
