import AccessibilityBus
import CX11
import Dispatch
import Glibc
import Layers
import Raster
import Views

/// A top-level X11 window showing a view tree (the host of a `RootView`): it turns X
/// pointer and key events into the root's events, shows the cursor the root asks for,
/// renders the damage straight into its frame buffer and presents only the damaged
/// rectangles.
///
/// Keys are read with the keyboard's layout through Xkb and an input method (dead keys
/// and compose sequences make their characters); the server's autorepeat reaches the
/// root as repeats, and losing the keyboard focus cancels the keys held. The window binds
/// no key of its own: a program's shortcuts go in `root.unhandledKeyHandler`.
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
    private let visual: XVisualChoice
    private let window: XWindow
    /// Hands frames to the server: MIT-SHM or `XPutImage`, chosen at start.
    private var presenter: any Presenter
    private let allowSharedMemory: Bool
    private var wakePipe: WakePipe?
    /// This window's own observation of the animation engine: an animation added wakes it.
    private var animationObservation: AnimationObservation?
    private var pendingSize: (Int, Int)?
    private var exposed: Rect = .null
    private var closed = false
    private var destroyedByAnother = false
    private var presentedOnce = false
    /// When the last animation frame was stepped, on the system's monotonic clock.
    private var lastAnimationFrame = 0.0
    /// The largest side of a window's frame in pixels: 16384 x 16384 is the pixel budget
    /// of a surface (`Surface.maximumPixels`). The window asks the window manager for no
    /// more, and a larger size the server reports is clamped to it.
    static let maximumSide = 16384

    /// The view tree served to assistive technologies over AT-SPI2, when a bus is found.
    private var accessibility: AccessibilityService?
    /// The X selections behind `Pasteboard.general` and `Pasteboard.selection`: the
    /// pasteboards go through the window opened last, and through the one before when
    /// it closes.
    private let clipboard: XClipboard
    private static var clipboards: [XClipboard] = []

    /// The time between animation frames: the display's usual 60 Hz.
    static let animationFrameInterval = 1.0 / 60

    /// The path frames take to the server, chosen at start (and again on resize).
    public var presentationPath: PresentationPath { presenter.path }
    /// The window's size in pixels.
    public var pixelSize: (width: Int, height: Int) { (presenter.size.width, presenter.size.height) }
    /// The X display's name, as opened.
    public var displayName: String { display.name }
    /// Called after each frame is presented, with the pixel rectangles sent.
    public var onPresent: (([Rect]) -> Void)?

    /// Opens a window of `size` points showing `root`.
    ///
    /// - Parameters:
    ///   - root: the view tree the window shows.
    ///   - title: the window's title.
    ///   - minimumSize: the smallest size the window manager may give the window.
    ///   - name: an X display name; nil uses `$DISPLAY`.
    ///   - scale: points to pixels; nil reads `VITRINE_SCALE`, then `Xft.dpi / 96`, else 1.
    ///   - sharedMemory: false forces the `XPutImage` path.
    ///   - className: the window's `WM_CLASS` class, by which window managers and tools
    ///     find it; its instance name is the same in lower case. Nil: the program's name.
    /// The window serves its view tree to assistive technologies over AT-SPI2 when the
    /// desktop has an accessibility bus (see `AccessibilityService`); `VITRINE_ACCESSIBILITY=0`
    /// turns that off.
    ///
    /// - Throws: `X11Error` with a one-line message naming the display.
    public convenience init(
        title: String, root: RootView, display name: String? = nil, scale: Double? = nil,
        minimumSize: Size = Size(width: 200, height: 150), sharedMemory: Bool = true,
        className: String? = nil
    ) throws {
        try self.init(
            title: title, root: root, display: name, scale: scale, minimumSize: minimumSize,
            sharedMemory: sharedMemory, className: className, accessibilityBus: .desktop)
    }

    /// Opens a window whose view tree is served on `accessibilityBus`, reading
    /// `VITRINE_SCALE` and `XMODIFIERS` from `environment` rather than the process's
    /// when it is given (for tests, which must not change the environment of a process
    /// that other tests spawn programs from).
    package init(
        title: String, root: RootView, display name: String? = nil, scale: Double? = nil,
        minimumSize: Size = Size(width: 200, height: 150), sharedMemory: Bool = true,
        className: String? = nil, accessibilityBus: AccessibilityService.Bus,
        environment: [String: String]? = nil
    ) throws {
        let variable = { (name: String) in environment.map { $0[name] } ?? Syscalls.environment(name) }
        let display = try XDisplay(name: name)
        self.display = display
        self.root = root
        let envScale = variable("VITRINE_SCALE").flatMap { Double($0) }
        let chosen = scale ?? envScale ?? ((display.xftDPI ?? 96) / 96)
        self.scale = chosen.isFinite && chosen > 0 ? min(chosen, 8) : 1
        allowSharedMemory = sharedMemory
        let most = Double(X11Window.maximumSide)
        let pw = root.size.width * self.scale
        let ph = root.size.height * self.scale
        guard pw.isFinite, ph.isFinite, pw.rounded() <= most, ph.rounded() <= most else {
            display.close()
            throw X11Error.windowTooLarge(display: display.name, width: pw, height: ph, limit: X11Window.maximumSide)
        }
        let w = max(1, Int(pw.rounded()))
        let h = max(1, Int(ph.rounded()))
        do {
            visual = try display.findVisual()
            window = try XWindow(
                display: display, visual: visual, width: w, height: h,
                inputMethod: variable("XMODIFIERS") ?? "")
            // Within 1...maximumSide on each side: a valid size.
            let size = PixelSize(width: w, height: h)!
            presenter = try makePresenter(
                display: display, visual: visual, size: size, scale: self.scale,
                allowSharedMemory: sharedMemory)
        } catch {
            display.close()
            throw error
        }
        let program = String(CommandLine.arguments.first?.split(separator: "/").last ?? "vitrine")
        let cls = className ?? (program.prefix(1).uppercased() + program.dropFirst())
        window.setProperties(
            title: title, className: cls, minimumWidth: minimumSize.width * self.scale,
            minimumHeight: minimumSize.height * self.scale)
        clipboard = XClipboard(display: display, window: window.id)
        X11Window.clipboards.append(clipboard)
        Pasteboard.connection = clipboard
        wakePipe = WakePipe()
        Screen.main.windowOpened(scale: self.scale)
        // The desktop's double-click interval and distance, where a settings manager says.
        if let settings = display.xsettings {
            if let interval = settings.doubleClickInterval { root.doubleClickInterval = interval }
            if let pixels = settings.doubleClickDistance { root.doubleClickDistance = pixels / self.scale }
            if settings.cursorBlinks == false {
                root.caretBlinkInterval = nil
            } else if let cycle = settings.cursorBlinkTime {
                root.caretBlinkInterval = cycle
            }
            if let timeout = settings.cursorBlinkTimeout { root.caretBlinkTimeout = timeout }
        }
        window.inputMethod.onPreedit = { [weak root] text, caret in
            root?.setMarkedText(text, selectedRange: caret..<caret)
        }
        root.onNeedsFrame = { [weak self] in self?.wake() }
        root.onCursorChange = { [weak self] cursor in self?.window.setCursor(cursor) }
        animationObservation = AnimationEngine.observeAnimationsAdded { [weak self] in self?.wake() }
        accessibility = AccessibilityService.start(
            root: root, applicationName: program, title: title, scale: self.scale, bus: accessibilityBus,
            windowOrigin: { [weak self] in self?.window.originOnScreen() ?? (0, 0) })
        window.map()
        display.flush()
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
        try endIfDestroyed()
        if closed { return false }
        // Main-actor tasks and work sent with `schedule` run here, before the frame, so
        // that what they change is in it.
        MainQueue.drain()
        if closed { return false }
        // Questions from assistive technologies are answered from the tree as it is.
        accessibility?.serve()
        // The turn's implicit transaction is committed; while animations run, each frame
        // steps them to the clock, damaging only what moved.
        Transaction.flush()
        let now = MediaClock.systemTime()
        if AnimationEngine.isAnimating && now - lastAnimationFrame >= X11Window.animationFrameInterval * 0.9 {
            AnimationEngine.step()
            lastAnimationFrame = now
        }
        clipboard.expire(now: now)
        try renderIfNeeded()
        // What the frames changed, told to assistive technologies (at most every 50 ms).
        let accessibilityDue = accessibility?.updateIfDue()
        display.flush()
        try checkDisplay()
        if display.pending() == 0 && !root.needsFrame {
            var ms = timeout < 0 ? -1 : Int32(min(timeout * 1000, Double(Int32.max)))
            if AnimationEngine.isAnimating {
                // The next animation frame, at the display's rate of about 60 Hz.
                let left = X11Window.animationFrameInterval - (MediaClock.systemTime() - lastAnimationFrame)
                let frameMs = Int32(max(0, (left * 1000).rounded(.up)))
                ms = ms < 0 ? frameMs : min(ms, frameMs)
            }
            // Bus messages the socket did not take yet: back soon to write them; questions
            // already read from the socket: back at once, as its descriptor will not wake us.
            if accessibility?.hasPendingOutput == true { ms = ms < 0 ? 10 : min(ms, 10) }
            if accessibility?.hasPendingInput == true { ms = 0 }
            if let due = clipboard.nextDeadline {
                let dueMs = Int32(max(0, ((due - MediaClock.systemTime()) * 1000).rounded(.up)))
                ms = ms < 0 ? dueMs : min(ms, dueMs)
            }
            if let due = accessibilityDue {
                let dueMs = Int32(max(0, (due * 1000).rounded(.up)))
                ms = ms < 0 ? dueMs : min(ms, dueMs)
            }
            let also = MainQueue.descriptors + (accessibility?.descriptors ?? [])
            if display.wait(milliseconds: ms, or: wakePipe, also: also) & Int16(POLLHUP | POLLERR) != 0 {
                _ = display.pending()
            }
        }
        try drainEvents()
        try endIfDestroyed()
        try checkDisplay()
        return !closed
    }

    /// Runs the loop until `condition` holds after a turn, the window closes, or `timeout`
    /// seconds pass, waiting at most 10 ms a turn; returns whether the condition holds
    /// (for tests and scripted runs, which drive the window and look at what it did).
    ///
    /// - Throws: `X11Error.connectionLost` when the server goes away.
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Double) throws -> Bool {
        let deadline = MediaClock.systemTime() + (timeout.isFinite ? max(0, timeout) : 0)
        while MediaClock.systemTime() < deadline {
            guard try runOnce(timeout: 0.01) else { return condition() }
            if condition() { return true }
        }
        return condition()
    }

    /// Asks the server to resize the window to `size` points (as a user dragging its edge
    /// would); the frame follows when the server says it happened.
    public func requestSize(_ size: Size) {
        guard !closed, !display.isLost, size.width.isFinite, size.height.isFinite else { return }
        let most = Double(X11Window.maximumSide)
        let w = Int(max(1, min((size.width * scale).rounded(), most)))
        let h = Int(max(1, min((size.height * scale).rounded(), most)))
        window.resize(width: w, height: h)
        display.flush()
    }

    /// Closes the window; `run()` returns. A window dropped without `close()` is closed
    /// then: its frame, shared-memory segment, window, connection and wake-up pipe are
    /// released all the same.
    public func close() {
        guard !closed else { return }
        closed = true
        animationObservation?.cancel()
        animationObservation = nil
        accessibility?.close()
        accessibility = nil
        clipboard.handOver()
        X11Window.clipboards.removeAll { $0 === clipboard }
        if Pasteboard.connection === clipboard { Pasteboard.connection = X11Window.clipboards.last }
        presenter.release()
        if !destroyedByAnother { window.destroy() }
        display.close()
        wakePipe = nil
        root.onNeedsFrame = nil
        root.onCursorChange = nil
    }

    isolated deinit {
        close()
    }

    /// Whether the window was closed.
    public var isClosed: Bool { closed }

    /// Whether the window is connected to an accessibility bus now.
    package var isServingAccessibility: Bool { accessibility?.isConnected ?? false }

    /// Whether the window's input method draws its preedit through callbacks (on the
    /// spot) now.
    package var hasPreeditCallbacks: Bool { window.inputMethod.hasPreeditCallbacks }

    /// What the input method's preedit callbacks are called with, for tests that call
    /// them as Xlib does.
    package var preeditTarget: UnsafeMutablePointer<VitrinePreeditTarget> { unsafe window.inputMethod.target }

    /// Told of what went wrong without ending the window: a resize whose frame could not
    /// be allocated (`X11Error.outOfMemory`; the window keeps its old frame). Without a
    /// handler, such a fault is passed over and the window goes on at its old size.
    public var errorHandler: ((X11Error) -> Void)?

    /// Told of each protocol error the server reports for the window's requests, in
    /// order (at most 64 between two turns of the loop, then one more for the
    /// count left out). Without a handler, the loop throws the first one as
    /// `X11Error.protocolError`: a refused request is never passed over in silence.
    public var protocolErrorHandler: ((XProtocolError) -> Void)?

    /// Closes the window and throws `X11Error.windowDestroyed` when another client has
    /// destroyed it.
    private func endIfDestroyed() throws {
        guard destroyedByAnother, !closed else { return }
        close()
        throw X11Error.windowDestroyed(display.name)
    }

    /// Throws when the connection is lost, and passes on the protocol errors reported
    /// since the last check.
    private func checkDisplay() throws {
        try display.check()
        let (errors, dropped) = display.takeErrors()
        guard !errors.isEmpty else { return }
        guard let handler = protocolErrorHandler else { throw X11Error.protocolError(display: display.name, errors[0]) }
        for e in errors { handler(e) }
        if dropped > 0 {
            handler(
                XProtocolError(
                    code: 0, request: 0, minorCode: 0, resource: 0,
                    text: "\(dropped) more errors since the last turn of the loop, left out"))
        }
    }

    /// Runs `work` on the main actor at the loop's next turn, waking it if it sleeps; may
    /// be called from any thread (as `DispatchQueue.main.async`, which the loop serves).
    nonisolated public func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { work() }
    }

    private func wake() { wakePipe?.wake() }

    // MARK: Events

    private func drainEvents() throws {
        var pendingMotion: XWindowEvent?
        while !closed && display.pending() > 0 {
            let event = window.nextEvent()
            if case .motion = event {
                pendingMotion = event  // coalesced: only the latest is delivered
                continue
            }
            if let m = pendingMotion {
                handle(m)
                pendingMotion = nil
            }
            handle(event)
        }
        if let m = pendingMotion { handle(m) }
        try checkDisplay()
        if let (w, h) = pendingSize {
            pendingSize = nil
            resize(width: w, height: h)
        }
        if !exposed.isNull {
            root.setNeedsDisplayInPixels(exposed, scale: scale)
            exposed = .null
        }
    }

    private func location(_ x: Int, _ y: Int) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }

    private func handle(_ event: XWindowEvent) {
        switch event {
        case .button(let pressed, let button, let x, let y, let modifiers, let time):
            clipboard.lastEventTime = time
            let at = location(x, y)
            let timestamp = Double(time) / 1000
            switch button {
            case 1, 2, 3:
                root.handle(
                    PointerEvent(
                        pressed ? .press : .release, at: at, button: button, modifiers: modifiers,
                        timestamp: timestamp))
            case 4, 5, 6, 7:
                guard pressed else { return }
                let step = 40.0
                let delta = [
                    4: Point(x: 0, y: -step), 5: Point(x: 0, y: step), 6: Point(x: -step, y: 0),
                    7: Point(x: step, y: 0)
                ][button]!
                root.handle(
                    PointerEvent(.scroll(delta: delta), at: at, button: 0, modifiers: modifiers, timestamp: timestamp))
            default: break
            }
        case .motion(let x, let y, let modifiers, let time):
            root.handle(
                PointerEvent(
                    .move, at: location(x, y), button: 0, modifiers: modifiers,
                    timestamp: Double(time) / 1000))
        case .expose(let x, let y, let width, let height):
            exposed = exposed.union(Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
        case .configure(let width, let height):
            // Another client may resize the window past the maximum-size hint: the frame
            // keeps to the pixel budget.
            let w = min(max(width, 1), X11Window.maximumSide)
            let h = min(max(height, 1), X11Window.maximumSide)
            if w != presenter.size.width || h != presenter.size.height { pendingSize = (w, h) }
        case .grabLost:
            root.cancelTouch()
        case .focusGained:
            root.isWindowActive = true
            accessibility?.windowActive = true
        case .focusLost(let grab):
            if grab { root.cancelTouch() }
            root.cancelPresses()
            root.isWindowActive = false
            accessibility?.windowActive = false
        case .pointerLeft:
            root.handle(PointerEvent(.exit, at: Point(x: 0, y: 0), button: 0))
        case .closeRequested:
            close()
        case .destroyed:
            destroyedByAnother = true
        case .ping(let ping):
            window.answer(ping)
        case .key(let pressed, let key, let committed, let time):
            clipboard.lastEventTime = time
            let timestamp = Double(time) / 1000
            root.handle(KeyEvent(pressed ? .down : .up, key: key, timestamp: timestamp))
            if committed { root.handle(KeyEvent(.up, key: key, timestamp: timestamp)) }
        case .selection(let e):
            clipboard.handle(e)
        case .presented(let segment):
            presenter.serverRead(segment: segment)
        case .ignored:
            break
        }
    }

    // MARK: Frames

    /// Gives the frame the window's new size. The new buffer is made first and the old
    /// one released only once it exists: when the memory cannot be had, the window keeps
    /// its old size and frame (the server clips what lies outside) and says so through
    /// `errorHandler`, and the loop goes on. A server that will not share a segment of
    /// the new size gets its frames through `XPutImage` from then on.
    private func resize(width: Int, height: Int) {
        let w = min(max(1, width), X11Window.maximumSide)
        let h = min(max(1, height), X11Window.maximumSide)
        guard w != presenter.size.width || h != presenter.size.height, let size = PixelSize(width: w, height: h) else {
            return
        }
        do {
            do {
                try presenter.resize(to: size)
            } catch .sharedMemoryRefused {
                let next = try PutImagePresenter(display: display, visual: visual, size: size, scale: scale)
                presenter.release()
                presenter = next
            }
        } catch {
            errorHandler?(error)
            return
        }
        root.size = Size(width: Double(w) / scale, height: Double(h) / scale)
        root.setNeedsFullDisplay()
    }

    private func renderIfNeeded() throws {
        guard !closed, root.needsFrame || !presentedOnce else { return }
        let first = !presentedOnce
        if first { root.setNeedsFullDisplay() }
        let buffer = presenter.nextBuffer()
        let rects = root.render(into: buffer)
        presentedOnce = true
        presenter.present(rects, window: window)
        try checkDisplay()
        if first { saveFirstFrame(buffer) }
        accessibility?.frameDrawn()
        onPresent?(rects)
    }

    /// Writes the first frame as a PNG where `VITRINE_FIRST_FRAME` names a file: a picture
    /// of any program's window, for its documentation and tests, with no screen grab.
    /// A file that cannot be written is said on standard error; the window goes on.
    private func saveFirstFrame(_ frame: Surface) {
        guard let path = Syscalls.environment("VITRINE_FIRST_FRAME"), !path.isEmpty else { return }
        do {
            try frame.writePNG(to: path)
        } catch {
            StandardError.write("VITRINE_FIRST_FRAME: cannot write \(path): \(error)")
        }
    }

    /// Renders and presents now, whatever is damaged (for measurements and tests).
    public func renderNow() throws {
        try renderIfNeeded()
    }

    // MARK: Screenshots

    /// The window's current frame, as last presented: a copy of the frame buffer.
    ///
    /// - Throws: `RasterError.outOfMemory` when the copy's memory cannot be had.
    public func currentFrame() throws(RasterError) -> Surface { try presenter.nextBuffer().copy() }

    /// The window's pixels as the X server has them, read back with `XGetImage`: what a
    /// person sees (for tests and diagnostics). Nil when the server cannot give them.
    public func captureFromServer() -> Surface? {
        window.capture(width: presenter.size.width, height: presenter.size.height, scale: scale)
    }
}
