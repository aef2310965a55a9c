import Raster
import Text
import Views

extension Catalog {
    /// Text as HarfBuzz shapes it and the bidirectional algorithm orders it.
    static var text: [Specimen] {
        [
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
