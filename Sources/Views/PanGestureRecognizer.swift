import Raster

/// Recognizes a drag (`UIPanGestureRecognizer`): it begins once the pointer has moved 10
/// points from the press, changes as it moves, and ends on release.
/// `translation(in:)` is measured from the press, so it is 10 points or more when the
/// gesture begins.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// How far the pointer moves before the pan begins.
    nonisolated public static let hysteresis = 10.0

    /// The fewest touches (`minimumNumberOfTouches`): a pointer has one; default 1.
    public var minimumNumberOfTouches = 1
    /// The most touches (`maximumNumberOfTouches`).
    public var maximumNumberOfTouches = Int.max

    /// Where the translation is measured from, in the root's points.
    private var origin = Point(x: 0, y: 0)
    /// Recent positions with their times, for the velocity.
    private var samples: [(time: Double, point: Point)] = []

    override open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        origin = touch.rootLocation
        samples = [(touch.timestamp, touch.rootLocation)]
    }

    override open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        let p = touch.rootLocation
        samples.append((touch.timestamp, p))
        samples.removeAll { touch.timestamp - $0.time > 0.1 }
        switch state {
        case .possible:
            let dx = p.x - origin.x
            let dy = p.y - origin.y
            if (dx * dx + dy * dy).squareRoot() >= PanGestureRecognizer.hysteresis { move(to: .began, at: p) }
        case .began, .changed:
            move(to: .changed, at: p)
        default:
            break
        }
    }

    override open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        rootLocation = touch.rootLocation
        if state == .began || state == .changed { finish(.ended) } else { fail() }
    }

    /// How far the pointer has moved since the press (or since `setTranslation`), in a
    /// view's coordinates, or the root's for nil (`translation(in:)`).
    public func translation(in view: View?) -> Point {
        guard let view else { return Point(x: rootLocation.x - origin.x, y: rootLocation.y - origin.y) }
        let a = view.convert(origin, from: nil)
        let b = view.convert(rootLocation, from: nil)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }

    /// Makes the translation read `translation` from now (`setTranslation(_:in:)`).
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let view else {
            origin = Point(x: rootLocation.x - translation.x, y: rootLocation.y - translation.y)
            return
        }
        let here = view.convert(rootLocation, from: nil)
        origin = view.convert(Point(x: here.x - translation.x, y: here.y - translation.y), to: nil)
    }

    /// The pointer's speed over the last tenth of a second, in points a second, in a
    /// view's coordinates (`velocity(in:)`); zero without two samples apart in time.
    public func velocity(in view: View?) -> Point {
        guard let a = samples.first, let b = samples.last, b.time > a.time else { return Point(x: 0, y: 0) }
        let pa = view?.convert(a.point, from: nil) ?? a.point
        let pb = view?.convert(b.point, from: nil) ?? b.point
        let dt = b.time - a.time
        return Point(x: (pb.x - pa.x) / dt, y: (pb.y - pa.y) / dt)
    }

    override open func reset() {
        super.reset()
        samples = []
    }
}
