/// The pointer's look over a view: the arrow, or the hand that says "this takes clicks".
///
/// UIKit leaves the cursor to `UIPointerInteraction`; Vitrine names the desktop's
/// cursors as AppKit's `NSCursor` does.
public enum Cursor: Sendable, Equatable {
    /// The default arrow.
    case arrow
    /// The pointing hand, over what takes clicks.
    case pointingHand
    /// The text beam, over text that can be typed or selected.
    case iBeam
}
