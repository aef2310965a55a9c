/// What an accessibility element is and how it behaves (`UIAccessibilityTraits`): an
/// assistive technology reads them to say what a control is and what it can do.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: UInt64
    /// Creates the set from its bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No trait: a plain element.
    public static let none: AccessibilityTraits = []
    /// Acts when activated, as a button does.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Selected now (a segment, a tab).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Plays a sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// A key of a keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Sums up the screen when it appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// Disabled: it does not respond now.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Its label or value changes often (a progress bar).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// A search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts a media session when activated.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Takes `accessibilityIncrement()` and `accessibilityDecrement()` (a slider).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when reading reaches its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// A heading of a part of the screen.
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// A tab bar.
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 17)
    /// Turns on and off when activated (a switch, a checkbox).
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 18)
}
