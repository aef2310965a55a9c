import Layers
import Raster
import Text

/// A push button (`UIButton`): a title and an image for each state, falling back to the
/// normal one; while pressed, its image shows the darkened mask of
/// `adjustsImageWhenHighlighted`; disabled, it dims.
@MainActor
open class Button: Control {
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: Color] = [:]
    private var images: [UInt: Image] = [:]
    /// The highlighted form of the normal image, with the image it was made from (held,
    /// so that its identity cannot pass to another image); emptied by `setImage`.
    private var highlightCache: (source: Image, image: Image)?

    /// The font of the title; default the system face at 15 points. Nil when that face
    /// could not be loaded (no font installed): the button then draws no title, and
    /// `fontError` says why.
    public var titleFont: Font? { didSet { setNeedsDisplay() } }
    /// Why the default title font could not be loaded, when it could not; nil otherwise.
    public private(set) var fontError: TextError?
    /// Darken the image under its own alpha while highlighted (default true).
    public var adjustsImageWhenHighlighted = true { didSet { setNeedsDisplay() } }
    /// Dim the image and title while disabled (default true).
    public var adjustsImageWhenDisabled = true { didSet { setNeedsDisplay() } }
    /// Space between image and title, in points.
    public var imageTitleSpacing = 6.0 { didSet { setNeedsDisplay() } }

    /// Creates a button.
    public override init(frame: Rect = .zero) {
        do throws(TextError) {
            titleFont = try Font.system(size: 15)
        } catch {
            fontError = error
        }
        super.init(frame: frame)
        contentMode = .redraw
        titleColors[State.normal.rawValue] = Color(red: 0, green: 0.478, blue: 1)
    }

    override open var triggersPrimaryActionOnTouchUpInside: Bool { true }

    /// How long the title and image take to fade back after a release, in seconds: Core
    /// Animation's default duration (UIKit does not document its own). Pressing is
    /// instant.
    public static let highlightFadeDuration = 0.25

    /// The normal look fading in over the pressed one after a release.
    private var fadeLayer: Layer?

    override open func stateDidChange() {
        if !isHighlighted && drawnHighlighted && fadeLayer == nil, let look = renderedLook() {
            // Leaving the highlight: the store keeps the pressed look, and the new one
            // fades in above it; at the end the store is drawn anew and the layer goes.
            let fade = Layer()
            Transaction.performWithoutActions {
                fade.frame = bounds
                fade.contents = look
                fade.contentsScale = look.scale
                fade.contentsGravity = .bottomLeft  // the screen's top left
            }
            layer.addSublayer(fade)
            let a = BasicAnimation(keyPath: "opacity")
            a.fromValue = 0.0
            a.toValue = 1.0
            a.duration = Button.highlightFadeDuration
            a.timingFunction = TimingFunction(name: .easeOut)
            a.delegate = FadeEnd(button: self)
            fade.add(a, forKey: "fade")
            fadeLayer = fade
            return
        }
        endFade()
        super.stateDidChange()
    }

    /// Removes the fade layer and draws the store anew.
    fileprivate func endFade() {
        guard let fade = fadeLayer else { return }
        fadeLayer = nil
        fade.removeFromSuperlayer()
        setNeedsDisplay()
    }

    /// The button's look now, drawn as its store would be; nil when it cannot be had.
    private func renderedLook() -> Image? {
        let k = layer.contentsScale
        let b = bounds
        guard let p = PixelSize(covering: b.size, scale: k),
            let s = try? Surface(width: p.width, height: p.height, scale: k)
        else { return nil }
        let c = Context(surface: s)
        c.translateBy(x: -b.minX, y: -b.minY)
        c.clip(to: b)
        GraphicsPushContext(c)
        let was = drawnHighlighted
        draw(b)
        drawnHighlighted = was
        GraphicsPopContext()
        return Image(adopting: s)
    }

    /// Whether the store was last drawn highlighted.
    private var drawnHighlighted = false

    /// Sets the title for a state (`setTitle(_:for:)`).
    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        setNeedsDisplay()
    }

    /// Sets the title colour for a state (`setTitleColor(_:for:)`).
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state.rawValue] = color
        setNeedsDisplay()
    }

    /// Sets the image for a state (`setImage(_:for:)`).
    public func setImage(_ image: Image?, for state: State) {
        images[state.rawValue] = image
        highlightCache = nil
        setNeedsDisplay()
    }

    /// The title for a state, falling back to the normal one (`title(for:)`).
    public func title(for state: State) -> String? { Button.value(in: titles, for: state) }
    /// The title colour for a state, falling back to the normal one.
    public func titleColor(for state: State) -> Color? { Button.value(in: titleColors, for: state) }
    /// The image for a state, falling back to the normal one (`image(for:)`).
    public func image(for state: State) -> Image? { Button.value(in: images, for: state) }

    /// A state's own value, else that of the state without `.focused` (a focused button
    /// pressed by Space looks as a pressed one does), else the normal one.
    private static func value<T>(in table: [UInt: T], for state: State) -> T? {
        table[state.rawValue] ?? table[state.subtracting(.focused).rawValue] ?? table[State.normal.rawValue]
    }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }

    /// The image shown now: the state's own, or the normal one darkened while highlighted.
    /// Nil when there is none, or when the darkened image could not be made (no memory
    /// for it): the button then draws no image rather than the wrong one.
    public var currentImage: Image? { try? shownImage() }

    /// The image shown now, or the reason the darkened one could not be made.
    func shownImage() throws(RasterError) -> Image? {
        if let own = images[state.rawValue] ?? images[state.subtracting(.focused).rawValue] { return own }
        guard let normal = images[State.normal.rawValue] else { return nil }
        if isHighlighted && adjustsImageWhenHighlighted {
            if let cache = highlightCache, cache.source.surface === normal.surface { return cache.image }
            let h = try Button.highlightedImage(of: normal)
            highlightCache = (normal, h)
            return h
        }
        return normal
    }

    /// The image and the title side by side, `imageTitleSpacing` apart, as tall as the
    /// taller (the title's line height), each side rounded up to a whole point.
    override open var intrinsicContentSize: Size {
        let image = try? shownImage()
        let title = currentTitle
        let titleWidth = (title != nil && titleFont != nil) ? titleFont!.advance(of: title!) : 0
        let titleHeight = titleWidth > 0 ? titleFont!.lineHeight : 0
        let imageSize = image?.size ?? Size(width: 0, height: 0)
        let gap = image != nil && titleWidth > 0 ? imageTitleSpacing : 0
        return Size(
            width: (imageSize.width + gap + titleWidth).rounded(.up),
            height: max(imageSize.height, titleHeight).rounded(.up))
    }

    override open func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        drawnHighlighted = isHighlighted
        let dim = !isEnabled && adjustsImageWhenDisabled
        context.saveGState()
        if dim { context.alpha = 0.35 }
        let image: Image?
        do {
            image = try shownImage()
        } catch {
            // Reported with the frame (RootView.renderFailureHandler); no image is drawn.
            context.noteFailure(error)
            image = nil
        }
        let title = currentTitle
        let font = titleFont
        let titleWidth = (title != nil && font != nil) ? font!.advance(of: title!) : 0
        let imageSize = image?.size ?? .zero
        let gap = image != nil && titleWidth > 0 ? imageTitleSpacing : 0
        let total = min(bounds.width, imageSize.width + gap + titleWidth)
        var x = bounds.midX - total / 2
        if let image {
            context.draw(
                image.surface,
                in: Rect(
                    x: x, y: bounds.midY - imageSize.height / 2, width: imageSize.width,
                    height: imageSize.height))
            x += imageSize.width + gap
        }
        if let title, let font, titleWidth > 0 {
            var color = titleColor(for: state) ?? .black
            if isHighlighted && titleColors[State.highlighted.rawValue] == nil {
                color = color.withAlpha(color.alpha * 0.5)
            }
            let width = max(0, bounds.maxX - x)
            context.draw(
                title, in: Rect(x: x, y: bounds.midY - font.lineHeight / 2, width: width, height: font.lineHeight),
                font: font, color: color, lineBreak: .truncateTail, maxLines: 1)
        }
        context.restoreGState()
    }

    // MARK: Accessibility

    override var controlTraits: AccessibilityTraits { .button }

    /// The title shown now, unless a label was given; a button with only an image has no
    /// label until one is given, and says nothing but "button".
    override open var accessibilityLabel: String? {
        get { accessibility.label ?? title(for: state) ?? title(for: .normal) }
        set { accessibility.label = newValue }
    }

    /// Sends `touchUpInside`, as a tap does; false while disabled.
    override open func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .touchUpInside)
        return true
    }
}

/// Ends a button's fade once its animation has stopped.
@MainActor
private final class FadeEnd: AnimationDelegate {
    weak var button: Button?
    init(button: Button) { self.button = button }
    func animationDidStop(_ animation: Animation, finished: Bool) { button?.endFade() }
}
