/// A key of the keyboard as one press met it (`UIKey`): what it types, which physical
/// key it is, and the modifiers held.
public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// What the key types with the modifiers held, as the keyboard's layout and input
    /// method make it ("A" for Shift+A, "ä" for the key that types it); empty for keys
    /// that type nothing.
    public var characters: String
    /// What the key types without the modifiers ("a" for Shift+A).
    public var charactersIgnoringModifiers: String
    /// The physical key, whatever the layout (`keyCode`).
    public var keyCode: KeyboardHIDUsage
    /// The modifiers held.
    public var modifierFlags: KeyModifierFlags

    /// Makes a key.
    public init(
        characters: String, charactersIgnoringModifiers: String? = nil, keyCode: KeyboardHIDUsage,
        modifierFlags: KeyModifierFlags = []
    ) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
        self.keyCode = keyCode
        self.modifierFlags = modifierFlags
    }

    /// The value written out, for messages and debugging.
    public var description: String {
        var parts: [String] = []
        if modifierFlags.contains(.control) { parts.append("ctrl") }
        if modifierFlags.contains(.alternate) { parts.append("alt") }
        if modifierFlags.contains(.command) { parts.append("super") }
        if modifierFlags.contains(.shift) { parts.append("shift") }
        parts.append(
            keyCode.name
                ?? (charactersIgnoringModifiers.isEmpty ? "key(\(keyCode.rawValue))" : charactersIgnoringModifiers))
        return parts.joined(separator: "+")
    }
}
