/// How `Context.flush()` shares out a recorded frame among threads: the tasks, and which
/// wait for which (`TaskGraph`).
///
/// Each band draws the operations that reach its rows. A large backdrop blur outside
/// layers (`sharedBlurArea`) reads what lies under it, across bands, so each band it
/// crosses draws the operations before it and stops; the blur's rows are blurred along,
/// each band's part once that band has drawn; then its columns, in parts, blurred down
/// and put back; then those bands draw on. Bands the blur misses draw all at once,
/// whenever a thread is free.
struct BandPlan {
    enum Task: Equatable {
        /// Band `band` draws `runs` of the recorded operations (each of whole layers).
        case draw(band: Int, runs: [ClosedRange<Int>])
        /// Blur `blur` blurs rows `rows` of its box along the rows.
        case blurRows(blur: Int, rows: Range<Int>)
        /// Blur `blur` blurs columns `columns` of its box down and puts them back.
        case blurColumns(blur: Int, columns: Range<Int>)
    }

    /// A blur outside layers: its operation's index, its device pixels, and whether it
    /// runs (its working copies were had; else the bands only skip it).
    struct Blur {
        var entry: Int
        var box: IntRect
        var runs: Bool
    }

    /// The pixels from which a blur outside layers splits the bands it crosses in time,
    /// its rows and columns shared out among the threads. A smaller one is drawn by the
    /// band that holds all its rows, as it comes to it (`DisplayList.unsplit`): the
    /// gallery's 320 x 200 blur drew its frame 0.3 ms slower on two threads split in
    /// time than held in one band, but a blur as tall as the frame held in one band
    /// leaves no second band.
    static let sharedBlurArea = 512 * 512

    /// The tasks, in the order threads should take them.
    private(set) var tasks: [Task] = []
    /// For each task, the earlier tasks it waits for.
    private(set) var dependencies: [[Int]] = []

    /// The plan for bands `bounds` (rows `bounds[k] ..< bounds[k + 1]`) drawing `runs[k]`,
    /// with `blurs` in the order recorded, each blur's columns cut into `columnParts`.
    ///
    /// `costs`, a guess at each band's drawing time (`Renderer.share`), orders the bands'
    /// last draws, the costliest first: the threads take tasks in order, and a long band
    /// taken last leaves the others idle while it ends. (The gallery's page at scale 2
    /// holds its blur in one band of eleven that took 1.7 ms; taken seventh, it ended the
    /// frame alone.) Without costs, in the order of the bands.
    init(bounds: [Int], runs: [[ClosedRange<Int>]], blurs: [Blur], columnParts: Int, costs: [Int]? = nil) {
        let n = bounds.count - 1
        // No band draws a blur's own entry (one whose reach, grown by a shadow set when
        // it was recorded, crosses bands its box does not).
        let skipped = Set(blurs.map(\.entry))
        let runs = runs.map { BandPlan.runs($0, skipping: skipped) }
        // For each band: the first operation it has not drawn, and what it waits for next.
        var next = [Int](repeating: 0, count: n)
        var after = [[Int]](repeating: [], count: n)
        for (b, blur) in blurs.enumerated() {
            let crossed = (0..<n).filter { bounds[$0] < blur.box.y1 && blur.box.y0 < bounds[$0 + 1] }
            var rowTasks: [Int] = []
            for k in crossed {
                var before = after[k]
                let part = BandPlan.runs(runs[k], in: next[k]..<blur.entry)
                if !part.isEmpty { before = [add(.draw(band: k, runs: part), waitingFor: after[k])] }
                next[k] = blur.entry + 1
                after[k] = before
                guard blur.runs else { continue }
                let rows = max(bounds[k], blur.box.y0) - blur.box.y0..<min(bounds[k + 1], blur.box.y1) - blur.box.y0
                rowTasks.append(add(.blurRows(blur: b, rows: rows), waitingFor: before))
            }
            guard blur.runs else { continue }
            let parts = max(1, min(columnParts, blur.box.width))
            let columnTasks = (0..<parts).map { p in
                add(
                    .blurColumns(blur: b, columns: p * blur.box.width / parts..<(p + 1) * blur.box.width / parts),
                    waitingFor: rowTasks)
            }
            for k in crossed { after[k] = columnTasks }
        }
        var order = Array(0..<n)
        if let c = costs, c.count == n { order.sort { c[$0] > c[$1] || (c[$0] == c[$1] && $0 < $1) } }
        for k in order {
            let rest = BandPlan.runs(runs[k], in: next[k]..<Int.max)
            if !rest.isEmpty { add(.draw(band: k, runs: rest), waitingFor: after[k]) }
        }
    }

    @discardableResult
    private mutating func add(_ task: Task, waitingFor earlier: [Int]) -> Int {
        tasks.append(task)
        dependencies.append(earlier)
        return tasks.count - 1
    }

    /// `runs` without the entries of `skipped`.
    static func runs(_ runs: [ClosedRange<Int>], skipping skipped: Set<Int>) -> [ClosedRange<Int>] {
        guard !skipped.isEmpty else { return runs }
        var out: [ClosedRange<Int>] = []
        for r in runs {
            var lo = r.lowerBound
            for i in skipped.filter({ r.contains($0) }).sorted() {
                if lo < i { out.append(lo...(i - 1)) }
                lo = i + 1
            }
            if lo <= r.upperBound { out.append(lo...r.upperBound) }
        }
        return out
    }

    /// The parts of `runs` within `entries`.
    static func runs(_ runs: [ClosedRange<Int>], in entries: Range<Int>) -> [ClosedRange<Int>] {
        guard !entries.isEmpty else { return [] }
        return runs.compactMap { r in
            let lo = max(r.lowerBound, entries.lowerBound)
            let hi = min(r.upperBound, entries.upperBound - 1)
            return lo <= hi ? lo...hi : nil
        }
    }
}
