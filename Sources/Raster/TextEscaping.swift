/// Names from files and arguments shown back safely: on a terminal, with their control
/// characters escaped so they cannot drive it, and in HTML, with markup characters
/// escaped.
package enum TextEscaping {
    /// The text with every control character written as an escape (`\u{1B}`, `\t`).
    package static func terminal(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where s.properties.generalCategory == .control:
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// The text with `&`, `<`, `>`, `"` and `'` written as HTML entities, and control
    /// characters as for a terminal.
    package static func html(_ text: String) -> String {
        var out = ""
        for c in terminal(text) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
