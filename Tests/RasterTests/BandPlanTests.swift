import Testing

@testable import Raster

/// A flush's plan: bands a blur crosses draw up to it, the blur runs, then they draw on.
@Suite struct BandPlanTests {
    static let bounds = [0, 100, 200, 300, 400]
    static let runs: [[ClosedRange<Int>]] = [[0...9], [0...3, 5...9], [0...9], [0...9]]

    /// Every task's dependencies come before it.
    static func dependenciesComeFirst(_ plan: BandPlan) -> Bool {
        plan.dependencies.enumerated().allSatisfy { i, d in d.allSatisfy { $0 < i } }
    }

    @Test func aLargeBlurIsSharedInRowsAndColumns() throws {
        // Rows 50..<350 of 900 pixels: bands 0 to 3 cross it.
        let blur = BandPlan.Blur(entry: 4, box: IntRect(x0: 0, y0: 50, x1: 900, y1: 350), runs: true)
        let plan = BandPlan(bounds: BandPlanTests.bounds, runs: BandPlanTests.runs, blurs: [blur], columnParts: 4)
        #expect(BandPlanTests.dependenciesComeFirst(plan))
        let t = plan.tasks
        let rows = t.indices.filter { if case .blurRows = t[$0] { true } else { false } }
        let columns = t.indices.filter { if case .blurColumns = t[$0] { true } else { false } }
        // Each band's rows of the box, from the box's top.
        #expect(
            rows.map { t[$0] } == [
                .blurRows(blur: 0, rows: 0..<50), .blurRows(blur: 0, rows: 50..<150),
                .blurRows(blur: 0, rows: 150..<250), .blurRows(blur: 0, rows: 250..<300)
            ])
        #expect(
            columns.map { t[$0] } == [
                .blurColumns(blur: 0, columns: 0..<225), .blurColumns(blur: 0, columns: 225..<450),
                .blurColumns(blur: 0, columns: 450..<675), .blurColumns(blur: 0, columns: 675..<900)
            ])
        for c in columns { #expect(Set(plan.dependencies[c]) == Set(rows)) }
        // Each band draws up to the blur, its rows of the blur wait for that, and it
        // draws on after every column part; band 1 had nothing at entry 4 to skip.
        for k in 0..<4 {
            let before = try #require(t.firstIndex(of: .draw(band: k, runs: k == 1 ? [0...3] : [0...3])))
            #expect(plan.dependencies[rows[k]] == [before])
            let after = try #require(t.firstIndex(of: .draw(band: k, runs: [5...9])))
            #expect(Set(plan.dependencies[after]) == Set(columns))
        }
        // The blur's own entry is drawn by no band.
        for task in t { if case .draw(_, let r) = task { #expect(!r.contains { $0.contains(4) }) } }
    }

    @Test func bandsTheBlurMissesDrawAllAtOnce() throws {
        // Rows 150..<250: bands 1 and 2 cross it, and draw before and after; bands 0 and
        // 3 draw all at once, but for the blur's entry, waiting for nothing.
        let blur = BandPlan.Blur(entry: 4, box: IntRect(x0: 10, y0: 150, x1: 110, y1: 250), runs: true)
        let plan = BandPlan(bounds: BandPlanTests.bounds, runs: BandPlanTests.runs, blurs: [blur], columnParts: 4)
        #expect(BandPlanTests.dependenciesComeFirst(plan))
        let t = plan.tasks
        let rows = [
            t.firstIndex(of: .blurRows(blur: 0, rows: 0..<50))!, t.firstIndex(of: .blurRows(blur: 0, rows: 50..<100))!
        ]
        let columns = (0..<4).map { t.firstIndex(of: .blurColumns(blur: 0, columns: $0 * 25..<$0 * 25 + 25))! }
        for k in [1, 2] {
            #expect(plan.dependencies[rows[k - 1]] == [t.firstIndex(of: .draw(band: k, runs: [0...3]))!])
            #expect(Set(plan.dependencies[t.firstIndex(of: .draw(band: k, runs: [5...9]))!]) == Set(columns))
        }
        for k in [0, 3] {
            let all = try #require(t.firstIndex(of: .draw(band: k, runs: [0...3, 5...9])))
            #expect(plan.dependencies[all].isEmpty)
        }
    }

    @Test func aBlurWithoutMemoryIsSkippedAndTheBandsKeepTheirOrder() {
        let blurs = [
            BandPlan.Blur(entry: 2, box: IntRect(x0: 0, y0: 0, x1: 900, y1: 400), runs: false),
            BandPlan.Blur(entry: 6, box: IntRect(x0: 0, y0: 120, x1: 50, y1: 130), runs: true)
        ]
        let plan = BandPlan(bounds: BandPlanTests.bounds, runs: BandPlanTests.runs, blurs: blurs, columnParts: 2)
        #expect(BandPlanTests.dependenciesComeFirst(plan))
        let t = plan.tasks
        #expect(!t.contains { if case .blurRows(0, _) = $0 { true } else { false } })
        // Band 1 draws 0...1, then 3, then 7...9, each after the one before.
        let a = t.firstIndex(of: .draw(band: 1, runs: [0...1]))!
        let b = t.firstIndex(of: .draw(band: 1, runs: [3...3, 5...5]))!
        #expect(plan.dependencies[b] == [a])
        let c = t.firstIndex(of: .draw(band: 1, runs: [7...9]))!
        let columns = [
            t.firstIndex(of: .blurColumns(blur: 1, columns: 0..<25)),
            t.firstIndex(of: .blurColumns(blur: 1, columns: 25..<50))
        ]
        #expect(plan.dependencies[c] == columns.compactMap { $0 } && columns.count == 2)
        for task in t { if case .draw(_, let r) = task { #expect(!r.contains { $0.contains(2) || $0.contains(6) }) } }
    }

    @Test func theCostliestBandsAreTakenFirst() throws {
        // Without a blur, each band is one task, waiting for nothing, costliest first; a
        // tie keeps the bands' order.
        let plan = BandPlan(
            bounds: BandPlanTests.bounds, runs: BandPlanTests.runs, blurs: [], columnParts: 2,
            costs: [10, 400, 10, 90])
        #expect(plan.tasks.map { if case .draw(let band, _) = $0 { band } else { -1 } } == [1, 3, 0, 2])
        #expect(plan.dependencies.allSatisfy { $0.isEmpty })
        // With a blur, the draws after it still wait for its columns, which come before.
        let blur = BandPlan.Blur(entry: 4, box: IntRect(x0: 10, y0: 150, x1: 110, y1: 250), runs: true)
        let ordered = BandPlan(
            bounds: BandPlanTests.bounds, runs: BandPlanTests.runs, blurs: [blur], columnParts: 2,
            costs: [1, 2, 3, 4])
        #expect(BandPlanTests.dependenciesComeFirst(ordered))
        let last = ordered.tasks.suffix(4).map { if case .draw(let band, _) = $0 { band } else { -1 } }
        #expect(last == [3, 2, 1, 0])
        // Costs that do not fit the bands leave their order.
        let unfit = BandPlan(
            bounds: BandPlanTests.bounds, runs: BandPlanTests.runs, blurs: [], columnParts: 2, costs: [5])
        #expect(unfit.tasks.map { if case .draw(let band, _) = $0 { band } else { -1 } } == [0, 1, 2, 3])
    }

    @Test func aBandsCostIsThePixelsItsOperationsReachThereABlursCountingMore() throws {
        let surface = try Surface(width: 100, height: 400)
        let c = Context(surface: surface, threads: RenderThreads(count: 2), drawingAtOnceUpTo: 0)
        c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7))
        // 50 x 20 pixels at (20, 10), grown by two pixels each side (a pixel for the
        // antialiased edge, one for rounding): 54 x 24 in band 0.
        c.fill(Rect(x: 20, y: 10, width: 50, height: 20))
        // Rows 148..<252, across bands 1 and 2: 54 x 52 in each.
        c.fill(Rect(x: 20, y: 150, width: 50, height: 100))
        c.blur(Rect(x: 0, y: 300, width: 100, height: 40), radius: 2)
        let list = try #require(c.recorder).makeList()
        let (runs, costs, _) = Renderer.share(list, bounds: [0, 100, 200, 300, 400])
        #expect(runs == [[0...0], [1...1], [1...1], [2...2]])
        #expect(costs[0] == 54 * 24 && costs[1] == 54 * 52 && costs[2] == 54 * 52)
        // The blur's reach, counted `blurCost` times.
        let blur = list.entries.reaches[2]
        #expect(costs[3] == Renderer.blurCost * blur.width * blur.height)
        #expect(costs[3] > costs[0] + costs[1] + costs[2])
    }
}
