/// Something that takes key presses and passes on those it does not handle
/// (`UIResponder`): a view passes them to its superview, and so on up to the root, which
/// is the end of the chain.
///
/// A responder handles a press by overriding `pressesBegan(_:with:)` and not calling
/// `super` for it; the default implementations pass the presses to `next`. A press goes
/// wholly to the responder chain it began in: its repeats, release and cancellation take
/// the same way.
@MainActor
open class Responder {
    /// Makes a responder.
    public init() {}

    /// The responder that gets what this one passes on (`next`); nil ends the chain.
    open var next: Responder? { nil }

    /// Whether the responder may become the first responder (`canBecomeFirstResponder`);
    /// false by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Makes the responder the first one, which key presses reach before any other
    /// responder outside the focused view's chain (`becomeFirstResponder`). Returns
    /// whether it did.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    /// Gives up being the first responder (`resignFirstResponder`). Returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }

    /// Whether this is the first responder (`isFirstResponder`).
    open var isFirstResponder: Bool { false }

    /// The undo manager of the chain (`undoManager`): the next responder's, and at the
    /// end of a view's chain its root view's.
    open var undoManager: UndoManager? { next?.undoManager }

    /// Keys went down (`pressesBegan(_:with:)`); the default passes them on.
    open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesBegan(presses, with: event)
    }

    /// Held keys repeated (`pressesChanged(_:with:)`); the default passes them on.
    open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Keys went up (`pressesEnded(_:with:)`); the default passes them on.
    open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// Held keys were taken away (`pressesCancelled(_:with:)`); the default passes them on.
    open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }
}
