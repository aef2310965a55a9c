import Raster

/// Something that watches the input reaching a view and reports what it sees in phases
/// (`UIGestureRecognizer`). Vitrine has one kind so far, `HoverGestureRecognizer`, and
/// calls a closure where UIKit calls a target's action.
@MainActor
open class GestureRecognizer {
    /// The phases of a gesture (`UIGestureRecognizer.State`).
    public enum State: Sendable, Equatable {
        /// Nothing seen yet.
        case possible
        /// The gesture started.
        case began
        /// The gesture went on.
        case changed
        /// The gesture finished.
        case ended
        /// The gesture was called off.
        case cancelled
    }

    /// The phase reported last (`state`).
    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to (`view`).
    public internal(set) weak var view: View?
    /// Whether it reports anything (`isEnabled`).
    public var isEnabled = true
    /// Where the pointer was at the latest report, in the root's points.
    var rootLocation = Point(x: 0, y: 0)
    private let handler: (GestureRecognizer) -> Void

    /// Makes a recognizer that calls `handler` with itself at each phase (UIKit's
    /// `init(target:action:)`).
    public init(handler: @escaping (GestureRecognizer) -> Void) {
        self.handler = handler
    }

    /// Where the pointer was at the latest report, in a view's coordinates, or in the
    /// root's for nil (`location(in:)`).
    public func location(in view: View?) -> Point {
        guard let view else { return rootLocation }
        return view.convert(rootLocation, from: nil)
    }

    func report(_ state: State, at location: Point) {
        self.state = state
        rootLocation = location
        handler(self)
    }
}

/// Reports the pointer over a view while no button is held (`UIHoverGestureRecognizer`):
/// `.began` when it comes over the view (or a subview), `.changed` as it moves, `.ended`
/// when it leaves the view or the window, or when a press begins a touch elsewhere.
@MainActor
public final class HoverGestureRecognizer: GestureRecognizer {}

extension View {
    /// Attaches a recognizer (`addGestureRecognizer(_:)`).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Detaches a recognizer (`removeGestureRecognizer(_:)`).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        if recognizer.state == .began || recognizer.state == .changed, let r = root {
            recognizer.report(.ended, at: r.pointerLocation ?? recognizer.rootLocation)
        }
        recognizer.view = nil
        gestureRecognizers.removeAll { $0 === recognizer }
    }

    /// The hover recognizers that report.
    var hoverRecognizers: [HoverGestureRecognizer] {
        gestureRecognizers.compactMap { $0 as? HoverGestureRecognizer }.filter(\.isEnabled)
    }
}
