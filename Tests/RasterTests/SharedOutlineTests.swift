import Glibc
import Testing

@testable import Raster

/// The bands of a render share the outline of a path that crosses several of them: the
/// first band to outline it keeps it, the others load it, and the pixels are those of
/// each band outlining the path itself.
@Suite struct SharedOutlineTests {
    /// A recording context on a 200 x 300 surface, which draws nothing until flushed.
    private static func recorder(_ surface: Surface) -> Context {
        let c = Context(surface: surface, threads: RenderThreads(count: 2), drawingAtOnceUpTo: 0)
        c.setFillColor(Color(red: 0.2, green: 0.5, blue: 0.8, alpha: 0.7))
        c.setStrokeColor(Color(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.8))
        c.setLineWidth(3)
        return c
    }

    /// A five-pointed star of lines alone, across rows 20..<280.
    private static let star: Path = {
        var p = Path()
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let point = Point(x: 100 + 90 * cos(a), y: 150 + 130 * sin(a))
            if k == 0 { p.move(to: point) } else { p.addLine(to: point) }
        }
        p.closeSubpath()
        return p
    }()

    @Test func operationsOutsideLayersThatCrossBandsAreMarked() throws {
        let surface = try Surface(width: 200, height: 300)
        let c = Self.recorder(surface)
        c.fill(Path(ellipseIn: Rect(x: 10, y: 10, width: 50, height: 50)))  // 0: band 0 alone
        c.fill(Path(ellipseIn: Rect(x: 10, y: 50, width: 80, height: 200)))  // 1: bands 0-2
        c.beginTransparencyLayer()  // 2: a layer across all bands
        c.stroke(Path(ellipseIn: Rect(x: 20, y: 20, width: 150, height: 250)))  // 3: inside it
        c.endTransparencyLayer()  // 4
        c.stroke(Path(roundedRect: Rect(x: 100, y: 150, width: 80, height: 100), cornerRadius: 12))  // 5: bands 1-2
        let list = try #require(c.recorder).makeList()
        let (_, _, shared) = Renderer.share(list, bounds: [0, 100, 200, 300])
        #expect(shared == [false, true, false, false, false, true])
        // One band: nothing to share.
        #expect(Renderer.share(list, bounds: [0, 300]).sharedOutlines.allSatisfy { !$0 })
    }

    /// Draws `path` (stroked or filled) recorded, in bands of 100 rows, each band with the
    /// same `outlines`; and the list's entry for it.
    private static func drawInBands(
        _ surface: Surface, stroke: Bool, path: Path, outlines: (DisplayList) -> SharedOutlines
    ) throws -> (SharedOutlines, Int) {
        let c = Self.recorder(surface)
        // Something first, so that the path's entry is not the first.
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        if stroke { c.stroke(path) } else { c.fill(path) }
        let list = try #require(c.recorder).makeList()
        let bounds = [0, 100, 200, 300]
        let (runs, _, _) = Renderer.share(list, bounds: bounds)
        let shared = outlines(list)
        for k in 0..<3 {
            Context(surface: surface).replay(list, runs[k], rows: bounds[k]..<bounds[k + 1], outlines: shared)
        }
        return (shared, 1)
    }

    /// `path` drawn on one thread, at once.
    private static func drawAtOnce(_ surface: Surface, stroke: Bool, path: Path) {
        let c = Context(surface: surface)
        c.setFillColor(Color(red: 0.2, green: 0.5, blue: 0.8, alpha: 0.7))
        c.setStrokeColor(Color(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.8))
        c.setLineWidth(3)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        if stroke { c.stroke(path) } else { c.fill(path) }
    }

    @Test(arguments: [false, true])
    func theBandsThatLoadAKeptOutlineDrawWhatTheyWouldHaveDrawn(stroke: Bool) throws {
        let path = Path(roundedRect: Rect(x: 20.3, y: 15.6, width: 150, height: 260), cornerRadius: 40)
        let one = try Surface(width: 200, height: 300)
        Self.drawAtOnce(one, stroke: stroke, path: path)
        let banded = try Surface(width: 200, height: 300)
        let (outlines, entry) = try Self.drawInBands(banded, stroke: stroke, path: path) {
            SharedOutlines(shared: Renderer.share($0, bounds: [0, 100, 200, 300]).sharedOutlines)
        }
        // The first band kept the outline, and the others drew the same pixels from it.
        #expect(outlines.outline(of: entry) != nil)
        #expect(banded == one)
        #expect(one.words.contains { $0 != 0 })
    }

    @Test func aBandDrawsTheOutlineKeptForItsEntry() throws {
        // An outline kept beforehand for the entry (another path's) is what the bands
        // draw: they load it rather than outline the path again.
        let path = Path(ellipseIn: Rect(x: 20, y: 20, width: 160, height: 260))
        let other = Rasterizer()
        var collector = OutlineCollector(other)
        Path(ellipseIn: Rect(x: 60, y: 60, width: 40, height: 180)).flatten(
            transform: .identity, tolerance: Context.tolerance, into: &collector)
        let banded = try Surface(width: 200, height: 300)
        _ = try Self.drawInBands(banded, stroke: false, path: path) { list in
            let outlines = SharedOutlines(shared: Renderer.share(list, bounds: [0, 100, 200, 300]).sharedOutlines)
            outlines.keep(other.outline, for: 1)
            return outlines
        }
        let expected = try Surface(width: 200, height: 300)
        Self.drawAtOnce(expected, stroke: false, path: Path(ellipseIn: Rect(x: 60, y: 60, width: 40, height: 180)))
        #expect(banded == expected)
    }

    @Test func aFillOfLinesAloneIsNotShared() throws {
        // Mapping a polygon's points costs about what copying its segments does.
        let one = try Surface(width: 200, height: 300)
        Self.drawAtOnce(one, stroke: false, path: Self.star)
        let banded = try Surface(width: 200, height: 300)
        let (outlines, entry) = try Self.drawInBands(banded, stroke: false, path: Self.star) {
            SharedOutlines(shared: Renderer.share($0, bounds: [0, 100, 200, 300]).sharedOutlines)
        }
        #expect(outlines.outline(of: entry) == nil)
        #expect(banded == one)
    }

    @Test func aLoadedOutlineHasTheSegmentsAndBoundsOfTheOriginal() {
        let a = Rasterizer()
        var collector = OutlineCollector(a)
        Path(ellipseIn: Rect(x: 3.5, y: 7.25, width: 90, height: 40)).flatten(
            transform: .identity, tolerance: Context.tolerance, into: &collector)
        let b = Rasterizer()
        #expect(b.load(a.outline))
        #expect(b.outline.values == a.outline.values)
        #expect(b.bounds == a.bounds && !b.isEmpty && b.isValid)
        // A NaN's outline draws nothing wherever it is loaded.
        let c = Rasterizer()
        c.addSegment(Point(x: 0, y: 0), Point(x: .nan, y: 4))
        #expect(b.load(c.outline))
        #expect(!b.isValid && b.bounds.isEmpty)
    }

    @Test func eachSharedEntryKeepsItsOwnOutlineAndNoOtherEntryKeepsOne() {
        func outline(_ rect: Rect) -> Outline {
            let r = Rasterizer()
            var collector = OutlineCollector(r)
            Path(ellipseIn: rect).flatten(transform: .identity, tolerance: Context.tolerance, into: &collector)
            return r.outline
        }
        let shared = [false, true, false, true, true, false]
        let outlines = SharedOutlines(shared: shared)
        let kept = (0..<shared.count).map { outline(Rect(x: 1, y: Double($0), width: 30 + Double($0), height: 20)) }
        for entry in 0..<shared.count { outlines.keep(kept[entry], for: entry) }
        // A second keep for an entry leaves the first.
        outlines.keep(kept[0], for: 3)
        for entry in 0..<shared.count {
            #expect(outlines.isShared(entry) == shared[entry])
            #expect(outlines.outline(of: entry)?.values == (shared[entry] ? kept[entry].values : nil))
        }
        for entry in [-1, shared.count, 100] {
            outlines.keep(kept[1], for: entry)
            #expect(!outlines.isShared(entry) && outlines.outline(of: entry) == nil)
        }
    }
}
