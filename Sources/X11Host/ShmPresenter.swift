import CX11
import Glibc
import Raster

/// The window's pixels: one XImage whose memory the renderer draws into in place,
/// shared with the server through MIT-SHM when it can be, or plain memory sent with
/// `XPutImage` when it cannot. Both hold the same pixels.
@MainActor
@safe final class FrameBuffer {
    let width: Int
    let height: Int
    let path: PresentationPath
    /// The renderer's view of the memory.
    let surface: Surface
    private let image: UnsafeMutablePointer<XImage>
    private let segment: ShmSegment?
    private let plain: UnsafeMutableRawPointer?
    private let display: XDisplay
    private var released = false

    /// The largest side of a window's frame in pixels: 16384 x 16384 is the pixel budget
    /// of a surface (`Surface.maximumPixels`). The window asks the window manager for no
    /// more, and a larger size the server reports is clamped to it.
    static let maximumSide = 16384

    /// Makes a frame buffer of `width` x `height` pixels (clamped to 1...`maximumSide`), trying MIT-SHM
    /// first unless `allowSharedMemory` is false.
    init(display: XDisplay, visual choice: XVisualChoice, width: Int, height: Int, scale: Double,
         allowSharedMemory: Bool) throws {
        let visual = unsafe choice.visual, depth = choice.depth
        self.display = display
        let w = max(1, min(width, FrameBuffer.maximumSide)), h = max(1, min(height, FrameBuffer.maximumSide))
        self.width = w
        self.height = h
        // A segment marked for removal before the server attaches it, then one marked
        // after (see ShmSegment), then plain memory and XPutImage.
        for removedEarly in [true, false] where allowSharedMemory && display.hasSharedMemory {
            guard let seg = ShmSegment(display: display, size: w * h * 4, removedEarly: removedEarly),
                  let img = unsafe XShmCreateImage(display.handle, visual, UInt32(depth), ZPixmap, nil, seg.descriptor,
                                                   UInt32(w), UInt32(h)) else { break }
            unsafe img.pointee.data = unsafe seg.descriptor.pointee.shmaddr
            if unsafe img.pointee.bytes_per_line == Int32(w * 4), seg.attach() {
                unsafe image = unsafe img
                segment = seg
                unsafe plain = nil
                path = .sharedMemory
                surface = unsafe try Surface(wrapping: seg.address, width: w, height: h, stride: w * 4, scale: scale)
                return
            }
            unsafe img.pointee.data = nil
            _ = unsafe img.pointee.f.destroy_image(img)
            seg.release()
        }
        guard let memory = unsafe calloc(w * h, 4) else { throw X11Error.outOfMemory(display: display.name, bytes: w * h * 4) }
        guard let img = unsafe XCreateImage(display.handle, visual, UInt32(depth), ZPixmap, 0,
                                     memory.assumingMemoryBound(to: CChar.self), UInt32(w), UInt32(h), 32, Int32(w * 4)) else {
            unsafe memory.deallocate()
            throw X11Error.windowCreationFailed(display.name)
        }
        unsafe img.pointee.byte_order = LSBFirst
        unsafe image = unsafe img
        segment = nil
        unsafe plain = unsafe memory
        path = .putImage
        surface = unsafe try Surface(wrapping: memory, width: w, height: h, stride: w * 4, scale: scale)
    }

    /// Sends the given pixel rectangles to the window. With MIT-SHM, waits (a round
    /// trip) until the server has read them, so the next frame may be drawn at once.
    func present(_ rects: [Rect], window: XWindow) {
        guard !display.isLost, !rects.isEmpty else { return }
        for r in rects {
            let x = Int32(max(0, r.minX)), y = Int32(max(0, r.minY))
            let w = UInt32(min(Double(width) - r.minX, r.width)), h = UInt32(min(Double(height) - r.minY, r.height))
            guard w > 0, h > 0 else { continue }
            if segment != nil {
                unsafe XShmPutImage(display.handle, window.id, window.gc, image, x, y, x, y, w, h, 0)
            } else {
                unsafe XPutImage(display.handle, window.id, window.gc, image, x, y, x, y, w, h)
            }
        }
        if segment != nil { display.sync() } else { display.flush() }
    }

    /// Frees the image and the memory, detaching the segment first; once only; a second
    /// call does nothing, so no owner can release it twice.
    func release() {
        guard !released else { return }
        released = true
        unsafe image.pointee.data = nil
        _ = unsafe image.pointee.f.destroy_image(image)
        segment?.release()
        unsafe free(plain)
    }
}
