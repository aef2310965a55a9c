import CX11
import Views

/// What X's keysyms and keycodes mean to the toolkit: the characters a keysym types,
/// the physical key of a keycode, and keys made from keysym names for replay files.
public enum XKeys {
    /// A key from its X keysym name with modifiers before it, joined by `+`:
    /// "Tab", "shift+Tab", "ctrl+q", "adiaeresis", "space". Modifiers are `shift`,
    /// `ctrl` (or `control`), `alt` and `super`. The key is the one a US layout has for
    /// the keysym, typing what the keysym types (Shift makes a letter a capital). Nil
    /// for an unknown name or modifier.
    ///
    /// The name is looked up with `XStringToKeysym`, which needs no display.
    public static func key(named text: String) -> Key? {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.last, !name.isEmpty else { return nil }
        var flags: KeyModifierFlags = []
        for m in parts.dropLast() {
            switch m.lowercased() {
            case "shift": flags.insert(.shift)
            case "ctrl", "control": flags.insert(.control)
            case "alt": flags.insert(.alternate)
            case "super": flags.insert(.command)
            default: return nil
            }
        }
        let sym = UInt(unsafe XStringToKeysym(name))
        guard sym != 0 else { return nil }
        let plain = characters(of: sym)
        var typed = plain
        if flags.contains(.shift) { typed = typed.uppercased() }
        if flags.contains(.control) || flags.contains(.command) { typed = plain }
        if isKeypad(sym) { flags.insert(.numericPad) }
        return Key(
            characters: typed, charactersIgnoringModifiers: plain, keyCode: usage(ofKeysym: sym), modifierFlags: flags)
    }

    /// Whether a keysym is on the numeric keypad.
    static func isKeypad(_ sym: UInt) -> Bool { (0xff80...0xffbd).contains(sym) }

    /// What a keysym types: Latin-1 keysyms are their code points, Unicode keysyms
    /// (0x1000000 + code point) theirs; Tab, Return, Escape, BackSpace, Delete and the
    /// keypad's digits and signs type their ASCII; other keys type nothing.
    static func characters(of sym: UInt) -> String {
        let special: [UInt: UInt32] = [
            0xff09: 9, 0xff0d: 13, 0xff1b: 27, 0xff08: 8, 0xffff: 127, 0xff8d: 13,
            0xff80: 32, 0xff89: 9, 0xffaa: 42, 0xffab: 43, 0xffac: 44, 0xffad: 45,
            0xffae: 46, 0xffaf: 47, 0xffbd: 61, 0xfe20: 9
        ]
        var code: UInt32?
        switch sym {
        case 0x20...0x7e, 0xa0...0xff: code = UInt32(sym)
        case 0x100_0100...0x110_ffff: code = UInt32(sym - 0x100_0000)
        case 0xffb0...0xffb9: code = UInt32(sym - 0xffb0 + 0x30)
        default: code = special[sym]
        }
        guard let code, let scalar = Unicode.Scalar(code) else { return "" }
        return String(Character(scalar))
    }

    /// The physical key of an X keycode: on Linux's evdev-based servers a keycode is the
    /// evdev code plus 8. Unknown codes are usage 0.
    static func usage(ofKeycode keycode: UInt32) -> KeyboardHIDUsage {
        let evdev = Int(keycode) - 8
        guard evdev > 0 else { return KeyboardHIDUsage(rawValue: 0) }
        return KeyboardHIDUsage(rawValue: evdevToUsage[evdev] ?? 0)
    }

    /// The key a US layout has for a keysym, for keys made from names (replay files) and
    /// for keycodes the server made up for a keysym the layout lacks. Unknown keysyms are
    /// usage 0.
    static func usage(ofKeysym sym: UInt) -> KeyboardHIDUsage {
        switch sym {
        case 0x61...0x7a: return KeyboardHIDUsage(rawValue: 0x04 + Int(sym - 0x61))
        case 0x41...0x5a: return KeyboardHIDUsage(rawValue: 0x04 + Int(sym - 0x41))
        case 0x31...0x39: return KeyboardHIDUsage(rawValue: 0x1e + Int(sym - 0x31))
        case 0x30: return .keyboard0
        case 0xffbe...0xffc9: return KeyboardHIDUsage(rawValue: 0x3a + Int(sym - 0xffbe))
        case 0xffb1...0xffb9: return KeyboardHIDUsage(rawValue: 0x59 + Int(sym - 0xffb1))
        case 0xffb0: return .keypad0
        default: return KeyboardHIDUsage(rawValue: keysymToUsage[sym] ?? 0)
        }
    }

    private static let keysymToUsage: [UInt: Int] = [
        0xff0d: 0x28, 0xff1b: 0x29, 0xff08: 0x2a, 0xff09: 0x2b, 0xfe20: 0x2b, 0x20: 0x2c, 0x2d: 0x2d, 0x3d: 0x2e,
        0x5b: 0x2f, 0x5d: 0x30, 0x5c: 0x31, 0x3b: 0x33, 0x27: 0x34, 0x60: 0x35, 0x2c: 0x36, 0x2e: 0x37, 0x2f: 0x38,
        0xffe5: 0x39, 0xff61: 0x46, 0xff14: 0x47, 0xff13: 0x48, 0xff63: 0x49, 0xff50: 0x4a, 0xff55: 0x4b,
        0xffff: 0x4c, 0xff57: 0x4d, 0xff56: 0x4e, 0xff53: 0x4f, 0xff51: 0x50, 0xff54: 0x51, 0xff52: 0x52,
        0xff7f: 0x53, 0xffaf: 0x54, 0xffaa: 0x55, 0xffad: 0x56, 0xffab: 0x57, 0xff8d: 0x58, 0xffae: 0x63,
        0xff67: 0x65, 0xffe3: 0xe0, 0xffe1: 0xe1, 0xffe9: 0xe2, 0xffeb: 0xe3, 0xffe4: 0xe4, 0xffe2: 0xe5,
        0xffea: 0xe6, 0xfe03: 0xe6, 0xffec: 0xe7
    ]

    private static let evdevToUsage: [Int: Int] = {
        var t: [Int: Int] = [
            1: 0x29, 14: 0x2a, 15: 0x2b, 28: 0x28, 57: 0x2c, 12: 0x2d, 13: 0x2e, 26: 0x2f, 27: 0x30,
            43: 0x31, 39: 0x33, 40: 0x34, 41: 0x35, 51: 0x36, 52: 0x37, 53: 0x38, 58: 0x39,
            87: 0x44, 88: 0x45, 99: 0x46, 70: 0x47, 119: 0x48, 110: 0x49, 102: 0x4a, 104: 0x4b,
            111: 0x4c, 107: 0x4d, 109: 0x4e, 106: 0x4f, 105: 0x50, 108: 0x51, 103: 0x52,
            69: 0x53, 98: 0x54, 55: 0x55, 74: 0x56, 78: 0x57, 96: 0x58, 82: 0x62, 83: 0x63,
            86: 0x64, 127: 0x65, 29: 0xe0, 42: 0xe1, 56: 0xe2, 125: 0xe3, 97: 0xe4, 54: 0xe5,
            100: 0xe6, 126: 0xe7
        ]
        // The number row: 1 to 9, then 0.
        for i in 0..<10 { t[2 + i] = 0x1e + i }
        // The letters, row by row, in the order evdev numbers them.
        for (start, row) in [(16, "qwertyuiop"), (30, "asdfghjkl"), (44, "zxcvbnm")] {
            for (i, c) in row.unicodeScalars.enumerated() { t[start + i] = 0x04 + Int(c.value - 97) }
        }
        // F1 to F10.
        for i in 0..<10 { t[59 + i] = 0x3a + i }
        // The keypad's digits: 7 8 9 / 4 5 6 / 1 2 3.
        for (code, digit) in [(71, 7), (72, 8), (73, 9), (75, 4), (76, 5), (77, 6), (79, 1), (80, 2), (81, 3)] {
            t[code] = 0x59 + digit - 1
        }
        return t
    }()
}
