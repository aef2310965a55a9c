/// A clip to a path as a recording context made it, kept by its owner (a layer that
/// masks to its bounds) for the next frame: clipping to the same path, under the same
/// transform, inside the same clip, gives the same link of the clip chain again without
/// flattening the path. The same link, not an equal one, also lets a kept recording
/// (`KeptRecording`) of what is drawn inside it be used again.
package struct KeptClip: Sendable {
    let link: ClipChain
    /// The clip bounds before the clip.
    let entered: IntRect
    let path: Path
    let rule: FillRule
    let transform: AffineTransform
}

extension Context {
    /// `clip(to:rule:)`, giving the link kept in `kept` again when the clip is the same as
    /// when it was kept, and keeping the new link otherwise. Only a recording context
    /// makes links; any other clips as `clip(to:rule:)` does and leaves `kept` alone.
    package func clip(to path: Path, rule: FillRule = .nonZero, keeping kept: inout KeptClip?) {
        // Drawn at once, the clip is a mask made now: the kept link is left for the next
        // recording context.
        guard backend is RecordingBackend else { return clip(to: path, rule: rule) }
        if let k = kept, k.link.parent === state.clipChain, state.clipMask == nil, k.entered == state.clipBounds,
            k.transform == state.transform, k.rule == rule, k.path == path
        {
            state.clipChain = k.link
            state.clipBounds = k.link.bounds
            return
        }
        let before = state.clipChain
        let entered = state.clipBounds
        clip(to: path, rule: rule)
        if let link = state.clipChain, link !== before, link.parent === before {
            kept = KeptClip(link: link, entered: entered, path: path, rule: rule, transform: state.transform)
        } else {
            kept = nil
        }
    }
}
