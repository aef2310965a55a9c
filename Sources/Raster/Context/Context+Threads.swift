extension Context {
    /// Creates a context that draws into `surface` on several threads: its drawing
    /// operations are recorded into a display list, with the state each runs in, and
    /// drawn by `flush()` (`Renderer`), the surface cut into horizontal bands that the
    /// threads draw at once. The pixels are the same, byte for byte, as those of
    /// `init(surface:)`.
    ///
    /// Until `flush()` the surface does not change, but for small fills and strokes made
    /// while nothing is recorded, which bands would not speed up: those are drawn at once,
    /// on the calling thread, in the order made; and for a long list of small operations
    /// outside layers (a thousand or more), which is drawn in bands as soon as it is that
    /// long, while what it reads is still in the caches. A surface drawn into the context is
    /// drawn as it was when drawn, even if it is written again before `flush()` (it is
    /// copied then, and only then). With one thread the context draws at once, as
    /// `init(surface:)`. Core Graphics has no such context; `flush()` is named after
    /// `CGContextFlush`.
    public convenience init(surface: Surface, threads: RenderThreads) {
        self.init(surface: surface, threads: threads, drawingAtOnceUpTo: RecordingBackend.defaultImmediateArea)
    }

    /// `init(surface:threads:)` with its own limit for the operations drawn at once while
    /// nothing is recorded (see `RecordingBackend.immediateArea`); 0 records every
    /// operation (for tests of the bands).
    package convenience init(surface: Surface, threads: RenderThreads, drawingAtOnceUpTo area: Int) {
        if threads.count > 1 {
            // The helpers wait awake while the frame is recorded, to take its bands at once.
            threads.warm()
            self.init(surface: surface, backend: RecordingBackend(threads: threads, immediateArea: area))
        } else {
            self.init(surface: surface)
        }
    }

    /// A context for `surface` that draws in bands on this context's threads when this
    /// one does (a mask drawn for a frame drawn in bands), or at once when it does not.
    package func sibling(drawingInto surface: Surface) -> Context {
        backend.sibling(of: self, drawingInto: surface)
    }

    /// Draws what was recorded (`CGContextFlush`), on the context's threads, and returns
    /// when it is drawn. A context made without threads draws as it goes, and this does
    /// nothing; so it does inside a transparency layer, whose end is needed first.
    public func flush() {
        backend.flush(self, bands: nil)
    }

    /// Draws what was recorded in `bands` bands of equal height (by default
    /// `Renderer.defaultBandCount`), but that a band holds whole the rows of a small blur
    /// or of a layer drawn whole (`DisplayList.unsplit`); a large blur splits the bands it
    /// crosses in time instead (`BandPlan`).
    package func flush(bands: Int?) {
        backend.flush(self, bands: bands)
    }

    /// Takes in what a render of this context's list did to its surface.
    func absorb(_ outcome: Renderer.Outcome) {
        if let f = outcome.failure { noteFailure(f) }
        if let drawn = outcome.drawn {
            drewAnything = true
            drawnArea = drawnArea.union(drawn)
        }
    }
}

extension Context {
    /// The operations recorded and not yet drawn, when the context records them (for
    /// tests).
    var recorder: DisplayListBuilder? { (backend as? RecordingBackend)?.builder }
}
