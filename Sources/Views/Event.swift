/// An input event delivered with touches (`UIEvent`): its kind, when it happened, and the
/// touches it carries.
///
/// A pointer gives one touch at a time, so `allTouches` holds the one touch of the press.
@MainActor
public final class Event {
    /// What kind of input (`UIEvent.EventType`).
    public enum EventType: Sendable, Equatable {
        /// Touches: the pointer's presses (`touches`).
        case touches
        /// Key presses (`presses`).
        case presses
        /// The wheel and hovering (`scroll`, `hover`).
        case hover
    }

    /// The kind of input (`type`).
    public let type: EventType
    /// When it happened, in seconds of the event source's clock (`timestamp`).
    public let timestamp: Double
    /// The touches of the event (`allTouches`).
    public let allTouches: Set<Touch>?

    init(type: EventType, timestamp: Double, touches: Set<Touch>?) {
        self.type = type
        self.timestamp = timestamp
        self.allTouches = touches
    }

    /// The event of one touch at its latest timestamp.
    convenience init(touch: Touch) {
        self.init(type: .touches, timestamp: touch.timestamp, touches: [touch])
    }

    /// The touches of the event that began on `view` (`touches(for:)`).
    public func touches(for view: View) -> Set<Touch>? { allTouches?.filter { $0.view === view } }
}
