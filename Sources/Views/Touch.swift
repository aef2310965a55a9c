import Raster

/// One pointer press, from press to release or cancellation (`UITouch`). Touches are
/// equal only to themselves, so that they go in sets as UIKit hands them over.
@MainActor
public final class Touch: Hashable {
    /// Whether `a` and `b` are the same touch (identity, as UIKit's are objects).
    nonisolated public static func == (a: Touch, b: Touch) -> Bool { a === b }
    /// Hashes the touch's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The view the press began on, which receives all of the touch.
    public let view: View
    /// Where the pointer is, in the root's coordinates.
    public internal(set) var rootLocation: Point
    /// Where the pointer was at the previous event, in the root's coordinates.
    public internal(set) var previousRootLocation: Point
    /// When the latest event happened, in seconds of the event source's clock.
    public internal(set) var timestamp: Double
    /// The button that pressed (1 left, 2 middle, 3 right).
    public let button: Int
    /// The keyboard modifiers held at the latest event.
    public internal(set) var modifiers: PointerEvent.Modifiers

    init(view: View, location: Point, timestamp: Double, button: Int, modifiers: PointerEvent.Modifiers) {
        self.view = view
        rootLocation = location
        previousRootLocation = location
        self.timestamp = timestamp
        self.button = button
        self.modifiers = modifiers
    }

    /// The location in a view's coordinates (`location(in:)`).
    public func location(in view: View?) -> Point {
        guard let view else { return rootLocation }
        return view.convert(rootLocation, from: nil)
    }

    /// The button as a mask (`UIEvent.ButtonMask` numbering): the left button is
    /// `.primary`, the right `.secondary`, the middle `.button(3)`.
    public var buttonMask: ButtonMask {
        switch button {
        case 1: return .primary
        case 3: return .secondary
        case 2: return .button(3)
        default: return .button(button)
        }
    }

    /// The previous location in a view's coordinates (`previousLocation(in:)`).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousRootLocation }
        return view.convert(previousRootLocation, from: nil)
    }
}
