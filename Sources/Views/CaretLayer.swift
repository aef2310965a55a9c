import Layers
import Raster

/// A text field's caret: a bar in the tint colour on a layer of its own, so that moving
/// it or blinking it damages only its rectangle and redraws nothing of the field.
///
/// It blinks as the desktop says: on and off over `cycle` seconds, for `timeout` seconds
/// after the last input, then stays on. A caret that stops blinking is shown.
final class CaretLayer: Layer {
    required init() {
        super.init()
        name = "caret"
        isHidden = true
    }

    /// Starts blinking anew from shown (after a key, a click or a move): nil `cycle`
    /// keeps it solid.
    func restartBlinking(cycle: Double?, timeout: Double) {
        removeAnimation(forKey: "blink")
        guard let cycle, cycle > 0, timeout > 0, !isHidden else { return }
        let blink = KeyframeAnimation(keyPath: "opacity")
        // On for the first half of each cycle, off for the second, as GTK shows it.
        blink.values = [1.0, 0.0]
        blink.keyTimes = [0, 0.5, 1]
        blink.calculationMode = .discrete
        blink.duration = cycle
        blink.repeatCount = max(1, (timeout / cycle).rounded(.down))
        add(blink, forKey: "blink")
    }

    /// Stops blinking: the caret stays as `isHidden` says.
    func stopBlinking() { removeAnimation(forKey: "blink") }

    /// Whether it is blinking now.
    var isBlinking: Bool { animation(forKey: "blink") != nil }

    /// The caret moves and shows at once: no implicit animation.
    override func action(forKey key: String) -> (any Action)? { nil }
}
