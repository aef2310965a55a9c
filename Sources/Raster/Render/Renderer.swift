/// Plays a display list onto a surface: on the calling thread, or cut into horizontal
/// bands that the render threads draw at once, each band by its own context with the
/// clip cut to its rows. The pixels are the same, byte for byte, whatever the bands.
///
/// An operation reading what is drawn (`blur(_:radius:opacity:)`) runs after all that
/// lies under it is drawn: a small one in the band that holds all its rows, a large one
/// shared among the threads (`BandPlan`).
struct Renderer: Sendable {
    /// The threads that draw the bands.
    let threads: RenderThreads

    /// What a render did to its target: the pixels it may have changed, and its first
    /// failure (memory a layer, a mask or a blur could not have).
    struct Outcome {
        var drawn: IntRect?
        var failure: RasterError?

        mutating func drew(_ r: IntRect) { drawn = drawn.map { $0.union(r) } ?? r }
    }

    /// Draws `list` into `target` in `bands` bands of equal height (by default
    /// `defaultBandCount`), but that a band holds whole the rows of a small blur or of a
    /// layer drawn whole (`DisplayList.unsplit`); a large blur splits the bands it crosses
    /// in time instead (`BandPlan`).
    /// Drawing too small to be worth waking the threads for (a mask's few operations)
    /// is drawn in one band on the calling thread.
    func render(_ list: DisplayList, into target: Surface, bands: Int?) -> Outcome {
        guard !list.isEmpty else { return Outcome() }
        // A surface captured by a list (this one or another) is handed its copy first.
        target.willWrite()
        var outcome = Outcome()
        let timeline = threads.timeline
        let entered = timeline == nil ? 0 : FlushTimeline.now()
        let height = target.height
        var n: Int
        if let bands {
            n = min(max(bands, 1), max(height, 1))
        } else {
            let measure = Renderer.measure(list)
            n =
                measure.work < Renderer.bandedWorkThreshold
                ? 1
                : Renderer.defaultBandCount(
                    threads: threads.count, height: height, work: measure.work, typicalHeight: measure.typicalHeight)
        }
        let bounds = Renderer.bandBounds(height: height, bands: n, unsplit: list.unsplit)
        n = bounds.count - 1
        let (work, costs, shared) = Renderer.share(list, bounds: bounds)
        // One context for each thread, which draws one band at a time: its rasterizer's
        // cells grow once, not once for each band.
        let contexts = (0..<(n > 1 ? threads.count : 1)).map { _ in Context(surface: target) }
        if n == 1 {
            // One band draws the blurs too, as it comes to them.
            contexts[0].replay(list, work[0], rows: bounds[0]..<bounds[1])
        } else {
            let blurs = contexts[0].makeBlurs(of: list).map { BlurTask(plan: $0.plan, work: $0.work) }
            let target = BandTarget(surface: target, painters: contexts)
            let outlines = SharedOutlines.isOn && shared.contains(true) ? SharedOutlines(shared: shared) : nil
            let plan = BandPlan(
                bounds: bounds, runs: work, blurs: blurs.map { $0.plan },
                columnParts: 2 * threads.count, costs: costs)
            timeline?.begin(tasks: plan.tasks.count)
            let handedOut = timeline == nil ? 0 : FlushTimeline.now()
            threads.run(TaskGraph(dependencies: plan.dependencies)) { t, thread in
                let start = timeline == nil ? 0 : FlushTimeline.now()
                let kind: FlushTimeline.Task.Kind
                switch plan.tasks[t] {
                case .draw(let band, let runs):
                    target.painters[thread].replay(
                        list, runs, rows: bounds[band]..<bounds[band + 1], outlines: outlines)
                    kind = .draw(band: band)
                case .blurRows(let b, let rows):
                    blurs[b].work?.blurRows(rows, of: target.surface)
                    kind = .blurRows
                case .blurColumns(let b, let columns):
                    blurs[b].work?.blurColumns(columns, into: target.surface)
                    kind = .blurColumns
                }
                timeline?.note(
                    t, FlushTimeline.Task(kind: kind, thread: thread, start: start, end: FlushTimeline.now()))
            }
            timeline?.end(entered: entered, handedOut: handedOut, ended: FlushTimeline.now())
            for blur in blurs where blur.work != nil { outcome.drew(blur.plan.box) }
        }
        for c in contexts {
            if outcome.failure == nil { outcome.failure = c.failure }
            if c.hasDrawn { outcome.drew(c.drawnBounds) }
        }
        return outcome
    }

    /// The work below which a flush draws in one band, in device pixels of reach: about
    /// what a thread draws in the time it takes to wake the others.
    static let bandedWorkThreshold = 131_072

    /// The work one band is given by default, in device pixels of reach.
    static let bandWork = 1_048_576

    /// How many bands a flush of `work` pixels of reach (`measure(_:)`) over `height` rows
    /// is drawn in on `threads` threads: a band for each `bandWork` pixels, and at least
    /// three for each thread, each at least 32 rows high. The threads take the bands in
    /// turn: the smaller the bands, the less one waits at the end for another's last; but
    /// each band makes its own part of the masks and layers. On two threads, the
    /// gallery's page at scale 2 (14.7M pixels of reach) was drawn 3-6% faster in 14
    /// bands than in 6, and at scale 1 (3.7M) no faster in 8 and 7% slower in 16.
    ///
    /// A band draws its rows of each operation it holds but works out the whole of it
    /// (flattening, stroking, a gradient's table) first: operations as tall as several
    /// bands are worked out again in each. So the bands are no lower than the operations'
    /// `typicalHeight` (`measure(_:)`; 0: not known), while each thread still has one.
    /// (Strokes of 256 pixels on a 512-row surface, two threads: 16 bands drew 0.6x as
    /// fast as one thread.)
    static func defaultBandCount(threads: Int, height: Int, work: Int, typicalHeight: Int = 0) -> Int {
        let wanted = max(threads * 3, work / bandWork)
        let tall = typicalHeight > 0 ? max(threads, height / typicalHeight) : wanted
        return max(1, min(wanted, tall, height / 32))
    }

    /// How much drawing the list is, from its operations outside layers, in one walk
    /// over them:
    /// - `work`: the pixels they can reach, with a transparency layer's reach standing
    ///   for all it holds;
    /// - `typicalHeight`: the typical height in rows of the fills and strokes of paths,
    ///   the operations that each band outlines whole (a rectangle or an image costs a
    ///   band its rows alone): the power of two at or below the median of their reaches'
    ///   heights, from a histogram, so that a few tall ones (a page's background) do not
    ///   count for more than they are; 0 for none.
    static func measure(_ list: DisplayList) -> (work: Int, typicalHeight: Int) {
        let e = list.entries
        let commands = e.commands
        let reaches = e.reaches
        let structural = e.structural
        var total = 0
        // Paths by the power of two at or below their height.
        var histogram = [Int](repeating: 0, count: Int.bitWidth)
        var paths = 0
        var i = 0
        while i < commands.count {
            let r = reaches[i]
            if !r.isEmpty {
                total += r.width * r.height
                if Renderer.isOutlinedInEachBand(commands[i]) {
                    histogram[Int.bitWidth - 1 - r.height.leadingZeroBitCount] += 1
                    paths += 1
                }
            }
            if structural[i], case .beginLayer(_, let end, _, _) = commands[i], end > i { i = end + 1 } else { i += 1 }
        }
        var seen = 0
        for (bit, n) in histogram.enumerated() where n > 0 {
            seen += n
            if seen * 2 >= paths { return (total, 1 << bit) }
        }
        return (total, 0)
    }

    /// Whether each band works out `command` whole before drawing its rows of it: a
    /// path's fill or stroke, flattened (and stroked) in every band it crosses.
    private static func isOutlinedInEachBand(_ command: DisplayList.Command) -> Bool {
        switch command {
        case .fill, .stroke: return true
        default: return false
        }
    }

    /// The rows where `bands` bands of equal height begin, and `height`, with every
    /// boundary that would cut rows of `unsplit` moved to their nearer end, so that one
    /// band holds them all (fewer bands when two boundaries meet).
    static func bandBounds(height: Int, bands n: Int, unsplit: [Range<Int>]) -> [Int] {
        var bounds = (0...n).map { $0 * height / n }
        guard !unsplit.isEmpty, n > 1 else { return bounds }
        // The ranges merged where they overlap or touch.
        var merged: [Range<Int>] = []
        for r in unsplit.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        for k in 1..<n {
            let b = bounds[k]
            if let r = merged.first(where: { $0.lowerBound < b && b < $0.upperBound }) {
                bounds[k] = b - r.lowerBound <= r.upperBound - b ? r.lowerBound : r.upperBound
            }
        }
        // Moved boundaries stay in order and within 0...height; those that met are one.
        var out: [Int] = [0]
        for b in bounds.dropFirst() where b > out[out.count - 1] { out.append(b) }
        return out
    }

    /// For each band (rows `bounds[k] ..< bounds[k + 1]`), the runs of entries that reach
    /// it: an operation outside layers where its reach crosses the band's rows, a
    /// transparency layer with all it holds where the layer's reach does; a guess at
    /// how long each band takes to draw (`BandPlan`'s `costs`): the pixels of its rows
    /// that those reach, a blur's counted `blurCost` times; and for each entry, whether it
    /// is an operation outside layers that crosses more than one band, whose outline the
    /// bands may share (`SharedOutlines`, `Context.replay`).
    static func share(_ list: DisplayList, bounds: [Int]) -> (
        runs: [[ClosedRange<Int>]], costs: [Int], sharedOutlines: [Bool]
    ) {
        let n = bounds.count - 1
        var work = [[ClosedRange<Int>]](repeating: [], count: n)
        var costs = [Int](repeating: 0, count: n)
        var shared = [Bool](repeating: false, count: n > 1 ? list.count : 0)
        let e = list.entries
        let commands = e.commands
        let reaches = e.reaches
        let structural = e.structural
        var i = 0
        while i < commands.count {
            var last = i
            if structural[i], case .beginLayer(_, let end, _, _) = commands[i], end > i { last = end }
            let reach = reaches[i]
            let y0 = max(reach.y0, 0)
            let y1 = min(reach.y1, bounds[n])
            if y0 < y1 {
                // The first band whose rows end below y0, then each band that starts above y1.
                var k = 0
                while bounds[k + 1] <= y0 { k += 1 }
                let weight = Renderer.isBlur(commands[i]) ? Renderer.blurCost : 1
                if n > 1, k + 1 < n, bounds[k + 1] < y1, !structural[i] { shared[i] = true }
                while k < n && bounds[k] < y1 {
                    costs[k] += weight * reach.width * (min(y1, bounds[k + 1]) - max(y0, bounds[k]))
                    if let previous = work[k].last, previous.upperBound + 1 == i {
                        work[k][work[k].count - 1] = previous.lowerBound...last
                    } else {
                        work[k].append(i...last)
                    }
                    k += 1
                }
            }
            i = last + 1
        }
        return (work, costs, shared)
    }

    /// How many pixels of other drawing a pixel of a backdrop blur costs as much time as,
    /// roughly: the gallery's page at scale 2 holds a 640 x 400 blur in one band, which
    /// took 1.7 ms where bands of the same page without it took 0.1-0.9 ms.
    static let blurCost = 8

    private static func isBlur(_ command: DisplayList.Command) -> Bool {
        if case .blur = command { return true }
        return false
    }

}

/// A shared blur of a render: where it runs, and its working copies (nil when their
/// memory could not be had).
struct BlurTask: Sendable {
    let plan: BandPlan.Blur
    let work: BackdropBlur?
}

/// What the tasks of a banded render write: the target's pixels, and a context for each
/// thread that draws bands into them (its rasterizer's cells grow once, not once for each
/// band).
///
/// `@unchecked Sendable`, the one value of a render that is not `Sendable` by the
/// compiler's check, because pixels shared for writing cannot be: the task graph
/// (`BandPlan`) gives each band task rows of its own, orders a shared blur's row and
/// column tasks after the bands under it and before those over it, and `RenderThreads`
/// runs one task at a time on each thread, which uses `painters[thread]` only.
struct BandTarget: @unchecked Sendable {
    let surface: Surface
    let painters: [Context]
}
