// swift-format-ignore-file
// The document's code as written, with the renames alone: not reformatted.
import Glibc
import Raster
import Testing
import Views

// Document 003, UICheckbox with the four fixes of its answer, ported to Swift 6 on
// Vitrine: UI/CG prefixes dropped, CGContext* C calls and CGRect* functions written as
// methods, Swift 1's names (CGRectMake, touchesEnded(_:withEvent:)) as today's.

enum CheckboxStyle {
    case OpenCircle, GrayedOut
}

@MainActor
final class DocumentCheckbox: Control {  // Renamed from UICheckbox: Vitrine has a Checkbox.
    var checked: Bool = false {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var checkmarkSize: Double = 5.0 {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var checkmarkColor: Color = Color.white {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var filled: Bool = true {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var checkedFillColor: Color = Color(red: 0.078, green: 0.435, blue: 0.875, alpha: 1.0) {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var uncheckedFillColor: Color = Color(red: 1.0, green: 1.0, blue: 1.0, alpha: 0.3) {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var borderColor: Color = Color.white {
        didSet {
            self.setNeedsDisplay()
        }
    }

    var borderWidth: Double = 1.0 {
        didSet {
            self.setNeedsDisplay()
        }
    }

    // custom enums, unfortunately, cannot be IBInspectable
    var style: CheckboxStyle {
        return self.filled ? .GrayedOut : .OpenCircle
    }

    // The answer's first fix: the background colour fills only the circle.
    private var _backgroundColor: Color = Color.clear {
        didSet {
            self.setNeedsDisplay()
        }
    }

    override var backgroundColor: Color? {
        set(newColor) {
            super.backgroundColor = Color.clear
            if let backColor = newColor {
                self._backgroundColor = backColor
            } else {
                self._backgroundColor = Color.clear
            }
        }
        get {
            return self._backgroundColor
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if self.isTouchInside {
            self.checked = !self.checked
        }

        super.touchesEnded(touches, with: event)
    }

    override func draw(_ rect: Rect) {
        super.draw(rect)

        let context = GraphicsGetCurrentContext()
        let fillColor = currentFillColor()
        let shadowColor = Color.black

        let shadowOffset = Size(width: 0.1, height: -0.1)
        let shadowBlurRadius: Double = 2.5

        // The answer's second fix: a centred square.
        var frame = rect
        if frame.size.width != frame.size.height {
            let shortestSide = min(frame.size.width, frame.size.height)
            let longestSide = max(frame.size.width, frame.size.height)

            let originY = (longestSide - frame.size.width) / 2
            let originX = (longestSide - frame.size.height) / 2

            frame = Rect(x: originX, y: originY, width: shortestSide, height: shortestSide)
        }

        // The answer's fourth fix: the group follows the border width.
        let groupX = frame.minX + (self.borderWidth / 2)
        let groupY = frame.minY + (self.borderWidth / 2)
        let groupW = frame.width - self.borderWidth
        let groupH = frame.height - self.borderWidth

        let group = Rect(x: groupX, y: groupY, width: groupW, height: groupH)

        let ovalX = group.minX + floor(group.width * 0.00000 + 0.5)
        let ovalY = group.minY + floor(group.height * 0.00000 + 0.5)
        let ovalW = floor(group.width * 1.00000 + 0.5) - floor(group.width * 0.00000 + 0.5)
        let ovalH = floor(group.height * 1.00000 + 0.5) - floor(group.height * 0.00000 + 0.5)

        let ovalRect = Rect(x: ovalX, y: ovalY, width: ovalW, height: ovalH)

        let ovalPath = BezierPath(ovalIn: ovalRect)
        // (Added: the answer's first fix keeps the colour without showing where it is
        // drawn; it fills the circle, under the fill.)
        self._backgroundColor.setFill()
        ovalPath.fill()
        context?.saveGState()
        context?.setShadow(offset: shadowOffset, blur: shadowBlurRadius, color: shadowColor)
        fillColor.setFill()
        ovalPath.fill()
        context?.restoreGState()

        self.borderColor.setStroke()
        ovalPath.lineWidth = self.borderWidth
        ovalPath.stroke()

        if self.checked || self.filled {
            let bezierPath = BezierPath()

            let startX = group.minX + 0.27083 * group.width
            let startY = group.minY + 0.54167 * group.height
            let startPoint = Point(x: startX, y: startY)

            let midX = group.minX + 0.41667 * group.width
            let midY = group.minY + 0.68750 * group.height
            let midPoint = Point(x: midX, y: midY)

            let endX = group.minX + 0.75000 * group.width
            let endY = group.minY + 0.35417 * group.height
            let endPoint = Point(x: endX, y: endY)

            bezierPath.move(to: startPoint)
            bezierPath.addLine(to: midPoint)
            bezierPath.addLine(to: endPoint)
            bezierPath.lineCapStyle = .square

            // The answer's third fix: clear first, then stroke normally.
            bezierPath.lineWidth = self.checkmarkSize
            self.checkmarkColor.setStroke()

            context?.blendMode = .clear
            bezierPath.stroke()
            context?.blendMode = .normal
            bezierPath.stroke()
        }
    }

    private func currentFillColor() -> Color {
        if self.checked {
            return self.checkedFillColor
        } else if self.filled {
            return self.uncheckedFillColor
        } else {
            return Color.clear
        }
    }
}

@MainActor
@Suite struct CheckboxPortTests {
    func port(_ size: Size = Size(width: 40, height: 40), _ configure: @escaping (DocumentCheckbox) -> Void = { _ in }) -> () -> View {
        {
            let box = DocumentCheckbox(frame: Rect(origin: .zero, size: size))
            configure(box)
            return box
        }
    }

    @Test func everyCheckboxSpecimenIsThePort() throws {
        try expectSameAsSpecimen("checkbox-unchecked", port())
        try expectSameAsSpecimen("checkbox-checked", port { $0.checked = true })
        try expectSameAsSpecimen("checkbox-open-circle", port { $0.filled = false })
        try expectSameAsSpecimen("checkbox-background", port { $0.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.1) })
        try expectSameAsSpecimen("checkbox-wide-frame", port(Size(width: 80, height: 40)) { $0.checked = true })
        try expectSameAsSpecimen("checkbox-thick-border", port {
            $0.borderWidth = 8
            $0.checked = true
        })
        try expectSameAsSpecimen("checkbox-clear-checkmark", port {
            $0.checkmarkColor = .clear
            $0.checked = true
        })
    }

    @Test func aClickTogglesThePortAsTheDocumentSays() {
        let root = RootView(size: Size(width: 60, height: 60))
        let box = DocumentCheckbox(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        root.addSubview(box)
        for expected in [true, false] {
            root.handle(PointerEvent(.press, at: Point(x: 30, y: 30)))
            root.handle(PointerEvent(.release, at: Point(x: 30, y: 30)))
            #expect(box.checked == expected)
        }
    }
}
