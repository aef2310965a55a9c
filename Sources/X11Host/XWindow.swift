import CX11
import Glibc
import Raster
import Views

/// A `_NET_WM_PING` message to send back to the root window, kept whole as it came.
@safe struct XPing {
    fileprivate let event: XEvent
}

/// A top-level X window with its graphics context: the Xlib calls that create it, set
/// its properties, resize, decode its events, read it back and destroy it.
@MainActor
@safe final class XWindow {
    /// The window's X id.
    let id: UInt
    /// The graphics context frames are put with (no graphics exposures).
    let gc: GC
    /// The colormap made for the window's visual, freed with the window.
    private let colormap: Colormap
    private let display: XDisplay
    /// The type of MIT-SHM's completion events, when the server has the extension.
    private let shmCompletionType: Int32?
    private let atoms: (protocols: UInt, delete: UInt, ping: UInt)
    /// The input method and its context, which turn key presses into characters (dead
    /// keys and compose sequences included) and tell the text being composed.
    let inputMethod: XInputMethod
    /// The cursors made so far, by shape.
    private var cursors: [Views.Cursor: UInt] = [:]

    /// Creates an unmapped window of `width` x `height` pixels on the display's root, on
    /// `visual`, listening for the events the host handles, with the input method
    /// `inputMethod` names in `XMODIFIERS`' form.
    init(display: XDisplay, visual: XVisualChoice, width: Int, height: Int, inputMethod modifiers: String) throws {
        self.display = display
        shmCompletionType = display.hasSharedMemory ? display.shmCompletionType : nil
        var attributes = XSetWindowAttributes()
        colormap = unsafe XCreateColormap(display.handle, display.root, visual.visual, AllocNone)
        attributes.colormap = colormap
        attributes.background_pixmap = 0
        attributes.border_pixel = 0
        attributes.event_mask =
            ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | KeyReleaseMask | FocusChangeMask | LeaveWindowMask
            | PropertyChangeMask
        let mask = UInt(CWColormap | CWBackPixmap | CWBorderPixel | CWEventMask)
        id = unsafe XCreateWindow(
            display.handle, display.root, 0, 0, UInt32(width), UInt32(height), 0, visual.depth,
            UInt32(InputOutput), visual.visual, mask, &attributes)
        guard id != 0 else { throw X11Error.windowCreationFailed(display.name) }
        var values = XGCValues()
        values.graphics_exposures = 0
        unsafe gc = unsafe XCreateGC(display.handle, id, UInt(GCGraphicsExposures), &values)
        atoms = (display.atom("WM_PROTOCOLS"), display.atom("WM_DELETE_WINDOW"), display.atom("_NET_WM_PING"))
        inputMethod = XInputMethod(display: display, window: id, modifiers: modifiers)
    }

    /// Sets the title (WM_NAME and _NET_WM_NAME), _NET_WM_PID, WM_CLIENT_MACHINE,
    /// WM_CLASS, the minimum size in pixels (rounded, 1 to 16384, 1 when not finite), the
    /// maximum size (`X11Window.maximumSide` on both sides),
    /// and the protocols the host answers (WM_DELETE_WINDOW, _NET_WM_PING).
    func setProperties(title: String, className: String, minimumWidth: Double, minimumHeight: Double) {
        let d = unsafe display.handle
        unsafe XStoreName(d, id, title)
        let utf8 = Array(title.utf8)
        unsafe XChangeProperty(
            d, id, display.atom("_NET_WM_NAME"), display.atom("UTF8_STRING"), 8, PropModeReplace,
            utf8, Int32(utf8.count))
        let pid = [Int(getpid())]
        _ = unsafe pid.withUnsafeBytes {
            unsafe XChangeProperty(
                d, id, display.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        var host = [CChar](repeating: 0, count: 256)
        unsafe gethostname(&host, host.count - 1)
        let hostBytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        unsafe XChangeProperty(
            d, id, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, hostBytes, Int32(hostBytes.count))
        if let hint = unsafe XAllocClassHint() {
            let name = unsafe strdup(className.lowercased())
            let cls = unsafe strdup(className)
            unsafe hint.pointee.res_name = unsafe name
            unsafe hint.pointee.res_class = unsafe cls
            unsafe XSetClassHint(d, id, hint)
            unsafe XFree(hint)
            unsafe free(name)
            unsafe free(cls)
        }
        if let hints = unsafe XAllocSizeHints() {
            unsafe hints.pointee.flags = PMinSize | PMaxSize
            let most = X11Window.maximumSide
            func pixels(_ v: Double) -> Int32 { v.isFinite ? Int32(max(1, min(v.rounded(), Double(most)))) : 1 }
            unsafe hints.pointee.min_width = pixels(minimumWidth)
            unsafe hints.pointee.min_height = pixels(minimumHeight)
            unsafe hints.pointee.max_width = Int32(most)
            unsafe hints.pointee.max_height = Int32(most)
            unsafe XSetWMNormalHints(d, id, hints)
            unsafe XFree(hints)
        }
        var protocols = [atoms.delete, atoms.ping]
        unsafe XSetWMProtocols(d, id, &protocols, 2)
    }

    /// Shows the window.
    func map() { unsafe XMapWindow(display.handle, id) }

    /// Asks the server for a new size in pixels.
    func resize(width: Int, height: Int) { unsafe XResizeWindow(display.handle, id, UInt32(width), UInt32(height)) }

    /// Shows a cursor over the window, made from the core cursor font the first time
    /// (`XC_left_ptr`, `XC_hand2`, `XC_xterm`). Xlib loads the desktop's themed cursor of
    /// the same name instead when libXcursor is installed and a theme is set.
    func setCursor(_ cursor: Views.Cursor) {
        guard !display.isLost else { return }
        let made: UInt
        if let c = cursors[cursor] {
            made = c
        } else {
            let shape: UInt32 =
                switch cursor {
                case .arrow: UInt32(XC_left_ptr)
                case .pointingHand: UInt32(XC_hand2)
                case .iBeam: UInt32(XC_xterm)
                }
            made = unsafe XCreateFontCursor(display.handle, shape)
            cursors[cursor] = made
        }
        unsafe XDefineCursor(display.handle, id, made)
    }

    /// Frees the graphics context and destroys the window, unless the connection is gone.
    func destroy() {
        inputMethod.close()
        guard !display.isLost else { return }
        for c in cursors.values { unsafe XFreeCursor(display.handle, c) }
        cursors.removeAll()
        unsafe XFreeGC(display.handle, gc)
        unsafe XFreeColormap(display.handle, colormap)
        unsafe XDestroyWindow(display.handle, id)
    }

    /// Takes the next event from the queue (the caller checks `XDisplay.pending()`) and
    /// says what it means. Events the input method takes (a dead key, a compose
    /// sequence's keys) are `.ignored`.
    func nextEvent() -> XWindowEvent {
        var event = unsafe XEvent()
        unsafe XNextEvent(display.handle, &event)
        // A key for an input method server that died would be sent to it and lost.
        if unsafe event.type == CX11.KeyPress { inputMethod.checkServer() }
        if unsafe XFilterEvent(&event, 0) != 0 { return .ignored }
        switch unsafe event.type {
        case ButtonPress, ButtonRelease:
            let b = unsafe event.xbutton
            return unsafe .button(
                pressed: event.type == ButtonPress, button: Int(b.button), x: Int(b.x), y: Int(b.y),
                modifiers: Self.keyModifiers(b.state), time: b.time)
        case MotionNotify:
            let m = unsafe event.xmotion
            return unsafe .motion(x: Int(m.x), y: Int(m.y), modifiers: Self.keyModifiers(m.state), time: m.time)
        case Expose:
            let e = unsafe event.xexpose
            return unsafe .expose(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height))
        case ConfigureNotify:
            return unsafe .configure(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case UnmapNotify:
            return .grabLost
        case DestroyNotify:
            return unsafe event.xdestroywindow.window == id ? .destroyed : .ignored
        case FocusIn:
            guard unsafe event.xfocus.detail != NotifyInferior && event.xfocus.detail != NotifyPointer else {
                return .ignored
            }
            inputMethod.setFocus(true)
            return .focusGained
        case FocusOut:
            let f = unsafe event.xfocus
            // Focus moving to a child of the window (there are none) or the pointer's
            // own bookkeeping is no loss of the keyboard.
            guard unsafe f.detail != NotifyInferior && f.detail != NotifyPointer else { return .ignored }
            inputMethod.setFocus(false)
            return unsafe .focusLost(grab: f.mode == NotifyGrab)
        case LeaveNotify:
            return unsafe event.xcrossing.mode == NotifyGrab ? .grabLost : .pointerLeft
        case ClientMessage:
            let c = unsafe event.xclient
            guard unsafe c.message_type == atoms.protocols else { return .ignored }
            let what = unsafe UInt(bitPattern: c.data.l.0)
            if what == atoms.delete { return .closeRequested }
            if what == atoms.ping { return unsafe .ping(XPing(event: event)) }
            return .ignored
        case CX11.KeyPress, CX11.KeyRelease:
            return unsafe decodeKey(&event.xkey, pressed: event.type == CX11.KeyPress)
        case SelectionRequest, SelectionNotify, SelectionClear, PropertyNotify:
            return unsafe .selection(XSelectionEvent(event: event))
        case let type where type == shmCompletionType:
            return unsafe .presented(segment: XDisplay.shmSegment(of: &event))
        default:
            return .ignored
        }
    }

    /// A key event as the toolkit's key: the input context (or `XLookupString`) gives
    /// what it types, the keycode the physical key. A release followed at once by a press
    /// of the same key at the same time is an autorepeat on a server without detectable
    /// autorepeat: the release is dropped, and the press reads as a repeat.
    private func decodeKey(_ key: inout XKeyEvent, pressed: Bool) -> XWindowEvent {
        let queued = unsafe XEventsQueued(display.handle, QueuedAfterReading)
        if !pressed && queued > 0 {
            var next = unsafe XEvent()
            unsafe XPeekEvent(display.handle, &next)
            if unsafe next.type == CX11.KeyPress && next.xkey.keycode == key.keycode && next.xkey.time == key.time {
                return .ignored
            }
        }
        var sym: KeySym = 0
        var text = ""
        if pressed, let ic = unsafe inputMethod.context {
            var buffer = [CChar](repeating: 0, count: 64)
            var status: Int32 = 0
            var n = unsafe Xutf8LookupString(ic, &key, &buffer, Int32(buffer.count), &sym, &status)
            if status == XBufferOverflow {
                buffer = [CChar](repeating: 0, count: Int(n) + 1)
                n = unsafe Xutf8LookupString(ic, &key, &buffer, Int32(buffer.count), &sym, &status)
            }
            if status == XLookupChars || status == XLookupBoth {
                text = String(decoding: buffer.prefix(Int(max(0, n))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if status != XLookupKeySym && status != XLookupBoth { sym = 0 }
        } else {
            var buffer = [CChar](repeating: 0, count: 32)
            _ = unsafe XLookupString(&key, &buffer, Int32(buffer.count), &sym, nil)
            text = XKeys.characters(of: UInt(sym))
        }
        let unmodified = UInt(unsafe XLookupKeysym(&key, 0))
        let keycode = unsafe key.keycode
        let state = unsafe key.state
        let time = unsafe key.time
        var code = XKeys.usage(ofKeycode: keycode)
        if code.rawValue == 0 { code = XKeys.usage(ofKeysym: sym != 0 ? UInt(sym) : unmodified) }
        var flags = Self.keyModifiers(state)
        if XKeys.isKeypad(UInt(sym)) || XKeys.isKeypad(unmodified) { flags.insert(.numericPad) }
        let plain = XKeys.characters(of: unmodified)
        let made = Key(
            characters: text, charactersIgnoringModifiers: plain.isEmpty ? text : plain, keyCode: code,
            modifierFlags: flags)
        // An input method's commit (a composed character) comes as a press of keycode 0,
        // never released.
        return .key(pressed: pressed, key: made, committed: keycode == 0, time: time)
    }

    /// Sends a ping back to the root window, as _NET_WM_PING asks.
    func answer(_ ping: XPing) {
        var reply = unsafe ping.event
        unsafe reply.xclient.window = display.root
        unsafe XSendEvent(display.handle, display.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
    }

    /// The window's top-left corner on the screen, in pixels (a round trip to the
    /// server); (0, 0) when the server cannot say.
    func originOnScreen() -> (x: Int, y: Int) {
        guard !display.isLost else { return (0, 0) }
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        guard unsafe XTranslateCoordinates(display.handle, id, display.root, 0, 0, &x, &y, &child) != 0 else {
            return (0, 0)
        }
        return (Int(x), Int(y))
    }

    /// The window's pixels as the server has them, read back with `XGetImage`, in a
    /// surface of `width` x `height` pixels at `scale`; nil when the server cannot give
    /// them.
    func capture(width: Int, height: Int, scale: Double) -> Surface? {
        guard !display.isLost,
            let image = unsafe XGetImage(
                display.handle, id, 0, 0, UInt32(width), UInt32(height),
                UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { _ = unsafe image.pointee.f.destroy_image(image) }
        guard let out = try? Surface(width: width, height: height, scale: scale) else { return nil }
        let get = unsafe image.pointee.f.get_pixel!
        for y in 0..<height {
            for x in 0..<width {
                let p = unsafe UInt32(truncatingIfNeeded: get(image, Int32(x), Int32(y)))
                // The window's depth-24 visual has no alpha: the frame is opaque.
                out[x, y] = Pixel(argb: p | 0xff00_0000)
            }
        }
        return out
    }

    /// The toolkit's flags for an X event's state mask, of keys and pointer events alike:
    /// Mod1 is Alt, Mod4 the logo key, Lock Caps Lock.
    private static func keyModifiers(_ state: UInt32) -> KeyModifierFlags {
        var m: KeyModifierFlags = []
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alternate) }
        if state & UInt32(Mod4Mask) != 0 { m.insert(.command) }
        if state & UInt32(LockMask) != 0 { m.insert(.alphaShift) }
        return m
    }
}
