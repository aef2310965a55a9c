import Raster

/// An element that is not a view (`UIAccessibilityElement`): a part of a view that
/// assistive technologies see as a control of its own, such as a segment of a segmented
/// control. A container lists its elements in `accessibilityElements`.
///
/// Vitrine's frames are in the window's coordinates, not the screen's; the window's
/// accessibility service adds the window's position.
@MainActor
open class AccessibilityElement {
    private weak var container: AnyObject?
    private var frameInContainer: Rect?
    private var storedFrame = Rect.zero
    /// The element's id on the accessibility bus: stable for its life, never reused.
    package let accessibilityNodeID = AccessibilityNodeID.next()

    /// An element inside `container`, usually a view (`init(accessibilityContainer:)`).
    public init(accessibilityContainer container: Any) {
        self.container = container as AnyObject
    }

    /// The view or element holding this one (`accessibilityContainer`).
    public var accessibilityContainer: Any? {
        get { container }
        set { container = newValue as AnyObject? }
    }

    /// Whether assistive technologies see it (`isAccessibilityElement`); true.
    open var isAccessibilityElement = true
    /// What it is called (`accessibilityLabel`).
    open var accessibilityLabel: String?
    /// What it holds now (`accessibilityValue`).
    open var accessibilityValue: String?
    /// What activating it does (`accessibilityHint`).
    open var accessibilityHint: String?
    /// What it is and how it behaves (`accessibilityTraits`).
    open var accessibilityTraits: AccessibilityTraits = .none
    /// A name for tests and automation (`accessibilityIdentifier`).
    open var accessibilityIdentifier: String?

    /// Where it is, in the window's coordinates (`accessibilityFrame`): worked out from
    /// `accessibilityFrameInContainerSpace` when that was set and the container is a view.
    open var accessibilityFrame: Rect {
        get {
            if let f = frameInContainer, let view = container as? View { return view.convert(f, to: nil) }
            return storedFrame
        }
        set {
            storedFrame = newValue
            frameInContainer = nil
        }
    }

    /// Where it is in its container view's coordinates
    /// (`accessibilityFrameInContainerSpace`); it follows the container as it moves.
    open var accessibilityFrameInContainerSpace: Rect {
        get { frameInContainer ?? .zero }
        set { frameInContainer = newValue }
    }

    /// Does what activating it does (`accessibilityActivate()`); false: nothing done.
    open func accessibilityActivate() -> Bool { false }
    /// Moves an adjustable element's value up a step (`accessibilityIncrement()`).
    open func accessibilityIncrement() {}
    /// Moves an adjustable element's value down a step (`accessibilityDecrement()`).
    open func accessibilityDecrement() {}
}

/// The ids of accessibility nodes: counted up from 1 and never reused in a process, so an
/// assistive technology holding an old id finds nothing rather than another element.
package enum AccessibilityNodeID {
    @MainActor private static var last = 0
    /// Counts the changes to views' accessibility values, so that a tree made earlier is
    /// known to be out of date.
    @MainActor package static var changes = 0
    @MainActor package static func next() -> Int {
        last += 1
        return last
    }
}
