import CX11
import Glibc

/// The window's input method (XIM) and its input context: the server `XMODIFIERS`
/// names (ibus, fcitx) or Xlib's own, which composes dead keys and Compose sequences
/// from the locale's Compose file.
///
/// It chooses the best style the input method lists: on-the-spot preedit through
/// callbacks (the text being composed is drawn by the field, inline), else preedit
/// nothing; never a style not listed. When the server goes away, the context is dropped
/// without a call to the dead server, Xlib's own method takes over at once, and the
/// server is taken back when it returns.
///
/// Composed text an input method sends in the locale's multibyte encoding is read as
/// UTF-8; the window does not change the program's locale (`setlocale` is process-wide,
/// and a library that calls it changes how everything else in the program reads text).
/// Wide-character text is read as code points.
///
/// The spot location (`XNSpotLocation`) is not sent: Xlib's `XSetICValues` waits for the
/// server's answer with no timeout, and a server that dies between the check and the
/// call would stop the window for good.
@MainActor
@safe final class XInputMethod {
    private let display: XDisplay
    private let window: UInt
    private var method: XIM?
    /// The context keys are looked up with; nil where no input method could be opened.
    private(set) var context: XIC?
    /// Whether the context draws its preedit through the callbacks.
    private(set) var hasPreeditCallbacks = false
    /// Where the callbacks find this object; freed with it.
    let target: UnsafeMutablePointer<VitrinePreeditTarget>
    /// The text being composed, by code point, and the caret in it.
    private var preedit: [Unicode.Scalar] = []
    private var caret = 0
    /// Whether the context has the focus (the window has the keyboard).
    private var focused = false
    /// The selection an input method server holds while it runs (`@server=NAME`), for
    /// the server `XMODIFIERS` named; 0 for Xlib's own method, which has no server.
    private var serverAtom: UInt = 0
    /// The modifiers the window asked for (`XMODIFIERS`' form, such as `@im=ibus`);
    /// empty for Xlib's default.
    private let modifiers: String
    /// Told the text being composed and its caret (in characters), or nil when composing
    /// ended.
    var onPreedit: ((String?, Int) -> Void)?

    /// Opens the input method `modifiers` names, in `XMODIFIERS`' form.
    init(display: XDisplay, window: UInt, modifiers: String) {
        self.display = display
        self.window = window
        self.modifiers = modifiers
        unsafe target = UnsafeMutablePointer<VitrinePreeditTarget>.allocate(capacity: 1)
        unsafe target.initialize(
            to: VitrinePreeditTarget(fn: XInputMethod.preeditCallback, data: nil))
        unsafe target.pointee.data = unsafe Unmanaged.passUnretained(self).toOpaque()
        open(modifiers: modifiers)
    }

    isolated deinit {
        close()
        unsafe target.deallocate()
    }

    /// Opens the input method `chosen` names, falling back to Xlib's own (`@im=none`),
    /// and a context on the window.
    private func open(modifiers chosen: String) {
        _ = unsafe XSetLocaleModifiers(chosen)
        var im = unsafe XOpenIM(display.handle, nil, nil, nil)
        if unsafe im == nil && chosen != "@im=none" {
            _ = unsafe XSetLocaleModifiers("@im=none")
            unsafe im = unsafe XOpenIM(display.handle, nil, nil, nil)
        }
        guard let im = unsafe im else { return }
        unsafe method = unsafe im
        serverAtom = 0
        if chosen == modifiers, let name = XInputMethod.serverName(modifiers) {
            serverAtom = display.atom("@server=" + name)
        }
        unsafe vitrine_watch_im(
            im, XInputMethod.destroyCallback, unsafe XPointer(OpaquePointer(Unmanaged.passUnretained(self).toOpaque())))
        var styles = [UInt](repeating: 0, count: 32)
        let n = unsafe Int(vitrine_im_styles(im, &styles, Int32(styles.count)))
        let callbacks = UInt(XIMPreeditCallbacks | XIMStatusNothing)
        let nothing = UInt(XIMPreeditNothing | XIMStatusNothing)
        if styles.prefix(n).contains(callbacks) {
            unsafe context = unsafe vitrine_create_ic_callbacks(im, window, target)
            hasPreeditCallbacks = unsafe context != nil
        }
        if unsafe context == nil && (n == 0 || styles.prefix(n).contains(nothing)) {
            // XCreateIC takes a variadic list, which the shim's C function passes.
            unsafe context = unsafe vitrine_create_ic(im, window)
        }
        if focused, let ic = unsafe context { unsafe XSetICFocus(ic) }
    }

    /// The input method server `modifiers` names (`@im=NAME`), if any.
    private static func serverName(_ modifiers: String) -> String? {
        for part in modifiers.split(separator: "@") where part.hasPrefix("im=") {
            let name = part.dropFirst(3)
            return name.isEmpty || name == "none" ? nil : String(name)
        }
        return nil
    }

    /// Whether the server still runs (always, for Xlib's own method): its selection
    /// still has an owner. A request to a dead server would wait for an answer forever
    /// (Xlib's XIM has no timeout), so every call that may wait asks this first, and a
    /// dead server is left at once for Xlib's own method.
    @discardableResult
    func checkServer() -> Bool {
        guard serverAtom != 0, unsafe method != nil, !display.isLost else { return true }
        if unsafe XGetSelectionOwner(display.handle, serverAtom) != 0 { return true }
        serverDied()
        return false
    }

    /// Destroys the context and closes the method (not after the server died: those
    /// calls would wait for it).
    func close() {
        if checkServer() {
            if let ic = unsafe context { unsafe XDestroyIC(ic) }
            if let im = unsafe method { unsafe XCloseIM(im) }
        }
        unsafe context = nil
        unsafe method = nil
    }

    /// The window gained or lost the keyboard.
    func setFocus(_ on: Bool) {
        focused = on
        guard checkServer(), let ic = unsafe context else { return }
        if on { unsafe XSetICFocus(ic) } else { unsafe XUnsetICFocus(ic) }
    }

    // MARK: Callbacks

    /// The preedit callbacks' report, on the main thread inside `XFilterEvent`.
    private static let preeditCallback: VitrinePreeditFn = { data, kind, text, first, length, caret in
        guard let data = unsafe data else { return }
        let me = unsafe Unmanaged<XInputMethod>.fromOpaque(data).takeUnretainedValue()
        let inserted = unsafe text.map { unsafe Array(String(cString: $0).unicodeScalars) } ?? []
        MainActor.assumeIsolated {
            me.preeditChanged(kind: kind, inserted: inserted, first: Int(first), length: Int(length), caret: Int(caret))
        }
    }

    /// Applies one callback to the text being composed and tells the field.
    func preeditChanged(kind: Int32, inserted: [Unicode.Scalar], first: Int, length: Int, caret: Int) {
        switch kind {
        case 0:
            preedit = []
            self.caret = 0
        case 1:
            let lo = min(max(0, first), preedit.count)
            let hi = min(max(lo, first + max(0, length)), preedit.count)
            preedit.replaceSubrange(lo..<hi, with: inserted)
            self.caret = min(max(0, caret), preedit.count)
        case 2:
            // Only an absolute position moves the caret here; the other directions ask
            // about lines and words a one-line preedit does not have.
            if first == Int(XIMAbsolutePosition.rawValue) { self.caret = min(max(0, caret), preedit.count) }
        default:
            preedit = []
            self.caret = 0
            onPreedit?(nil, 0)
            return
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: preedit)
        let text = String(s)
        var head = String.UnicodeScalarView()
        head.append(contentsOf: preedit.prefix(self.caret))
        onPreedit?(text.isEmpty ? nil : text, String(head).count)
    }

    /// The server went away (Xlib said so, or its selection lost its owner): the context
    /// is dropped without a call to it, Xlib's own method takes over, and the server is
    /// taken back when it registers again.
    private static let destroyCallback: XIMProc = { _, client, _ in
        guard let client = unsafe client else { return }
        let me = unsafe Unmanaged<XInputMethod>.fromOpaque(UnsafeRawPointer(client)).takeUnretainedValue()
        MainActor.assumeIsolated { me.serverDied() }
    }

    private func serverDied() {
        unsafe context = nil
        unsafe method = nil
        serverAtom = 0
        hasPreeditCallbacks = false
        if !preedit.isEmpty {
            preedit = []
            onPreedit?(nil, 0)
        }
        open(modifiers: "@im=none")
        _ = unsafe XRegisterIMInstantiateCallback(
            display.handle, nil, nil, nil, XInputMethod.instantiateCallback,
            unsafe XPointer(OpaquePointer(Unmanaged.passUnretained(self).toOpaque())))
    }

    /// An input method server registered: the window goes back to the one `XMODIFIERS`
    /// names.
    private static let instantiateCallback: XIDProc = { display, client, _ in
        guard let client = unsafe client else { return }
        let me = unsafe Unmanaged<XInputMethod>.fromOpaque(UnsafeRawPointer(client)).takeUnretainedValue()
        MainActor.assumeIsolated { me.serverReturned() }
    }

    private func serverReturned() {
        _ = unsafe XUnregisterIMInstantiateCallback(
            display.handle, nil, nil, nil, XInputMethod.instantiateCallback,
            unsafe XPointer(OpaquePointer(Unmanaged.passUnretained(self).toOpaque())))
        close()
        open(modifiers: modifiers)
    }
}
