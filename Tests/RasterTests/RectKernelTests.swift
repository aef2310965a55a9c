import Foundation
import RasterScenes
import TestSupport
import Testing

@testable import Raster

/// `fill(_:color:)` hands a rectangle off whole pixels to one kernel call
/// (`WideKernels.fillRect`), which works out its coverage and blends it; the general
/// path is `RectScanner` into a `SolidPainter`, itself checked against the scan
/// converter and the exact overlap (`CoverageTests.rectanglesMatchGeneralScanConversion`).
@Suite struct RectKernelTests {
    @Test func oneCallEqualsTheScannerAndThePainter() throws {
        // Random rectangles of every width modulo eight up to 300 pixels, inside one
        // pixel, across two, on whole pixels on some edges, past the surface and the clip,
        // translucent and opaque, over pixels of every alpha: both paths byte for byte.
        guard WideKernels.available else { return }
        let size = 320
        var random = SplitMix64(seed: 41)
        var drawnByKernel = 0
        let scratch = try Surface(width: size, height: size)
        // Pixels of every alpha, the same under every trial.
        let background = (0..<(size * size)).map { _ in premultiplied(UInt32(truncatingIfNeeded: random.next())) }
        for trial in 0..<500 {
            let big = trial % 3 == 0
            var w = random.unit() * (big ? 300 : 20)
            var h = random.unit() * (big ? 300 : 20)
            var x = random.unit() * Double(size + 40) - 20 - (big ? 100 : 0)
            var y = random.unit() * Double(size + 40) - 20 - (big ? 100 : 0)
            if trial % 4 == 1 { w = w.rounded() + (trial % 8 == 1 ? 0.25 : 0) }
            if trial % 5 == 2 {
                x.round()
                y.round()
            }
            if trial % 9 == 3 { h = random.unit() }
            if trial % 13 == 4 { w = random.unit() }
            if trial % 7 == 5 {
                // On whole pixels on every edge: straight to the block loop.
                (x, y, w, h) = (x.rounded(), y.rounded(), w.rounded(), h.rounded())
            }
            let clip =
                trial % 3 == 1
                ? IntRect(x0: 7, y0: 5, x1: size - 11, y1: size - 3)
                : IntRect(width: size, height: size)
            let device = Rect(x: x, y: y, width: (x + w) - x, height: (y + h) - y)
            let color = Color(
                red: random.unit(), green: random.unit(), blue: random.unit(),
                alpha: trial % 4 == 0 ? 1 : random.unit())
            var surfaces: [Surface] = []
            for oneCall in [true, false] {
                let (s, c) = canvas(size, size, background: nil)
                unsafe background.withUnsafeBufferPointer {
                    unsafe s.base.update(from: $0.baseAddress!, count: size * size)
                }
                c.clip(
                    to: Rect(
                        x: Double(clip.x0), y: Double(clip.y0), width: Double(clip.width), height: Double(clip.height)))
                if oneCall {
                    c.setFillColor(color)
                    c.fill(Rect(x: x, y: y, width: w, height: h))
                } else {
                    c.scanRect(device, paint: .color(color))
                }
                surfaces.append(s)
            }
            if let r = WideKernels.fillRect(
                device, clip: clip, pixels: scratch.base, rowWords: scratch.rowWords, color: 0),
                !r.isEmpty
            {
                drawnByKernel += 1
            }
            // Both surfaces are `size` words a row.
            let a = UnsafeBufferPointer(start: surfaces[0].base, count: size * size)
            let b = UnsafeBufferPointer(start: surfaces[1].base, count: size * size)
            if unsafe memcmp(a.baseAddress!, b.baseAddress!, size * size * 4) != 0,
                let i = (0..<(size * size)).first(where: { a[$0] != b[$0] })
            {
                Issue.record("trial \(trial) \(device): pixel \(i % size), \(i / size): \(a[i]) against \(b[i])")
            }
        }
        // Most rectangles went through the kernel; the rest were on whole pixels, inside
        // two columns, or outside the clip.
        #expect(drawnByKernel > 300)
    }

    @Test func oneCallDrawsNothingForNaNInfiniteOrEmptyRectangles() throws {
        // What `RectScanner` leaves alone, the kernel leaves alone: nothing is drawn and
        // nothing reported drawn.
        guard WideKernels.available else { return }
        let (s, _) = canvas(16, 16, background: nil)
        let clip = IntRect(width: 16, height: 16)
        for r in [
            Rect(x: .nan, y: 2, width: 5, height: 5), Rect(x: 2, y: 2, width: .nan, height: 5),
            Rect(x: 2.5, y: 2, width: 0, height: 5), Rect(x: 30.5, y: 2, width: 5, height: 5),
            Rect(x: -.infinity, y: 2.5, width: .infinity, height: 5)
        ] {
            let drawn = WideKernels.fillRect(r, clip: clip, pixels: s.base, rowWords: s.rowWords, color: 0xff00_00ff)
            #expect(drawn == nil || drawn!.isEmpty, "\(r)")
        }
        #expect(s.isFilled(with: Pixel(argb: 0)))
        // A rectangle across the whole clip, clamped as `RectScanner` clamps it.
        let huge = WideKernels.fillRect(
            Rect(x: -1e300, y: 0.5, width: 2e300, height: 3), clip: clip, pixels: s.base, rowWords: s.rowWords,
            color: 0xff00_00ff)
        #expect(huge == IntRect(x0: 0, y0: 0, x1: 16, y1: 4))
        #expect(s[0, 0] == Pixel(argb: 0x8000_0080) && s[15, 3] == Pixel(argb: 0x8000_0080))
        #expect(s[7, 2] == Pixel(argb: 0xff00_00ff) && s[7, 4] == Pixel(argb: 0))
    }

    @Test func wholeNumbersAreFoundWithoutTheCLibrary() {
        // `Context.wholeNumber` against `rounded(.down)` and `Int(_:)`: whole numbers
        // within its range and nothing else, NaN, infinities and fractions included.
        var random = SplitMix64(seed: 5)
        var values: [Double] = [
            0, -0.0, 1, -1, 3_999_999, -3_999_999, 4e6, -4e6, 0.5, -0.5, 1e-300, -1e-300, 2.000_000_000_000_1,
            .nan, .infinity, -.infinity, .ulpOfOne, 1 - .ulpOfOne, 0x1p51, 0x1.8p52
        ]
        for _ in 0..<2000 {
            let v = (random.unit() - 0.5) * 9e6
            values += [v, v.rounded(.down), v.rounded(.up) + 1]
        }
        for v in values {
            let expected = v.rounded(.down) == v && abs(v) < 4e6 ? Int(v) : nil
            #expect(Context.wholeNumber(v) == expected, "\(v)")
        }
    }

    /// A random word made a valid premultiplied pixel: each colour at most the alpha.
    func premultiplied(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        let c = { (shift: UInt32) in a == 0 ? 0 : (v >> shift & 255) % (a + 1) }
        return a << 24 | c(16) << 16 | c(8) << 8 | c(0)
    }
}
