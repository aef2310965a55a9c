/// A run of operations taken out of a display list as it was recorded, to be recorded
/// again as they are into a later list (`DisplayListBuilder.replay(_:)`): what a layer
/// tree that has not changed records on the next frame. Indices are relative to the
/// run, so that it can be put anywhere in a list.
struct KeptOperations: Sendable {
    var commands: [DisplayList.Command]
    /// The indices of the `beginLayer` commands, whose ends are indices into the list.
    var layerStarts: [Int]
    /// Into `states`.
    var stateIndices: [Int32]
    var structural: [Bool]
    var reaches: [IntRect]
    /// The states the run's operations ran in, in order. The first may be the state of
    /// the operation before the run, which the run's first shared.
    var states: [GraphicsState]
    /// The large blurs outside layers, as indices into the run.
    var blurs: [Int]
    /// Rows kept in one band.
    var unsplit: [Range<Int>]
    /// What the run added to the list's `reachedArea`.
    var reachedArea: Int
    /// The layers open around the run when it was recorded (`DisplayListBuilder.OpenLayer`):
    /// how its layers are kept together depends on them.
    var open: [DisplayListBuilder.OpenLayer]
    /// Whether something in the run marked the layers open around it to be drawn whole.
    var marksOpenLayersWhole: Bool

    /// Whether every surface the run draws is as it was when recorded: none has been
    /// written since (its capture is not detached).
    var surfacesUnchanged: Bool {
        for c in commands {
            if case .image(let capture, _) = c, capture.isDetached { return false }
        }
        return true
    }
}
