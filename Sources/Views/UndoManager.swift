/// A record of changes that can be undone and redone (`UndoManager`): each change
/// registers the closure that reverts it; undoing runs the closures of the last group and
/// records what they register as the group to redo.
///
/// Foundation's `UndoManager` is not in swift-corelibs-foundation; this one has its API
/// for closures. With `groupsByEvent` (the default) the changes made while one event is
/// handled form one group: the root view ends the group after each event it handles, as
/// UIKit's run loop does after each turn. A target is held weakly: the actions of a
/// target that has gone do nothing.
@MainActor
open class UndoManager {
    /// One registered action: what to run, on a target held weakly.
    private struct Action {
        let run: () -> Bool
        let target: ObjectIdentifier
    }

    /// A group of actions, undone together, and its name.
    private struct Group {
        var actions: [Action] = []
        var name = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The groups being built, innermost last.
    private var open: [Group] = []
    /// Whether the outermost open group was opened by the event grouping.
    private var openedByEvent = false
    private var disabled = 0

    /// Makes an empty undo manager.
    public init() {}

    /// Whether the changes of each event are grouped on their own (`groupsByEvent`).
    open var groupsByEvent = true
    /// The most groups kept to undo; 0 keeps them all (`levelsOfUndo`).
    open var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// Whether an undo is running (`isUndoing`).
    public private(set) var isUndoing = false
    /// Whether a redo is running (`isRedoing`).
    public private(set) var isRedoing = false

    /// How deep the open groups are nested (`groupingLevel`).
    public var groupingLevel: Int { open.count }

    /// Whether there is a group to undo (`canUndo`).
    public var canUndo: Bool { undoStack.contains { !$0.actions.isEmpty } || open.contains { !$0.actions.isEmpty } }
    /// Whether there is a group to redo (`canRedo`).
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Whether changes are recorded (`isUndoRegistrationEnabled`).
    public var isUndoRegistrationEnabled: Bool { disabled == 0 }

    /// Stops recording changes until a matching `enableUndoRegistration()`.
    public func disableUndoRegistration() { disabled += 1 }
    /// Records changes again after `disableUndoRegistration()`.
    public func enableUndoRegistration() { disabled = max(0, disabled - 1) }

    /// Opens a group: changes registered until the matching `endUndoGrouping()` are
    /// undone together (`beginUndoGrouping()`).
    public func beginUndoGrouping() {
        open.append(Group())
    }

    /// Closes the innermost group (`endUndoGrouping()`): an inner group joins the one
    /// around it; the outermost goes on the undo stack (or the redo stack, during an
    /// undo).
    public func endUndoGrouping() {
        guard let group = open.popLast() else { return }
        if open.isEmpty { openedByEvent = false }
        if var outer = open.popLast() {
            outer.actions += group.actions
            if outer.name.isEmpty { outer.name = group.name }
            open.append(outer)
            return
        }
        guard !group.actions.isEmpty else { return }
        if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if !isRedoing { redoStack.removeAll() }
            trim()
        }
    }

    /// Closes the group the current event opened; the root view calls it after each
    /// event it handles.
    public func endEventGroup() {
        guard groupsByEvent, openedByEvent, open.count == 1 else { return }
        endUndoGrouping()
    }

    /// Records how to undo a change to `target` (`registerUndo(withTarget:handler:)`):
    /// `handler` runs with the target when the change is undone, and what it registers in
    /// turn is how to redo it.
    public func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping (Target) -> Void) {
        guard disabled == 0 else { return }
        let action = Action(
            run: { [weak target] in
                guard let target else { return false }
                handler(target)
                return true
            }, target: ObjectIdentifier(target))
        if open.isEmpty {
            if groupsByEvent && !isUndoing && !isRedoing {
                beginUndoGrouping()
                openedByEvent = true
            } else {
                // Outside any group and not grouping by event: a group of its own.
                beginUndoGrouping()
                open[open.count - 1].actions.append(action)
                endUndoGrouping()
                return
            }
        }
        open[open.count - 1].actions.append(action)
    }

    /// Names the group being built or last closed, for menus (`setActionName(_:)`).
    public func setActionName(_ name: String) {
        if !open.isEmpty {
            open[open.count - 1].name = name
        } else if isUndoing, !redoStack.isEmpty {
            redoStack[redoStack.count - 1].name = name
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].name = name
        }
    }

    /// The name of the group an undo would revert (`undoActionName`).
    public var undoActionName: String { undoStack.last?.name ?? "" }
    /// The name of the group a redo would repeat (`redoActionName`).
    public var redoActionName: String { redoStack.last?.name ?? "" }

    /// Reverts the last group (`undo()`), closing an event's open group first. What the
    /// group's actions register while it runs becomes the group to redo.
    public func undo() {
        if openedByEvent && open.count == 1 { endUndoGrouping() }
        guard open.isEmpty, let group = undoStack.popLast() else { return }
        isUndoing = true
        beginUndoGrouping()
        open[0].name = group.name
        for action in group.actions.reversed() { _ = action.run() }
        endUndoGrouping()
        isUndoing = false
    }

    /// Repeats the last group undone (`redo()`).
    public func redo() {
        guard open.isEmpty, let group = redoStack.popLast() else { return }
        isRedoing = true
        beginUndoGrouping()
        open[0].name = group.name
        for action in group.actions.reversed() { _ = action.run() }
        endUndoGrouping()
        isRedoing = false
    }

    /// Forgets every group (`removeAllActions()`).
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        open.removeAll()
        openedByEvent = false
    }

    /// Forgets the actions of one target (`removeAllActions(withTarget:)`); groups left
    /// empty go.
    public func removeAllActions(withTarget target: AnyObject) {
        let id = ObjectIdentifier(target)
        func strip(_ groups: inout [Group]) {
            for i in groups.indices { groups[i].actions.removeAll { $0.target == id } }
            groups.removeAll { $0.actions.isEmpty }
        }
        strip(&undoStack)
        strip(&redoStack)
        for i in open.indices { open[i].actions.removeAll { $0.target == id } }
    }

    private func trim() {
        if levelsOfUndo > 0 && undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}
