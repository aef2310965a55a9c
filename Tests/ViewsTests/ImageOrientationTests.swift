import Foundation
import Raster
import Testing
import Views

/// Images as UIKit code draws them: `Context.draw(_:in:)` and `clip(to:mask:)` with an
/// image behave as `CGContextDrawImage` and `CGContextClipToMask` in a UIKit context
/// (upside down unless the context is flipped), `Image.draw(in:)` as `UIImage.draw(in:)`
/// (upright), and image contexts take the screen's scale for 0 and work on any thread.
@Suite struct ImageOrientationTests {
    static let red = Pixel(r: 255, g: 0, b: 0, a: 255), blue = Pixel(r: 0, g: 0, b: 255, a: 255)

    /// A 1 x 2 image: red on top, blue below.
    static func twoRows() throws -> Image {
        let s = try Surface(width: 1, height: 2)
        s[0, 0] = red
        s[0, 1] = blue
        return try Image(surface: s)
    }

    @Test func cgDrawImageIsUpsideDownInAYDownContextAndUprightOnceFlipped() throws {
        let image = try Self.twoRows()
        let s = try Surface(width: 10, height: 20)
        let c = Context(surface: s)
        c.interpolationQuality = .none
        c.draw(image, in: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(s[5, 2] == Self.blue && s[5, 17] == Self.red, "the first row at the bottom")
        // The flip of UIKit code written for CGContextDrawImage puts it upright.
        c.translateBy(x: 0, y: 20)
        c.scaleBy(x: 1, y: -1)
        c.draw(image, in: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(s[5, 2] == Self.red && s[5, 17] == Self.blue)
        #expect(
            c.transform == AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 20), "the transform is left as it was")
    }

    @Test func aMaskImageClipsAsItDraws() throws {
        // The mask's top row opaque, its bottom row clear: drawn as CGContextClipToMask
        // does, the opaque row covers the bottom half of the rectangle.
        let m = try Surface(width: 1, height: 2)
        m[0, 0] = Pixel(r: 0, g: 0, b: 0, a: 255)
        let s = try Surface(width: 10, height: 20)
        let c = Context(surface: s)
        c.clip(to: Rect(x: 0, y: 0, width: 10, height: 20), mask: try Image(surface: m))
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(s[5, 3].a == 0 && s[5, 16].a == 255)
    }

    @MainActor
    @Test func uiImageDrawingIsUprightAndKeepsTheContextsState() throws {
        let image = try Self.twoRows()
        let s = try Surface(width: 10, height: 20)
        let c = Context(surface: s)
        c.interpolationQuality = .none
        GraphicsPushContext(c)
        image.draw(in: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(s[5, 2] == Self.red && s[5, 17] == Self.blue)
        image.draw(at: Point(x: 3, y: 5))  // 1 x 2 points at (3, 5)
        #expect(s[3, 5] == Self.red && s[3, 6] == Self.blue)
        image.draw(in: Rect(x: 8, y: 0, width: 2, height: 2), blendMode: .copy, alpha: 0.5)
        #expect(s[9, 0].a == 128 && c.alpha == 1 && c.blendMode == .normal)
        GraphicsPopContext()
        #expect(GraphicsGetCurrentContext() == nil)
        image.draw(in: Rect(x: 0, y: 0, width: 10, height: 20))  // no context: nothing, no crash
    }

    /// Another thread's image context is its own: begun, drawn and ended there while
    /// this thread's stays current (a thread, not a task, so that each side keeps its
    /// thread throughout).
    @Test func scaleZeroIsTheScreensAndEachThreadHasItsOwnContexts() throws {
        let screen = Screen.main.scale
        GraphicsBeginImageContextWithOptions(Size(width: 4, height: 3), false, 0)
        defer { GraphicsEndImageContext() }
        let mine = try #require(GraphicsGetCurrentContext())
        #expect(GraphicsGetImageFromCurrentImageContext()?.scale == screen)
        final class Result: @unchecked Sendable { var hadNone = false, scale: Double?, red = false }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.hadNone = GraphicsGetCurrentContext() == nil
            GraphicsBeginImageContextWithOptions(Size(width: 2, height: 2), true, 3)
            Color.red.setFill()
            GraphicsGetCurrentContext()?.fill(Rect(x: 0, y: 0, width: 1, height: 1))
            let image = GraphicsGetImageFromCurrentImageContext()
            GraphicsEndImageContext()
            result.scale = image?.scale
            result.red = image.map { $0[0, 0] == Pixel(r: 255, g: 0, b: 0, a: 255) } ?? false
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(result.hadNone && result.scale == 3 && result.red, "the other thread's context was its own")
        #expect(GraphicsGetCurrentContext() === mine)
    }
}
