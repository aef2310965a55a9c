import Raster
import Testing

@testable import Views

/// Keys made by hand, as a window would deliver them.
@MainActor
enum Keys {
    static let tab = Key(characters: "\t", keyCode: .keyboardTab)
    static let shiftTab = Key(characters: "\t", keyCode: .keyboardTab, modifierFlags: .shift)
    static let space = Key(characters: " ", keyCode: .keyboardSpacebar)
    static let shiftSpace = Key(characters: " ", keyCode: .keyboardSpacebar, modifierFlags: .shift)
    static let enter = Key(characters: "\r", keyCode: .keyboardReturnOrEnter)
    static let escape = Key(characters: "\u{1b}", keyCode: .keyboardEscape)
    static let a = Key(characters: "a", keyCode: .keyboardA)
    static func named(_ code: KeyboardHIDUsage) -> Key { Key(characters: "", keyCode: code) }

    /// A press and a release.
    static func type(_ key: Key, into root: RootView) {
        root.handle(KeyEvent(.down, key: key))
        root.handle(KeyEvent(.up, key: key))
    }
}

/// A view that logs the presses reaching it and takes those of one key.
@MainActor
final class PressLog: View {
    var log: [String] = []
    var takes: KeyboardHIDUsage?
    var accepts = false
    override var canBecomeFirstResponder: Bool { accepts }

    private func note(_ phase: String, _ presses: Set<Press>) -> Set<Press> {
        for p in presses { log.append("\(phase):\(p.key.characters)\(p.isRepeat ? "+repeat" : "")") }
        return presses.filter { $0.key.keyCode != takes }
    }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = note("began", presses)
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }
    override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = note("changed", presses)
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = note("ended", presses)
        if !rest.isEmpty { super.pressesEnded(rest, with: event) }
    }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = note("cancelled", presses)
        if !rest.isEmpty { super.pressesCancelled(rest, with: event) }
    }
}

@MainActor
@Suite struct ResponderChainTests {
    @Test func aKeyNoOneHandlesReachesTheRootAndGoesNoFurther() {
        let root = RootView(size: Size(width: 200, height: 200))
        let outer = PressLog(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = PressLog(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        inner.accepts = true
        root.addSubview(outer)
        outer.addSubview(inner)
        var unhandled: [Key] = []
        root.unhandledKeyHandler = { unhandled.append($0) }
        #expect(inner.becomeFirstResponder() && inner.isFirstResponder && root.firstResponder === inner)
        #expect(!outer.becomeFirstResponder(), "a view that cannot be first responder is refused")
        Keys.type(Keys.a, into: root)
        #expect(inner.log == ["began:a", "ended:a"] && outer.log == ["began:a", "ended:a"])
        #expect(unhandled == [Keys.a], "the root passes an unhandled key to the program, once, on its way down")
        #expect(inner.next === outer && outer.next === root && root.next == nil)
        // A responder on the way that takes the key stops it there.
        outer.takes = .keyboardA
        Keys.type(Keys.a, into: root)
        #expect(inner.log.count == 4 && outer.log.count == 4 && unhandled.count == 1)
        // With no first responder and nothing focused, keys go to the root alone.
        inner.resignFirstResponder()
        #expect(!inner.isFirstResponder && root.firstResponder == nil)
        Keys.type(Keys.a, into: root)
        #expect(inner.log.count == 4 && outer.log.count == 4 && unhandled.count == 2)
    }

    @Test func repeatsAndTheReleaseFollowThePressEvenWhenTheResponderChanges() {
        let root = RootView(size: Size(width: 200, height: 200))
        let first = PressLog(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let second = PressLog(frame: Rect(x: 60, y: 0, width: 50, height: 50))
        first.accepts = true
        second.accepts = true
        root.addSubview(first)
        root.addSubview(second)
        first.becomeFirstResponder()
        root.handle(KeyEvent(.down, key: Keys.a))
        second.becomeFirstResponder()
        // The server's autorepeat: the same key down again while held, or a repeat.
        root.handle(KeyEvent(.down, key: Keys.a))
        root.handle(KeyEvent(.repeat, key: Keys.a))
        root.handle(KeyEvent(.up, key: Keys.a))
        #expect(first.log == ["began:a", "changed:a+repeat", "changed:a+repeat", "ended:a"])
        #expect(second.log.isEmpty)
        // A release of a key never pressed here goes nowhere.
        root.handle(KeyEvent(.up, key: Keys.space))
        #expect(second.log.isEmpty && first.log.count == 4)
    }

    @Test func losingTheKeyboardCancelsTheHeldKeys() {
        let root = RootView(size: Size(width: 200, height: 200))
        let view = PressLog(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.accepts = true
        root.addSubview(view)
        view.becomeFirstResponder()
        root.handle(KeyEvent(.down, key: Keys.a))
        root.handle(KeyEvent(.down, key: Keys.space))
        #expect(root.pressesHeld.count == 2)
        root.cancelPresses()
        #expect(root.pressesHeld.isEmpty)
        #expect(view.log.filter { $0.hasPrefix("cancelled") }.sorted() == ["cancelled: ", "cancelled:a"])
        root.handle(KeyEvent(.up, key: Keys.a))
        #expect(!view.log.contains("ended:a"), "the release after a cancellation is not delivered")
    }

    @Test func aViewLeavingTheTreeGivesUpFocusAndFirstResponder() {
        let root = RootView(size: Size(width: 200, height: 200))
        let box = Checkbox(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let log = PressLog(frame: Rect(x: 60, y: 10, width: 40, height: 40))
        log.accepts = true
        root.addSubview(box)
        root.addSubview(log)
        Keys.type(Keys.tab, into: root)
        log.becomeFirstResponder()
        #expect(root.focusedView === box)
        box.removeFromSuperview()
        log.removeFromSuperview()
        #expect(root.focusedView == nil && root.firstResponder == nil && !box.state.contains(.focused))
    }
}
