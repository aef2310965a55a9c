/// A surface as a display list reads it: copy-on-write pixels. The list holds the
/// capture, and the capture holds the surface until something is about to write that
/// surface (`Surface.willWrite()`); then the capture takes a private copy of the pixels
/// as they were, and the surface goes its own way. A surface drawn into a list and never
/// written again before the list is drawn is never copied.
///
/// `@unchecked Sendable`: `surface` changes only in `detach()`, which runs on the thread
/// that writes the captured surface, before that write; a list is drawn (read on the
/// render threads) only after everything recorded into it, on the recording thread.
/// Writing a captured surface on another thread while its list is drawn is a race, as
/// writing any memory that another thread reads is.
final class SurfaceCapture: @unchecked Sendable {
    /// The pixels: the surface captured, or its copy once detached; nil when the copy's
    /// memory could not be had (`lost`).
    private(set) var surface: Surface?
    /// The bytes a detached copy would have needed, when it could not be had: the list
    /// draws nothing for this capture and reports the failure.
    private(set) var lost: RasterError?

    init(_ surface: Surface) {
        self.surface = surface
    }

    /// Whether the captured surface has been written since (or was about to be): the
    /// capture holds its own copy of the pixels as they were, or lost them.
    private(set) var isDetached = false

    /// Takes a private copy of the pixels, which the captured surface is about to change.
    func detach() {
        isDetached = true
        guard let s = surface else { return }
        do {
            surface = try s.copy()
        } catch {
            surface = nil
            lost = error
        }
    }
}
