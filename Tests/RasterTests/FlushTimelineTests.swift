import Testing

@testable import Raster

/// The times a banded flush notes when its threads hold a timeline.
@Suite(.serialized) struct FlushTimelineTests {
    /// Threads of their own: a timeline is set on them while no other test draws.
    static let threads = RenderThreads(count: 2)

    /// Checks `flush`'s times: in order, every task within the hand-out and the end, and
    /// no thread running two tasks at once.
    func expectConsistent(_ flush: FlushTimeline.Flush, threads: Int) {
        #expect(flush.entered <= flush.handedOut && flush.handedOut <= flush.ended)
        for t in flush.tasks {
            #expect(t.thread >= 0 && t.thread < threads)
            #expect(flush.handedOut <= t.start && t.start <= t.end && t.end <= flush.ended)
        }
        for thread in 0..<threads {
            let mine = flush.tasks.filter { $0.thread == thread }.sorted { $0.start < $1.start }
            for (a, b) in zip(mine, mine.dropFirst()) {
                #expect(a.end <= b.start, "thread \(thread) ran two tasks at once")
            }
        }
    }

    /// The flushes noted while `draw` records on a surface of `width` x `height` and
    /// flushes in `bands` bands (nil: as many as by default) on the suite's threads, which hold a timeline meanwhile;
    /// then the timeline, to take from again.
    func traced(width: Int, height: Int, bands: Int?, _ draw: (Context) -> Void) throws -> (
        [FlushTimeline.Flush], FlushTimeline
    ) {
        let timeline = FlushTimeline()
        let threads = FlushTimelineTests.threads
        threads.timeline = timeline
        defer { threads.timeline = nil }
        let c = Context(surface: try Surface(width: width, height: height), threads: threads)
        draw(c)
        c.flush(bands: bands)
        return (timeline.take(), timeline)
    }

    /// The bands of the draw tasks among `kinds`, in order.
    static func bands(_ kinds: [FlushTimeline.Task.Kind]) -> [Int] {
        kinds.compactMap { if case .draw(let band) = $0 { band } else { nil } }
    }

    @Test func aBandedFlushNotesEachBandOnceWithItsThreadAndTimes() throws {
        let (flushes, timeline) = try traced(width: 400, height: 300, bands: 5) { c in
            for i in 0..<30 {
                c.setFillColor(Color(red: Double(i) / 30, green: 0.5, blue: 0.2, alpha: 0.8))
                c.fill(Path(ellipseIn: Rect(x: Double(i * 11), y: Double(i * 9), width: 120, height: 90)))
            }
        }
        #expect(flushes.count == 1)
        let flush = try #require(flushes.first)
        // Each band once, in any order (the costliest are taken first).
        #expect(FlushTimelineTests.bands(flush.tasks.map(\.kind)).sorted() == Array(0..<5))
        expectConsistent(flush, threads: FlushTimelineTests.threads.count)
        #expect(timeline.take().isEmpty, "taken once")

        // Without a timeline, nothing is noted.
        let c = Context(surface: try Surface(width: 400, height: 300), threads: FlushTimelineTests.threads)
        c.fill(Rect(x: 0, y: 0, width: 400, height: 300))
        c.flush(bands: 5)
        #expect(timeline.take().isEmpty)
    }

    @Test func aFlushIsDrawnInABandForEachMillionPixelsAtLeastThreeAThread() throws {
        // Opaque squares over the whole 1000 x 1000 surface: a million pixels of reach
        // each.
        for (squares, bands) in [(2, 6), (10, 9), (20, 19)] {
            let (flushes, _) = try traced(width: 1000, height: 1000, bands: nil) { c in
                for i in 0..<squares {
                    c.setFillColor(Color(red: Double(i) / Double(squares), green: 0.5, blue: 0.2))
                    c.fill(Rect(x: 0, y: 0, width: 1000, height: 1000))
                }
            }
            let flush = try #require(flushes.first)
            #expect(
                FlushTimelineTests.bands(flush.tasks.map(\.kind)).sorted() == Array(0..<bands), "\(squares) squares")
        }
    }

    @Test func theDefaultBandCountFollowsTheWorkTheThreadsAndTheHeight() {
        // The gallery's page at scale 2 and at scale 1 on two threads, and at scale 2 on
        // eight.
        #expect(Renderer.defaultBandCount(threads: 2, height: 1600, work: 14_681_246) == 14)
        #expect(Renderer.defaultBandCount(threads: 2, height: 800, work: 3_716_091) == 6)
        #expect(Renderer.defaultBandCount(threads: 8, height: 1600, work: 14_681_246) == 24)
        // Bands at least 32 rows high, and at least one.
        #expect(Renderer.defaultBandCount(threads: 2, height: 100, work: 50_000_000) == 3)
        #expect(Renderer.defaultBandCount(threads: 2, height: 20, work: 10_000_000) == 1)
    }

    @Test func bandsAreNoLowerThanTheTypicalOperation() throws {
        // Shapes of 256 pixels on 512 rows, two threads: two bands, not sixteen, so that
        // each is outlined twice rather than about nine times; of 128, four.
        #expect(Renderer.defaultBandCount(threads: 2, height: 512, work: 143_000_000, typicalHeight: 256) == 2)
        #expect(Renderer.defaultBandCount(threads: 2, height: 512, work: 143_000_000, typicalHeight: 128) == 4)
        // Taller than the surface: still a band for each thread.
        #expect(Renderer.defaultBandCount(threads: 2, height: 512, work: 143_000_000, typicalHeight: 1024) == 2)
        // Small operations leave the count to the work.
        #expect(Renderer.defaultBandCount(threads: 2, height: 1600, work: 14_681_246, typicalHeight: 32) == 14)

        // The typical height is the median's power of two among fills and strokes of
        // paths: a page's background does not make its many small paths count as tall,
        // and rectangles, which cost a band its rows alone, do not count.
        let surface = try Surface(width: 400, height: 1000)
        let c = Context(surface: surface, threads: RenderThreads(count: 2), drawingAtOnceUpTo: 0)
        c.setFillColor(Color(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.5))
        c.fill(Path(rect: Rect(x: 0, y: 0, width: 400, height: 1000)))
        for k in 0..<6 { c.fill(Path(ellipseIn: Rect(x: 10, y: Double(40 * k), width: 30, height: 36))) }
        for _ in 0..<9 { c.fill(Rect(x: 0, y: 0, width: 400, height: 1000)) }
        let list = try #require(c.recorder).makeList()
        // Reaches of 1,000 rows and of 40 (36 grown by a pixel and a row each side).
        #expect(Renderer.measure(list).typicalHeight == 32)
        let tall = Context(surface: surface, threads: RenderThreads(count: 2), drawingAtOnceUpTo: 0)
        for k in 0..<3 { tall.stroke(Path(ellipseIn: Rect(x: Double(10 * k), y: 0, width: 5, height: 700))) }
        #expect(Renderer.measure(try #require(tall.recorder).makeList()).typicalHeight == 512)
    }

    @Test func aSharedBlurNotesItsRowsAndColumns() throws {
        let (flushes, _) = try traced(width: 600, height: 520, bands: 4) { c in
            c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7))
            c.fill(Path(ellipseIn: Rect(x: 40, y: 30, width: 300, height: 400)))
            c.blur(Rect(x: 5, y: 4, width: 585, height: 510), radius: 4)
            c.fill(Rect(x: 100, y: 100, width: 50, height: 50))
        }
        let flush = try #require(flushes.last)
        let kinds = flush.tasks.map(\.kind)
        // The four bands of 130 rows draw the ellipse, each blurs its rows along, the
        // columns are blurred in four parts (two a thread), then the two bands the square
        // crosses draw on.
        #expect(kinds.filter { $0 == .blurRows }.count == 4)
        #expect(kinds.filter { $0 == .blurColumns }.count == 4)
        let draws = FlushTimelineTests.bands(kinds)
        #expect(draws.count == 6 && draws.prefix(4) == [0, 1, 2, 3] && draws.suffix(2).sorted() == [0, 1])
        expectConsistent(flush, threads: FlushTimelineTests.threads.count)
        // The columns run after every part of the rows.
        let rowsEnd = flush.tasks.filter { $0.kind == .blurRows }.map(\.end).max() ?? 0
        #expect(flush.tasks.filter { $0.kind == .blurColumns }.allSatisfy { $0.start >= rowsEnd })
    }
}
