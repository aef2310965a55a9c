import Raster

/// Recognizes a quick straight drag in a direction (`UISwipeGestureRecognizer`): 50
/// points along a permitted direction, within half a second of the press, straying less
/// than half as far across it (Vitrine's reading of UIKit's thresholds).
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may go (`UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt
        /// Directions from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Toward the right.
        public static let right = Direction(rawValue: 1)
        /// Toward the left.
        public static let left = Direction(rawValue: 2)
        /// Upward.
        public static let up = Direction(rawValue: 4)
        /// Downward.
        public static let down = Direction(rawValue: 8)
    }

    /// How far, and within how long.
    nonisolated public static let minimumDistance = 50.0, maximumDuration = 0.5

    /// The permitted directions (`direction`); default right.
    public var direction: Direction = .right

    private var start = Point(x: 0, y: 0)
    private var startTime = 0.0

    override open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        start = touch.rootLocation
        startTime = touch.timestamp
    }

    override open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        guard state == .possible else { return }
        if touch.timestamp - startTime > SwipeGestureRecognizer.maximumDuration { return fail() }
        let dx = touch.rootLocation.x - start.x
        let dy = touch.rootLocation.y - start.y
        let went: Direction? =
            abs(dx) >= SwipeGestureRecognizer.minimumDistance && abs(dy) < abs(dx) / 2
            ? (dx > 0 ? .right : .left)
            : abs(dy) >= SwipeGestureRecognizer.minimumDistance && abs(dx) < abs(dy) / 2 ? (dy > 0 ? .down : .up) : nil
        if let went {
            if direction.contains(went) { move(to: .recognized, at: touch.rootLocation) } else { fail() }
        }
    }

    override open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { fail() }
    }
}
