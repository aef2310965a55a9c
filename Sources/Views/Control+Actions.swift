/// The name of an action method, as UIKit's selectors name them.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name.
    public let name: String
    /// Creates a selector from a name.
    public init(_ name: String) { self.name = name }
    /// Creates a selector from a string literal.
    public init(stringLiteral value: String) { name = value }
}

/// An object that receives target-action messages: the Swift stand-in for an
/// Objective-C target, dispatching on the selector itself. Controls send the first
/// method, gesture recognizers the second; each does nothing unless implemented.
@MainActor
public protocol ActionTarget: AnyObject {
    /// Performs the action named by `action`, sent by `sender` for `event`.
    func perform(_ action: Selector, sender: Control, event: ControlEvents)
    /// Performs the action named by `action`, sent by a gesture recognizer at a phase.
    func perform(_ action: Selector, sender: GestureRecognizer)
}

extension ActionTarget {
    /// Does nothing: a target of gesture recognizers only.
    public func perform(_ action: Selector, sender: Control, event: ControlEvents) {}
    /// Does nothing: a target of controls only.
    public func perform(_ action: Selector, sender: GestureRecognizer) {}
}

/// A registration of a target and action, or of a closure, for some events.
struct ActionEntry {
    enum Handler {
        case target(weak: WeakTarget, action: Selector)
        case closure(id: Int, (Control, ControlEvents) -> Void)
    }

    var events: ControlEvents
    let handler: Handler
}

/// A weakly held target.
@MainActor
final class WeakTarget {
    weak var object: ActionTarget?
    let identity: ObjectIdentifier

    init(_ object: ActionTarget) {
        self.object = object
        identity = ObjectIdentifier(object)
    }
}

/// Identifies a closure added with `addAction(for:_:)`, to remove it.
public struct ActionIdentifier: Hashable, Sendable {
    let value: Int
}

extension Control {
    /// Adds a target and action for events (`addTarget(_:action:for:)`): the target is
    /// held weakly; adding the same target and action again adds the events to the
    /// existing entry, keeping its place in the order.
    public func addTarget(_ target: ActionTarget, action: Selector, for events: ControlEvents) {
        let id = ObjectIdentifier(target)
        for i in actionEntries.indices {
            if case .target(let weak, let a) = actionEntries[i].handler, weak.identity == id, weak.object != nil,
                a == action
            {
                actionEntries[i].events.formUnion(events)
                return
            }
        }
        actionEntries.append(ActionEntry(events: events, handler: .target(weak: WeakTarget(target), action: action)))
    }

    /// Removes events from a target's action, or all of its actions when `action` is nil
    /// (`removeTarget(_:action:for:)`).
    public func removeTarget(_ target: ActionTarget, action: Selector?, for events: ControlEvents) {
        let id = ObjectIdentifier(target)
        for i in actionEntries.indices.reversed() {
            if case .target(let weak, let a) = actionEntries[i].handler, weak.identity == id,
                action == nil || a == action
            {
                actionEntries[i].events.subtract(events)
                if actionEntries[i].events.isEmpty { actionEntries.remove(at: i) }
            }
        }
    }

    /// Registers a closure for events; `addAction(for:_:)` is the public form.
    func appendAction(for events: ControlEvents, _ handler: @escaping (Control, ControlEvents) -> Void)
        -> ActionIdentifier
    {
        let id = makeActionID()
        actionEntries.append(ActionEntry(events: events, handler: .closure(id: id, handler)))
        return ActionIdentifier(value: id)
    }

    /// Removes a closure added with `addAction(for:_:)`.
    public func removeAction(_ identifier: ActionIdentifier) {
        actionEntries.removeAll {
            if case .closure(let id, _) = $0.handler { return id == identifier.value }
            return false
        }
    }

    /// Sends the actions registered for any of `events`, in the order they were added,
    /// one event at a time in the order of the bits (`sendActions(for:)`).
    public func sendActions(for events: ControlEvents) {
        for (event, _) in ControlEvents.names where events.contains(event) {
            for entry in actionEntries where entry.events.contains(event) {
                switch entry.handler {
                case .target(let weak, let action):
                    weak.object?.perform(action, sender: self, event: event)
                case .closure(_, let handler):
                    handler(self, event)
                }
            }
        }
    }
}

/// What gives every control an `addAction(for:_:)` whose closure receives the control
/// typed as its own class.
@MainActor
public protocol ActionSender: AnyObject {}

extension Control: ActionSender {}

extension ActionSender where Self: Control {
    /// Adds a closure run for events, the Swift form of target-action
    /// (`addAction(_:for:)` with a `UIAction`, whose handler reads `action.sender`). The
    /// closure receives the control typed as its own class (a `Checkbox` for a
    /// checkbox), so it need not capture the control and make a retain cycle.
    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping (Self, ControlEvents) -> Void)
        -> ActionIdentifier
    {
        appendAction(for: events) { sender, event in
            // The sender is this control: the entry is only ever sent by its owner.
            guard let typed = sender as? Self else { return }
            handler(typed, event)
        }
    }
}
