import Raster

/// Recognizes a press held still (`UILongPressGestureRecognizer`): it begins once the
/// press has lasted `minimumPressDuration` without moving more than `allowableMovement`,
/// changes as the pointer then moves, and ends on release. The time is the animation
/// clock's.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the press must last (`minimumPressDuration`); default 0.5 s.
    public var minimumPressDuration = 0.5
    /// How far the press may move before it begins (`allowableMovement`); default 10.
    public var allowableMovement = 10.0

    private var start = Point(x: 0, y: 0)
    private var timer: GestureTimer?

    override open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        start = touch.rootLocation
        rootLocation = start
        timer?.cancel()
        timer = GestureTimer(after: minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.move(to: .began, at: self.rootLocation)
        }
    }

    override open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        let p = touch.rootLocation
        switch state {
        case .possible:
            rootLocation = p
            let dx = p.x - start.x
            let dy = p.y - start.y
            if (dx * dx + dy * dy).squareRoot() > allowableMovement {
                timer?.cancel()
                fail()
            }
        case .began, .changed:
            move(to: .changed, at: p)
        default:
            break
        }
    }

    override open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        timer?.cancel()
        rootLocation = touch.rootLocation
        if state == .began || state == .changed { finish(.ended) } else { fail() }
    }

    override open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        timer?.cancel()
        super.touchesCancelled(touches, with: event)
    }

    override open func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
    }
}
