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
        // A drag from the text's start selects, and the selection is PRIMARY.
        t.server.xdotool("mousemove", "18", "27", "mousedown", "1", "mousemove", "40", "27", "mousemove", "60", "27")
        t.server.xdotool("mouseup", "1")
        #expect(try t.pump { t.field.selectedRange.lowerBound == 0 && t.field.selectedRange.count >= 3 })
        let dragged = t.field.selectedText
        #expect(try t.xclip(["-o", "-selection", "primary"]) == dragged)
        t.server.xdotool("key", "End", "ctrl+shift+Left")
        #expect(try t.pump { t.field.selectedRange == 12..<17 })
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
        // Text the program selected before it had a window is offered through the window,
        // and gives way to another program's selection.
        Pasteboard.connection = nil
        Pasteboard.selection.string = "stale "
        let t = try Editing()
        #expect(try t.xclip(["-o", "-selection", "primary"]) == "stale ")
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
        // Asked again when a read gave up: on a loaded machine, with other windows' tests
        // running beside this one, xclip can take longer than the clipboard's timeout
        // between two chunks, and a user would paste again. What arrives must be whole.
        var got: String?
        for _ in 0..<3 where got == nil {
            var answered = false
            Pasteboard.general.requestString {
                got = $0
                answered = true
            }
            #expect(try t.pump(seconds: 30) { answered })
        }
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

    @Test func aClosingWindowHandsTheClipboardToTheManager() throws {
        let t = try Editing()
        defer { t.server.stop() }
        let manager = try TestClipboardManager(display: t.server.displayName)
        defer { manager.finish() }
        Pasteboard.general.string = "kept after close"
        t.window.close()
        #expect(manager.saved == "kept after close", "the manager read the clipboard before the window went")
        #expect(Pasteboard.general.ownString == nil, "the program's own copy went with its window")
        let read = XvfbServer.run(
            XvfbServer.which("xclip")!, ["-o", "-selection", "clipboard"],
            environment: ["DISPLAY": t.server.displayName],
            timeout: 10)
        #expect(read.stdout == "kept after close", "the manager serves it now")
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

/// A clipboard manager as ICCCM's `CLIPBOARD_MANAGER` convention has it, on a thread and
/// an X connection of its own: asked for `SAVE_TARGETS`, it reads the clipboard's
/// `UTF8_STRING` from its owner, takes the clipboard, and answers; then it serves the
/// saved text to whoever asks.
final class TestClipboardManager: @unchecked Sendable {
    enum ManagerError: Error { case notReady }

    private let lock = NSLock()
    private var savedText: String?
    private var stop = false
    private var thread: Thread?

    /// The text saved, once the manager has it.
    var saved: String? { lock.withLock { savedText } }

    /// Starts the manager on `display`; returns when it owns `CLIPBOARD_MANAGER`.
    init(display name: String) throws {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in run(name, ready) }
        self.thread = thread
        thread.start()
        guard ready.wait(timeout: .now() + 10) == .success else { throw ManagerError.notReady }
    }

    private let ended = DispatchSemaphore(value: 0)

    /// Stops the manager and waits until its connection is closed (before the server
    /// goes, which would end a connection still open in error).
    func finish() {
        lock.withLock { stop = true }
        _ = ended.wait(timeout: .now() + 5)
    }

    private func run(_ name: String, _ ready: DispatchSemaphore) {
        defer { ended.signal() }
        guard let d = unsafe XOpenDisplay(name) else { return }
        defer { unsafe XCloseDisplay(d) }
        let w = unsafe XCreateSimpleWindow(d, XDefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0)
        func atom(_ s: String) -> UInt { unsafe XInternAtom(d, s, 0) }
        let manager = atom("CLIPBOARD_MANAGER")
        let clipboard = atom("CLIPBOARD")
        let utf8 = atom("UTF8_STRING")
        let store = atom("MANAGER_STORE")
        unsafe XSetSelectionOwner(d, manager, w, 0)
        unsafe XSync(d, 0)
        ready.signal()
        var pendingSave: XSelectionRequestEvent?
        while !lock.withLock({ stop }) {
            guard unsafe XPending(d) > 0 else {
                usleep(5_000)
                continue
            }
            var e = unsafe XEvent()
            unsafe XNextEvent(d, &e)
            switch unsafe e.type {
            case SelectionRequest:
                let r = unsafe e.xselectionrequest
                var reply = unsafe XEvent()
                unsafe reply.xselection.type = SelectionNotify
                unsafe reply.xselection.requestor = r.requestor
                unsafe reply.xselection.selection = r.selection
                unsafe reply.xselection.target = r.target
                unsafe reply.xselection.time = r.time
                if unsafe r.selection == manager && r.target == atom("SAVE_TARGETS") {
                    // Read the clipboard from its owner first; answer when it came.
                    unsafe pendingSave = unsafe r
                    unsafe XConvertSelection(d, clipboard, utf8, store, w, 0)
                    unsafe XFlush(d)
                    continue
                }
                if unsafe r.selection == clipboard && r.target == utf8, let text = saved {
                    let bytes = Array(text.utf8)
                    unsafe XChangeProperty(
                        d, r.requestor, r.property, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
                    unsafe reply.xselection.property = r.property
                } else {
                    unsafe reply.xselection.property = 0
                }
                unsafe XSendEvent(d, r.requestor, 0, 0, &reply)
                unsafe XFlush(d)
            case SelectionNotify:
                let n = unsafe e.xselection
                guard unsafe n.selection == clipboard, let save = unsafe pendingSave else { continue }
                var type: UInt = 0
                var format: Int32 = 0
                var count: UInt = 0
                var remaining: UInt = 0
                var data: UnsafeMutablePointer<UInt8>?
                unsafe XGetWindowProperty(
                    d, w, store, 0, 0x1fff_ffff, 1, UInt(AnyPropertyType), &type, &format, &count, &remaining, &data)
                if let data = unsafe data {
                    let text = unsafe String(
                        decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
                    lock.withLock { savedText = text }
                    unsafe XFree(data)
                }
                unsafe XSetSelectionOwner(d, clipboard, w, 0)
                var reply = unsafe XEvent()
                unsafe reply.xselection.type = SelectionNotify
                unsafe reply.xselection.requestor = save.requestor
                unsafe reply.xselection.selection = manager
                unsafe reply.xselection.target = save.target
                unsafe reply.xselection.property = save.property
                unsafe reply.xselection.time = save.time
                unsafe XSendEvent(d, save.requestor, 0, 0, &reply)
                unsafe XFlush(d)
                unsafe pendingSave = nil
            default:
                break
            }
        }
    }
}
