import Raster

/// One node of the tree assistive technologies see: a view or an element, with the nodes
/// under it, as UIKit's rules make it from the view tree.
///
/// - A hidden or fully transparent view shows nothing, nor do the views under it.
/// - An accessibility element hides the views under it; its `accessibilityElements`, when
///   given, are its children.
/// - A view with `accessibilityElementsHidden` has no children.
/// - A view that is not an element and holds none is left out. One that holds some is a
///   container node when it says something of itself (an identifier, a label, given
///   elements, grouping), scrolls, or holds two or more nodes; otherwise its nodes are
///   its parent's, so that plain wrapper views do not deepen the tree.
@MainActor
package final class AccessibilityNode {
    /// What the node is.
    package enum Subject {
        case view(View)
        case element(AccessibilityElement)
    }

    package let subject: Subject
    package let children: [AccessibilityNode]
    package private(set) weak var parent: AccessibilityNode?
    package private(set) var indexInParent = -1
    /// A place for the bus to keep what it worked out of the node once (its role).
    package var annotation: UInt32?
    /// The clipping views' rectangles in the window, worked out once for the whole tree
    /// (kept by the top node).
    private var clips: [ObjectIdentifier: Rect] = [:]

    init(_ subject: Subject, children: [AccessibilityNode]) {
        self.subject = subject
        self.children = children
        for (i, c) in children.enumerated() {
            c.parent = self
            c.indexInParent = i
        }
    }

    /// The tree under `root`, with `root` as its top node.
    package static func tree(of root: View) -> AccessibilityNode {
        AccessibilityNode(.view(root), children: children(of: root))
    }

    /// The nodes directly under a view that is a node.
    private static func children(of view: View) -> [AccessibilityNode] {
        if view.accessibilityElementsHidden { return [] }
        if let items = view.accessibilityElements {
            return items.flatMap { item -> [AccessibilityNode] in
                if let v = item as? View { return nodes(for: v) }
                if let e = item as? AccessibilityElement, e.isAccessibilityElement {
                    return [AccessibilityNode(.element(e), children: [])]
                }
                return []
            }
        }
        if view.isAccessibilityElement { return [] }
        return view.subviews.flatMap { nodes(for: $0) }
    }

    /// What a view gives its parent node: itself as a node, or the nodes under it.
    private static func nodes(for view: View) -> [AccessibilityNode] {
        guard !view.isHidden, view.alpha > 0.01 else { return [] }
        let kids = children(of: view)
        // A view that is not an element and holds none has nothing to say.
        if kids.isEmpty && !view.isAccessibilityElement { return [] }
        let container =
            kids.count >= 2 || view.accessibilityIdentifier != nil || view.accessibilityLabel != nil
            || view.accessibility.elements != nil || view.shouldGroupAccessibilityChildren || view is ScrollView
        if view.isAccessibilityElement || container || view.accessibilityElements != nil {
            return [AccessibilityNode(.view(view), children: kids)]
        }
        return kids
    }

    /// Every node of the tree from this one down, this one first, depth first.
    package var all: [AccessibilityNode] { [self] + children.flatMap(\.all) }

    // MARK: What the subject says

    /// The subject's id: stable for its life, never reused.
    package var id: Int {
        switch subject {
        case .view(let v):
            if let id = v.accessibilityNodeID { return id }
            let id = AccessibilityNodeID.next()
            v.accessibilityNodeID = id
            return id
        case .element(let e): return e.accessibilityNodeID
        }
    }

    /// The view, for a node that is one.
    package var view: View? {
        if case .view(let v) = subject { return v }
        return nil
    }

    package var isElement: Bool {
        switch subject {
        case .view(let v): v.isAccessibilityElement
        case .element(let e): e.isAccessibilityElement
        }
    }

    package var label: String? {
        switch subject {
        case .view(let v): v.accessibilityLabel
        case .element(let e): e.accessibilityLabel
        }
    }

    package var value: String? {
        switch subject {
        case .view(let v): v.accessibilityValue
        case .element(let e): e.accessibilityValue
        }
    }

    package var hint: String? {
        switch subject {
        case .view(let v): v.accessibilityHint
        case .element(let e): e.accessibilityHint
        }
    }

    package var traits: AccessibilityTraits {
        switch subject {
        case .view(let v): v.accessibilityTraits
        case .element(let e): e.accessibilityTraits
        }
    }

    package var identifier: String? {
        switch subject {
        case .view(let v): v.accessibilityIdentifier
        case .element(let e): e.accessibilityIdentifier
        }
    }

    /// Where the subject is, in the window's points, as of when first asked: a node is
    /// a picture of the tree at one moment.
    package private(set) lazy var frame: Rect =
        switch subject {
        case .view(let v): v.accessibilityFrame
        case .element(let e): e.accessibilityFrame
        }

    /// The part of the window the subject shows in, in the window's points: its frame
    /// cut by every clipping view above it and by the window; empty when scrolled or
    /// pushed out of sight.
    package private(set) lazy var visibleFrame: Rect = {
        let above: View? =
            switch subject {
            case .view(let v): v.superview
            case .element(let e): e.accessibilityContainer as? View
            }
        guard let above else { return frame }
        return frame.intersection(top.clip(of: above))
    }()

    /// The top node of the tree.
    private var top: AccessibilityNode {
        var n = self
        while let p = n.parent { n = p }
        return n
    }

    /// The rectangle of the window that `view` and what is under it show in: its bounds
    /// where it clips, cut by the views above it, and by the window at the top.
    private func clip(of view: View) -> Rect {
        let key = ObjectIdentifier(view)
        if let r = clips[key] { return r }
        let r: Rect
        if let superview = view.superview {
            let above = clip(of: superview)
            r = view.clipsToBounds ? above.intersection(view.convert(view.bounds, to: nil)) : above
        } else {
            r = view.convert(view.bounds, to: nil)
        }
        clips[key] = r
        return r
    }

    /// Activates the subject; false when it did nothing.
    package func activate() -> Bool {
        switch subject {
        case .view(let v): v.accessibilityActivate()
        case .element(let e): e.accessibilityActivate()
        }
    }

    package func increment() {
        switch subject {
        case .view(let v): v.accessibilityIncrement()
        case .element(let e): e.accessibilityIncrement()
        }
    }

    package func decrement() {
        switch subject {
        case .view(let v): v.accessibilityDecrement()
        case .element(let e): e.accessibilityDecrement()
        }
    }
}
