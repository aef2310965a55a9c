import Raster
import Views

extension Catalog {
    /// The document of UIKit's own standard controls, which no source document draws.
    static let uikit = "uikit"

    /// UIKit's standard controls, each in its states, and a stack view laying some out.
    static var standard: [Specimen] {
        [
            Specimen(name: "switch-off", document: uikit, size: Switch.size, backdrop: .plain) { report in
                let s = Switch()
                s.addAction(for: .valueChanged) { c, _ in report("switch-off: valueChanged -> \(c.isOn ? "on" : "off")")
                }
                return s
            },
            Specimen(name: "switch-on", document: uikit, size: Switch.size, backdrop: .plain) { report in
                let s = Switch()
                s.isOn = true
                s.addAction(for: .valueChanged) { c, _ in report("switch-on: valueChanged -> \(c.isOn ? "on" : "off")")
                }
                return s
            },
            Specimen(name: "switch-disabled", document: uikit, size: Switch.size, backdrop: .plain) { _ in
                let s = Switch()
                s.isOn = true
                s.isEnabled = false
                return s
            },
            Specimen(name: "slider", document: uikit, size: Size(width: 200, height: Slider.height), backdrop: .plain) {
                report in
                let s = Slider(frame: Rect(x: 0, y: 0, width: 200, height: Slider.height))
                s.value = 0.4
                s.addAction(for: .valueChanged) { c, _ in
                    report("slider: valueChanged -> \(Int((c.value * 100).rounded())) %")
                }
                return s
            },
            Specimen(
                name: "slider-tinted", document: uikit, size: Size(width: 200, height: Slider.height), backdrop: .plain
            ) { report in
                let s = Slider(frame: Rect(x: 0, y: 0, width: 200, height: Slider.height))
                s.minimumValue = 0
                s.maximumValue = 10
                s.value = 7
                s.minimumTrackTintColor = Color(red8: 255, green8: 149, blue8: 0, alpha8: 255)
                s.maximumTrackTintColor = Color(red8: 255, green8: 149, blue8: 0, alpha8: 64)
                s.thumbTintColor = Color(red8: 255, green8: 244, blue8: 230, alpha8: 255)
                s.isContinuous = false
                s.addAction(for: .valueChanged) { c, _ in report("slider-tinted: valueChanged -> \(c.value)") }
                return s
            },
            Specimen(name: "progress-default", document: uikit, size: Size(width: 200, height: 4), backdrop: .plain) {
                _ in
                let p = ProgressView(progressViewStyle: .default, frame: Rect(x: 0, y: 0, width: 200, height: 4))
                p.progress = 0.6
                return p
            },
            Specimen(name: "progress-bar", document: uikit, size: Size(width: 200, height: 2.5), backdrop: .plain) {
                _ in
                let p = ProgressView(progressViewStyle: .bar, frame: Rect(x: 0, y: 0, width: 200, height: 2.5))
                p.progress = 0.35
                return p
            },
            Specimen(
                name: "segmented", document: uikit, size: Size(width: 240, height: SegmentedControl.height),
                backdrop: .plain
            ) { report in
                let c = SegmentedControl(
                    items: ["Day", "Week", "Month"], frame: Rect(x: 0, y: 0, width: 240, height: 32))
                c.selectedSegmentIndex = 1
                c.addAction(for: .valueChanged) { c, _ in report("segmented: valueChanged -> \(c.selectedSegmentIndex)")
                }
                return c
            },
            Specimen(
                name: "segmented-images", document: uikit, size: Size(width: 160, height: SegmentedControl.height),
                backdrop: .plain
            ) { report in
                let icons = [Color.systemBlue, Color.systemGreen, Color.red].compactMap(Catalog.dot)
                let c = SegmentedControl(items: icons, frame: Rect(x: 0, y: 0, width: 160, height: 32))
                c.selectedSegmentIndex = 0
                c.setEnabled(false, forSegmentAt: 2)
                c.addAction(for: .valueChanged) { c, _ in
                    report("segmented-images: valueChanged -> \(c.selectedSegmentIndex)")
                }
                return c
            },
            Specimen(name: "stepper", document: uikit, size: Stepper.size, backdrop: .plain) { report in
                let s = Stepper()
                s.maximumValue = 10
                s.addAction(for: .valueChanged) { s, _ in report("stepper: valueChanged -> \(Int(s.value))") }
                return s
            },
            Specimen(
                name: "page-control", document: uikit, size: Size(width: 120, height: PageControl.height),
                backdrop: .plain
            ) { report in
                let p = PageControl(frame: Rect(x: 0, y: 0, width: 120, height: PageControl.height))
                p.numberOfPages = 5
                p.currentPage = 1
                p.addAction(for: .valueChanged) { p, _ in report("page-control: valueChanged -> \(p.currentPage)") }
                return p
            },
            Specimen(name: "gestures", document: uikit, size: Size(width: 200, height: 100), backdrop: .plain) {
                report in
                // A square to drag, click, double-click and hold; the status line names the
                // recognizer that fired.
                let area = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
                let square = View(frame: Rect(x: 70, y: 20, width: 60, height: 60))
                square.backgroundColor = Color.systemBlue
                square.layer.cornerRadius = 12
                _ = area.addSubview(square)
                let double = TapGestureRecognizer { _ in report("gestures: double tap") }
                double.numberOfTapsRequired = 2
                let single = TapGestureRecognizer { _ in report("gestures: tap") }
                single.require(toFail: double)
                let hold = LongPressGestureRecognizer { r in if r.state == .began { report("gestures: long press") } }
                let pan = PanGestureRecognizer()
                var start = square.center
                pan.addTarget { [unowned square, unowned pan] r in
                    if r.state == .began { start = square.center }
                    let t = pan.translation(in: area)
                    square.center = Point(x: min(max(start.x + t.x, 30), 170), y: min(max(start.y + t.y, 30), 70))
                    if r.state == .ended { report("gestures: pan by \(Int(t.x)), \(Int(t.y))") }
                }
                for r in [single, double, hold, pan] as [GestureRecognizer] { square.addGestureRecognizer(r) }
                return area
            },
            Specimen(name: "stack", document: uikit, size: Size(width: 240, height: 96), backdrop: .plain) { report in
                // A settings row laid out by stack views: a label that takes the room, a
                // switch at its natural size, then a slider under them.
                let title = Label(text: "Wi-Fi")
                let toggle = Switch()
                toggle.isOn = true
                toggle.addAction(for: .valueChanged) { c, _ in report("stack: switch -> \(c.isOn ? "on" : "off")") }
                let row = StackView(arrangedSubviews: [title, toggle])
                row.alignment = .center
                row.spacing = 8
                let slider = Slider()
                slider.value = 0.7
                slider.addAction(for: .valueChanged) { c, _ in
                    report("stack: slider -> \(Int((c.value * 100).rounded())) %")
                }
                let column = StackView(arrangedSubviews: [row, slider])
                column.axis = .vertical
                column.spacing = 12
                column.isLayoutMarginsRelativeArrangement = true
                column.layoutMargins = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
                column.frame = Rect(x: 0, y: 0, width: 240, height: 96)
                return column
            }
        ]
    }

    /// A 14-point disc of `color`, at scale 2: a segment's image; nil without the memory.
    static func dot(_ color: Color) -> Image? {
        guard let s = try? Surface(width: 28, height: 28, scale: 2) else { return nil }
        let c = Context(surface: s)
        c.setFillColor(color)
        c.fillEllipse(in: Rect(x: 1, y: 1, width: 12, height: 12))
        return Image(adopting: s)
    }
}
