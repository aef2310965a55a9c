import Raster

/// What a recording context recorded for a layer's subtree on the last frame
/// (`KeptRecording`), with what it was recorded for: used again while the subtree has
/// the same `contentGeneration` and is drawn for the same damage.
struct KeptLayerRecording {
    let generation: Int
    /// The damage drawn for, in the layer's coordinates (nil: all of it).
    let dirty: Rect?
    /// Whether the background was left out (the root's, under an opaque view).
    let skipsBackground: Bool
    let recording: KeptRecording
}
