import Raster

/// Strict reading of what users type or write in files: numbers and sizes as written,
/// nothing after them, and text shown back with its control characters escaped.
public enum InputText {
    /// A finite number written as decimal digits with an optional sign, point and
    /// exponent; nil for anything else, a NUL or trailing text included.
    public static func number(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
            let v = Double(String(text)), v.isFinite
        else { return nil }
        return v
    }

    /// A size written `WxH` (or `WXH`): exactly two numbers around one `x`.
    public static func size(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = number(parts[0]), let h = number(parts[1]) else { return nil }
        return Size(width: w, height: h)
    }

    /// The text with every control character written as an escape (`\u{1B}`, `\t`), so
    /// that a name from a file or an argument cannot drive the terminal it is shown on.
    public static func escaped(_ text: String) -> String { TextEscaping.terminal(text) }
}
