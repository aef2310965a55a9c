import Raster
import Views

/// What a key press in a text field costs the frame: a field of 200 characters editing
/// in a window-sized root, one character typed, then the damage-only frame drawn, at
/// scale 1 and 2. The time covers the edit (layout of the line) and the frame; the
/// pixels drawn are the field's damage, never the whole root.
@MainActor
enum TextFieldBench {
    static func run(count: Int) {
        for scale in [1.0, 2.0] {
            let root = RootView(size: Size(width: 800, height: 200))
            root.backgroundColor = .white
            let field = TextField(frame: Rect(x: 20, y: 20, width: 600, height: 34))
            field.borderStyle = .roundedRect
            field.text = String(repeating: "Typing in a field ", count: 12).prefix(200).description
            root.addSubview(field)
            guard field.becomeFirstResponder(),
                let surface = try? Surface(width: Int(800 * scale), height: Int(200 * scale), scale: scale)
            else { fail("cannot set up the text field bench") }
            root.render(into: surface, full: true)
            var times: [Double] = []
            var pixels = 0.0
            let letters = Array("abcdefghij")
            for i in 0..<count {
                let key = Key(characters: String(letters[i % letters.count]), keyCode: .keyboardA)
                let t0 = nowMilliseconds()
                root.handle(KeyEvent(.down, key: key))
                root.handle(KeyEvent(.up, key: key))
                let damage = root.render(into: surface)
                times.append(nowMilliseconds() - t0)
                pixels = damage.reduce(0) { $0 + $1.width * $1.height }
                // Back to 200 characters, so that every press meets the same field.
                field.deleteBackward()
                root.render(into: surface)
            }
            print(
                "text-field-keypress scale=\(Int(scale)) chars=200 median_ms=\(String(format3: median(times))) "
                    + "damage_px=\(Int(pixels)) of \(surface.width * surface.height)")
        }
    }
}
