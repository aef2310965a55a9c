import Foundation
import Raster
import Views
import X11Host

/// A view that draws itself, where UIKit's views do: in `draw(_:)`.
final class Sun: View {
    override func draw(_ rect: Rect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(Color(red: 1, green: 0.76, blue: 0.16))
        context.fillEllipse(in: bounds.insetBy(dx: 6, dy: 6))
    }
}

let root = RootView(size: Size(width: 320, height: 160))
root.backgroundColor = Color(red: 0.16, green: 0.2, blue: 0.27)
root.addSubview(Sun(frame: Rect(x: 210, y: 32, width: 80, height: 80)))
let button = Button(frame: Rect(x: 20, y: 50, width: 140, height: 44))
button.setTitle("Press me", for: .normal)
button.setTitleColor(.white, for: .normal)
button.backgroundColor = Color(red: 0, green: 0.48, blue: 1)
button.layer.cornerRadius = 10
button.addAction(for: .touchUpInside) { _, _ in print("pressed") }
root.addSubview(button)
do {
    let window = try X11Window(title: "Hello", root: root)
    try window.run()
} catch {
    FileHandle.standardError.write(Data("hello-window: \(error)\n".utf8))
    exit(1)
}
