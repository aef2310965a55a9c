import CX11
import Foundation
import Layers
import Raster
import TestSupport
import Testing
import Views
import X11Host

@testable import Gallery

/// The live gallery driven by keys and the pointer through a real X server (Xvfb), the
/// input sent with XTEST (xdotool), as a person's would be.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct LiveKeyboardTests {
    /// The gallery in a window of its own server, with the keyboard focus.
    @MainActor
    final class Live {
        let server: XvfbServer
        let root: RootView
        let page: GalleryPage
        let window: X11Window
        /// How many F12 presses reached the root unhandled: the marker `settle` waits for.
        var markers = 0

        init(size: Size = GalleryPage.defaultSize) throws {
            server = try XvfbServer()
            (root, page) = Gallery.makeRoot(size: size)
            window = try X11Window(
                title: "Vitrine Gallery", root: root, display: server.displayName, scale: 1,
                className: "Vitrine")
            try pump(seconds: 0.3) { false }
            let id =
                XvfbServer.run(
                    XvfbServer.which("xdotool")!, ["search", "--sync", "--class", "Vitrine"],
                    environment: ["DISPLAY": server.displayName]
                ).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            server.xdotool("windowfocus", "--sync", id)
            root.unhandledKeyHandler = { [unowned self] key in
                if key.keyCode == .keyboardF12 { markers += 1 }
            }
            try pump(seconds: 0.1) { false }
        }

        func stop() {
            window.close()
            server.stop()
        }

        /// Runs the window until `condition` holds or `seconds` pass; returns it.
        @discardableResult
        func pump(seconds: Double = 5, until condition: () -> Bool) throws -> Bool {
            try window.run(until: condition, timeout: seconds)
        }

        /// Types keys through the server (XTEST), then runs the window until they are
        /// handled and drawn (`settle`).
        func type(_ keys: String...) throws {
            for k in keys { server.xdotool("key", k) }
            try settle()
        }

        /// Runs the window until what was sent to the server so far is handled (a marker
        /// key sent after it, F12, which no view takes, has arrived: the server delivers in
        /// order) and drawn, and the animations have ended.
        func settle() throws {
            let before = markers
            server.xdotool("key", "F12")
            try pump(seconds: 30) { markers > before }
            try pump(seconds: 30) { !AnimationEngine.isAnimating && !root.needsFrame }
        }

        /// The frame the server shows equals `expected`.
        func shows(_ expected: Surface) throws -> Bool {
            try pump(seconds: 30) { window.captureFromServer() == expected }
        }
    }

    @Test func tabFromTheStartFocusesTheFirstControlAndDrawsItsRing() throws {
        let live = try Live()
        defer { live.stop() }
        try live.settle()
        #expect(live.root.focusedView == nil, "no focus before a key")
        try live.type("Tab")
        let first = try #require(live.root.focusOrder.first)
        #expect(live.root.focusedView === first)
        let expected = try Gallery.shot(replay: [.key(XKeys.key(named: "Tab")!)], time: 2)
        #expect(try live.shows(expected))
        #expect(expected != (try Gallery.shot(time: 2)), "the ring shows in the picture")
    }

    /// Where a control lies in the page's content, whatever the scrolling.
    func contentFrame(_ v: View, in page: GalleryPage) -> Rect {
        page.content.convert(v.bounds, from: v).offsetBy(
            dx: -page.content.contentOffset.x, dy: -page.content.contentOffset.y)
    }

    @Test func tabVisitsEveryEnabledControlOnceInReadingOrderAndScrollsItIntoView() throws {
        // A small window, where most controls lie below the fold.
        let live = try Live(size: Size(width: 700, height: 400))
        defer { live.stop() }
        // Every enabled, visible control of the page, found by walking the views.
        var controls: [Control] = []
        func walk(_ v: View) {
            guard !v.isHidden, v.isUserInteractionEnabled else { return }
            if let c = v as? Control, c.isEnabled { controls.append(c) }
            v.subviews.forEach(walk)
        }
        walk(live.page.content)
        #expect(controls.count >= 10)
        var visited: [View] = []
        var scrolled = false
        for _ in 0..<controls.count {
            let before = live.root.focusedView
            live.server.xdotool("key", "Tab")
            try live.pump(seconds: 30) { live.root.focusedView !== before }
            guard let now = live.root.focusedView else { break }
            visited.append(now)
            // Scrolled into view, whole, inside the page's visible part.
            let frame = live.page.content.convert(now.bounds, from: now)
            #expect(live.page.content.bounds.contains(frame), "\(now) at \(frame) outside \(live.page.content.bounds)")
            scrolled = scrolled || live.page.content.contentOffset.y > 0
        }
        #expect(scrolled, "some control lay below the fold")
        #expect(visited.count == controls.count)
        #expect(
            Set(visited.map(ObjectIdentifier.init)) == Set(controls.map(ObjectIdentifier.init)),
            "each enabled control once")
        // Reading order: each next control is further right on the same row (the rows
        // overlapping vertically), or starts lower.
        for (a, b) in zip(visited, visited.dropFirst()) {
            let fa = contentFrame(a, in: live.page)
            let fb = contentFrame(b, in: live.page)
            let sameRow = fb.minY < fa.maxY && fa.minY < fb.maxY
            #expect(sameRow ? fb.minX > fa.minX : fb.minY > fa.minY, "\(fa) then \(fb)")
        }
        // One more Tab wraps to the first, Shift+Tab goes back to the last.
        try live.type("Tab")
        #expect(live.root.focusedView === visited.first)
        try live.type("shift+Tab")
        #expect(live.root.focusedView === visited.last)
        try live.type("shift+Tab")
        #expect(live.root.focusedView === visited.dropLast().last)
    }

    func card(_ name: String, in page: GalleryPage) throws -> Control {
        try #require(page.cards.first { $0.specimen.name == name }?.content as? Control)
    }

    @Test func spaceTogglesAFocusedCheckboxAndPressesAFocusedButtonOnce() throws {
        let live = try Live()
        defer { live.stop() }
        let box = try card("checkbox-unchecked", in: live.page)
        let button = try card("button-title", in: live.page)
        var ups = 0
        button.addAction(for: .touchUpInside) { _, _ in ups += 1 }
        for _ in 0..<40 where live.root.focusedView !== button { try live.type("Tab") }
        #expect(button.isFocused)
        try live.type("space")
        #expect(ups == 1 && live.page.status.text == "button-title: touchUpInside (1)")
        for _ in 0..<40 where live.root.focusedView !== box { try live.type("Tab") }
        #expect(box.isFocused && !(box as! Checkbox).checked)
        try live.type("space")
        #expect((box as! Checkbox).checked && live.page.status.text == "checkbox-unchecked: valueChanged -> on")
        try live.type("Return")
        #expect(!(box as! Checkbox).checked)
        try live.type("Escape")
        #expect(live.root.focusedView == nil)
        #expect(ups == 1)
    }

    @Test func rightAndMiddleClicksOnACheckboxChangeNothing() throws {
        let live = try Live()
        defer { live.stop() }
        let box = try card("checkbox-unchecked", in: live.page) as! Checkbox
        live.page.reveal("checkbox-unchecked")
        try live.settle()
        let at = box.convert(box.bounds, to: live.root).center
        let status = live.page.status.text
        live.server.xdotool("mousemove", "\(Int(at.x))", "\(Int(at.y))", "click", "3", "click", "2")
        try live.settle()
        #expect(!box.checked && live.page.status.text == status)
        live.server.xdotool("click", "1")
        try live.settle()
        #expect(box.checked, "the left button, sent the same way, does toggle it")
    }

    @Test func theCursorIsTheHandOverAControlAndTheArrowOverTheBackground() throws {
        let live = try Live()
        defer { live.stop() }
        let cursor = try #require(ServerCursor(display: live.server.displayName))
        defer { cursor.close() }
        // The core cursors to compare with, in windows beside the gallery's.
        cursor.showReference(shape: XC_hand2, x: 1320, y: 20)
        cursor.showReference(shape: XC_left_ptr, x: 1320, y: 100)
        func pointer(at x: Int, _ y: Int) throws -> ServerCursor.Picture? {
            live.server.xdotool("mousemove", "\(x)", "\(y)")
            try live.settle()
            return cursor.current()
        }
        let hand = try #require(try pointer(at: 1340, 40))
        let arrow = try #require(try pointer(at: 1340, 120))
        #expect(hand != arrow)
        let button = try card("button-title", in: live.page)
        let over = button.convert(button.bounds, to: live.root).center
        #expect(try pointer(at: Int(over.x), Int(over.y)) == hand)
        #expect(try pointer(at: 5, 5) == arrow, "the page's margin")
        let disabled = try card("button-disabled", in: live.page)
        live.page.reveal("button-disabled")
        try live.settle()
        let overDisabled = disabled.convert(disabled.bounds, to: live.root).center
        #expect(
            try pointer(at: Int(overDisabled.x), Int(overDisabled.y)) == arrow, "a disabled control takes no clicks")
    }

    @Test func keysHoversAndScrollsThroughTheServerEqualTheirReplay() throws {
        let live = try Live()
        defer { live.stop() }
        let button = try card("button-title", in: live.page)
        let over = button.convert(button.bounds, to: live.root).center
        let hover = Point(x: Double(Int(over.x)), y: Double(Int(over.y)))
        let script = """
            key Tab
            key Tab
            key Tab
            key space
            hover \(hover.x) \(hover.y)
            scroll 0 40
            scroll 0 40
            key shift+Tab
            key Page_Down
            key Down
            key Tab
            """
        let actions = try Replay.parse(script)
        try live.type("Tab", "Tab", "Tab", "space")
        live.server.xdotool("mousemove", "\(Int(hover.x))", "\(Int(hover.y))", "click", "5", "click", "5")
        try live.type("shift+Tab", "Page_Down", "Down", "Tab")
        // The same state first (what has the focus, where the page is scrolled, what the
        // status line says), then the same pixels.
        let (root, page) = Gallery.makeRoot()
        Replay.run(actions, on: root) { _ in }
        #expect(
            live.root.focusOrder.firstIndex { $0 === live.root.focusedView }
                == root.focusOrder.firstIndex { $0 === root.focusedView })
        #expect(live.page.content.contentOffset == page.content.contentOffset)
        #expect(live.page.status.text == page.status.text)
        let expected = try Gallery.shot(replay: actions, time: 2)
        #expect(try live.shows(expected))
        #expect(live.page.content.contentOffset.y > 0)
    }
}
