import CX11
import Glibc
import Layers
import Raster

/// Presents frames through MIT-SHM: the buffer is a shared-memory segment, which the
/// server reads when it handles `XShmPutImage`. Nothing is copied, and nothing waits for
/// the server at `present`: the last request of a frame asks for a `ShmCompletion` event,
/// and `nextBuffer()` waits for it only if the server has not read the frame yet, so
/// that no frame is drawn into memory the server may still be reading.
///
/// Segments are created 0600 and marked for removal right after they are attached, so
/// that none outlives the process (see `ShmSegment`).
@MainActor
@safe final class ShmPresenter: Presenter {
    let path = PresentationPath.sharedMemory
    private let display: XDisplay
    private let visual: XVisualChoice
    private let scale: Double
    private var buffer: XImageBuffer
    private var segment: ShmSegment
    /// The type of the server's `ShmCompletion` events on this display.
    private let completionType: Int32
    /// Whether a frame was sent whose completion has not come back: the server may be
    /// reading the segment.
    private(set) var awaitingServer = false
    /// How long `nextBuffer()` waits for a completion before it makes a round trip
    /// instead (a server that never sends one would otherwise stop the window).
    static let completionTimeout = 1.0

    var size: PixelSize { buffer.size }

    /// A presenter over a new segment of `size`.
    ///
    /// - Throws: `X11Error.sharedMemoryRefused` when no segment can be shared.
    init(display: XDisplay, visual: XVisualChoice, size: PixelSize, scale: Double) throws(X11Error) {
        self.display = display
        self.visual = visual
        self.scale = scale
        completionType = display.shmCompletionType
        (buffer, segment) = try ShmPresenter.makeBuffer(display: display, visual: visual, size: size, scale: scale)
    }

    /// A segment of `size` attached by the server, and an image over it: marked for
    /// removal before the server attaches it, else after (see `ShmSegment`).
    private static func makeBuffer(
        display: XDisplay, visual choice: XVisualChoice, size: PixelSize,
        scale: Double
    ) throws(X11Error) -> (XImageBuffer, ShmSegment) {
        let w = size.width
        let h = size.height
        let visual = unsafe choice.visual
        let depth = choice.depth
        for removedEarly in [true, false] {
            guard let seg = ShmSegment(display: display, size: w * h * 4, removedEarly: removedEarly),
                let img = unsafe XShmCreateImage(
                    display.handle, visual, UInt32(depth), ZPixmap, nil, seg.descriptor,
                    UInt32(w), UInt32(h))
            else { break }
            unsafe img.pointee.data = unsafe seg.descriptor.pointee.shmaddr
            if unsafe img.pointee.bytes_per_line == Int32(w * 4), seg.attach(),
                let surface = unsafe try? Surface(
                    wrapping: seg.address, width: w, height: h, stride: w * 4, scale: scale)
            {
                let buffer = unsafe XImageBuffer(
                    size: size, surface: surface, image: img, freeMemory: { seg.release() })
                return (buffer, seg)
            }
            unsafe img.pointee.data = nil
            _ = unsafe img.pointee.f.destroy_image(img)
            seg.release()
        }
        throw X11Error.sharedMemoryRefused(display: display.name)
    }

    func nextBuffer() -> Surface {
        waitForServer()
        return buffer.surface
    }

    func present(_ damage: [Rect], window: XWindow) {
        guard !display.isLost else { return }
        let parts = damage.compactMap { buffer.clamp($0) }
        guard !parts.isEmpty else { return }
        for (i, (x, y, w, h)) in parts.enumerated() {
            // The server handles requests in order: the completion of the last part
            // tells that it has read them all.
            let last: Int32 = i == parts.count - 1 ? 1 : 0
            unsafe XShmPutImage(display.handle, window.id, window.gc, buffer.image, x, y, x, y, w, h, last)
        }
        awaitingServer = true
        display.flush()
    }

    func serverRead(segment id: UInt) {
        if id == segment.serverID { awaitingServer = false }
    }

    /// Returns once the server has read the last frame sent: its completion is taken from
    /// the queue, or read from the connection; past `completionTimeout`, or when the
    /// connection is lost, a round trip settles it.
    private func waitForServer() {
        guard awaitingServer else { return }
        let deadline = MediaClock.systemTime() + ShmPresenter.completionTimeout
        while awaitingServer {
            if display.isLost {
                awaitingServer = false
                return
            }
            if let id = display.takeShmCompletion(type: completionType) {
                serverRead(segment: id)
                continue
            }
            let left = deadline - MediaClock.systemTime()
            if left <= 0 {
                display.sync()
                awaitingServer = false
                return
            }
            _ = display.wait(milliseconds: Int32(max(1, min(left * 1000, 50))), or: nil)
            _ = display.pending()
        }
    }

    func resize(to size: PixelSize) throws(X11Error) {
        guard size != buffer.size else { return }
        let (next, seg) = try ShmPresenter.makeBuffer(display: display, visual: visual, size: size, scale: scale)
        // The old segment is detached after the frames that read it, in request order.
        awaitingServer = false
        buffer.release()
        buffer = next
        segment = seg
    }

    func release() {
        buffer.release()
    }
}

/// Presents frames with `XPutImage`: the pixels travel in the request, copied into
/// Xlib's output buffer as it is made, so the buffer is free again at once. For servers
/// without MIT-SHM, remote displays, and segments the server refuses.
@MainActor
@safe final class PutImagePresenter: Presenter {
    let path = PresentationPath.putImage
    private let display: XDisplay
    private let visual: XVisualChoice
    private let scale: Double
    private var buffer: XImageBuffer

    var size: PixelSize { buffer.size }

    /// - Throws: `X11Error.outOfMemory` when the buffer's memory cannot be had.
    init(display: XDisplay, visual: XVisualChoice, size: PixelSize, scale: Double) throws(X11Error) {
        self.display = display
        self.visual = visual
        self.scale = scale
        buffer = try PutImagePresenter.makeBuffer(display: display, visual: visual, size: size, scale: scale)
    }

    private static func makeBuffer(
        display: XDisplay, visual choice: XVisualChoice, size: PixelSize,
        scale: Double
    ) throws(X11Error) -> XImageBuffer {
        let w = size.width
        let h = size.height
        guard let memory = unsafe calloc(w * h, 4) else {
            throw X11Error.outOfMemory(display: display.name, bytes: w * h * 4)
        }
        guard
            let img = unsafe XCreateImage(
                display.handle, choice.visual, UInt32(choice.depth), ZPixmap, 0,
                memory.assumingMemoryBound(to: CChar.self), UInt32(w), UInt32(h), 32,
                Int32(w * 4)),
            let surface = unsafe try? Surface(wrapping: memory, width: w, height: h, stride: w * 4, scale: scale)
        else {
            unsafe free(memory)
            throw X11Error.windowCreationFailed(display.name)
        }
        unsafe img.pointee.byte_order = LSBFirst
        return unsafe XImageBuffer(size: size, surface: surface, image: img, freeMemory: { unsafe free(memory) })
    }

    func nextBuffer() -> Surface { buffer.surface }

    func present(_ damage: [Rect], window: XWindow) {
        guard !display.isLost else { return }
        for r in damage {
            guard let (x, y, w, h) = buffer.clamp(r) else { continue }
            unsafe XPutImage(display.handle, window.id, window.gc, buffer.image, x, y, x, y, w, h)
        }
        display.flush()
    }

    func serverRead(segment: UInt) {}

    func resize(to size: PixelSize) throws(X11Error) {
        guard size != buffer.size else { return }
        let next = try PutImagePresenter.makeBuffer(display: display, visual: visual, size: size, scale: scale)
        buffer.release()
        buffer = next
    }

    func release() {
        buffer.release()
    }
}
