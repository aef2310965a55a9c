import Layers
import Raster
import Text
import Views
import X11Host

/// The gallery as a program: the page in a root view, headless shots, the specimen list
/// and the live window.
@MainActor
public enum Gallery {
    /// Why the page cannot show text, or nil when fontconfig finds a face: without one,
    /// labels draw nothing, and the tools say so instead of leaving empty cards unexplained.
    public static var fontProblem: String? {
        // What a button of the page met loading its title font.
        Button().fontError.map { "\($0); the gallery draws its controls without titles" }
    }

    /// A root of `size` points holding the gallery page, with the images made for a
    /// display of `scale` (the calendar icon at 2x for scale 2).
    public static func makeRoot(size: Size = GalleryPage.defaultSize, scale: Double = 1) -> (RootView, GalleryPage) {
        CalendarIcon.displayScale = scale
        let root = RootView(size: size)
        let page = GalleryPage(frame: Rect(origin: .zero, size: size))
        root.addSubview(page)
        root.filledSubviews = [page]
        // The page scrolls by the keys that nothing focused takes.
        page.content.becomeFirstResponder()
        root.layoutIfNeeded()
        return (root, page)
    }

    /// Renders the page (or one specimen's card) headless, after replaying `actions`;
    /// `shot` actions in the replay write their own files below `outputFolder`, confined
    /// there (no absolute path, no `..`, no symbolic link in any component).
    ///
    /// The animation clock is manual and starts at 0: `wait` actions advance it, and the
    /// picture is taken `time` seconds after the replay's last action, so that every shot
    /// of an animation is the same. A card's picture is drawn alone, with the memory of
    /// the card, not of the page.
    ///
    /// - Throws: `GalleryError.unknownSpecimen` or `.specimenOutside`; `RasterError` when
    ///   a picture cannot be drawn (memory) or a replay's shot cannot be written.
    public static func shot(
        size: Size = GalleryPage.defaultSize, scale: Double = 1, specimen: String? = nil,
        replay actions: [Replay.Action] = [], time: Double = 0, outputFolder: String = "."
    ) throws -> Surface {
        // Without a change to make, there is always a picture.
        try shot(
            size: size, scale: scale, specimen: specimen, replay: actions, time: time, outputFolder: outputFolder,
            control: nil)!
    }

    /// As `shot`, with a change made to the specimen's control (a state) before the
    /// picture; nil when the specimen is no control or the change could not be made.
    static func shot(
        size: Size, scale: Double, specimen: String?, replay actions: [Replay.Action], time: Double,
        outputFolder: String, control change: ((Control) -> Bool)?
    ) throws -> Surface? {
        guard let pixels = PixelSize(points: size, scale: scale) else { throw GalleryError.badSize(size, scale) }
        let time = time.isFinite ? min(max(time, 0), 3600) : 0
        return try MediaClock.withManualClock(at: 0) {
            let (root, page) = makeRoot(size: size, scale: scale)
            // A part of the picture that could not be drawn fails the shot, rather than give a
            // picture without it.
            var failure: RasterError?
            root.renderFailureHandler = { _, error in failure = failure ?? error }
            let render = { () throws -> Surface in
                let s = try Surface(width: pixels.width, height: pixels.height, scale: scale)
                root.render(into: s, full: true)
                if let failure { throw failure }
                return s
            }
            try Replay.run(actions, on: root) { file in try render().writePNG(to: file, beneath: outputFolder) }
            MediaClock.advance(by: time)
            guard let specimen else { return try render() }
            guard let card = page.cards.first(where: { $0.specimen.name == specimen }) else {
                throw GalleryError.unknownSpecimen(specimen)
            }
            if let change {
                guard let control = card.content as? Control, change(control) else { return nil }
            }
            page.reveal(specimen)
            card.specimen.activate?(card.content)
            root.layoutIfNeeded()
            guard let frame = page.cardFrame(of: specimen) else { throw GalleryError.unknownSpecimen(specimen) }
            let px = Rect(
                x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale
            )
            .integral.intersection(Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)))
            guard !px.isNull, px.width >= 1, px.height >= 1 else { throw GalleryError.specimenOutside }
            let s = try Surface(width: Int(px.width), height: Int(px.height), scale: scale)
            root.render(
                Rect(x: px.x / scale, y: px.y / scale, width: px.width / scale, height: px.height / scale), into: s)
            if let failure { throw failure }
            return s
        }
    }

    /// Every specimen's name and frame, in window points, at `size`.
    public static func list(size: Size = GalleryPage.defaultSize) -> [(name: String, frame: Rect)] {
        makeRoot(size: size).1.specimenFrames
    }

    /// Opens the live gallery window and runs it until it is closed.
    ///
    /// The gallery's own keys, taken when no view handles them: F12 and Ctrl+S save the
    /// window's frame as a PNG in the working directory (`Screenshot`), naming the file on
    /// standard output and in the status line; Ctrl+Q and Ctrl+W close the window, and
    /// the run ends normally. Tab, Space, Return, Escape and the scrolling keys are the
    /// views' (see `RootView` and `ScrollView`).
    public static func runWindow(size: Size = GalleryPage.defaultSize, scale: Double? = nil, display: String? = nil)
        throws
    {
        let made = makeRoot(size: size, scale: scale ?? 1)
        let root = made.0
        var page = made.1
        let window = try X11Window(
            title: "Vitrine Gallery", root: root, display: display, scale: scale,
            minimumSize: Size(width: 320, height: 240), className: "Vitrine")
        if window.scale != CalendarIcon.displayScale {
            // The display's scale is known now: the page is built again with its images.
            CalendarIcon.displayScale = window.scale
            page.removeFromSuperview()
            page = GalleryPage(frame: root.bounds)
            root.addSubview(page)
            root.filledSubviews = [page]
            page.content.becomeFirstResponder()
        }
        // A resize whose frame cannot be had leaves the window at its old size, running.
        window.errorHandler = { error in
            StandardError.write("gallery: \(error); the window keeps its size")
            page.status.text = "not resized: \(error)"
        }
        StandardError.write(
            "gallery: \(window.displayName): presenting with \(window.presentationPath.rawValue) "
                + "at scale \(window.scale)")
        root.unhandledKeyHandler = { [unowned window] key in
            let letter = key.charactersIgnoringModifiers.lowercased()
            let flags = key.modifierFlags.shortcutFlags
            if flags == .control && (letter == "q" || letter == "w") { return window.close() }
            guard (key.keyCode == .keyboardF12 && flags.isEmpty) || (flags == .control && letter == "s") else { return }
            do {
                page.status.text = Screenshot.save(try window.currentFrame())
            } catch {
                StandardError.write("gallery: cannot save screenshot: \(error)")
                page.status.text = "screenshot not saved: \(error)"
            }
        }
        try window.run()
    }
}

/// The errors of the gallery's tools.
public enum GalleryError: Error, Equatable, CustomStringConvertible {
    /// No specimen has that name.
    case unknownSpecimen(String)
    /// The specimen lies outside the page at this size.
    case specimenOutside
    /// A size and scale that make no picture, or one past a surface's budget.
    case badSize(Size, Double)

    /// What went wrong, in words, as printed.
    public var description: String {
        switch self {
        case .unknownSpecimen(let n): return "no specimen named '\(n)' (see 'gallery list')"
        case .specimenOutside: return "the specimen lies outside the page at this size"
        case .badSize(let size, let scale):
            return "\(size.width) x \(size.height) points at scale \(scale) make no picture: each side must be "
                + "1 to \(Surface.maximumSide) pixels, and the pixels at most \(Surface.maximumPixels)"
        }
    }
}
