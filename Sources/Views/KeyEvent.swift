/// Keyboard input for a root view: a key going down, repeating while held, or going up.
public struct KeyEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The key went down.
        case down
        /// The held key repeated (the system's autorepeat).
        case `repeat`
        /// The key went up.
        case up
    }

    /// What happened.
    public var kind: Kind
    /// The key.
    public var key: Key
    /// When, in seconds of the source's clock.
    public var timestamp: Double

    /// Creates an event.
    public init(_ kind: Kind, key: Key, timestamp: Double = 0) {
        self.kind = kind
        self.key = key
        self.timestamp = timestamp
    }
}
