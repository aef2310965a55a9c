/// A physical key, as a USB HID usage of the keyboard page (`UIKeyboardHIDUsage`): the
/// same key whatever the layout types with it.
public struct KeyboardHIDUsage: RawRepresentable, Sendable, Hashable {
    /// The USB HID usage number (page 7, keyboard).
    public let rawValue: Int
    /// Makes a usage from its number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The A key.
    public static let keyboardA = KeyboardHIDUsage(rawValue: 0x04)
    /// The B key.
    public static let keyboardB = KeyboardHIDUsage(rawValue: 0x05)
    /// The C key.
    public static let keyboardC = KeyboardHIDUsage(rawValue: 0x06)
    /// The D key.
    public static let keyboardD = KeyboardHIDUsage(rawValue: 0x07)
    /// The E key.
    public static let keyboardE = KeyboardHIDUsage(rawValue: 0x08)
    /// The F key.
    public static let keyboardF = KeyboardHIDUsage(rawValue: 0x09)
    /// The G key.
    public static let keyboardG = KeyboardHIDUsage(rawValue: 0x0a)
    /// The H key.
    public static let keyboardH = KeyboardHIDUsage(rawValue: 0x0b)
    /// The I key.
    public static let keyboardI = KeyboardHIDUsage(rawValue: 0x0c)
    /// The J key.
    public static let keyboardJ = KeyboardHIDUsage(rawValue: 0x0d)
    /// The K key.
    public static let keyboardK = KeyboardHIDUsage(rawValue: 0x0e)
    /// The L key.
    public static let keyboardL = KeyboardHIDUsage(rawValue: 0x0f)
    /// The M key.
    public static let keyboardM = KeyboardHIDUsage(rawValue: 0x10)
    /// The N key.
    public static let keyboardN = KeyboardHIDUsage(rawValue: 0x11)
    /// The O key.
    public static let keyboardO = KeyboardHIDUsage(rawValue: 0x12)
    /// The P key.
    public static let keyboardP = KeyboardHIDUsage(rawValue: 0x13)
    /// The Q key.
    public static let keyboardQ = KeyboardHIDUsage(rawValue: 0x14)
    /// The R key.
    public static let keyboardR = KeyboardHIDUsage(rawValue: 0x15)
    /// The S key.
    public static let keyboardS = KeyboardHIDUsage(rawValue: 0x16)
    /// The T key.
    public static let keyboardT = KeyboardHIDUsage(rawValue: 0x17)
    /// The U key.
    public static let keyboardU = KeyboardHIDUsage(rawValue: 0x18)
    /// The V key.
    public static let keyboardV = KeyboardHIDUsage(rawValue: 0x19)
    /// The W key.
    public static let keyboardW = KeyboardHIDUsage(rawValue: 0x1a)
    /// The X key.
    public static let keyboardX = KeyboardHIDUsage(rawValue: 0x1b)
    /// The Y key.
    public static let keyboardY = KeyboardHIDUsage(rawValue: 0x1c)
    /// The Z key.
    public static let keyboardZ = KeyboardHIDUsage(rawValue: 0x1d)
    /// The 1 key of the main block.
    public static let keyboard1 = KeyboardHIDUsage(rawValue: 0x1e)
    /// The 2 key of the main block.
    public static let keyboard2 = KeyboardHIDUsage(rawValue: 0x1f)
    /// The 3 key of the main block.
    public static let keyboard3 = KeyboardHIDUsage(rawValue: 0x20)
    /// The 4 key of the main block.
    public static let keyboard4 = KeyboardHIDUsage(rawValue: 0x21)
    /// The 5 key of the main block.
    public static let keyboard5 = KeyboardHIDUsage(rawValue: 0x22)
    /// The 6 key of the main block.
    public static let keyboard6 = KeyboardHIDUsage(rawValue: 0x23)
    /// The 7 key of the main block.
    public static let keyboard7 = KeyboardHIDUsage(rawValue: 0x24)
    /// The 8 key of the main block.
    public static let keyboard8 = KeyboardHIDUsage(rawValue: 0x25)
    /// The 9 key of the main block.
    public static let keyboard9 = KeyboardHIDUsage(rawValue: 0x26)
    /// The 0 key of the main block.
    public static let keyboard0 = KeyboardHIDUsage(rawValue: 0x27)
    /// Return.
    public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 0x28)
    /// Escape.
    public static let keyboardEscape = KeyboardHIDUsage(rawValue: 0x29)
    /// Backspace.
    public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 0x2a)
    /// Tab.
    public static let keyboardTab = KeyboardHIDUsage(rawValue: 0x2b)
    /// The space bar.
    public static let keyboardSpacebar = KeyboardHIDUsage(rawValue: 0x2c)
    /// Minus.
    public static let keyboardHyphen = KeyboardHIDUsage(rawValue: 0x2d)
    /// Equals.
    public static let keyboardEqualSign = KeyboardHIDUsage(rawValue: 0x2e)
    /// Left bracket.
    public static let keyboardOpenBracket = KeyboardHIDUsage(rawValue: 0x2f)
    /// Right bracket.
    public static let keyboardCloseBracket = KeyboardHIDUsage(rawValue: 0x30)
    /// Backslash.
    public static let keyboardBackslash = KeyboardHIDUsage(rawValue: 0x31)
    /// The key beside Return on ISO keyboards.
    public static let keyboardNonUSPound = KeyboardHIDUsage(rawValue: 0x32)
    /// Semicolon.
    public static let keyboardSemicolon = KeyboardHIDUsage(rawValue: 0x33)
    /// Apostrophe.
    public static let keyboardQuote = KeyboardHIDUsage(rawValue: 0x34)
    /// Grave accent.
    public static let keyboardGraveAccentAndTilde = KeyboardHIDUsage(rawValue: 0x35)
    /// Comma.
    public static let keyboardComma = KeyboardHIDUsage(rawValue: 0x36)
    /// Period.
    public static let keyboardPeriod = KeyboardHIDUsage(rawValue: 0x37)
    /// Slash.
    public static let keyboardSlash = KeyboardHIDUsage(rawValue: 0x38)
    /// Caps Lock.
    public static let keyboardCapsLock = KeyboardHIDUsage(rawValue: 0x39)
    /// F1.
    public static let keyboardF1 = KeyboardHIDUsage(rawValue: 0x3a)
    /// F2.
    public static let keyboardF2 = KeyboardHIDUsage(rawValue: 0x3b)
    /// F3.
    public static let keyboardF3 = KeyboardHIDUsage(rawValue: 0x3c)
    /// F4.
    public static let keyboardF4 = KeyboardHIDUsage(rawValue: 0x3d)
    /// F5.
    public static let keyboardF5 = KeyboardHIDUsage(rawValue: 0x3e)
    /// F6.
    public static let keyboardF6 = KeyboardHIDUsage(rawValue: 0x3f)
    /// F7.
    public static let keyboardF7 = KeyboardHIDUsage(rawValue: 0x40)
    /// F8.
    public static let keyboardF8 = KeyboardHIDUsage(rawValue: 0x41)
    /// F9.
    public static let keyboardF9 = KeyboardHIDUsage(rawValue: 0x42)
    /// F10.
    public static let keyboardF10 = KeyboardHIDUsage(rawValue: 0x43)
    /// F11.
    public static let keyboardF11 = KeyboardHIDUsage(rawValue: 0x44)
    /// F12.
    public static let keyboardF12 = KeyboardHIDUsage(rawValue: 0x45)
    /// Print Screen.
    public static let keyboardPrintScreen = KeyboardHIDUsage(rawValue: 0x46)
    /// Scroll Lock.
    public static let keyboardScrollLock = KeyboardHIDUsage(rawValue: 0x47)
    /// Pause.
    public static let keyboardPause = KeyboardHIDUsage(rawValue: 0x48)
    /// Insert.
    public static let keyboardInsert = KeyboardHIDUsage(rawValue: 0x49)
    /// Home.
    public static let keyboardHome = KeyboardHIDUsage(rawValue: 0x4a)
    /// Page Up.
    public static let keyboardPageUp = KeyboardHIDUsage(rawValue: 0x4b)
    /// Delete.
    public static let keyboardDeleteForward = KeyboardHIDUsage(rawValue: 0x4c)
    /// End.
    public static let keyboardEnd = KeyboardHIDUsage(rawValue: 0x4d)
    /// Page Down.
    public static let keyboardPageDown = KeyboardHIDUsage(rawValue: 0x4e)
    /// Right arrow.
    public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 0x4f)
    /// Left arrow.
    public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 0x50)
    /// Down arrow.
    public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 0x51)
    /// Up arrow.
    public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 0x52)
    /// Num Lock.
    public static let keypadNumLock = KeyboardHIDUsage(rawValue: 0x53)
    /// Keypad slash.
    public static let keypadSlash = KeyboardHIDUsage(rawValue: 0x54)
    /// Keypad asterisk.
    public static let keypadAsterisk = KeyboardHIDUsage(rawValue: 0x55)
    /// Keypad minus.
    public static let keypadHyphen = KeyboardHIDUsage(rawValue: 0x56)
    /// Keypad plus.
    public static let keypadPlus = KeyboardHIDUsage(rawValue: 0x57)
    /// Keypad Enter.
    public static let keypadEnter = KeyboardHIDUsage(rawValue: 0x58)
    /// Keypad 1.
    public static let keypad1 = KeyboardHIDUsage(rawValue: 0x59)
    /// Keypad 2.
    public static let keypad2 = KeyboardHIDUsage(rawValue: 0x5a)
    /// Keypad 3.
    public static let keypad3 = KeyboardHIDUsage(rawValue: 0x5b)
    /// Keypad 4.
    public static let keypad4 = KeyboardHIDUsage(rawValue: 0x5c)
    /// Keypad 5.
    public static let keypad5 = KeyboardHIDUsage(rawValue: 0x5d)
    /// Keypad 6.
    public static let keypad6 = KeyboardHIDUsage(rawValue: 0x5e)
    /// Keypad 7.
    public static let keypad7 = KeyboardHIDUsage(rawValue: 0x5f)
    /// Keypad 8.
    public static let keypad8 = KeyboardHIDUsage(rawValue: 0x60)
    /// Keypad 9.
    public static let keypad9 = KeyboardHIDUsage(rawValue: 0x61)
    /// Keypad 0.
    public static let keypad0 = KeyboardHIDUsage(rawValue: 0x62)
    /// Keypad period.
    public static let keypadPeriod = KeyboardHIDUsage(rawValue: 0x63)
    /// The extra key beside left Shift on ISO keyboards.
    public static let keyboardNonUSBackslash = KeyboardHIDUsage(rawValue: 0x64)
    /// The menu key.
    public static let keyboardApplication = KeyboardHIDUsage(rawValue: 0x65)
    /// Left Control.
    public static let keyboardLeftControl = KeyboardHIDUsage(rawValue: 0xe0)
    /// Left Shift.
    public static let keyboardLeftShift = KeyboardHIDUsage(rawValue: 0xe1)
    /// Left Alt.
    public static let keyboardLeftAlt = KeyboardHIDUsage(rawValue: 0xe2)
    /// Left logo key.
    public static let keyboardLeftGUI = KeyboardHIDUsage(rawValue: 0xe3)
    /// Right Control.
    public static let keyboardRightControl = KeyboardHIDUsage(rawValue: 0xe4)
    /// Right Shift.
    public static let keyboardRightShift = KeyboardHIDUsage(rawValue: 0xe5)
    /// Right Alt (AltGr).
    public static let keyboardRightAlt = KeyboardHIDUsage(rawValue: 0xe6)
    /// Right logo key.
    public static let keyboardRightGUI = KeyboardHIDUsage(rawValue: 0xe7)

    /// The X keysym name of keys that type nothing printable ("Tab", "Page_Down", "F12"),
    /// for messages and replay files; nil for the others.
    public var name: String? { KeyboardHIDUsage.names[self] }

    static let names: [KeyboardHIDUsage: String] = [
        .keyboardReturnOrEnter: "Return",
        .keyboardEscape: "Escape",
        .keyboardDeleteOrBackspace: "BackSpace",
        .keyboardTab: "Tab",
        .keyboardSpacebar: "space",
        .keyboardHome: "Home",
        .keyboardEnd: "End",
        .keyboardPageUp: "Page_Up",
        .keyboardPageDown: "Page_Down",
        .keyboardRightArrow: "Right",
        .keyboardLeftArrow: "Left",
        .keyboardDownArrow: "Down",
        .keyboardUpArrow: "Up",
        .keyboardDeleteForward: "Delete",
        .keyboardInsert: "Insert",
        .keypadEnter: "KP_Enter",
        .keyboardF1: "F1",
        .keyboardF2: "F2",
        .keyboardF3: "F3",
        .keyboardF4: "F4",
        .keyboardF5: "F5",
        .keyboardF6: "F6",
        .keyboardF7: "F7",
        .keyboardF8: "F8",
        .keyboardF9: "F9",
        .keyboardF10: "F10",
        .keyboardF11: "F11",
        .keyboardF12: "F12"
    ]
}
