import Layers
import Raster

/// Something that watches the pointer reaching a view and its subviews and reports a
/// gesture (`UIGestureRecognizer`), with UIKit's state machine: a discrete recognizer
/// (tap, swipe) goes from `possible` to `recognized` or `failed`; a continuous one (pan,
/// long press) from `possible` to `began`, `changed`..., then `ended` or `cancelled`.
///
/// Recognizers see a touch before the view it began on. Only one recognizes at a time
/// unless the delegate lets two (`shouldRecognizeSimultaneouslyWith`); one that must
/// wait for another to fail (`require(toFail:)`) recognizes only then. When one begins
/// and `cancelsTouchesInView` (the default), the view's own touch is cancelled. A
/// control keeps its press against recognizers of the views above it, as UIKit's
/// controls do for their own gestures: a tap recognizer on a view does not swallow a
/// button's click inside it, and a pan does not steal a slider's drag.
///
/// A subclass overrides `touchesBegan(_:with:)` and the rest and sets `state`, as a
/// `UIGestureRecognizer` subclass does.
///
/// At each phase it sends its targets their actions (`init(target:action:)`,
/// `addTarget(_:action:)`), as UIKit does; a target is an `ActionTarget` and the action
/// a `Selector` naming the method, since Swift on Linux has no Objective-C runtime to
/// send one. Closures (`init(handler:)`, `addTarget(_:)`) work the same way.
@MainActor
open class GestureRecognizer {
    /// The phases of a gesture (`UIGestureRecognizer.State`).
    public enum State: Sendable, Equatable {
        /// Nothing recognized yet.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture went on.
        case changed
        /// The gesture finished: `recognized`, for a discrete one.
        case ended
        /// The gesture was called off.
        case cancelled
        /// The input is not this gesture.
        case failed

        /// A discrete gesture was recognized (`recognized`, the same as `ended`).
        public static var recognized: State { .ended }
    }

    /// The phase reached last (`state`). A subclass moves it as UIKit's do: setting
    /// `.began`, `.changed` or `.ended` (`.recognized`) goes through the state machine
    /// (arbitration with other recognizers, failure requirements, then the actions),
    /// `.cancelled` cancels a gesture under way, `.failed` fails, `.possible` resets.
    public var state: State {
        get { phase }
        set {
            switch newValue {
            case .began: move(to: .began, at: rootLocation)
            case .changed: if phase == .began || phase == .changed { move(to: .changed, at: rootLocation) }
            case .ended:
                if phase == .began || phase == .changed { finish(.ended) } else { move(to: .ended, at: rootLocation) }
            case .cancelled: finish(.cancelled)
            case .failed: fail()
            case .possible: reset()
            }
        }
    }
    /// The state itself, as the machine below moves it.
    var phase: State = .possible
    /// The view the recognizer is attached to (`view`).
    public internal(set) weak var view: View?
    /// Whether it takes input (`isEnabled`); turning it off mid-gesture cancels it.
    public var isEnabled = true {
        didSet { if !isEnabled && (state == .began || state == .changed) { finish(.cancelled) } }
    }
    /// Whether the view's own touch is cancelled when the gesture is recognized
    /// (`cancelsTouchesInView`); default true.
    public var cancelsTouchesInView = true
    /// Whether the view sees the press only once this recognizer has failed
    /// (`delaysTouchesBegan`); default false. If it recognizes, the view never sees it.
    public var delaysTouchesBegan = false
    /// Asks about beginning, receiving and recognizing with others (`delegate`).
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// Where the pointer was at the latest report, in the root's points.
    var rootLocation = Point(x: 0, y: 0)
    private var handlers: [(GestureRecognizer) -> Void] = []
    /// Targets and their actions, held weakly, in the order added.
    private var targets: [(target: WeakTarget, action: Selector)] = []
    /// The recognizers that must fail before this one recognizes.
    private var failureRequirements: [Weak] = []
    /// Recognized while a requirement was still undecided: reported once it fails.
    var waitingToRecognize: State?

    /// Makes a recognizer that calls `handler` with itself at each phase (UIKit's
    /// `init(target:action:)`).
    public init(handler: @escaping (GestureRecognizer) -> Void) {
        handlers = [handler]
    }

    /// Makes a recognizer with no handler yet.
    public init() {}

    /// Makes a recognizer that sends `action` to `target` at each phase
    /// (`init(target:action:)`); nil for either adds nothing yet.
    public convenience init(target: ActionTarget?, action: Selector?) {
        self.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// Adds a closure called at each phase (`addTarget(_:action:)` with a closure).
    public func addTarget(_ handler: @escaping (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Adds a target and action (`addTarget(_:action:)`): the target is held weakly, and
    /// the same pair added twice is sent once.
    public func addTarget(_ target: ActionTarget, action: Selector) {
        let id = ObjectIdentifier(target)
        guard !targets.contains(where: { $0.target.identity == id && $0.target.object != nil && $0.action == action })
        else { return }
        targets.append((WeakTarget(target), action))
    }

    /// Removes a target's action (`removeTarget(_:action:)`): nil for the target means
    /// every target, nil for the action every action of the target.
    public func removeTarget(_ target: ActionTarget?, action: Selector?) {
        let id = target.map { ObjectIdentifier($0) }
        targets.removeAll { entry in
            (id == nil || entry.target.identity == id) && (action == nil || entry.action == action)
        }
    }

    /// Calls the closures and sends the targets their actions, in the order added.
    private func sendActions() {
        for h in handlers { h(self) }
        targets.removeAll { $0.target.object == nil }
        for entry in targets { entry.target.object?.perform(entry.action, sender: self) }
    }

    /// Makes this recognizer wait until `other` fails, and fail if it recognizes
    /// (`require(toFail:)`): a single tap that waits for a double tap.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(Weak(other))
    }

    /// Where the pointer was at the latest report, in a view's coordinates, or in the
    /// root's for nil (`location(in:)`).
    public func location(in view: View?) -> Point {
        guard let view else { return rootLocation }
        return view.convert(rootLocation, from: nil)
    }

    /// Goes back to `possible`, forgetting the gesture (`reset()`); subclasses forget
    /// their own state and call this.
    open func reset() {
        phase = .possible
        waitingToRecognize = nil
    }

    // MARK: What subclasses see, as UIKit's recognizers see it

    /// A press began on the view or a subview (`touchesBegan(_:with:)`): one touch, the
    /// pointer's.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// The press moved (`touchesMoved(_:with:)`).
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// The press ended (`touchesEnded(_:with:)`).
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// The press was cancelled (`touchesCancelled(_:with:)`): a gesture under way is
    /// cancelled, one not yet recognized fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .began || state == .changed { finish(.cancelled) } else if state == .possible { fail() }
    }

    // MARK: Moving through the states

    /// Reports `.began`, `.changed`, `.ended` (recognized) or `.cancelled`, asking the
    /// root to arbitrate with the other recognizers first when the gesture starts.
    func move(to next: State, at location: Point) {
        rootLocation = location
        if state == .possible && (next == .began || next == .ended) {
            guard let root = view?.root ?? nil, root.gestureMayBegin(self) else { return fail() }
            if failureRequirements.contains(where: { $0.value?.state == .possible }) {
                waitingToRecognize = next
                return
            }
            if failureRequirements.contains(where: {
                ($0.value?.state).map { $0 == .began || $0 == .changed || $0 == .ended } ?? false
            }) {
                return fail()
            }
            phase = next
            root.gestureDidBegin(self)
        } else {
            phase = next
        }
        sendActions()
    }

    /// Ends a begun gesture as `.ended` or `.cancelled`.
    func finish(_ end: State) {
        guard state == .began || state == .changed else { return }
        phase = end
        sendActions()
    }

    /// Fails: the input is not this gesture. Recognizers waiting for this one to fail
    /// recognize now.
    func fail() {
        guard state == .possible else { return }
        phase = .failed
        waitingToRecognize = nil
        view?.root?.gestureDidFail(self)
    }

    /// A requirement of this one failed: recognize if that was the last.
    func requirementFailed() {
        guard let next = waitingToRecognize, state == .possible,
            !failureRequirements.contains(where: { $0.value?.state == .possible })
        else { return }
        waitingToRecognize = nil
        move(to: next, at: rootLocation)
    }

    /// Whether `other` is one this recognizer waits for.
    func requires(_ other: GestureRecognizer) -> Bool { failureRequirements.contains { $0.value === other } }

    /// Reports a hover phase (the hover recognizer's path, outside the touch machinery).
    func report(_ state: State, at location: Point) {
        phase = state
        rootLocation = location
        sendActions()
    }
}

/// A reference that does not keep its recognizer.
private struct Weak {
    weak var value: GestureRecognizer?
    init(_ value: GestureRecognizer) { self.value = value }
}

/// Answers a recognizer's questions (`UIGestureRecognizerDelegate`); every method has a
/// default.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible` (`gestureRecognizerShouldBegin(_:)`).
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether two may recognize at once
    /// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer)
        -> Bool
    /// Whether the recognizer sees a touch at all (`gestureRecognizer(_:shouldReceive:)`).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
    /// By default a recognizer may begin.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// By default two recognizers do not recognize at once.
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        false
    }
    /// By default a recognizer sees every touch that reaches its view.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
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
            recognizer.report(
                recognizer is HoverGestureRecognizer ? .ended : .cancelled,
                at: r.pointerLocation ?? recognizer.rootLocation)
        }
        recognizer.view = nil
        gestureRecognizers.removeAll { $0 === recognizer }
    }

    /// The hover recognizers that report.
    var hoverRecognizers: [HoverGestureRecognizer] {
        gestureRecognizers.compactMap { $0 as? HoverGestureRecognizer }.filter(\.isEnabled)
    }
}
