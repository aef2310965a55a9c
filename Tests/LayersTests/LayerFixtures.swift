import Layers
import Raster

/// A 10 x 10 layer, with a background if given, drawn once, so that its property
/// changes animate (a layer never drawn animates none, as in Core Animation).
@MainActor
func shownLayer(background: Color? = nil) throws -> Layer {
    let l = Layer()
    l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
    l.backgroundColor = background
    l.render(in: Context(surface: try Surface(width: 10, height: 10)))
    return l
}

/// Sets the manual clock to `t` and steps the animations there.
@MainActor
func stepClock(to t: Double) {
    MediaClock.manualTime = t
    AnimationEngine.step(at: t)
}
