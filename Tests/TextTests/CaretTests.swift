import Raster
import TestSupport
import Testing

@testable import Text

/// Carets, hit testing and selections by grapheme cluster and in visual order, checked
/// against HarfBuzz's own clusters and advances (hb-shape) where there is one, and
/// against what the order of the characters says otherwise.
@Suite(.enabled(if: ShapingTools.unavailableReason == nil, "\(ShapingTools.unavailableReason ?? "")"))
struct CaretTests {
    static let rect = Rect(x: 0, y: 0, width: 100_000, height: 5000)

    func carets(_ layout: TextLayout, _ count: Int, alignment: TextAlignment = .left) -> [Double] {
        (0...count).map { layout.caretRect(at: $0, in: Self.rect, alignment: alignment).minX }
    }

    /// hb-shape's glyph clusters (indices of Unicode scalars) and advances, left to right.
    func hbClusters(_ text: String) throws -> [(cluster: Int, advance: Int)] {
        let run = XvfbServer.run(
            XvfbServer.which("hb-shape")!, ["--no-glyph-names", "--no-positions", ShapingOracleTests.fontFile, text])
        try #require(run.status == 0)
        let clusters = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
            .split(separator: "|").map { Int($0.split(separator: "=")[1])! }
        let advances = try ShapingOracleTests.hbShape(text).map(\.advance)
        return Array(zip(clusters, advances))
    }

    @Test func caretsStepByGraphemeThroughCombiningMarks() throws {
        // é and ḍ̂ written with combining marks: three characters, six scalars.
        let text = "e\u{301}d\u{323}\u{302}t"
        let font = try Font.system(size: 2048)
        let layout = TextLayout(text, font: font)
        let xs = carets(layout, text.count)
        // hb-shape's clusters count Unicode scalars: the characters start at 0, 2 and 5.
        let shaped = try hbClusters(text)
        var expected: [Double] = [0]
        for start in [2, 5] {
            expected.append(Double(shaped.filter { $0.cluster < start }.map(\.advance).reduce(0, +)))
        }
        expected.append(Double(shaped.map(\.advance).reduce(0, +)))
        #expect(xs.count == 4)
        for (x, e) in zip(xs, expected) { #expect(abs(x - e) < 1e-6, "\(xs) against \(expected)") }
        // Hit testing finds each caret's own position.
        for k in 0...text.count {
            let p = Point(x: xs[k] + 0.4, y: 10)
            #expect(layout.offset(at: p, in: Self.rect, alignment: .left) == k)
        }
    }

    @Test func aLigatureSharesItsWidthAmongItsCharacters() throws {
        let font = try Font.system(size: 2048)
        let layout = TextLayout("office", font: font)
        let xs = carets(layout, 6)
        let shaped = try ShapingOracleTests.hbShape("office")
        // o, ffi, c, e: the ffi glyph's carets at thirds.
        let o = Double(shaped[0].advance)
        let ffi = Double(shaped[1].advance)
        #expect(abs(xs[1] - o) < 1e-6)
        #expect(abs(xs[2] - (o + ffi / 3)) < 1e-6 && abs(xs[3] - (o + 2 * ffi / 3)) < 1e-6)
        #expect(abs(xs[4] - (o + ffi)) < 1e-6)
        #expect(xs == xs.sorted())
    }

    @Test func inARightToLeftWordTheCaretWalksLeft() throws {
        let font = try Font.system(size: 20)
        let word = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
        let layout = TextLayout(word, font: font)
        let xs = carets(layout, 4)
        #expect(abs(xs[0] - layout.width) < 1e-9 && abs(xs[4]) < 1e-9)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 > $1 }, "\(xs)")
        // Moving right goes back through the word.
        #expect(layout.offset(from: 2, movingRight: true) == 1)
        #expect(layout.offset(from: 2, movingRight: false) == 3)
    }

    @Test func rightAndLeftVisitAMixedLineInVisualOrder() throws {
        let font = try Font.system(size: 20)
        let text = "ab \u{5E9}\u{5DC}\u{5D5}\u{5DD} cd"
        let layout = TextLayout(text, font: font)
        // From the leftmost stop, Right moves to a stop further right each time, and
        // reaches the right end.
        var offset = layout.offset(at: Point(x: -50, y: 5), in: Self.rect, alignment: .left)
        #expect(offset == 0)
        var x = layout.caretRect(at: offset, in: Self.rect, alignment: .left).minX
        var steps = 0
        while steps < 40 {
            let next = layout.offset(from: offset, movingRight: true)
            if next == offset { break }
            let nx = layout.caretRect(at: next, in: Self.rect, alignment: .left).minX
            #expect(nx > x, "\(offset) -> \(next): \(x) -> \(nx)")
            offset = next
            x = nx
            steps += 1
        }
        #expect(abs(x - layout.width) < 1e-9)
        // Inside the Hebrew word, later positions lie further left.
        let second = layout.caretRect(at: 4, in: Self.rect, alignment: .left).minX
        let fourth = layout.caretRect(at: 6, in: Self.rect, alignment: .left).minX
        #expect(second > fourth)
        // A selection across the direction change is two stretches: "b " and the end of
        // the Hebrew word (its first two letters, at its right).
        let rects = layout.selectionRects(from: 1, to: 5, in: Self.rect, alignment: .left)
        #expect(rects.count == 2, "\(rects)")
    }

    @Test func naturalAlignmentPutsARightToLeftLineAtTheRight() throws {
        let font = try Font.system(size: 20)
        let layout = TextLayout("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", font: font)
        let r = Rect(x: 10, y: 0, width: 300, height: 40)
        #expect(abs(layout.caretRect(at: 0, in: r).minX - 310) < 1e-9)
        #expect(abs(layout.caretRect(at: 4, in: r).minX - (310 - layout.width)) < 1e-9)
    }
}
