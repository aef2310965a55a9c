import Views

/// A key pressed in a window, as the X server names it: for a program's own shortcuts
/// (`X11Window.keyHandler`). The window binds no key of its own.
public struct KeyPress: Sendable, Equatable {
    /// The X keysym's name of the key without Shift: "F12", "s", "q", "Escape", "Tab".
    public let name: String
    /// The modifiers held.
    public let modifiers: PointerEvent.Modifiers

    /// Makes a key press from its name and modifiers.
    public init(name: String, modifiers: PointerEvent.Modifiers = []) {
        self.name = name
        self.modifiers = modifiers
    }
}
