/// The AT-SPI states Vitrine's nodes report (`AtspiStateType`), numbered as at-spi2-core
/// numbers them: bit n of the two 32-bit words `GetState` answers.
enum AtspiState: Int, CaseIterable {
    case active = 1
    case checked = 4
    case editable = 7
    case enabled = 8
    case focusable = 11
    case focused = 12
    case horizontal = 14
    case pressed = 20
    case resizable = 21
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case showing = 25
    case singleLine = 26
    case visible = 30
    case checkable = 41
    case readOnly = 43

    /// The name `Object:StateChanged` events give the state (its detail).
    var eventName: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .horizontal: "horizontal"
        case .pressed: "pressed"
        case .resizable: "resizable"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .singleLine: "single-line"
        case .visible: "visible"
        case .checkable: "checkable"
        case .readOnly: "read-only"
        }
    }
}

/// A set of AT-SPI states, as the 64 bits `GetState` sends in two words.
struct AtspiStateSet: Equatable {
    var bits: UInt64 = 0

    mutating func insert(_ s: AtspiState) { bits |= 1 << UInt64(s.rawValue) }
    func contains(_ s: AtspiState) -> Bool { bits & (1 << UInt64(s.rawValue)) != 0 }

    /// The two words of `GetState`'s `au`.
    var words: [UInt32] { [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)] }

    /// The states in one set and not the other, each with whether it is now set.
    func changes(from old: AtspiStateSet) -> [(AtspiState, Bool)] {
        AtspiState.allCases.compactMap { s in
            contains(s) == old.contains(s) ? nil : (s, contains(s))
        }
    }
}
