import CX11
import Foundation
import Layers
import Raster
import TestSupport
import Testing
import Views
import X11Host

/// The window against a real X server (Xvfb), clicked through XTEST.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct WindowTests {
    /// A small tree: a button and a checkbox on a coloured root.
    @MainActor
    final class Scene {
        let root = RootView(size: Size(width: 320, height: 200))
        let button = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44))
        let box = Checkbox(frame: Rect(x: 200, y: 20, width: 40, height: 40))
        var taps = 0

        init() {
            root.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.45)
            button.setTitle("Press", for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor = Color(red: 0.9, green: 0.4, blue: 0.1)
            button.layer.cornerRadius = 8
            button.setImage(WindowTests.icon, for: .normal)
            root.addSubview(button)
            root.addSubview(box)
            button.addAction(for: .touchUpInside) { [unowned self] _, _ in taps += 1 }
        }

        /// The same tree rendered headless.
        func headless(scale: Double) -> Surface {
            let s = try! Surface(width: Int(320 * scale), height: Int(200 * scale), scale: scale)
            root.render(into: s, full: true)
            return s
        }
    }

    static let icon: Image = {
        let s = try! Surface(width: 24, height: 24)
        let c = Context(surface: s)
        c.setFillColor(.white)
        c.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 24, height: 24), cornerRadius: 6))
        c.setFillColor(.red)
        c.fill(Rect(x: 0, y: 0, width: 24, height: 8))
        return try! Image(surface: s)
    }()

    /// Pumps the window's loop until `condition` holds or `seconds` pass.
    func pump(_ window: X11Window, seconds: Double = 5, until condition: () -> Bool) throws -> Bool {
        try window.run(until: condition, timeout: seconds)
    }

    /// Waits until the server's picture of the window equals `expected`.
    func serverShows(_ window: X11Window, _ expected: Surface) throws -> Bool {
        try pump(window) { window.captureFromServer().map { $0 == expected } ?? false }
    }

    /// Waits until the server's picture of the window equals the window's own frame.
    func showsItsFrame(_ window: X11Window) throws -> Bool {
        try pump(window) { window.captureFromServer().map { $0 == (try? window.currentFrame()) } ?? false }
    }

    func clickChecks(server: XvfbServer, expectedPath: PresentationPath, scale: Double = 1) throws {
        let scene = Scene()
        let window = try X11Window(title: "Vitrine test", root: scene.root, display: server.displayName, scale: scale)
        defer { window.close() }
        #expect(window.presentationPath == expectedPath)
        #expect(try showsItsFrame(window))
        // Press the button and hold it: the server shows the highlighted state.
        server.xdotool("mousemove", "\(Int(40 * scale))", "\(Int(42 * scale))")
        server.xdotool("mousedown", "1")
        #expect(try pump(window) { scene.button.isHighlighted })
        let pressed = scene.headless(scale: scale)
        #expect(try serverShows(window, pressed), "the window shows the pressed button")
        server.xdotool("mouseup", "1")
        #expect(try pump(window) { scene.taps == 1 })
        #expect(!scene.button.isHighlighted)
        // The pressed look fades back: the comparisons below are of the still frame after.
        #expect(try pump(window) { !AnimationEngine.isAnimating })
        // Click the checkbox: it toggles, and the window equals the headless render.
        server.xdotool("mousemove", "\(Int(220 * scale))", "\(Int(40 * scale))", "click", "1")
        #expect(try pump(window) { scene.box.checked })
        #expect(try serverShows(window, scene.headless(scale: scale)), "the window equals the headless render")
        #expect(scene.taps == 1)
    }

    @Test func clicksWithSharedMemory() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        try clickChecks(server: server, expectedPath: .sharedMemory)
    }

    @Test func clicksWithoutSharedMemoryExtension() throws {
        let server = try XvfbServer(sharedMemory: false)
        defer { server.stop() }
        try clickChecks(server: server, expectedPath: .putImage)
    }

    @Test func clicksOverTCPFallBackToPutImage() throws {
        let server = try XvfbServer(tcp: true)
        defer { server.stop() }
        try clickChecks(server: server, expectedPath: .putImage)
    }

    @Test func clicksAtScaleTwo() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        try clickChecks(server: server, expectedPath: .sharedMemory, scale: 2)
    }

    @Test func resizeBurstEndsOnTheRightFrame() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let window = try X11Window(title: "resize", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        _ = try pump(window, seconds: 1) { false }
        let before = residentKilobytes()
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            window.requestSize(
                Size(
                    width: Double(Int.random(in: 200...900, using: &random)),
                    height: Double(Int.random(in: 150...700, using: &random))))
        }
        window.requestSize(Size(width: 500, height: 300))
        #expect(try pump(window) { window.pixelSize == (500, 300) })
        let expected = try Surface(width: 500, height: 300)
        scene.root.render(into: expected, full: true)
        let shown = try serverShows(window, expected)
        if !shown, let got = window.captureFromServer() {
            try? got.writePNG(to: "/tmp/resize-got.png")
            try? expected.writePNG(to: "/tmp/resize-expected.png")
        }
        #expect(shown)
        let after = residentKilobytes()
        #expect(after - before < 64 * 1024, "resident memory grew by \(after - before) kB")
        #expect(XvfbServer.sharedMemorySegments().filter { $0.attached > 0 }.count <= 2)
    }

    @Test func closeThroughWMDeleteWindowReturnsNormally() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let window = try X11Window(title: "close me", root: Scene().root, display: server.displayName, scale: 1)
        _ = try pump(window, seconds: 0.5) { false }
        #expect(sendDeleteWindow(display: server.displayName, windowClass: "Vitrine"))
        #expect(try pump(window) { window.isClosed })
        #expect(try window.runOnce(timeout: 0) == false)
    }

    @Test func killedServerEndsTheLoopWithAnError() throws {
        let server = try XvfbServer()
        let window = try X11Window(title: "orphan", root: Scene().root, display: server.displayName, scale: 1)
        _ = try pump(window, seconds: 0.5) { false }
        server.kill()
        let started = Date()
        var failure: Error?
        do {
            while Date().timeIntervalSince(started) < 10 { try window.runOnce(timeout: 0.05) }
        } catch {
            failure = error
        }
        #expect(failure as? X11Error == .connectionLost(server.displayName))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect("\(failure!)".contains(server.displayName))
    }

    func windowID(_ server: XvfbServer) -> String {
        XvfbServer.run(
            XvfbServer.which("xdotool")!, ["search", "--class", "Vitrine"],
            environment: ["DISPLAY": server.displayName]
        ).stdout.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test func unmappingTheWindowMidPressCancelsTheTouch() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        var events: [String] = []
        scene.button.addAction(for: .allEvents) { _, e in events.append("\(e)") }
        let window = try X11Window(title: "unmap", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        _ = try pump(window, seconds: 0.3) { false }
        server.xdotool("mousemove", "40", "42")
        server.xdotool("mousedown", "1")
        #expect(try pump(window) { scene.button.isHighlighted })
        server.xdotool("windowunmap", windowID(server))
        #expect(try pump(window) { !scene.button.isHighlighted })
        #expect(events == ["touchDown", "touchCancel"])
        server.xdotool("mouseup", "1")
        _ = try pump(window, seconds: 0.3) { false }
        #expect(scene.taps == 0)
    }

    @Test func paintFromAnotherClientIsRepairedOnExpose() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let window = try X11Window(title: "expose", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        #expect(try showsItsFrame(window))
        // Another client paints the window black, which the server keeps until the owner
        // redraws; then it asks for an Expose, as a window manager or a compositor would.
        let id = try #require(UInt(windowID(server)))
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        let gc = XCreateGC(other, id, 0, nil)
        XSetForeground(other, gc, 0)
        XFillRectangle(other, id, gc, 0, 0, 320, 200)
        XFreeGC(other, gc)
        XSync(other, 0)
        #expect(
            window.captureFromServer().map { $0 != (try? window.currentFrame()) } ?? false,
            "the other client's paint reached the server")
        XClearArea(other, id, 0, 0, 0, 0, 1)
        XSync(other, 0)
        #expect(try showsItsFrame(window), "the Expose makes the window redraw what was painted over")
    }

    @Test(arguments: [false, true])
    func aRefusedRequestReachesTheProgram(handled: Bool) throws {
        // Another client shrinks the window; before the window hears of it, a capture asks
        // the server for the old size, which it refuses (BadMatch). The error reaches the
        // handler or, without one, ends the run.
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let window = try X11Window(title: "refused", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        var seen: [XProtocolError] = []
        if handled { window.protocolErrorHandler = { seen.append($0) } }
        #expect(try showsItsFrame(window))
        let id = try #require(UInt(windowID(server)))
        let other = try #require(XOpenDisplay(server.displayName))
        XResizeWindow(other, id, 10, 10)
        XSync(other, 0)
        XCloseDisplay(other)
        #expect(window.captureFromServer() == nil)
        var thrown: X11Error?
        do {
            _ = try pump(window, seconds: 3) { !seen.isEmpty }
        } catch let error as X11Error {
            thrown = error
        }
        let refused = try #require(
            handled
                ? seen.first
                : {
                    guard case .protocolError(let name, let e) = thrown else { return nil }
                    #expect(name == server.displayName)
                    return e
                }())
        #expect(refused.code == 8 && refused.request == 73, "BadMatch for GetImage: \(refused)")
        #expect(refused.resource == id && !refused.text.isEmpty, "\(refused)")
        #expect(handled == (thrown == nil))
    }

    @Test func droppedWindowsReleaseEverything() throws {
        try dropWindowsAndCountWhatIsLeft()
    }

    /// The same while another program creates and removes shared-memory segments all
    /// along: only this process's segments are counted, so the other's come and go unseen.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ipcmk"), "ipcmk (util-linux) makes the segments")
    )
    func droppedWindowsReleaseEverythingWhileAnotherProgramUsesSharedMemory() throws {
        let loop = try Child(
            "/bin/sh", ["-c", "while :; do id=$(ipcmk -M 4096 | sed 's/.*: //'); ipcrm -m \"$id\"; done"])
        defer {
            loop.signal(SIGKILL)
            _ = loop.wait(timeout: 5)
        }
        // The loop is running: it has made a segment within the first second.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline
            && !XvfbServer.sharedMemorySegments().contains(where: { $0.creator != getpid() && $0.mode == 0o644 })
        {
            usleep(1000)
        }
        try dropWindowsAndCountWhatIsLeft()
    }

    func dropWindowsAndCountWhatIsLeft() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        func topLevelWindows() -> Int {
            var root: Window = 0
            var parent: Window = 0
            var count: UInt32 = 0
            var children: UnsafeMutablePointer<Window>?
            guard XQueryTree(other, XDefaultRootWindow(other), &root, &parent, &children, &count) != 0 else {
                return -1
            }
            if let children { XFree(children) }
            return Int(count)
        }
        func descriptors() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        }
        let before = (descriptors(), topLevelWindows(), XvfbServer.sharedMemorySegments(createdBy: getpid()).count)
        for i in 0..<100 {
            let scene = Scene()
            let window = try X11Window(title: "dropped \(i)", root: scene.root, display: server.displayName, scale: 1)
            try window.runOnce(timeout: 0)
            #expect(window.presentationPath == .sharedMemory)
        }
        XSync(other, 0)
        let after = (descriptors(), topLevelWindows(), XvfbServer.sharedMemorySegments(createdBy: getpid()).count)
        #expect(after == before, "descriptors, windows, segments: before \(before), after \(after)")
    }

    @Test func aWindowDestroyedByAnotherClientEndsTheRun() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let window = try X11Window(title: "destroyed", root: scene.root, display: server.displayName, scale: 1)
        #expect(try showsItsFrame(window))
        let id = try #require(UInt(windowID(server)))
        let other = try #require(XOpenDisplay(server.displayName))
        XDestroyWindow(other, id)
        XSync(other, 0)
        XCloseDisplay(other)
        // The loop is idle: the DestroyNotify alone ends it.
        #expect(throws: X11Error.windowDestroyed(server.displayName)) { try window.run() }
        #expect(window.isClosed)
        #expect(
            X11Error.windowDestroyed(":1").description
                == "the window on X display \":1\" was destroyed by another client")
    }

    /// A view that records the modifiers of the touches it begins.
    final class TouchRecorder: View {
        var modifiers: [PointerEvent.Modifiers] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { modifiers += touches.map(\.modifiers) }
    }

    @Test func rightAndMiddleClicksLeaveControlsAlone() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        var events: [String] = []
        scene.button.addAction(for: .allEvents) { _, e in events.append("\(e)") }
        scene.box.addAction(for: .allEvents) { _, e in events.append("box \(e)") }
        let window = try X11Window(title: "buttons", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        #expect(try showsItsFrame(window))
        for button in ["3", "2"] {
            server.xdotool("mousemove", "220", "40", "click", button)
            server.xdotool("mousemove", "40", "42", "click", button)
        }
        _ = try pump(window, seconds: 0.5) { false }
        #expect(events.isEmpty && !scene.box.checked && scene.taps == 0)
        server.xdotool("mousemove", "220", "40", "click", "1")
        #expect(try pump(window) { scene.box.checked })
    }

    @Test func modifiersHeldDuringAClickReachTheTouch() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let recorder = TouchRecorder(frame: Rect(x: 20, y: 100, width: 280, height: 80))
        scene.root.addSubview(recorder)
        let window = try X11Window(title: "modifiers", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        #expect(try showsItsFrame(window))
        server.xdotool("mousemove", "100", "140")
        server.xdotool("click", "1")
        server.xdotool("keydown", "shift", "keydown", "ctrl", "click", "1", "keyup", "ctrl", "keyup", "shift")
        server.xdotool("keydown", "alt", "click", "1", "keyup", "alt")
        // The logo key is Mod4, read as Command; Caps Lock locked is Lock.
        server.xdotool("keydown", "super", "click", "1", "keyup", "super")
        server.xdotool("key", "Caps_Lock", "click", "1", "key", "Caps_Lock")
        #expect(try pump(window) { recorder.modifiers.count == 5 })
        #expect(recorder.modifiers == [[], [.shift, .control], [.alternate], [.command], [.alphaShift]])
    }

    /// A view that records the wheel steps it is given.
    final class ScrollRecorder: View {
        var deltas: [Point] = []
        override func scrolled(by delta: Point, at location: Point) { deltas.append(delta) }
    }

    @Test func wheelButtonsScrollInsteadOfClicking() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let recorder = ScrollRecorder(frame: Rect(x: 20, y: 100, width: 280, height: 80))
        scene.root.addSubview(recorder)
        var buttonEvents: [String] = []
        scene.button.addAction(for: .allEvents) { _, e in buttonEvents.append("\(e)") }
        let window = try X11Window(title: "wheel", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        #expect(try showsItsFrame(window))
        // Buttons 4 to 7 are the wheel: up, down, left, right, one step each.
        server.xdotool("mousemove", "100", "140")
        for button in ["4", "5", "6", "7"] { server.xdotool("click", button) }
        #expect(try pump(window) { recorder.deltas.count == 4 })
        #expect(recorder.deltas == [Point(x: 0, y: -40), Point(x: 0, y: 40), Point(x: -40, y: 0), Point(x: 40, y: 0)])
        // Over the button the wheel neither presses nor taps it.
        server.xdotool("mousemove", "40", "42")
        server.xdotool("click", "5")
        _ = try pump(window, seconds: 0.3) { false }
        #expect(buttonEvents.isEmpty)
        #expect(scene.taps == 0)
    }

    @Test func pingIsAnsweredOnTheRootWindow() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let window = try X11Window(title: "ping", root: Scene().root, display: server.displayName, scale: 1)
        defer { window.close() }
        #expect(try showsItsFrame(window))
        // A window manager's side: it listens on the root and pings the client's window.
        let id = try #require(UInt(windowID(server)))
        let wm = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(wm) }
        let root = XDefaultRootWindow(wm)
        XSelectInput(wm, root, SubstructureNotifyMask)
        let protocols = XInternAtom(wm, "WM_PROTOCOLS", 0)
        let ping = XInternAtom(wm, "_NET_WM_PING", 0)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(ping)
        event.xclient.data.l.1 = 424242
        event.xclient.data.l.2 = Int(id)
        XSendEvent(wm, id, 0, NoEventMask, &event)
        XSync(wm, 0)
        var reply: XClientMessageEvent?
        #expect(
            try pump(window) {
                var e = XEvent()
                if XCheckTypedEvent(wm, ClientMessage, &e) != 0 { reply = e.xclient }
                return reply != nil
            })
        #expect(reply?.window == root, "the reply goes to the root window")
        #expect(reply?.message_type == protocols)
        #expect(reply.map { UInt($0.data.l.0) } == ping)
        #expect(reply?.data.l.1 == 424242, "the reply carries the ping's timestamp")
        #expect(reply.map { UInt($0.data.l.2) } == id)
        #expect(!window.isClosed)
    }

    /// CPU seconds the calling thread has used (other tests run on other threads).
    func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test func anIdleWindowSleeps() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let window = try X11Window(title: "idle", root: scene.root, display: server.displayName, scale: 1)
        defer { window.close() }
        #expect(try showsItsFrame(window))
        // One second of the loop with nothing to do: it waits in poll instead of spinning.
        let start = Date()
        let cpu = threadCPUSeconds()
        while Date().timeIntervalSince(start) < 1 { try window.runOnce(timeout: 0.25) }
        let used = threadCPUSeconds() - cpu
        #expect(used < 0.05, "an idle second used \(used) s of CPU")
    }

    @Test func scaleComesFromXftDPIThenVITRINE_SCALEThenTheArgument() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        // Xft.dpi 192 in the server's resource database, as xrdb would set it.
        let d = try #require(XOpenDisplay(server.displayName))
        let resources = Array("Xft.dpi:\t192\n".utf8)
        XChangeProperty(
            d, XRootWindow(d, XDefaultScreen(d)), XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace,
            resources, Int32(resources.count))
        XSync(d, 0)
        XCloseDisplay(d)
        // The environment is handed to the window, not set: other tests spawn programs
        // from this process's environment at the same time.
        let fromDPI = try X11Window(
            title: "dpi", root: RootView(size: Size(width: 100, height: 50)), display: server.displayName,
            accessibilityBus: .none, environment: [:])
        #expect(fromDPI.scale == 2 && fromDPI.pixelSize == (200, 100))
        fromDPI.close()
        let fromEnvironment = try X11Window(
            title: "env", root: RootView(size: Size(width: 100, height: 50)),
            display: server.displayName, accessibilityBus: .none, environment: ["VITRINE_SCALE": "1.5"])
        #expect(fromEnvironment.scale == 1.5 && fromEnvironment.pixelSize == (150, 75))
        fromEnvironment.close()
        let fromArgument = try X11Window(
            title: "arg", root: RootView(size: Size(width: 100, height: 50)),
            display: server.displayName, scale: 3)
        #expect(fromArgument.scale == 3)
        fromArgument.close()
    }

    @Test func keysReachTheProgramAndTheWindowBindsNone() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let scene = Scene()
        let before = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        let window = try X11Window(
            title: "keys", root: scene.root, display: server.displayName, scale: 1,
            className: "Vitrine-Keys")
        defer { window.close() }
        var keys: [Key] = []
        scene.root.unhandledKeyHandler = { keys.append($0) }
        _ = try pump(window, seconds: 0.3) { false }
        let id = windowID(server)
        server.xdotool("key", "--window", id, "F12")
        server.xdotool("key", "--window", id, "ctrl+s")
        server.xdotool("key", "--window", id, "shift+a")
        // The modifier keys are keys too (Control_L, Shift_L); the others carry them.
        let modifierKeys: Set<KeyboardHIDUsage> = [
            .keyboardLeftControl, .keyboardLeftShift, .keyboardRightControl,
            .keyboardRightShift
        ]
        func plain() -> [Key] { keys.filter { !modifierKeys.contains($0.keyCode) } }
        #expect(try pump(window) { plain().count == 3 })
        let got = plain()
        #expect(got.map(\.keyCode) == [.keyboardF12, .keyboardS, .keyboardA])
        #expect(got.map(\.modifierFlags) == [[], .control, .shift])
        #expect(got.map(\.charactersIgnoringModifiers) == ["", "s", "a"])
        #expect(got.last?.characters == "A")
        #expect(keys.contains { $0.keyCode == .keyboardLeftControl })
        // No screenshot, no file: shortcuts are the program's.
        let after = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        #expect(Set(after) == Set(before))
        // The class name is the program's to give.
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        var hint = XClassHint()
        #expect(XGetClassHint(other, try #require(UInt(id)), &hint) != 0)
        #expect(String(cString: hint.res_class) == "Vitrine-Keys" && String(cString: hint.res_name) == "vitrine-keys")
        XFree(hint.res_class)
        XFree(hint.res_name)
    }

    @Test func noDisplayIsAClearError() {
        #expect(throws: X11Error.cannotOpenDisplay(":9999")) {
            _ = try X11Window(title: "none", root: RootView(size: Size(width: 10, height: 10)), display: ":9999")
        }
        #expect(X11Error.noDisplay.description.contains("DISPLAY"))
    }

    func residentKilobytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
        }
        return 0
    }

    /// Sends WM_DELETE_WINDOW to the window of a class, as a window manager does.
    func sendDeleteWindow(display: String, windowClass: String) -> Bool {
        let out = XvfbServer.run(
            XvfbServer.which("xdotool")!, ["search", "--class", windowClass], environment: ["DISPLAY": display])
        guard let id = out.stdout.split(separator: "\n").first.flatMap({ UInt($0) }), let d = XOpenDisplay(display)
        else { return false }
        defer { XCloseDisplay(d) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(d, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(d, id, 0, NoEventMask, &event)
        XFlush(d)
        return true
    }
}
