import CX11
import Raster

/// Hands a window's frames to the X server: the last step of a frame, after the view
/// tree was rendered into `buffer`. A window chooses one when it is made, as softbuffer
/// chooses a backend: `ShmPresenter` (MIT-SHM) where the server shares memory, else
/// `PutImagePresenter` (`XPutImage`).
///
/// A presenter keeps one buffer, which always holds the frame last presented: a window
/// redraws only what is damaged. Before drawing into it, ask `nextBuffer()`: it returns
/// once the server no longer reads it.
@MainActor
protocol Presenter: AnyObject {
    /// The path frames take to the server.
    var path: PresentationPath { get }
    /// The buffer's size in pixels.
    var size: PixelSize { get }
    /// The buffer to draw the next frame into, holding the frame last presented; the
    /// server is not reading it when this returns.
    func nextBuffer() -> Surface
    /// Sends the damaged pixel rectangles of the buffer to `window`, without waiting for
    /// the server.
    func present(_ damage: [Rect], window: XWindow)
    /// Gives the buffer a new size, its pixels transparent. The buffer in hand is kept
    /// when the new one cannot be made.
    ///
    /// - Throws: `X11Error.outOfMemory`, or `.sharedMemoryRefused` when the server will
    ///   not share a segment of the new size (a `PutImagePresenter` then takes over).
    func resize(to size: PixelSize) throws(X11Error)
    /// The server reports that it has read a frame (`ShmCompletion` of `segment`).
    func serverRead(segment: UInt)
    /// Frees the buffer; once only, later calls do nothing.
    func release()
}

/// The presenter for a new window: MIT-SHM unless `allowSharedMemory` is false or the
/// server will not share memory, else `XPutImage`.
@MainActor
func makePresenter(
    display: XDisplay, visual: XVisualChoice, size: PixelSize, scale: Double,
    allowSharedMemory: Bool
) throws(X11Error) -> any Presenter {
    if allowSharedMemory && display.hasSharedMemory,
        let shm = try? ShmPresenter(display: display, visual: visual, size: size, scale: scale)
    {
        return shm
    }
    return try PutImagePresenter(display: display, visual: visual, size: size, scale: scale)
}

/// One XImage over memory the renderer draws into in place: a presenter's buffer.
@MainActor
@safe final class XImageBuffer {
    let size: PixelSize
    let surface: Surface
    let image: UnsafeMutablePointer<XImage>
    /// Frees the memory under the image (not the image's own record).
    private let freeMemory: () -> Void
    private var released = false

    init(size: PixelSize, surface: Surface, image: UnsafeMutablePointer<XImage>, freeMemory: @escaping () -> Void) {
        self.size = size
        self.surface = surface
        unsafe self.image = unsafe image
        self.freeMemory = freeMemory
    }

    /// Frees the image and the memory; once only.
    func release() {
        guard !released else { return }
        released = true
        unsafe image.pointee.data = nil
        _ = unsafe image.pointee.f.destroy_image(image)
        freeMemory()
    }

    /// The part of `r` inside the buffer, in whole pixels: x, y, width, height; nil
    /// when nothing is left.
    func clamp(_ r: Rect) -> (Int32, Int32, UInt32, UInt32)? {
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        let x0 = max(0, Int(r.minX.rounded(.down)))
        let y0 = max(0, Int(r.minY.rounded(.down)))
        let x1 = min(size.width, Int(r.maxX.rounded(.up)))
        let y1 = min(size.height, Int(r.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return (Int32(x0), Int32(y0), UInt32(x1 - x0), UInt32(y1 - y0))
    }
}
