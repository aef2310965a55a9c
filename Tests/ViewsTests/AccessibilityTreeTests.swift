import Raster
import Testing

@testable import Views

/// The tree assistive technologies see, made from the view tree by UIKit's rules, and the
/// segments of a segmented control as elements of their own.
@MainActor
@Suite struct AccessibilityTreeTests {
    func labels(_ node: AccessibilityNode) -> [String] { node.children.map { $0.label ?? "-" } }

    func button(_ title: String) -> Button {
        let b = Button(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        b.setTitle(title, for: .normal)
        return b
    }

    @Test func wrappersAreSkippedContainersOfSeveralAreKept() {
        let root = RootView(size: Size(width: 300, height: 200))
        let wrapper = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        wrapper.addSubview(button("A"))
        let group = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        group.addSubview(button("B"))
        group.addSubview(button("C"))
        root.addSubview(wrapper)
        root.addSubview(group)
        root.addSubview(View(frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        let tree = AccessibilityNode.tree(of: root)
        // The wrapper of one button is left out; the group of two is a node; the empty
        // view says nothing.
        #expect(labels(tree) == ["A", "-"])
        #expect(tree.children[1].view === group && labels(tree.children[1]) == ["B", "C"])
        #expect(tree.children[1].children[1].parent === tree.children[1])
        #expect(tree.children[1].children[1].indexInParent == 1)
        // An identifier makes the wrapper a node of its own.
        wrapper.accessibilityIdentifier = "wrapper"
        #expect(AccessibilityNode.tree(of: root).children[0].view === wrapper)
    }

    @Test func hiddenViewsAndTheViewsUnderAnElementAreLeftOut() {
        let root = RootView(size: Size(width: 300, height: 200))
        let hidden = button("Hidden")
        hidden.isHidden = true
        let clear = button("Clear")
        clear.alpha = 0
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        card.isAccessibilityElement = true
        card.accessibilityLabel = "Card"
        card.addSubview(button("Inside"))
        let muted = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        muted.addSubview(button("Muted 1"))
        muted.addSubview(button("Muted 2"))
        muted.accessibilityElementsHidden = true
        for v in [hidden, clear, card, muted, button("Shown")] { root.addSubview(v) }
        let tree = AccessibilityNode.tree(of: root)
        #expect(labels(tree) == ["Card", "Shown"])
        #expect(tree.children[0].children.isEmpty)
    }

    @Test func givenElementsComeInTheirOrder() {
        let root = RootView(size: Size(width: 300, height: 200))
        let a = button("A")
        let b = button("B")
        let extra = AccessibilityElement(accessibilityContainer: root)
        extra.accessibilityLabel = "Extra"
        let off = AccessibilityElement(accessibilityContainer: root)
        off.isAccessibilityElement = false
        root.addSubview(a)
        root.addSubview(b)
        root.accessibilityElements = [b, extra, off, a]
        #expect(labels(AccessibilityNode.tree(of: root)) == ["B", "Extra", "A"])
    }

    @Test func anElementsFrameInItsContainerFollowsTheContainer() {
        let root = RootView(size: Size(width: 300, height: 200))
        let holder = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        root.addSubview(holder)
        let e = AccessibilityElement(accessibilityContainer: holder)
        e.accessibilityFrameInContainerSpace = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(e.accessibilityFrame == Rect(x: 15, y: 25, width: 10, height: 10))
        holder.frame.origin = Point(x: 50, y: 60)
        #expect(e.accessibilityFrame == Rect(x: 55, y: 65, width: 10, height: 10))
        e.accessibilityFrame = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(e.accessibilityFrame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(e.accessibilityContainer as AnyObject? === holder)
    }

    @Test func idsAreStableAndNeverReused() {
        let root = RootView(size: Size(width: 300, height: 200))
        let a = button("A")
        root.addSubview(a)
        root.addSubview(button("B"))
        let first = AccessibilityNode.tree(of: root).children.map(\.id)
        let second = AccessibilityNode.tree(of: root).children.map(\.id)
        #expect(first == second)
        a.removeFromSuperview()
        root.addSubview(button("C"))
        let third = AccessibilityNode.tree(of: root).children.map(\.id)
        #expect(third[0] == first[1] && !first.contains(third[1]))
    }

    @Test func aSegmentedControlsSegmentsAreSelectableButtons() {
        let root = RootView(size: Size(width: 400, height: 100))
        let s = SegmentedControl(items: ["Day", "Week", "Month"], frame: Rect(x: 10, y: 10, width: 240, height: 32))
        s.selectedSegmentIndex = 1
        s.setEnabled(false, forSegmentAt: 2)
        root.addSubview(s)
        var changes: [Int] = []
        s.addAction(for: .valueChanged) { _, _ in changes.append(s.selectedSegmentIndex) }
        #expect(!s.isAccessibilityElement)
        let node = AccessibilityNode.tree(of: root).children[0]
        #expect(node.view === s)
        #expect(labels(node) == ["Day", "Week", "Month"])
        #expect(node.children.map(\.traits) == [.button, [.button, .selected], [.button, .notEnabled]])
        #expect(node.children.map(\.frame) == s.segmentFrames.map { s.convert($0, to: nil) })
        // Activating a segment chooses it as a click does; a disabled one cannot be.
        #expect(node.children[0].activate())
        #expect(s.selectedSegmentIndex == 0 && changes == [0])
        #expect(!node.children[2].activate())
        #expect(s.selectedSegmentIndex == 0 && changes == [0])
        // The elements stay the same objects (the same ids) and follow the segments.
        let ids = node.children.map(\.id)
        s.removeSegment(at: 2, animated: false)
        let after = AccessibilityNode.tree(of: root).children[0].children
        #expect(after.map(\.id) == Array(ids.prefix(2)))
        s.isEnabled = false
        #expect(after.allSatisfy { $0.traits.contains(.notEnabled) })
    }
}
