import RasterScenes
import TestSupport
import Testing

@testable import Raster

/// A long list of small operations is drawn before `flush()`, in chunks, with the pixels of
/// drawing at once; large operations, and what lies inside a layer, wait for the flush.
@Suite struct LongListTests {
    static let threads = RenderThreads(count: 2)

    /// Draws `count` circles of `side` pixels, each in its own colour, all over a 512-pixel
    /// surface, into `c`.
    static func circles(_ c: Context, count: Int, side: Double) {
        var random = SplitMix64(seed: 11)
        for _ in 0..<count {
            let x = random.unit() * (512 - side)
            let y = random.unit() * (512 - side)
            let w = random.next()
            c.setFillColor(
                Color(
                    red8: UInt8(w & 255), green8: UInt8((w >> 8) & 255), blue8: UInt8((w >> 16) & 255),
                    alpha8: UInt8(128 + ((w >> 24) & 127))))
            c.fill(Path(ellipseIn: Rect(x: x, y: y, width: side, height: side)))
        }
    }

    static func drawnAtOnce(count: Int, side: Double) throws -> Surface {
        let one = try Surface(width: 512, height: 512)
        circles(Context(surface: one), count: count, side: side)
        return one
    }

    @Test func aLongListOfSmallOperationsIsDrawnBeforeTheFlush() throws {
        let one = try LongListTests.drawnAtOnce(count: 2500, side: 10)
        let many = try Surface(width: 512, height: 512)
        let c = Context(surface: many, threads: LongListTests.threads, drawingAtOnceUpTo: 0)
        LongListTests.circles(c, count: 2500, side: 10)
        // Drawn twice, at 1,024 operations each time: what is left waits for the flush.
        #expect(c.recorder?.count == 2500 - 2 * 1024)
        #expect(many.words.contains { $0 != 0 })
        #expect(many != one)
        c.flush()
        #expect(c.recorder?.isEmpty == true)
        #expect(many == one)
    }

    @Test func aListOfLargeOperationsWaitsForTheFlush() throws {
        let one = try LongListTests.drawnAtOnce(count: 1100, side: 120)
        let many = try Surface(width: 512, height: 512)
        let c = Context(surface: many, threads: LongListTests.threads, drawingAtOnceUpTo: 0)
        LongListTests.circles(c, count: 1100, side: 120)
        #expect(c.recorder?.count == 1100)
        #expect(many.words.allSatisfy { $0 == 0 })
        c.flush()
        #expect(many == one)
    }

    @Test func aLongListInsideALayerWaitsForTheLayersEnd() throws {
        let one = try Surface(width: 512, height: 512)
        let many = try Surface(width: 512, height: 512)
        let single = Context(surface: one)
        let banded = Context(surface: many, threads: LongListTests.threads, drawingAtOnceUpTo: 0)
        for c in [single, banded] {
            c.setAlpha(0.7)
            c.beginTransparencyLayer()
            LongListTests.circles(c, count: 1500, side: 10)
            c.endTransparencyLayer()
        }
        // The layer and each of its operations are recorded, none drawn.
        #expect(banded.recorder.map { $0.count >= 1501 } == true)
        #expect(many.words.allSatisfy { $0 == 0 })
        banded.flush()
        #expect(many == one)
        #expect(one.words.contains { $0 != 0 })
    }

    @Test func theLimitFollowsThePixelsTheOperationsReach() throws {
        // 1,024 circles of 100 pixels reach (102 x 102) each: more than 8,192 apiece on
        // average, so the list waits; once smaller ones bring the average down, it is drawn.
        let many = try Surface(width: 512, height: 512)
        let c = Context(surface: many, threads: LongListTests.threads, drawingAtOnceUpTo: 0)
        LongListTests.circles(c, count: 1024, side: 100)
        #expect(c.recorder?.count == 1024)
        LongListTests.circles(c, count: 600, side: 4)
        #expect(c.recorder.map { $0.count < 1024 + 600 } == true)
        #expect(many.words.contains { $0 != 0 })
        // The drawn list's pixels are forgotten with it: a long list of small ones after it
        // is drawn too.
        LongListTests.circles(c, count: 1100, side: 4)
        #expect(c.recorder.map { $0.count < 1024 } == true)
    }
}
