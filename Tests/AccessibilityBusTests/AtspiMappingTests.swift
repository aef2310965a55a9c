import Raster
import Testing
import Views

@testable import AccessibilityBus

/// What each control is in AT-SPI's terms, checked against the role and state table of
/// the accessibility article (itself AccessKit's and GTK's choices), with at-spi2-core's
/// numbers: a disabled control is neither ENABLED nor SENSITIVE, an enabled one both.
@MainActor
@Suite struct AtspiMappingTests {
    /// The roots and trees of the nodes made, kept alive: a node's parent is held weakly.
    final class Roots { var all: [AnyObject] = [] }
    let roots = Roots()

    func node(_ view: View) -> AccessibilityNode {
        let root = RootView(size: Size(width: 400, height: 300))
        root.addSubview(view)
        let tree = AccessibilityNode.tree(of: root)
        roots.all += [root, tree]
        return tree.children[0]
    }

    @Test func rolesFollowTheTable() {
        let heading = Label(frame: Rect(x: 0, y: 0, width: 50, height: 20), text: "Title")
        heading.accessibilityTraits.insert(.header)
        let status = Label(frame: Rect(x: 0, y: 0, width: 50, height: 20), text: "Ready")
        status.accessibilityTraits.insert(.updatesFrequently)
        let cases: [(View, AtspiRole, UInt32)] = [
            (Button(frame: Rect(x: 0, y: 0, width: 40, height: 20)), .pushButton, 43),
            (Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40)), .checkBox, 7),
            (Switch(frame: .zero), .toggleButton, 62),
            (Slider(frame: Rect(x: 0, y: 0, width: 100, height: 30)), .slider, 51),
            (Stepper(frame: .zero), .spinButton, 52),
            (ProgressView(frame: Rect(x: 0, y: 0, width: 100, height: 4)), .progressBar, 42),
            (SegmentedControl(items: ["A", "B"], frame: Rect(x: 0, y: 0, width: 100, height: 32)), .pageTabList, 38),
            (Label(frame: Rect(x: 0, y: 0, width: 50, height: 20), text: "Hi"), .label, 29),
            (heading, .heading, 83),
            (status, .statusBar, 54)
        ]
        for (view, role, number) in cases {
            #expect(node(view).role == role, "\(type(of: view))")
            #expect(role.rawValue == number)
        }
        let segments = node(SegmentedControl(items: ["A", "B"], frame: Rect(x: 0, y: 0, width: 100, height: 32)))
        #expect(segments.children.map(\.role) == [.pageTab, .pageTab])
    }

    @Test func aDisabledControlIsNeitherEnabledNorSensitive() {
        for enabled in [true, false] {
            let b = Button(frame: Rect(x: 10, y: 10, width: 40, height: 20))
            b.isEnabled = enabled
            let s = node(b).states(windowActive: false)
            #expect(s.contains(.enabled) == enabled && s.contains(.sensitive) == enabled)
            #expect(s.contains(.focusable) == enabled)
            #expect(s.contains(.visible) && s.contains(.showing))
        }
    }

    @Test func togglesAreCheckableAndCheckedWhenOn() {
        let sw = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        let n = node(sw)
        #expect(n.states(windowActive: false).contains(.checkable))
        #expect(!n.states(windowActive: false).contains(.checked))
        sw.isOn = true
        #expect(n.states(windowActive: false).contains(.checked))
        #expect(n.actions.map(\.name) == ["toggle"])
        #expect(n.doAction(0) && !sw.isOn)
    }

    @Test func aViewOutOfSightIsVisibleButNotShowing() {
        let b = Button(frame: Rect(x: 500, y: 10, width: 40, height: 20))
        let s = node(b).states(windowActive: false)
        #expect(s.contains(.visible) && !s.contains(.showing))
    }

    @Test func stateWordsAreAtspiBits() {
        var s = AtspiStateSet()
        s.insert(.enabled)
        s.insert(.checkable)
        // ENABLED is bit 8 of the first word, CHECKABLE bit 41, bit 9 of the second.
        #expect(s.words == [1 << 8, 1 << 9])
        var t = s
        t.insert(.checked)
        #expect(t.changes(from: s).map { $0.0 } == [.checked] && t.changes(from: s)[0].1)
    }

    @Test func aSlidersValueIsReadAndSetAsTheUserWould() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        slider.value = 0.25
        var sent = 0
        slider.addAction(for: .valueChanged) { _, _ in sent += 1 }
        let n = node(slider)
        #expect(n.range?.current == 0.25 && n.range?.maximum == 1)
        #expect(n.setCurrentValue(0.75) && slider.value == 0.75 && sent == 1)
        #expect(!n.setCurrentValue(.nan) && slider.value == 0.75)
        slider.isEnabled = false
        #expect(!n.setCurrentValue(0.5) && slider.value == 0.75)
    }
}
