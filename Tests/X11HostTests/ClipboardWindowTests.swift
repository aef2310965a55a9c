import CX11
import Foundation
import Raster
import TestSupport
import Testing
import Views
import X11Host

/// A text field in a real window (Xvfb), typed into through XTEST, and the X clipboard
/// checked from outside with `xclip`, another program that reads and sets the
/// selections as ICCCM says.
@MainActor
@Suite(
    .serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"),
    .enabled(if: XvfbServer.which("xclip") != nil, "xclip is not installed"))
struct ClipboardWindowTests {
    @MainActor
    final class Editing {
        let server: XvfbServer
        let root = RootView(size: Size(width: 300, height: 60))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 280, height: 34))
        let window: X11Window

        init() throws {
            server = try XvfbServer()
            field.borderStyle = .roundedRect
            root.addSubview(field)
            window = try X11Window(
                title: "clipboard", root: root, display: server.displayName, scale: 1, className: "Vitrine-Clip")
            try pump(seconds: 0.3) { false }
            server.xdotool("search", "--sync", "--class", "Vitrine-Clip", "windowfocus", "--sync")
            server.xdotool("mousemove", "60", "27", "click", "1")
            #expect(try pump { self.field.isEditing })
        }

        func stop() {
            window.close()
            server.stop()
        }

        @discardableResult
        func pump(seconds: Double = 5, until condition: () -> Bool) throws -> Bool {
            try window.run(until: condition, timeout: seconds)
        }

        /// Runs xclip with the window's loop turning (it talks to the window), and returns
        /// what it printed.
        func xclip(_ args: [String], seconds: Double = 20) throws -> String {
            let out = "/tmp/vitrine-xclip-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            defer { unlink(out) }
            let child = try Child(
                XvfbServer.which("xclip")!, args, set: ["DISPLAY": server.displayName], stdout: out)
            #expect(try pump(seconds: seconds) { !child.isRunning }, "xclip \(args) did not end")
            if child.isRunning { child.signal(SIGKILL) }
            return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }

        /// Puts a file's text on a selection with xclip, which stays to serve it.
        func offer(_ text: String, selection: String) throws {
            let file = "/tmp/vitrine-offer-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            defer { unlink(file) }
            _ = try xclip(["-selection", selection, "-i", file])
        }
    }

    @Test func typedAndSelectedTextIsCopiedAndUndone() throws {
        let t = try Editing()
        defer { t.stop() }
        t.server.xdotool("type", "--delay", "20", "hello brave world")
        #expect(try t.pump { t.field.text == "hello brave world" })
        t.server.xdotool("key", "ctrl+shift+Left")
        #expect(try t.pump { t.field.selectedRange == 12..<17 })
        t.server.xdotool("key", "ctrl+c")
        try t.pump(seconds: 0.3) { false }
        #expect(try t.xclip(["-o", "-selection", "clipboard"]) == "world")
        #expect(try t.xclip(["-o", "-selection", "primary"]) == "world", "a selection is PRIMARY")
        #expect(try t.xclip(["-o", "-selection", "clipboard", "-t", "TARGETS"]).contains("UTF8_STRING"))
        #expect(try t.xclip(["-o", "-selection", "clipboard", "-t", "STRING"]) == "world")
        t.server.xdotool("key", "ctrl+x")
        #expect(try t.pump { t.field.text == "hello brave " })
        t.server.xdotool("key", "ctrl+z")
        #expect(try t.pump { t.field.text == "hello brave world" })
        t.server.xdotool("key", "ctrl+z")
        #expect(try t.pump { t.field.text == "hello brave " }, "typing undone by words: \(t.field.text ?? "")")
        t.server.xdotool("key", "ctrl+shift+z")
        #expect(try t.pump { t.field.text == "hello brave world" })
    }

    @Test func textFromAnotherProgramIsPastedWithCtrlVAndTheMiddleButton() throws {
        let t = try Editing()
        defer { t.stop() }
        try t.offer("from xclip", selection: "clipboard")
        t.server.xdotool("key", "ctrl+v")
        #expect(try t.pump { t.field.text == "from xclip" })
        try t.offer("primary ", selection: "primary")
        t.server.xdotool("key", "Home")
        #expect(try t.pump { t.field.selectedRange == 0..<0 })
        // The middle button pastes where it is pressed: at the start, left of the text.
        t.server.xdotool("mousemove", "18", "27", "click", "2")
        #expect(try t.pump { t.field.text == "primary from xclip" }, "\(t.field.text ?? "")")
    }

    @Test func fiveMegabytesGoBothWaysInIncrementalChunks() throws {
        let t = try Editing()
        defer { t.stop() }
        let line = String(repeating: "0123456789abcdef", count: 4) + "é\n"
        let big = String(repeating: line, count: 5_000_000 / line.utf8.count + 1)
        #expect(big.utf8.count > 5_000_000)
        try t.offer(big, selection: "clipboard")
        var got: String?
        Pasteboard.general.requestString { got = $0 }
        #expect(try t.pump(seconds: 30) { got != nil })
        #expect(got?.utf8.count == big.utf8.count)
        #expect(got == big)

        let other = String(big.reversed())
        Pasteboard.general.string = other
        // Asked by a bare client, the window answers with INCR and the size, as ICCCM
        // says for data larger than a request (section 2.7.2).
        let asker = try #require(unsafe XOpenDisplay(t.server.displayName))
        defer { unsafe XCloseDisplay(asker) }
        let w = unsafe XCreateSimpleWindow(asker, XDefaultRootWindow(asker), 0, 0, 1, 1, 0, 0, 0)
        let property = unsafe XInternAtom(asker, "ASKED", 0)
        unsafe XConvertSelection(
            asker, XInternAtom(asker, "CLIPBOARD", 0), XInternAtom(asker, "UTF8_STRING", 0), property, w, 0)
        unsafe XFlush(asker)
        var notify = unsafe XEvent()
        #expect(try t.pump { unsafe XCheckTypedWindowEvent(asker, w, SelectionNotify, &notify) != 0 })
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        unsafe XGetWindowProperty(
            asker, w, property, 0, 1, 0, UInt(AnyPropertyType), &type, &format, &count, &remaining, &data)
        #expect(unsafe type == XInternAtom(asker, "INCR", 0))
        if let data = unsafe data {
            let size = unsafe data.withMemoryRebound(to: Int.self, capacity: 1) { unsafe $0.pointee }
            #expect(size == other.utf8.count)
            unsafe XFree(data)
        }
        let read = try t.xclip(["-o", "-selection", "clipboard"], seconds: 60)
        #expect(read.utf8.count == other.utf8.count)
        #expect(read == other)
    }

    @Test func anOwnerThatNeverAnswersGivesNothingAndTheWindowGoesOn() throws {
        let t = try Editing()
        defer { t.stop() }
        // Another client takes the clipboard and never reads its events.
        let mute = try #require(unsafe XOpenDisplay(t.server.displayName))
        defer { unsafe XCloseDisplay(mute) }
        let w = unsafe XCreateSimpleWindow(mute, XDefaultRootWindow(mute), 0, 0, 1, 1, 0, 0, 0)
        unsafe XSetSelectionOwner(mute, XInternAtom(mute, "CLIPBOARD", 0), w, 0)
        unsafe XSync(mute, 0)
        let started = Date()
        t.server.xdotool("key", "ctrl+v")
        t.server.xdotool("type", "ok")
        #expect(try t.pump(seconds: 2) { t.field.text == "ok" }, "keys are handled while the paste waits")
        var done = false
        Pasteboard.general.requestString { text in
            #expect(text == nil)
            done = true
        }
        #expect(try t.pump(seconds: 10) { done })
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 2.5 && waited < 8, "gave up after \(waited) s")
        #expect(t.field.text == "ok", "nothing was inserted")
    }
}
