/// What a recording context recorded between two points of a frame, kept by its owner
/// (a layer, for its subtree) to be recorded again as it is on a later frame, instead of
/// walking and recording the same drawing anew. It is used again only where it would be
/// recorded the same: in the same graphics state (but for the colours, which the owner
/// sets before it draws), into a target of the same size, inside the same open layers,
/// with every surface it draws unchanged. The owner vouches that what it draws has not
/// changed.
package struct KeptRecording: Sendable {
    let entry: GraphicsState
    let targetWidth: Int
    let targetHeight: Int
    let scale: Double
    let unbandedClip: IntRect?
    let operations: KeptOperations

    /// How many operations the recording holds.
    package var operationCount: Int { operations.commands.count }
}

/// Where a recording context stood when a kept recording began: `Context.beginKeeping()`.
package struct RecordingMark {
    let entry: GraphicsState
    let builder: DisplayListBuilder.Mark
    let savedStates: Int
    let layers: Int
}

extension Context {
    /// The builder of a recording context that records now, or nil: a context that draws
    /// at once, or one that has recorded nothing yet in this list (it may still draw small
    /// operations at once, which a recording cannot repeat).
    private var recordingBuilder: DisplayListBuilder? {
        guard let recording = backend as? RecordingBackend, !recording.builder.isEmpty else { return nil }
        return recording.builder
    }

    /// Marks the start of a recording to keep, or nil when nothing here can be kept.
    package func beginKeeping() -> RecordingMark? {
        guard failure == nil, pendingFillShadow == nil, let builder = recordingBuilder else { return nil }
        return RecordingMark(entry: state, builder: builder.mark(), savedStates: savedStateCount, layers: layerDepth)
    }

    /// What was recorded since `mark`, to keep; nil when it cannot be recorded again as it
    /// is: something failed, the list was drawn meanwhile, or the saved states and layers
    /// do not balance.
    package func endKeeping(_ mark: RecordingMark) -> KeptRecording? {
        guard failure == nil, pendingFillShadow == nil, savedStateCount == mark.savedStates,
            layerDepth == mark.layers, let builder = recordingBuilder,
            let operations = builder.operations(since: mark.builder)
        else { return nil }
        return KeptRecording(
            entry: mark.entry, targetWidth: target.width, targetHeight: target.height, scale: target.scale,
            unbandedClip: unbandedClip, operations: operations)
    }

    /// Records `kept` again, if this is where it was recorded from: the same state but
    /// for the colours, the same target size and open layers, every surface it draws
    /// unchanged. False, recording nothing, otherwise. The colours in force are left out:
    /// the owner's drawing sets every colour it uses before using it (a layer's does),
    /// and each operation carries its own.
    package func replay(_ kept: KeptRecording) -> Bool {
        guard failure == nil, pendingFillShadow == nil, let builder = recordingBuilder,
            kept.targetWidth == target.width, kept.targetHeight == target.height, kept.scale == target.scale,
            kept.unbandedClip == unbandedClip, GraphicsState.matchApartFromColors(kept.entry, state),
            kept.operations.surfacesUnchanged, builder.openLayers == kept.operations.open
        else { return false }
        builder.replay(kept.operations)
        return true
    }
}
