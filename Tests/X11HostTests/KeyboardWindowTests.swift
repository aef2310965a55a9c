import CX11
import Foundation
import Raster
import TestSupport
import Testing
import Views
import X11Host

/// A view that is first responder and keeps every press it gets.
@MainActor
final class KeyLog: View {
    var log: [(phase: Press.Phase, key: Key, isRepeat: Bool)] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        presses.forEach { log.append((.began, $0.key, $0.isRepeat)) }
    }
    override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        presses.forEach { log.append((.changed, $0.key, $0.isRepeat)) }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        presses.forEach { log.append((.ended, $0.key, $0.isRepeat)) }
    }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        presses.forEach { log.append((.cancelled, $0.key, $0.isRepeat)) }
    }

    /// The presses of keys that type something, modifier keys left out.
    var typed: [(phase: Press.Phase, key: Key, isRepeat: Bool)] { log.filter { !$0.key.characters.isEmpty } }
}

/// Keys typed through a real X server (Xvfb, XTEST) with its keyboard layouts.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct KeyboardWindowTests {
    @MainActor
    final class Typing {
        let server: XvfbServer
        let root = RootView(size: Size(width: 200, height: 100))
        let log = KeyLog(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let window: X11Window

        init(layout: String? = nil) throws {
            server = try XvfbServer()
            if let layout {
                let set = XvfbServer.run(XvfbServer.which("setxkbmap")!, ["-display", server.displayName, layout])
                #expect(set.status == 0, "setxkbmap \(layout): \(set.stderr)")
            }
            root.addSubview(log)
            log.becomeFirstResponder()
            window = try X11Window(
                title: "keys", root: root, display: server.displayName, scale: 1, className: "Vitrine-Keys")
            try pump(seconds: 0.3) { false }
            server.xdotool("search", "--sync", "--class", "Vitrine-Keys", "windowfocus", "--sync")
            try pump(seconds: 0.1) { false }
        }

        func stop() {
            window.close()
            server.stop()
        }

        @discardableResult
        func pump(seconds: Double = 5, until condition: () -> Bool) throws -> Bool {
            try window.run(until: condition, timeout: seconds)
        }
    }

    nonisolated static var hasSetxkbmap: Bool { XvfbServer.which("setxkbmap") != nil }

    @Test(.enabled(if: hasSetxkbmap, "setxkbmap is not installed (x11-xkb-utils)"))
    func aGermanLayoutTypesUmlautsAndDeadKeysCompose() throws {
        let t = try Typing(layout: "de")
        defer { t.stop() }
        t.server.xdotool("key", "adiaeresis", "dead_circumflex", "e", "shift+odiaeresis", "z")
        #expect(try t.pump { t.log.typed.filter { $0.phase == .began }.count >= 4 })
        let began = t.log.typed.filter { $0.phase == .began }
        #expect(began.map(\.key.characters) == ["ä", "ê", "Ö", "z"])
        #expect(began[0].key.charactersIgnoringModifiers == "ä")
        #expect(began[2].key.modifierFlags.contains(.shift) && began[2].key.charactersIgnoringModifiers == "ö")
        // The German layout's z is where a US keyboard has Y: the key code is physical.
        #expect(began[3].key.keyCode == .keyboardY)
        // Each press ended, the composed one too.
        #expect(t.log.typed.filter { $0.phase == .ended }.count == 4)
    }

    @Test func aHeldKeyRepeatsAsChangesAndEndsOnce() throws {
        let t = try Typing()
        defer { t.stop() }
        t.server.xdotool("keydown", "a")
        // The server's autorepeat starts after its delay (660 ms by default).
        #expect(try t.pump { t.log.typed.contains { $0.phase == .changed } })
        t.server.xdotool("keyup", "a")
        #expect(try t.pump { t.log.typed.contains { $0.phase == .ended } })
        let phases = t.log.typed.map(\.phase)
        #expect(phases.first == .began && phases.last == .ended)
        #expect(phases.filter { $0 == .began }.count == 1 && phases.filter { $0 == .ended }.count == 1, "\(phases)")
        let changes = t.log.typed.filter { $0.phase == .changed }
        #expect(changes.allSatisfy { $0.isRepeat })
    }

    @Test func losingTheKeyboardFocusCancelsTheHeldKey() throws {
        let t = try Typing()
        defer { t.stop() }
        t.server.xdotool("keydown", "b")
        #expect(try t.pump { t.log.typed.contains { $0.phase == .began } })
        // Another window takes the focus, as a window manager would give it.
        let other = try #require(XOpenDisplay(t.server.displayName))
        defer { XCloseDisplay(other) }
        let w = XCreateSimpleWindow(other, XDefaultRootWindow(other), 300, 0, 50, 50, 0, 0, 0)
        XMapWindow(other, w)
        XSync(other, 0)
        try t.pump(seconds: 0.2) { false }
        XSetInputFocus(other, w, RevertToParent, 0)
        XSync(other, 0)
        #expect(try t.pump { t.log.typed.contains { $0.phase == .cancelled } })
        t.server.xdotool("keyup", "b")
        try t.pump(seconds: 0.2) { false }
        #expect(!t.log.typed.contains { $0.phase == .ended }, "the release went to the other window")
        #expect(t.root.pressesHeld.isEmpty)
    }
}
