/// Modifier keys held during a key press or a pointer event (`UIKeyModifierFlags`).
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: Int
    /// Creates flags from raw bits (UIKit's values).
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// Shift.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Control.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (X's Mod1).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The logo key, Super (X's Mod4).
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)

    /// The modifiers that make a shortcut: Shift, Control, Alt and the logo key, without
    /// Caps Lock and the keypad flag.
    public var shortcutFlags: KeyModifierFlags { intersection([.shift, .control, .alternate, .command]) }
}
