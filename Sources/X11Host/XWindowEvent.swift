import Views

/// What an X event means to the window host, decoded by `XWindow.nextEvent()`: the host
/// sees these, never an `XEvent`.
enum XWindowEvent {
    /// A button went down or up at (x, y) window pixels; `time` in server milliseconds.
    case button(pressed: Bool, button: Int, x: Int, y: Int, modifiers: KeyModifierFlags, time: UInt)
    /// The pointer moved to (x, y) window pixels.
    case motion(x: Int, y: Int, modifiers: KeyModifierFlags, time: UInt)
    /// A rectangle of the window, in pixels, must be drawn again.
    case expose(x: Int, y: Int, width: Int, height: Int)
    /// The window's size in pixels is now `width` x `height`.
    case configure(width: Int, height: Int)
    /// A pointer grab was taken away mid-press: the window was unmapped, or focus or the
    /// pointer left it for another client's grab.
    case grabLost
    /// Another client destroyed the window.
    case destroyed
    /// The window manager asks the window to close (WM_DELETE_WINDOW).
    case closeRequested
    /// The window manager checks the client is alive (_NET_WM_PING); answer with
    /// `XWindow.answer(_:)`.
    case ping(XPing)
    /// A key went down or up; `committed` for a character an input method made, which
    /// has no release of its own.
    case key(pressed: Bool, key: Key, committed: Bool, time: UInt)
    /// The window has the keyboard focus.
    case focusGained
    /// The window lost the keyboard focus (`grab`: to another client's grab).
    case focusLost(grab: Bool)
    /// The pointer left the window.
    case pointerLeft
    /// The server has read the frame sent from shared-memory segment `segment`
    /// (`ShmCompletion`).
    case presented(segment: UInt)
    /// An event of the selection protocol, for the clipboard.
    case selection(XSelectionEvent)
    /// Anything else.
    case ignored
}
