import Layers
import Raster

extension Layer {
    /// The soft shadow under a control's white thumb (a switch's knob, a slider's
    /// thumb): black at 20%, blurred 3 points, dropped `drop` points.
    func applyThumbShadow(drop: Double) {
        shadowColor = .black
        shadowOpacity = 0.2
        shadowOffset = Size(width: 0, height: drop)
        shadowRadius = 3
    }
}
