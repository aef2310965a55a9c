import Raster
import Views

extension Catalog {
    /// Disabled controls, and a checkbox that enables and disables them.
    static var disabled: [Specimen] {
        [
            Specimen(name: "button-disabled", document: doc002, size: Size(width: 140, height: 44), backdrop: .plain) {
                report in
                let b = Button(frame: Rect(x: 0, y: 0, width: 140, height: 44))
                b.setTitle("Disabled", for: .normal)
                b.setTitleColor(.white, for: .normal)
                b.backgroundColor = Color(red: 0.0, green: 0.48, blue: 1.0)
                b.layer.cornerRadius = 10
                b.isEnabled = false
                b.addAction(for: .touchUpInside) { _, _ in report("button-disabled: touchUpInside") }
                EnabledSwitch.register(b)
                return b
            },
            Specimen(name: "checkbox-disabled", document: doc003, size: Size(width: 40, height: 40), backdrop: .dark) {
                report in
                let box = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
                box.checked = true
                box.isEnabled = false
                box.addAction(for: .valueChanged) { box, _ in
                    report("checkbox-disabled: valueChanged -> \(box.checked ? "on" : "off")")
                }
                EnabledSwitch.register(box)
                return box
            },
            Specimen(name: "controls-enabled", document: doc003, size: Size(width: 40, height: 40), backdrop: .dark) {
                report in
                let box = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
                box.addAction(for: .valueChanged) { box, _ in
                    EnabledSwitch.setEnabled(box.checked)
                    report("controls-enabled: the two disabled controls are \(box.checked ? "enabled" : "disabled")")
                }
                return box
            }
        ]
    }
}

/// The controls that `controls-enabled` enables and disables: those of the page built
/// last, held weakly.
@MainActor
enum EnabledSwitch {
    final class Box {
        weak var control: Control?
        init(_ c: Control) { control = c }
    }

    static var controls: [Box] = []

    static func register(_ c: Control) {
        controls.removeAll { $0.control == nil }
        controls.append(Box(c))
    }

    static func setEnabled(_ on: Bool) {
        controls.removeAll { $0.control == nil }
        for b in controls { b.control?.isEnabled = on }
    }
}
