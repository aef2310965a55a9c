import RasterScenes
import Testing

@testable import Raster

/// A gradient's table worked out only for the entries a drawing reads: those entries are
/// the whole table's, and a shader made for some rows shades them as one made for all.
@Suite struct GradientTableTests {
    /// A gradient of two to five stops with random colours and locations, some equal and
    /// some out of order (sorted where the gradient is made).
    static func gradient(_ r: inout SplitMix64) -> Gradient {
        let n = 2 + Int(r.next() % 4)
        let colors = (0..<n).map { _ in
            Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: 0.2 + 0.8 * r.unit())
        }
        let locations = (0..<n).map { _ in r.next() % 5 == 0 ? 0.5 : r.unit() }
        return Gradient(colors: colors, locations: locations)
    }

    @Test func markedEntriesAreThoseOfTheWholeTable() {
        var r = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let g = GradientTableTests.gradient(&r)
            let count = 1 + Int(r.next() % 80)
            let alpha = r.unit()
            let whole = g.table(count: count, alpha: alpha)
            // A random few entries marked, as a shape's rows mark those they read.
            var part = (0..<count).map { _ in r.next() % 3 == 0 ? UInt32(1) : 0 }
            let marked = part.map { $0 != 0 }
            g.fillMarked(&part, alpha: alpha)
            for i in 0..<count {
                #expect(part[i] == (marked[i] ? whole[i] : 0), "entry \(i) of \(count)")
            }
        }
        // No stops: nothing is drawn, and no mark is left as a colour.
        var none: [UInt32] = [1, 0, 1]
        Gradient(colors: []).fillMarked(&none, alpha: 1)
        #expect(none == [0, 0, 0])
    }

    @Test func aShaderForSomeRowsShadesThemAsOneForAllRows() throws {
        var r = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let g = GradientTableTests.gradient(&r)
            // Vertical axes of 1 to 400 pixels, down or up, under a scale and a flip.
            let start = Point(x: 50 * r.unit(), y: 300 * r.unit() - 50)
            let length = (1 + 400 * r.unit()) * (r.next() % 2 == 0 ? 1 : -1)
            let end = Point(x: start.x, y: start.y + length)
            let options: GradientOptions = [[], .extendBefore, .extendAfter, .extendBoth][Int(r.next() % 4)]
            let paint = Paint.linearGradient(g, start: start, end: end, options: options)
            let t = AffineTransform(a: 0.5 + 2 * r.unit(), b: 0, c: 0, d: r.next() % 3 == 0 ? -1.5 : 2, tx: 3, ty: 200)
            let y0 = Int(r.next() % 500) - 100
            let rows = y0..<(y0 + 1 + Int(r.next() % 60))
            let all = try #require(Shader.gradient(paint, transform: t, alpha: 0.9))
            let some = try #require(Shader.gradient(paint, transform: t, alpha: 0.9, rows: rows))
            for y in rows {
                #expect(some.rowColor(y: y) != nil)
                #expect(some.rowColor(y: y) == all.rowColor(y: y), "row \(y) of \(rows)")
            }
        }
    }

    /// One storage for the tables of many shapes of every size, as a context reuses it:
    /// each table is the one made afresh, and a shader still holding the last one keeps
    /// its entries.
    @Test func aReusedTableIsTheOneMadeAfresh() throws {
        var r = SplitMix64(seed: 11)
        var storage: [UInt32] = []
        var previous: (Shader, Range<Int>, [UInt32?])?
        for _ in 0..<300 {
            let g = GradientTableTests.gradient(&r)
            let start = Point(x: 0, y: 400 * r.unit() - 50)
            let length = 1 + 600 * r.unit()
            let paint = Paint.linearGradient(
                g, start: start, end: Point(x: 0, y: start.y + length), options: .extendBoth)
            let y0 = Int(r.next() % 500) - 100
            let rows = y0..<(y0 + 1 + Int(r.next() % 40))
            let fresh = try #require(Shader.gradient(paint, transform: .identity, alpha: 0.8, rows: rows))
            let reused = try #require(
                Shader.gradient(paint, transform: .identity, alpha: 0.8, rows: rows, reusing: &storage))
            guard case .linear(let a, _, _, _, _, _) = fresh.kind, case .linear(let b, _, _, _, _, _) = reused.kind
            else {
                Issue.record("not a linear shader")
                return
            }
            #expect(a == b, "rows \(rows), axis \(length)")
            // The shader kept from the last shape, whose table the storage held.
            if let (shader, rows, colors) = previous {
                #expect(rows.map { shader.rowColor(y: $0) } == colors, "a kept shader's rows \(rows)")
            }
            // Kept alive past the next shape half the time.
            previous = r.next() % 2 == 0 ? (reused, rows, rows.map { reused.rowColor(y: $0) }) : nil
        }
    }

    @Test func aSmallShapeWorksOutOnlyTheEntriesItsRowsRead() throws {
        let g = Gradient(colors: [.white, Color(red: 1, green: 0, blue: 0), .white])
        let paint = Paint.linearGradient(g, start: Point(x: 0, y: 100), end: Point(x: 0, y: 108), options: [])
        // Rows 100..<108 of an 8-pixel axis: 18 entries, those of rows 100 to 107 read.
        let some = try #require(Shader.gradient(paint, transform: .identity, alpha: 1, rows: 100..<108))
        guard case .linear(let table, _, _, _, _, _) = some.kind else {
            Issue.record("not a linear shader")
            return
        }
        #expect(table.count == 18)
        #expect(table.filter { $0 != 0 }.count == 8)
        // An axis across the rows (the colour changes along them): the whole table.
        let across = Paint.linearGradient(g, start: Point(x: 0, y: 100), end: Point(x: 8, y: 108), options: [])
        let whole = try #require(Shader.gradient(across, transform: .identity, alpha: 1, rows: 100..<108))
        guard case .linear(let all, _, _, _, _, _) = whole.kind else {
            Issue.record("not a linear shader")
            return
        }
        #expect(all.allSatisfy { $0 != 0 })
    }
}
