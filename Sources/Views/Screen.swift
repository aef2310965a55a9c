import Synchronization

/// The screen a program's windows show on (`UIScreen`): its scale, which an image
/// context of scale 0 takes (`GraphicsBeginImageContextWithOptions`).
///
/// Vitrine learns it from the first window that opens (that window's scale:
/// `VITRINE_SCALE`, the desktop's `Xft.dpi`, or the one given); before any window it
/// is 1, unless set.
public final class Screen: Sendable {
    /// The main screen (`UIScreen.main`).
    public static let main = Screen()

    private let state = Mutex((scale: 1.0, setByWindow: false))

    /// Pixels per point (`scale`); default 1. Values that are not positive and finite
    /// are ignored.
    public var scale: Double {
        get { state.withLock { $0.scale } }
        set { state.withLock { if newValue.isFinite && newValue > 0 { $0.scale = newValue } } }
    }

    /// Takes a window's scale when it is the first window to open.
    package func windowOpened(scale: Double) {
        state.withLock {
            guard !$0.setByWindow, scale.isFinite, scale > 0 else { return }
            $0.setByWindow = true
            $0.scale = scale
        }
    }
}
