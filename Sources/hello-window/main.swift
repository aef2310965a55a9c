import Raster
import Views
import X11Host

let root = RootView(size: Size(width: 320, height: 160))
let button = Button(frame: Rect(x: 20, y: 40, width: 140, height: 44))
button.setTitle("Press me", for: .normal)
button.setTitleColor(.white, for: .normal)
button.backgroundColor = Color(red: 0, green: 0.48, blue: 1)
button.layer.cornerRadius = 10
button.addAction(for: .touchUpInside) { _, _ in print("pressed") }
let box = Checkbox(frame: Rect(x: 220, y: 42, width: 40, height: 40))
box.addAction(for: .valueChanged) { box, _ in
    let checked = box.checked
    // Work on the main actor runs while the window waits for events.
    Task { @MainActor in print("checked:", checked) }
}
root.backgroundColor = Color(red: 0.16, green: 0.2, blue: 0.27)
root.addSubview(button)
root.addSubview(box)
let window = try X11Window(title: "Hello", root: root)
try window.run()
