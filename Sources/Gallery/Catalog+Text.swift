import Raster
import Text
import Views

extension Catalog {
    /// A field of the catalogue's size with a rounded border.
    @MainActor static func field(text: String? = nil, placeholder: String? = nil) -> TextField {
        let f = TextField(frame: Rect(x: 0, y: 0, width: 240, height: 34))
        f.borderStyle = .roundedRect
        f.text = text
        f.placeholder = placeholder
        return f
    }

    /// Text fields, and text as HarfBuzz shapes it and the bidirectional algorithm
    /// orders it.
    static var text: [Specimen] {
        let size = Size(width: 240, height: 34)
        return [
            // The status line echoes what is typed here.
            Specimen(name: "text-field-empty", document: uikit, size: size, backdrop: .plain) { report in
                let f = field(placeholder: "Name")
                f.addAction(for: .editingChanged) { sender, _ in
                    report("text-field-empty: \(sender.text ?? "")")
                }
                return f
            },
            Specimen(name: "text-field-filled", document: uikit, size: size, backdrop: .plain) { _ in
                let f = field(text: "Vitrine office", placeholder: "Name")
                f.clearButtonMode = .always
                return f
            },
            Specimen(name: "text-field-secure", document: uikit, size: size, backdrop: .plain) { _ in
                let f = field(text: "hunter2", placeholder: "Password")
                f.isSecureTextEntry = true
                return f
            },
            Specimen(name: "text-field-disabled", document: uikit, size: size, backdrop: .plain) { _ in
                let f = field(text: "Read only", placeholder: "Name")
                f.isEnabled = false
                return f
            },
            // Shot alone, the field edits with the word "world" selected, at the clock's
            // start: the caret is on.
            Specimen(
                name: "text-field-editing", document: uikit, size: size, backdrop: .plain,
                activate: { view in
                    guard let f = view as? TextField, f.becomeFirstResponder() else { return }
                    f.selectedRange = 7..<12
                },
                make: { _ in field(text: "Hello, world", placeholder: "Name") }),
            Specimen(name: "text-shaping", document: uikit, size: Size(width: 260, height: 150), backdrop: .plain) {
                _ in
                let v = View(frame: Rect(x: 0, y: 0, width: 260, height: 150))
                let lines = [
                    // The ffi and fl ligatures.
                    "office, flour, affix",
                    // Combining marks: composed where a precomposed letter exists,
                    // placed on the base where none does.
                    "e\u{301} x\u{301}\u{323} q\u{30C} A\u{30A}",
                    // Arabic, joined and right to left, aligned right.
                    "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{628}\u{627}\u{644}\u{639}\u{627}\u{644}\u{645}",
                    // Hebrew, right to left, aligned right.
                    "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{5E2}\u{5D5}\u{5DC}\u{5DD}",
                    // A mixed line: a Hebrew word and a number in an English sentence.
                    "Say \u{5E9}\u{5DC}\u{5D5}\u{5DD} 123 times"
                ]
                for (i, line) in lines.enumerated() {
                    let label = Label(
                        frame: Rect(x: 0, y: Double(i) * 30, width: 260, height: 26), text: line,
                        font: try? Font.system(size: 17))
                    v.addSubview(label)
                }
                return v
            }
        ]
    }
}
