/// One key press, from the key going down to its release or cancellation (`UIPress`).
///
/// A key held long enough repeats, as the server's autorepeat says: each repeat reaches
/// the responder that took the press as `pressesChanged`, with `isRepeat` true (UIKit
/// has no such flag; Vitrine adds it).
@MainActor
public final class Press: Hashable {
    /// Where the press is in its life (`UIPress.Phase`).
    public enum Phase: Sendable, Equatable {
        /// The key went down.
        case began
        /// The key repeats while held.
        case changed
        /// The key went up.
        case ended
        /// The press was taken away: the window lost the keyboard focus.
        case cancelled
    }

    /// The key (`key`).
    public let key: Key
    /// Where the press is in its life.
    public internal(set) var phase: Phase = .began
    /// When the latest event of the press happened, in seconds of the event source's clock.
    public internal(set) var timestamp: Double
    /// Whether the latest event is an autorepeat of the held key rather than its first press.
    public internal(set) var isRepeat = false
    /// The responder the press was delivered to first: it gets the whole press.
    weak var responder: Responder?

    init(key: Key, timestamp: Double) {
        self.key = key
        self.timestamp = timestamp
    }

    /// Whether `a` and `b` are the same press (identity, as UIKit's are objects).
    nonisolated public static func == (a: Press, b: Press) -> Bool { a === b }
    /// Hashes the press's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The key presses of one event (`UIPressesEvent`).
@MainActor
public struct PressesEvent {
    /// Every press going on, the event's own among them (`allPresses`).
    public let allPresses: Set<Press>
    /// When the event happened, in seconds of the event source's clock.
    public let timestamp: Double
}
