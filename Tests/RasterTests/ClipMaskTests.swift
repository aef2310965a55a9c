import RasterScenes
import Testing

@testable import Raster

/// A clip mask made from an image's alpha holds, byte for byte, that alpha times the
/// mask before it, pixel by pixel.
@Suite struct ClipMaskTests {
    @Test func anImagesAlphaTimesThePreviousMaskAtAnyWidth() throws {
        var random = SplitMix64(seed: 5)
        for trial in 0..<60 {
            // Widths around the vector loops' steps, and odd offsets into both.
            let width = 1 + Int(random.next() % 70)
            let height = 1 + Int(random.next() % 5)
            let image = try Surface(width: width + 9, height: height + 4)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    image[x, y] = Pixel(r: 0, g: 0, b: 0, a: UInt8(truncatingIfNeeded: random.next()))
                }
            }
            let origin = (x: Int(random.next() % 20) - 10, y: Int(random.next() % 20) - 10)
            let dx = Int(random.next() % 9)
            let dy = Int(random.next() % 4)
            let bounds = IntRect(
                x0: origin.x + dx, y0: origin.y + dy, x1: origin.x + dx + width, y1: origin.y + dy + height)
            let previous = try ClipMask(
                bounds: IntRect(x0: bounds.x0 - 3, y0: bounds.y0 - 3, x1: bounds.x1 + 3, y1: bounds.y1 + 3))
            for i in 0..<(previous.bounds.width * previous.bounds.height) {
                previous.bytes[i] = UInt8(truncatingIfNeeded: random.next())
            }
            let alone = try ClipMask(alphaOf: image, at: origin, bounds: bounds, times: nil)
            let both = try ClipMask(alphaOf: image, at: origin, bounds: bounds, times: previous)
            var wrong = 0
            for y in bounds.y0..<bounds.y1 {
                for x in bounds.x0..<bounds.x1 {
                    let a = UInt32(image[x - origin.x, y - origin.y].a)
                    if alone.pointer(x, y)[0] != UInt8(a) { wrong += 1 }
                    if both.pointer(x, y)[0] != UInt8(PixelMath.mul(a, UInt32(previous.pointer(x, y)[0]))) {
                        wrong += 1
                    }
                }
            }
            #expect(wrong == 0, "trial \(trial): \(wrong) bytes wrong, width \(width)")
        }
    }
}
