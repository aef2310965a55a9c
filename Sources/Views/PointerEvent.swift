import Raster

/// Pointer input for a root view: a press, a move, a release, a cancellation or a wheel
/// step, in the root's points.
public struct PointerEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A button went down.
        case press
        /// The pointer moved (with or without a button down).
        case move
        /// A button went up.
        case release
        /// The system took the pointer away (a lost grab, the window unmapped).
        case cancel
        /// The wheel turned: `delta` in points, positive down and right.
        case scroll(delta: Point)
        /// The pointer left the root (its window): every hover ends.
        case exit
    }

    /// Keyboard modifiers held during the event: the keyboard's own flags.
    public typealias Modifiers = KeyModifierFlags

    /// What happened.
    public var kind: Kind
    /// Where, in the root's points.
    public var location: Point
    /// The button (1 left, 2 middle, 3 right); 0 for moves and scrolling.
    public var button: Int
    /// Modifiers held.
    public var modifiers: Modifiers
    /// When, in seconds of the source's clock.
    public var timestamp: Double

    /// Creates an event.
    public init(_ kind: Kind, at location: Point, button: Int = 1, modifiers: Modifiers = [], timestamp: Double = 0) {
        self.kind = kind
        self.location = location
        self.button = button
        self.modifiers = modifiers
        self.timestamp = timestamp
    }
}
