import Raster

/// Recognizes one click, or several in quick succession (`UITapGestureRecognizer`): the
/// press must not move more than 10 points, and each further click must begin within the
/// desktop's double-click interval after the last release, and within its distance of
/// the first click. A recognizer that needs more clicks fails when the interval passes
/// without one.
///
/// UIKit's double-tap interval is its own; on a desktop it is the desktop's double-click
/// interval and distance, which the root view holds (`RootView.doubleClickInterval`):
/// 400 ms and 5 points unless the window read the desktop's settings.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// The double-click interval, in seconds, and its distance, in points, where the
    /// desktop says nothing.
    nonisolated public static let defaultDoubleClickInterval = 0.4, defaultDoubleClickDistance = 5.0
    /// How far a press may move and still be a click.
    nonisolated public static let allowableMovement = 10.0

    /// How many clicks make the gesture (`numberOfTapsRequired`); default 1.
    public var numberOfTapsRequired = 1
    /// How many touches (`numberOfTouchesRequired`): a pointer has one; default 1.
    public var numberOfTouchesRequired = 1

    private var taps = 0
    private var first: Point?
    private var pressedAt = Point(x: 0, y: 0)
    private var timer: GestureTimer?

    override open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        timer?.cancel()
        timer = nil
        let p = touch.rootLocation
        let reach = view?.root?.doubleClickDistance ?? TapGestureRecognizer.defaultDoubleClickDistance
        if let first, taps > 0, distance(p, first) > reach { return fail() }
        if first == nil { first = p }
        pressedAt = p
    }

    override open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        if distance(touch.rootLocation, pressedAt) > TapGestureRecognizer.allowableMovement { fail() }
    }

    override open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        guard state == .possible else { return }
        taps += 1
        if taps >= max(1, numberOfTapsRequired) {
            move(to: .recognized, at: touch.rootLocation)
        } else {
            let interval = view?.root?.doubleClickInterval ?? TapGestureRecognizer.defaultDoubleClickInterval
            timer = GestureTimer(after: interval) { [weak self] in self?.fail() }
        }
    }

    override open func reset() {
        super.reset()
        taps = 0
        first = nil
        timer?.cancel()
        timer = nil
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
