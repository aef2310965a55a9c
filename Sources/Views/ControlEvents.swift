/// What a control reports (`UIControl.Event`, once `UIControlEvents`).
///
/// Vitrine names it `ControlEvents`, not `Control.Event`: a type `Event` nested in
/// `Control` would hide `Event` (`UIEvent`) inside every control subclass, whose touch
/// methods take one, and code from iOS names `UIEvent` there far more often than
/// `UIControl.Event`, which it mostly leaves to `.valueChanged` and the like.
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The set's bits.
    public let rawValue: UInt
    /// Creates events from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A press began on the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// The pointer moved while inside.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// The pointer moved while outside.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// The pointer came back inside.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// The pointer went outside.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// Released inside.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// Released outside.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The press was cancelled.
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The value changed from user input.
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's primary action happened (a button's tap).
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A text field began editing (became first responder).
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A text field's text changed by editing.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field ended editing (resigned first responder).
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// A text field's editing ended with Return.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)
    /// Every editing event.
    public static let allEditingEvents = ControlEvents(rawValue: 0x000f_0000)
    /// Every touch event.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0fff)
    /// Every event.
    public static let allEvents = ControlEvents(rawValue: 0xffff_ffff)

    static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"), (.touchUpInside, "touchUpInside"),
        (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"), (.editingDidBegin, "editingDidBegin"),
        (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
        (.editingDidEndOnExit, "editingDidEndOnExit")
    ]

    /// The value written out, for messages and debugging.
    public var description: String {
        let n = ControlEvents.names.filter { contains($0.0) }.map(\.1)
        return n.isEmpty ? "ControlEvents(\(rawValue))" : n.joined(separator: "|")
    }
}
