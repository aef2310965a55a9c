import Layers
import Raster
import TestSupport
import Testing
import Views
import VitrineTesting

@testable import Gallery

/// The gallery drawn in bands on several threads is the gallery drawn on one, byte for
/// byte: the whole page, a scrolled page with the focus ring, and the damage frames after
/// a click and a key.
@MainActor
@Suite(.manualClock()) struct BandedFrameTests {
    static let threads = RenderThreads(count: 3)

    func frames(scale: Double, threads: RenderThreads?, _ steps: [(RootView, GalleryPage) -> Void]) throws -> [Surface]
    {
        MediaClock.manualTime = 0
        let (root, page) = Gallery.makeRoot(scale: scale)
        root.renderThreads = threads
        root.bandedDrawingThreshold = 0
        let s = try Surface(width: 1280 * Int(scale), height: 800 * Int(scale), scale: scale)
        root.render(into: s)
        var out = [try s.copy()]
        for step in steps {
            step(root, page)
            root.render(into: s)
            out.append(try s.copy())
        }
        return out
    }

    @Test(arguments: [1.0, 2.0])
    func thePageIsTheSameOnOneThreadAndOnThree(scale: Double) throws {
        let click: (RootView, GalleryPage) -> Void = { root, page in
            page.reveal("checkbox-unchecked")
            root.layoutIfNeeded()
            guard let frame = page.specimenFrames.first(where: { $0.name == "checkbox-unchecked" })?.frame else {
                return
            }
            let p = Point(x: frame.midX, y: frame.midY)
            root.handle(PointerEvent(.press, at: p, timestamp: 1))
            root.handle(PointerEvent(.release, at: p, timestamp: 1.05))
        }
        let steps: [(RootView, GalleryPage) -> Void] = [
            click,
            { root, _ in root.moveFocus(forward: true) },
            { _, page in page.content.contentOffset = Point(x: 0, y: 20) },
            { root, _ in root.setNeedsFullDisplay() },
            // Whole frames again, unchanged, then after a click and a scroll: most of the
            // page is recorded from what the frames before kept (`Layer.keptRecording`).
            { root, _ in root.setNeedsFullDisplay() },
            { root, _ in root.setNeedsFullDisplay() },
            { root, page in
                click(root, page)
                root.setNeedsFullDisplay()
            },
            { root, page in
                page.content.contentOffset = Point(x: 0, y: 35)
                root.setNeedsFullDisplay()
            },
            { root, _ in root.setNeedsFullDisplay() }
        ]
        let runs = BandedFrameTests.threads.sharedRuns
        let replayed = Layer.recordingsReplayed
        let banded = try frames(scale: scale, threads: BandedFrameTests.threads, steps)
        #expect(BandedFrameTests.threads.sharedRuns > runs, "the frames were drawn in bands")
        #expect(Layer.recordingsReplayed > replayed, "no subtree was recorded from what was kept")
        let single = try frames(scale: scale, threads: nil, steps)
        #expect(banded.count == single.count)
        for (i, (a, b)) in zip(banded, single).enumerated() {
            #expect(a == b, "frame \(i) at scale \(scale)")
        }
        // The steps changed the picture: the comparison is of real frames.
        #expect(single[0] != single[1] && single[2] != single[3] && single[6] != single[7] && single[7] != single[8])
    }
}
