import CX11
import Glibc
import Raster
import Views

/// A top-level X11 window showing a view tree (the host of a `RootView`): it turns X
/// pointer events into the root's pointer events, renders the damage straight into its
/// frame buffer and presents only the damaged rectangles.
///
/// All its work happens on the main actor, in `run()` or in steps of `runOnce(timeout:)`.
@MainActor
public final class X11Window {
    /// The view tree shown.
    public let root: RootView
    /// Points to pixels: from `Xft.dpi / 96`, overridden by `VITRINE_SCALE`, overridden by
    /// the `scale` given to `init`.
    public let scale: Double
    private let display: XDisplay
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let window: UInt
    private let gc: GC
    private var frame: FrameBuffer
    private let allowSharedMemory: Bool
    private let atoms: (protocols: UInt, delete: UInt, ping: UInt)
    private var wakePipe: (read: Int32, write: Int32) = (-1, -1)
    private var scheduled: [() -> Void] = []
    private var pendingSize: (Int, Int)?
    private var exposed: Rect = .null
    private var closed = false
    private var presentedOnce = false

    /// The path frames take to the server, chosen at start (and again on resize).
    public var presentationPath: PresentationPath { frame.path }
    /// The window's size in pixels.
    public var pixelSize: (width: Int, height: Int) { (frame.width, frame.height) }
    /// The X display's name, as opened.
    public var displayName: String { display.name }
    /// Called with the path of each screenshot saved by F12 or Ctrl+S.
    public var onScreenshot: ((String) -> Void)?
    /// Called after each frame is presented, with the pixel rectangles sent.
    public var onPresent: (([Rect]) -> Void)?

    /// Opens a window of `size` points showing `root`.
    ///
    /// - Parameters:
    ///   - display: an X display name; nil uses `$DISPLAY`.
    ///   - scale: points to pixels; nil reads `VITRINE_SCALE`, then `Xft.dpi / 96`, else 1.
    ///   - sharedMemory: false forces the `XPutImage` path.
    /// - Throws: `X11Error` with a one-line message naming the display.
    public init(title: String, root: RootView, display name: String? = nil, scale: Double? = nil,
                minimumSize: Size = Size(width: 200, height: 150), sharedMemory: Bool = true) throws {
        let display = try XDisplay(name: name)
        self.display = display
        self.root = root
        let envScale = getenv("VITRINE_SCALE").flatMap { Double(String(cString: $0)) }
        let chosen = scale ?? envScale ?? ((display.xftDPI ?? 96) / 96)
        self.scale = chosen.isFinite && chosen > 0 ? min(chosen, 8) : 1
        let (visual, depth) = try {
            do { return try display.findVisual() } catch { display.close(); throw error }
        }()
        self.visual = visual
        self.depth = depth
        allowSharedMemory = sharedMemory
        let w = max(1, Int((root.size.width * self.scale).rounded())), h = max(1, Int((root.size.height * self.scale).rounded()))

        var attributes = XSetWindowAttributes()
        attributes.colormap = XCreateColormap(display.handle, display.root, visual, AllocNone)
        attributes.background_pixmap = 0
        attributes.border_pixel = 0
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | FocusChangeMask | LeaveWindowMask
        let mask = UInt(CWColormap | CWBackPixmap | CWBorderPixel | CWEventMask)
        window = XCreateWindow(display.handle, display.root, 0, 0, UInt32(w), UInt32(h), 0, depth, UInt32(InputOutput),
                               visual, mask, &attributes)
        guard window != 0 else { display.close(); throw X11Error.windowCreationFailed(display.name) }
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display.handle, window, UInt(GCGraphicsExposures), &values)
        atoms = (display.atom("WM_PROTOCOLS"), display.atom("WM_DELETE_WINDOW"), display.atom("_NET_WM_PING"))
        do {
            frame = try FrameBuffer(display: display, visual: visual, depth: depth, width: w, height: h, scale: self.scale,
                                    allowSharedMemory: sharedMemory)
        } catch {
            display.close()
            throw error
        }
        setProperties(title: title, minimumSize: minimumSize)
        if pipe(&wakePipe.read) == 0 {
            _ = fcntl(wakePipe.read, F_SETFL, O_NONBLOCK)
            _ = fcntl(wakePipe.write, F_SETFL, O_NONBLOCK)
            _ = fcntl(wakePipe.read, F_SETFD, FD_CLOEXEC)
            _ = fcntl(wakePipe.write, F_SETFD, FD_CLOEXEC)
        }
        StandardError.write("vitrine: \(display.name): presenting with \(frame.path.rawValue) at scale \(self.scale)")
        root.onNeedsFrame = { [weak self] in self?.wake() }
        XMapWindow(display.handle, window)
        display.flush()
    }

    private func setProperties(title: String, minimumSize: Size) {
        let d = display.handle
        XStoreName(d, window, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(d, window, display.atom("_NET_WM_NAME"), display.atom("UTF8_STRING"), 8, PropModeReplace,
                        utf8, Int32(utf8.count))
        let pid = [Int(getpid())]
        _ = pid.withUnsafeBytes {
            XChangeProperty(d, window, display.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                            $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let hostBytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        XChangeProperty(d, window, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, hostBytes, Int32(hostBytes.count))
        if let hint = XAllocClassHint() {
            let name = strdup("vitrine"), cls = strdup("Vitrine")
            hint.pointee.res_name = name
            hint.pointee.res_class = cls
            XSetClassHint(d, window, hint)
            XFree(hint)
            free(name)
            free(cls)
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = Int32(max(1, (minimumSize.width * scale).rounded()))
            hints.pointee.min_height = Int32(max(1, (minimumSize.height * scale).rounded()))
            XSetWMNormalHints(d, window, hints)
            XFree(hints)
        }
        var protocols = [atoms.delete, atoms.ping]
        XSetWMProtocols(d, window, &protocols, 2)
    }

    // MARK: The loop

    /// Runs until the window is closed through the window manager (WM_DELETE_WINDOW) or
    /// `close()`, blocking in `poll` while nothing happens.
    ///
    /// - Throws: `X11Error.connectionLost` when the server goes away.
    public func run() throws {
        while try runOnce(timeout: -1) {}
    }

    /// Handles what is pending, renders and presents if needed, then waits up to
    /// `timeout` seconds (forever when negative) for the next event or wake-up.
    /// Returns false once the window is closed.
    ///
    /// - Throws: `X11Error.connectionLost` when the server goes away.
    @discardableResult
    public func runOnce(timeout: Double) throws -> Bool {
        guard !closed else { return false }
        try drainEvents()
        if closed { return false }
        runScheduled()
        try renderIfNeeded()
        display.flush()
        try display.check()
        if display.pending() == 0 && !root.needsFrame && scheduled.isEmpty {
            var fds = [pollfd(fd: display.connectionNumber, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
            let ms = timeout < 0 ? -1 : Int32(min(timeout * 1000, Double(Int32.max)))
            _ = poll(&fds, nfds_t(wakePipe.read >= 0 ? 2 : 1), ms)
            if fds[1].revents != 0 { drainWakePipe() }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                _ = display.pending()
            }
        }
        try drainEvents()
        try display.check()
        return !closed
    }

    /// Asks the server to resize the window to `size` points (as a user dragging its edge
    /// would); the frame follows when the server says it happened.
    public func requestSize(_ size: Size) {
        guard !closed, !display.isLost, size.width.isFinite, size.height.isFinite else { return }
        let w = UInt32(max(1, min((size.width * scale).rounded(), 16384))), h = UInt32(max(1, min((size.height * scale).rounded(), 16384)))
        XResizeWindow(display.handle, window, w, h)
        display.flush()
    }

    /// Closes the window; `run()` returns.
    public func close() {
        guard !closed else { return }
        closed = true
        frame.release()
        if !display.isLost {
            XFreeGC(display.handle, gc)
            XDestroyWindow(display.handle, window)
        }
        display.close()
        if wakePipe.read >= 0 {
            Glibc.close(wakePipe.read)
            Glibc.close(wakePipe.write)
        }
        root.onNeedsFrame = nil
    }

    /// Whether the window was closed.
    public var isClosed: Bool { closed }

    /// Runs `work` on the loop's next turn, waking it if it sleeps.
    public func schedule(_ work: @escaping () -> Void) {
        scheduled.append(work)
        wake()
    }

    private func wake() {
        guard wakePipe.write >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakePipe.read, &buffer, buffer.count) > 0 {}
    }

    private func runScheduled() {
        let work = scheduled
        scheduled.removeAll()
        for w in work { w() }
    }

    // MARK: Events

    private func drainEvents() throws {
        var pendingMotion: XMotionEvent?
        while !closed && display.pending() > 0 {
            var event = XEvent()
            XNextEvent(display.handle, &event)
            if event.type == MotionNotify {
                pendingMotion = event.xmotion  // coalesced: only the latest is delivered
                continue
            }
            if let m = pendingMotion {
                deliver(motion: m)
                pendingMotion = nil
            }
            handle(event)
        }
        if let m = pendingMotion { deliver(motion: m) }
        try display.check()
        if let (w, h) = pendingSize {
            pendingSize = nil
            try resize(width: w, height: h)
        }
        if !exposed.isNull {
            root.setNeedsDisplayInPixels(exposed, scale: scale)
            exposed = .null
        }
    }

    private func location(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }

    private func modifiers(_ state: UInt32) -> PointerEvent.Modifiers {
        var m: PointerEvent.Modifiers = []
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
        if state & UInt32(Mod4Mask) != 0 { m.insert(.command) }
        return m
    }

    private func deliver(motion m: XMotionEvent) {
        root.handle(PointerEvent(.move, at: location(m.x, m.y), button: 0, modifiers: modifiers(m.state),
                                 timestamp: Double(m.time) / 1000))
    }

    private func handle(_ event: XEvent) {
        switch event.type {
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            let at = location(b.x, b.y)
            let time = Double(b.time) / 1000
            switch b.button {
            case 1, 2, 3:
                root.handle(PointerEvent(event.type == ButtonPress ? .press : .release, at: at, button: Int(b.button),
                                         modifiers: modifiers(b.state), timestamp: time))
            case 4, 5, 6, 7:
                guard event.type == ButtonPress else { return }
                let step = 40.0
                let delta = [4: Point(x: 0, y: -step), 5: Point(x: 0, y: step), 6: Point(x: -step, y: 0),
                             7: Point(x: step, y: 0)][Int(b.button)]!
                root.handle(PointerEvent(.scroll(delta: delta), at: at, button: 0, modifiers: modifiers(b.state),
                                         timestamp: time))
            default: break
            }
        case Expose:
            let e = event.xexpose
            exposed = exposed.union(Rect(x: Double(e.x), y: Double(e.y), width: Double(e.width), height: Double(e.height)))
        case ConfigureNotify:
            let c = event.xconfigure
            if Int(c.width) != frame.width || Int(c.height) != frame.height { pendingSize = (Int(c.width), Int(c.height)) }
        case UnmapNotify:
            root.cancelTouch()
        case FocusOut:
            if event.xfocus.mode == NotifyGrab { root.cancelTouch() }
        case LeaveNotify:
            if event.xcrossing.mode == NotifyGrab { root.cancelTouch() }
        case ClientMessage:
            let c = event.xclient
            guard c.message_type == atoms.protocols else { return }
            let what = UInt(bitPattern: c.data.l.0)
            if what == atoms.delete {
                close()
            } else if what == atoms.ping {
                var reply = event
                reply.xclient.window = display.root
                XSendEvent(display.handle, display.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
            }
        case KeyPress:
            var key = event.xkey
            let sym = XLookupKeysym(&key, 0)
            let control = key.state & UInt32(ControlMask) != 0
            if sym == UInt(XK_F12) || (control && (sym == UInt(XK_s) || sym == UInt(XK_S))) { saveScreenshot() }
        default:
            break
        }
    }

    // MARK: Frames

    private func resize(width: Int, height: Int) throws {
        let w = max(1, width), h = max(1, height)
        guard w != frame.width || h != frame.height else { return }
        frame.release()
        frame = try FrameBuffer(display: display, visual: visual, depth: depth, width: w, height: h, scale: scale,
                                allowSharedMemory: allowSharedMemory)
        root.size = Size(width: Double(w) / scale, height: Double(h) / scale)
        root.setNeedsFullDisplay()
    }

    private func renderIfNeeded() throws {
        guard !closed, root.needsFrame || !presentedOnce else { return }
        if !presentedOnce { root.setNeedsFullDisplay() }
        let rects = root.render(into: frame.surface)
        presentedOnce = true
        frame.present(rects, window: window, gc: gc)
        try display.check()
        onPresent?(rects)
    }

    /// Renders and presents now, whatever is damaged (for measurements and tests).
    public func renderNow() throws {
        try renderIfNeeded()
    }

    // MARK: Screenshots

    /// The window's current frame, as last presented: a copy of the frame buffer.
    public func currentFrame() -> Surface { frame.surface.copy() }

    /// The window's pixels as the X server has them, read back with `XGetImage`: what a
    /// person sees (for tests and diagnostics). Nil when the server cannot give them.
    public func captureFromServer() -> Surface? {
        guard !display.isLost, let image = XGetImage(display.handle, window, 0, 0, UInt32(frame.width),
                                                    UInt32(frame.height), UInt(bitPattern: -1), ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        guard let out = try? Surface(width: frame.width, height: frame.height, scale: scale) else { return nil }
        let get = image.pointee.f.get_pixel!
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = UInt32(truncatingIfNeeded: get(image, Int32(x), Int32(y)))
                // The window's depth-24 visual has no alpha: the frame is opaque.
                out[x, y] = Pixel(argb: p | 0xff00_0000)
            }
        }
        return out
    }

    /// Saves the current frame as `vitrine-YYYYMMDD-HHMMSS.png` in the working directory
    /// and prints the path.
    public func saveScreenshot() {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, buffer.count, "vitrine-%Y%m%d-%H%M%S.png", &parts)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try currentFrame().writePNG(to: name)
            print(name)
            onScreenshot?(name)
        } catch {
            StandardError.write("vitrine: cannot save screenshot: \(error)")
        }
    }
}
