/// The desktop's settings as an XSETTINGS manager publishes them (the freedesktop.org
/// XSETTINGS specification): the `_XSETTINGS_SETTINGS` property of the window that owns
/// the `_XSETTINGS_S<screen>` selection, read once when a window opens.
///
/// Vitrine takes `Net/DoubleClickTime` (milliseconds) and `Net/DoubleClickDistance`
/// (pixels) for its tap recognizers, and reads the caret's blinking
/// (`Net/CursorBlink`, `Net/CursorBlinkTime`, `Net/CursorBlinkTimeout`). A desktop
/// without a settings manager has none, and the toolkit's defaults stand.
public struct XSettings: Sendable, Equatable {
    /// The integer settings, by name.
    public var integers: [String: Int32] = [:]
    /// The string settings, by name.
    public var strings: [String: String] = [:]

    /// The double-click interval in seconds, when the desktop gives a sensible one.
    public var doubleClickInterval: Double? {
        integers["Net/DoubleClickTime"].flatMap { (50...5000).contains($0) ? Double($0) / 1000 : nil }
    }

    /// The double-click distance in pixels, when the desktop gives a sensible one.
    public var doubleClickDistance: Double? {
        integers["Net/DoubleClickDistance"].flatMap { (0...400).contains($0) ? Double($0) : nil }
    }

    /// The caret's blink cycle in seconds, on and off (`Net/CursorBlinkTime`, in
    /// milliseconds, as GTK reads it), when the desktop gives a sensible one; a text
    /// caret blinks at 1.2 s a cycle without one.
    public var cursorBlinkTime: Double? {
        integers["Net/CursorBlinkTime"].flatMap { (100...10_000).contains($0) ? Double($0) / 1000 : nil }
    }

    /// Whether the caret blinks at all (`Net/CursorBlink`), when the desktop says.
    public var cursorBlinks: Bool? { integers["Net/CursorBlink"].map { $0 != 0 } }

    /// The seconds after the last key a caret goes on blinking before it stays on
    /// (`Net/CursorBlinkTimeout`), when the desktop gives a sensible number.
    public var cursorBlinkTimeout: Double? {
        integers["Net/CursorBlinkTimeout"].flatMap { (1...86_400).contains($0) ? Double($0) : nil }
    }

    /// Settings made by hand.
    public init(integers: [String: Int32] = [:], strings: [String: String] = [:]) {
        self.integers = integers
        self.strings = strings
    }

    /// Parses the property's bytes; nil when they are not a whole, well-formed list (a
    /// manager's half-written or foreign data is ignored rather than half read).
    public init?(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte(), order <= 1 else { return nil }
        reader.bigEndian = order == 1
        guard reader.skip(3), reader.card32() != nil, let count = reader.card32() else { return nil }
        // Each setting takes at least 12 bytes: a count beyond that is a lie.
        guard Int(count) <= bytes.count / 12 else { return nil }
        for _ in 0..<count {
            guard let type = reader.byte(), reader.skip(1), let nameLength = reader.card16(),
                let name = reader.string(Int(nameLength)), reader.card32() != nil
            else { return nil }
            switch type {
            case 0:
                guard let v = reader.card32() else { return nil }
                integers[name] = Int32(bitPattern: v)
            case 1:
                guard let length = reader.card32(), length <= UInt32(bytes.count), let s = reader.string(Int(length))
                else { return nil }
                strings[name] = s
            case 2:
                guard reader.skip(8) else { return nil }
            default:
                return nil
            }
        }
    }

    /// Reads the property's fields in the manager's byte order.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func skip(_ n: Int) -> Bool {
            guard n >= 0, bytes.count - offset >= n else { return false }
            offset += n
            return true
        }

        mutating func card16() -> UInt16? {
            guard bytes.count - offset >= 2 else { return nil }
            let a = UInt16(bytes[offset])
            let b = UInt16(bytes[offset + 1])
            offset += 2
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        mutating func card32() -> UInt32? {
            guard bytes.count - offset >= 4 else { return nil }
            let v = bytes[offset..<offset + 4].reduce(into: [UInt32]()) { $0.append(UInt32($1)) }
            offset += 4
            return bigEndian ? v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3] : v[3] << 24 | v[2] << 16 | v[1] << 8 | v[0]
        }

        /// `length` bytes of text, then the padding to a multiple of four.
        mutating func string(_ length: Int) -> String? {
            let padded = (length + 3) & ~3
            guard length >= 0, bytes.count - offset >= padded else { return nil }
            let s = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            offset += padded
            return s
        }
    }
}
