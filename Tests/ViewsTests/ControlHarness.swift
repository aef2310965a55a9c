import Raster

@testable import Views

/// What the control tests share: a root holding a control whose actions are recorded,
/// and a click.
@MainActor
func watchedRoot(_ control: Control, size: Size = Size(width: 400, height: 200)) -> (RootView, Recorder) {
    let root = RootView(size: size)
    root.addSubview(control)
    let r = Recorder()
    r.watch(control)
    return (root, r)
}

extension RootView {
    /// A press and a release at (x, y), in the root's points.
    func click(_ x: Double, _ y: Double) {
        handle(PointerEvent(.press, at: Point(x: x, y: y)))
        handle(PointerEvent(.release, at: Point(x: x, y: y)))
    }
}
