import Raster
import Views

/// What a node is in AT-SPI's terms: role, states, interfaces, and the numbers of the
/// `Value` interface, worked out from UIKit's accessibility values and, where traits do
/// not tell them apart (a switch from a checkbox, a slider from a stepper), the view's
/// kind.
@MainActor
extension AccessibilityNode {
    /// The node's role, worked out once per node (a node is the tree at one moment).
    var role: AtspiRole {
        if let known = annotation.flatMap(AtspiRole.init(rawValue:)) { return known }
        let r = computedRole
        annotation = r.rawValue
        return r
    }

    private var computedRole: AtspiRole {
        if parent == nil { return .frame }
        if case .element(let e) = subject, e.accessibilityContainer is SegmentedControl { return .pageTab }
        switch view {
        case let f as TextField: return f.isSecureTextEntry ? .passwordText : .entry
        case is Switch: return .toggleButton
        case is Checkbox: return .checkBox
        case is Slider: return .slider
        case is Stepper: return .spinButton
        case is ProgressView: return .progressBar
        case is PageControl: return .slider
        case is SegmentedControl: return .pageTabList
        case is ScrollView: return .scrollPane
        case is ActivityIndicatorView: return .animation
        default: break
        }
        let t = traits
        if !isElement { return .panel }
        if t.contains(.header) { return .heading }
        if t.contains(.updatesFrequently) && t.contains(.staticText) { return .statusBar }
        if t.contains(.link) { return .link }
        if t.contains(.toggleButton) { return .toggleButton }
        if t.contains(.button) { return .pushButton }
        if t.contains(.adjustable) { return .slider }
        if t.contains(.image) { return .image }
        if t.contains(.staticText) || view is Label { return .label }
        return label == nil ? .unknown : .label
    }

    /// The name read first: the label, and for the window its title.
    func name(windowTitle: String) -> String {
        parent == nil ? (label ?? windowTitle) : (label ?? "")
    }

    /// What is read after the name: the hint.
    var description: String { hint ?? "" }

    /// Whether the node is toggled on, for the roles that can be.
    var isChecked: Bool {
        switch view {
        case let s as Switch: s.isOn
        case let c as Checkbox: c.checked
        default: value == "1"
        }
    }

    func states(windowActive: Bool) -> AtspiStateSet {
        var s = AtspiStateSet()
        s.insert(.visible)
        let shown = visibleFrame
        if !shown.isNull && shown.width > 0 && shown.height > 0 { s.insert(.showing) }
        let t = traits
        if !t.contains(.notEnabled) {
            s.insert(.enabled)
            s.insert(.sensitive)
        }
        let role = self.role
        if parent == nil {
            s.insert(.showing)
            s.insert(.resizable)
            if windowActive { s.insert(.active) }
        }
        if let v = view, v.canBecomeFocused {
            s.insert(.focusable)
            if v.isFocused { s.insert(.focused) }
        }
        switch role {
        case .checkBox, .toggleButton:
            s.insert(.checkable)
            if isChecked { s.insert(.checked) }
        case .pageTab:
            s.insert(.selectable)
            if t.contains(.selected) { s.insert(.selected) }
        case .slider, .progressBar, .pageTabList:
            s.insert(.horizontal)
        default:
            if t.contains(.selected) { s.insert(.selected) }
        }
        if let c = view as? Control, c.isHighlighted, role == .pushButton { s.insert(.pressed) }
        if role == .progressBar { s.insert(.readOnly) }
        if let f = view as? TextField {
            s.insert(.singleLine)
            if f.isEnabled { s.insert(.editable) } else { s.insert(.readOnly) }
        }
        return s
    }

    /// Whether the node can be activated (`Action`).
    var isActionable: Bool {
        switch role {
        case .pushButton, .checkBox, .toggleButton, .pageTab, .link: true
        default: traits.contains(.button)
        }
    }

    /// The `Value` interface's numbers: minimum, maximum, step, current; nil for a node
    /// that has none.
    var range: (minimum: Double, maximum: Double, step: Double, current: Double)? {
        switch view {
        case let s as Slider: (Double(s.minimumValue), Double(s.maximumValue), 0, Double(s.value))
        case let s as Stepper: (s.minimumValue, s.maximumValue, s.stepValue, s.value)
        case let p as ProgressView: (0, 1, 0, Double(p.progress))
        case let p as PageControl: (0, Double(max(0, p.numberOfPages - 1)), 1, Double(p.currentPage))
        default: nil
        }
    }

    /// Sets the `Value` interface's current value, as the user would (sending
    /// `valueChanged`); false where it cannot be set.
    func setCurrentValue(_ x: Double) -> Bool {
        guard x.isFinite, !traits.contains(.notEnabled) else { return false }
        switch view {
        case let s as Slider:
            s.setValue(Float(x), animated: false)
            s.sendActions(for: .valueChanged)
        case let s as Stepper:
            s.value = x
            s.sendActions(for: .valueChanged)
        case let p as PageControl:
            p.currentPage = Int(x.rounded())
            p.sendActions(for: .valueChanged)
        default: return false
        }
        return true
    }

    /// The text of the `Text` interface, for labels and text fields (a secure field's
    /// bullets).
    var text: String? {
        if let f = view as? TextField { return f.isSecureTextEntry ? f.accessibilityValue : f.text }
        return (view as? Label)?.text
    }

    /// The interfaces the node serves besides `Accessible`.
    var interfaces: [String] {
        var list = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
        if isActionable || range?.step ?? 0 > 0 { list.append("org.a11y.atspi.Action") }
        if range != nil { list.append("org.a11y.atspi.Value") }
        if text != nil { list.append("org.a11y.atspi.Text") }
        if view is TextField { list.append("org.a11y.atspi.EditableText") }
        if view is SegmentedControl { list.append("org.a11y.atspi.Selection") }
        return list
    }

    /// The actions of the `Action` interface: name and description.
    var actions: [(name: String, description: String)] {
        var list: [(String, String)] = []
        if isActionable {
            switch role {
            case .checkBox, .toggleButton: list.append(("toggle", "Turns it on or off"))
            case .pageTab: list.append(("click", "Selects the segment"))
            default: list.append(("click", "Activates it"))
            }
        }
        if let r = range, r.step > 0 || view is Slider {
            list.append(("increment", "Raises the value a step"))
            list.append(("decrement", "Lowers the value a step"))
        }
        return list
    }

    /// Does action `index`; false when there is no such action or it did nothing.
    func doAction(_ index: Int) -> Bool {
        let list = actions
        guard list.indices.contains(index) else { return false }
        switch list[index].name {
        case "increment":
            increment()
            return true
        case "decrement":
            decrement()
            return true
        default:
            return activate()
        }
    }

    /// The attributes of `GetAttributes`: `id` from the identifier, and a live region's
    /// politeness.
    var attributes: [(String, String)] {
        var list: [(String, String)] = [("toolkit", "Vitrine")]
        if let id = identifier { list.append(("id", id)) }
        if role == .statusBar {
            list.append(("live", "polite"))
            list.append(("container-live", "polite"))
        }
        return list
    }
}
