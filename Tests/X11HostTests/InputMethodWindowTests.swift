import CX11
import Foundation
import Raster
import TestSupport
import Testing
import X11Host

@testable import Views

/// What the input method test needs besides an X server.
enum IBusTools {
    static let unavailableReason: String? = {
        for tool in ["ibus-daemon", "dbus-run-session", "pgrep", "xprop"] where XvfbServer.which(tool) == nil {
            return "\(tool) is not installed (ibus, dbus, procps, x11-utils); .ci/run installs them"
        }
        return FileManager.default.fileExists(atPath: "/usr/libexec/ibus-x11") ? nil : "ibus-x11 is not installed"
    }()
}

/// A text field typed into through a real input method server: IBus with its XIM front
/// end (`ibus-x11`) on the test's own X server and session bus, chosen with on-the-spot
/// preedit callbacks.
/// Keys typed reach the field through the server; the preedit callbacks are then called
/// as Xlib calls them (IBus's US engine composes nothing of its own), and the field
/// draws the text being composed inline. Then the server is killed while the field has
/// the focus, and typing goes on.
@MainActor
@Suite(
    .serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"),
    .enabled(if: IBusTools.unavailableReason == nil, "\(IBusTools.unavailableReason ?? "")"))
struct InputMethodWindowTests {
    static var folder: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().path }

    @Test func composedTextIsShownInlineAndTypingOutlivesTheServer() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scratch = try ScratchDirectory("ibus")
        let pidFile = scratch.file("ibus-x11.pid")
        let session = try Child(
            XvfbServer.which("dbus-run-session")!, ["--", Self.folder + "/InputMethod/ibus-session.sh", pidFile],
            set: [
                "DISPLAY": server.displayName, "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path,
                // No accessibility bus for IBus's own GTK parts, which would outlive the test.
                "NO_AT_BRIDGE": "1"
            ],
            stdout: scratch.file("session.out"), stderr: scratch.file("session.err"))
        defer {
            // The script ends its daemon on SIGTERM, and the session ends with the script.
            if let text = try? String(contentsOfFile: pidFile + ".session", encoding: .utf8),
                let script = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                kill(script, SIGTERM)
            }
            if session.wait(timeout: 5) == nil { session.signal(SIGKILL) }
        }
        // The script waits up to some 30 seconds for the input method to register.
        let deadline = Date().addingTimeInterval(40)
        while !FileManager.default.fileExists(atPath: pidFile) && Date() < deadline { usleep(50_000) }
        let pidText = try String(contentsOfFile: pidFile, encoding: .utf8)
        let ximServer = try #require(pid_t(pidText.split(separator: "\n").first ?? ""), "ibus-x11's pid: \(pidText)")
        defer { kill(ximServer, SIGKILL) }

        let root = RootView(size: Size(width: 300, height: 60))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 280, height: 34))
        root.addSubview(field)
        // The input method is chosen by XMODIFIERS when the window opens.
        let window = try X11Window(
            title: "ime", root: root, display: server.displayName, scale: 1, className: "Vitrine-Ime",
            accessibilityBus: .desktop, environment: ["XMODIFIERS": "@im=ibus"])
        defer { window.close() }
        #expect(window.hasPreeditCallbacks, "IBus offers on-the-spot preedit")
        try window.run(until: { false }, timeout: 0.3)
        server.xdotool("search", "--sync", "--class", "Vitrine-Ime", "windowfocus", "--sync")
        server.xdotool("mousemove", "60", "27", "click", "1")
        #expect(try window.run(until: { field.isEditing }, timeout: 5))

        server.xdotool("type", "--delay", "50", "ab")
        #expect(try window.run(until: { field.text == "ab" }, timeout: 10), "typed through IBus: \(field.text ?? "")")
        // The preedit callbacks as Xlib calls them for an on-the-spot input method:
        // start, the digits drawn (multibyte), the caret moved, a character drawn as wide
        // characters, then done, and the commit as a key.
        let target = unsafe XPointer(OpaquePointer(window.preeditTarget))
        unsafe vitrine_preedit_start(nil, target, nil)
        try Self.draw(target, "e9", first: 0, length: 0, caret: 2)
        #expect(try window.run(until: { field.markedTextRange == 2..<4 }, timeout: 2))
        #expect(field.display == "abe9", "the preedit stands at the caret, inline")
        #expect(field.text == "ab", "composing inserts nothing yet")
        try Self.draw(target, "\u{E9}", first: 0, length: 2, caret: 1, wide: true)
        #expect(try window.run(until: { field.markedTextRange == 2..<3 }, timeout: 2))
        #expect(field.display == "ab\u{E9}")
        unsafe vitrine_preedit_done(nil, target, nil)
        #expect(try window.run(until: { field.markedTextRange == nil }, timeout: 2))
        #expect(field.text == "ab")
        server.xdotool("type", "--delay", "50", "e")
        #expect(try window.run(until: { field.text == "abe" }, timeout: 10), "\(field.text ?? "")")

        // The server dies with the field focused: the next key finds it gone, Xlib's own
        // method takes over, and typing goes on; nothing waits for the dead server.
        kill(ximServer, SIGKILL)
        try window.run(until: { false }, timeout: 0.5)
        server.xdotool("type", "--delay", "50", "cd")
        #expect(
            try window.run(until: { field.text == "abecd" }, timeout: 10),
            "typing goes on without the server: \(field.text ?? "")")
        #expect(!window.hasPreeditCallbacks, "Xlib's own method, which has no preedit callbacks, took over")
    }

    /// Calls the draw callback as Xlib does: replace `length` characters at `first` by
    /// `text`, in the locale's multibyte encoding or as wide characters.
    static func draw(_ target: XPointer, _ text: String, first: Int32, length: Int32, caret: Int32, wide: Bool = false)
        throws
    {
        var t = XIMText()
        t.length = UInt16(text.unicodeScalars.count)
        var bytes = Array(text.utf8CString)
        var wides = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        unsafe bytes.withUnsafeMutableBufferPointer { b in
            unsafe wides.withUnsafeMutableBufferPointer { w in
                if wide {
                    t.encoding_is_wchar = 1
                    unsafe t.string.wide_char = w.baseAddress
                } else {
                    t.encoding_is_wchar = 0
                    unsafe t.string.multi_byte = b.baseAddress
                }
                unsafe withUnsafeMutablePointer(to: &t) { tp in
                    var d = unsafe XIMPreeditDrawCallbackStruct(
                        caret: caret, chg_first: first, chg_length: length, text: tp)
                    unsafe withUnsafeMutablePointer(to: &d) { p in
                        unsafe vitrine_preedit_draw(nil, target, XPointer(OpaquePointer(p)))
                    }
                }
            }
        }
    }
}
