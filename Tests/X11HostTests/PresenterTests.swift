import CX11
import Foundation
import Raster
import TestSupport
import Testing

@testable import X11Host

/// The presenters hand the server every frame as it was drawn, although they do not wait
/// for the server at each present: a frame is never drawn into memory the server may
/// still be reading.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct PresenterTests {
    static let side = 64, frames = 48, columns = 8

    /// The colour of frame `k`: distinct for each frame, opaque.
    static func color(_ k: Int) -> UInt32 {
        let r = UInt32((k * 37) & 0xff)
        let g = UInt32((k * 91 + 40) & 0xff)
        let b = UInt32((k * 53 + 7) & 0xff)
        return 0xff00_0000 | r << 16 | g << 8 | b
    }

    /// Draws `frames` frames as fast as the presenter lets it, each a whole buffer of its
    /// own colour. After each present the server copies the window into a cell of a
    /// pixmap (`XCopyArea`, a request, so in order and without a round trip): the cells
    /// are what the server showed after each present. Returns the cells' colours.
    ///
    /// While the frames begin, another client holds the server grabbed for 0.3 s, so the
    /// server reads none of them then: the server is made slower than the drawing, every
    /// time, rather than by luck.
    static func presentedFrames(server: XvfbServer, sharedMemory: Bool) throws -> (PresentationPath, [UInt32]) {
        let display = try XDisplay(name: server.displayName)
        defer { display.close() }
        let visual = try display.findVisual()
        let window = try XWindow(display: display, visual: visual, width: side, height: side, inputMethod: "")
        window.map()
        display.sync()
        let size = try #require(PixelSize(width: side, height: side))
        let presenter = try makePresenter(
            display: display, visual: visual, size: size, scale: 1,
            allowSharedMemory: sharedMemory)
        defer { presenter.release() }
        let rows = (frames + columns - 1) / columns
        let record = unsafe XCreatePixmap(
            display.handle, window.id, UInt32(side * columns), UInt32(side * rows),
            UInt32(visual.depth))
        defer { unsafe XFreePixmap(display.handle, record) }
        display.sync()
        let grabber = try #require(unsafe XOpenDisplay(server.displayName))
        unsafe XGrabServer(grabber)
        unsafe XSync(grabber, 0)
        let held = UInt(bitPattern: grabber)
        Thread.detachNewThread {
            usleep(300_000)
            let grabber = unsafe OpaquePointer(bitPattern: held)
            unsafe XUngrabServer(grabber)
            unsafe XCloseDisplay(grabber)
        }
        for k in 0..<frames {
            let buffer = presenter.nextBuffer()
            buffer.clear(to: Pixel(argb: color(k)))
            presenter.present([Rect(x: 0, y: 0, width: Double(side), height: Double(side))], window: window)
            unsafe XCopyArea(
                display.handle, window.id, record, window.gc, 0, 0, UInt32(side), UInt32(side),
                Int32(k % columns * side), Int32(k / columns * side))
            display.flush()
        }
        display.sync()
        let image = try #require(
            unsafe XGetImage(
                display.handle, record, 0, 0, UInt32(side * columns),
                UInt32(side * rows), UInt(bitPattern: -1), ZPixmap))
        defer { _ = unsafe image.pointee.f.destroy_image(image) }
        let cells = (0..<frames).map { k -> UInt32 in
            let x = Int32(k % columns * side + side / 2)
            let y = Int32(k / columns * side + side / 2)
            let pixel = unsafe image.pointee.f.get_pixel(image, x, y)
            return UInt32(truncatingIfNeeded: pixel) | 0xff00_0000
        }
        return (presenter.path, cells)
    }

    @Test(arguments: [true, false])
    func everyFramePresentedIsTheFrameDrawn(sharedMemory: Bool) throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let (path, cells) = try PresenterTests.presentedFrames(server: server, sharedMemory: sharedMemory)
        #expect(path == (sharedMemory ? .sharedMemory : .putImage))
        let wrong = cells.indices.filter { cells[$0] != PresenterTests.color($0) }
        #expect(wrong.isEmpty, "frames shown with another frame's pixels: \(wrong)")
    }

    @Test func theSharedMemoryPresenterDoesNotWaitAtPresent() throws {
        // The present returns with the frame in flight; the completion, read with the
        // window's events, frees the buffer without a round trip.
        let server = try XvfbServer()
        defer { server.stop() }
        let display = try XDisplay(name: server.displayName)
        defer { display.close() }
        let visual = try display.findVisual()
        let window = try XWindow(display: display, visual: visual, width: 32, height: 32, inputMethod: "")
        window.map()
        let presenter = try ShmPresenter(
            display: display, visual: visual, size: try #require(PixelSize(width: 32, height: 32)),
            scale: 1)
        defer { presenter.release() }
        presenter.nextBuffer().clear(to: Pixel(argb: 0xff10_2030))
        presenter.present([Rect(x: 0, y: 0, width: 32, height: 32)], window: window)
        #expect(presenter.awaitingServer)
        var freed = false
        for _ in 0..<200 where !freed {
            _ = display.wait(milliseconds: 10, or: nil)
            while display.pending() > 0 {
                if case .presented(let segment) = window.nextEvent() { presenter.serverRead(segment: segment) }
            }
            freed = !presenter.awaitingServer
        }
        #expect(freed, "the completion event arrived with the window's events")
    }
}
