extension Context {
    /// Creates a context that draws into `surface` on several threads: its drawing
    /// operations are recorded, with the state each runs in, and drawn by `flush()`, the
    /// surface cut into horizontal bands that the threads draw at once, each band by
    /// its own context with the clip cut to the band. The pixels are the same, byte for
    /// byte, as those of `init(surface:)`.
    ///
    /// Until `flush()` the surface does not change; an operation reading what is drawn
    /// (`blur(_:radius:opacity:)`) runs after all that lies under it is drawn: a small
    /// one in the band that holds all its rows, a large one shared among the threads
    /// (`BandPlan`). With one thread the context draws at once, as
    /// `init(surface:)`. Core Graphics has no such context; `flush()` is named after
    /// `CGContextFlush`.
    public convenience init(surface: Surface, threads: RenderThreads) {
        self.init(surface: surface)
        if threads.count > 1 {
            self.threads = threads
            recording = DisplayList()
        }
    }

    /// A context for `surface` that draws in bands on this context's threads when this
    /// one does (a mask drawn for a frame drawn in bands), or at once when it does not.
    package func sibling(drawingInto surface: Surface) -> Context {
        if recording != nil, let threads { return Context(surface: surface, threads: threads) }
        return Context(surface: surface)
    }

    /// Draws what was recorded (`CGContextFlush`), on the context's threads, and returns
    /// when it is drawn. A context made without threads draws as it goes, and this does
    /// nothing; so it does inside a transparency layer, whose end is needed first.
    public func flush() {
        flush(bands: nil)
    }

    /// Draws what was recorded in `bands` bands of equal height (by default
    /// `defaultBandCount`), but that a band holds whole the rows of a small blur or of a
    /// layer drawn whole (`DisplayList.unsplit`); a large blur splits the bands it crosses
    /// in time instead (`BandPlan`).
    /// Drawing too small to be worth waking the threads for (a mask's few operations)
    /// is drawn in one band on the calling thread.
    package func flush(bands: Int?) {
        guard let list = recording, !list.isEmpty, !list.hasOpenLayer, let threads else { return }
        let timeline = threads.timeline
        let entered = timeline == nil ? 0 : FlushTimeline.now()
        let height = target.height
        var n: Int
        if let bands {
            n = min(max(bands, 1), max(height, 1))
        } else {
            let reach = Context.work(of: list)
            n = reach < Context.bandedWorkThreshold ? 1 : Context.defaultBandCount(threads: threads.count, height: height, work: reach)
        }
        let bounds = Context.bandBounds(height: height, bands: n, unsplit: list.unsplit)
        n = bounds.count - 1
        let work = Context.share(list, bounds: bounds)
        // One context for each thread, which draws one band at a time: its rasterizer's
        // cells grow once, not once for each band.
        let contexts = (0..<(n > 1 ? threads.count : 1)).map { _ in Context(surface: target) }
        if n == 1 {
            // One band draws the blurs too, as it comes to them.
            contexts[0].replay(list, work[0], rows: bounds[0] ..< bounds[1])
        } else {
            let blurs = makeBlurs(of: list)
            let plan = BandPlan(bounds: bounds, runs: work, blurs: blurs.map { $0.plan },
                                columnParts: 2 * threads.count)
            timeline?.begin(tasks: plan.tasks.count)
            let handedOut = timeline == nil ? 0 : FlushTimeline.now()
            threads.run(TaskGraph(dependencies: plan.dependencies)) { t, thread in
                let start = timeline == nil ? 0 : FlushTimeline.now()
                let kind: FlushTimeline.Task.Kind
                switch plan.tasks[t] {
                case .draw(let band, let runs):
                    contexts[thread].replay(list, runs, rows: bounds[band] ..< bounds[band + 1])
                    kind = .draw(band: band)
                case .blurRows(let b, let rows):
                    blurs[b].work?.blurRows(rows, of: target)
                    kind = .blurRows
                case .blurColumns(let b, let columns):
                    blurs[b].work?.blurColumns(columns, into: target)
                    kind = .blurColumns
                }
                timeline?.note(t, FlushTimeline.Task(kind: kind, thread: thread, start: start, end: FlushTimeline.now()))
            }
            timeline?.end(entered: entered, handedOut: handedOut, ended: FlushTimeline.now())
            for blur in blurs where blur.work != nil {
                drewAnything = true
                drawnArea = drawnArea.union(blur.plan.box)
            }
        }
        for c in contexts {
            if let f = c.failure { noteFailure(f) }
            if c.hasDrawn {
                drewAnything = true
                drawnArea = drawnArea.union(c.drawnBounds)
            }
        }
        list.removeAll()
    }

    /// The blurs recorded outside layers, each with its working copies and its mask made
    /// in the state it was recorded in (no working copies when their memory could not be
    /// had: recorded in `failure`, and the blur blurs nothing).
    private func makeBlurs(of list: DisplayList) -> [(plan: BandPlan.Blur, work: BackdropBlur?)] {
        let e = list.entries
        let saved = state
        defer { state = saved }
        return list.blurs.map { i in
            state = e.states[Int(e.stateIndices[i])]
            guard case .blur(let rect, let radius, let opacity) = e.commands[i],
                  let blur = backdropBlur(rect, radius: radius, opacity: opacity) else {
                return (BandPlan.Blur(entry: i, box: .empty, runs: false), nil)
            }
            let work = makeBackdropBlur(blur)
            return (BandPlan.Blur(entry: i, box: blur.box, runs: work != nil), work)
        }
    }

    /// The work below which a flush draws in one band, in device pixels of reach: about
    /// what a thread draws in the time it takes to wake the others.
    static let bandedWorkThreshold = 131_072

    /// The work one band is given by default, in device pixels of reach.
    static let bandWork = 1_048_576

    /// How many bands a flush of `work` pixels of reach (`work(of:)`) over `height` rows
    /// is drawn in on `threads` threads: a band for each `bandWork` pixels, and at least
    /// three for each thread, each at least 32 rows high. The threads take the bands in
    /// turn: the smaller the bands, the less one waits at the end for another's last; but
    /// each band makes its own part of the masks and layers. On two threads, the
    /// gallery's page at scale 2 (14.7M pixels of reach) was drawn 3-6% faster in 14
    /// bands than in 6, and at scale 1 (3.7M) no faster in 8 and 7% slower in 16.
    static func defaultBandCount(threads: Int, height: Int, work: Int) -> Int {
        max(1, min(max(threads * 3, work / bandWork), height / 32))
    }

    /// The pixels the recorded operations outside layers can reach, with a transparency
    /// layer's reach standing for all it holds: how much drawing the list is, roughly.
    static func work(of list: DisplayList) -> Int {
        let e = list.entries
        let commands = e.commands, reaches = e.reaches, structural = e.structural
        var total = 0, i = 0
        while i < commands.count {
            if !reaches[i].isEmpty { total += reaches[i].width * reaches[i].height }
            if structural[i], case .beginLayer(_, let end, _, _) = commands[i], end > i { i = end + 1 } else { i += 1 }
        }
        return total
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
                merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, r.upperBound)
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
    /// transparency layer with all it holds where the layer's reach does.
    private static func share(_ list: DisplayList, bounds: [Int]) -> [[ClosedRange<Int>]] {
        let n = bounds.count - 1
        var work = [[ClosedRange<Int>]](repeating: [], count: n)
        let e = list.entries
        let commands = e.commands, reaches = e.reaches, structural = e.structural
        var i = 0
        while i < commands.count {
            var last = i
            if structural[i], case .beginLayer(_, let end, _, _) = commands[i], end > i { last = end }
            let reach = reaches[i]
            let y0 = max(reach.y0, 0), y1 = min(reach.y1, bounds[n])
            if y0 < y1 {
                // The first band whose rows end below y0, then each band that starts above y1.
                var k = 0
                while bounds[k + 1] <= y0 { k += 1 }
                while k < n && bounds[k] < y1 {
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
        return work
    }

    /// Draws the recorded operations of `runs` (each of whole layers, begun and ended)
    /// that reach `rows` of the target.
    private func replay(_ list: DisplayList, _ runs: [ClosedRange<Int>], rows: Range<Int>) {
        // The band's part of each clip's mask, made once for all that use it.
        var masks: [ObjectIdentifier: ClipMask] = [:]
        let band = IntRect(x0: Int.min / 4, y0: rows.lowerBound, x1: Int.max / 4, y1: rows.upperBound)
        // The open layers' top rows in the target's pixels, and how many are drawn whole.
        var origins: [(y: Int, whole: Bool)] = []
        var oy = 0, whole = 0
        let e = list.entries
        let commands = e.commands, reaches = e.reaches, stateIndices = e.stateIndices
        let structurals = e.structural, states = e.states
        // The state last set from the list, while no layer began or ended since: the
        // next entry of the same state reuses it, in this run or the next (a run ends
        // outside layers, where it began).
        var current: Int32 = -1
        for run in runs {
            var i = run.lowerBound
            while i <= run.upperBound {
                let index = stateIndices[i], structural = structurals[i]
                // The band's rows in the current target's pixels.
                let rowsHere = IntRect(x0: band.x0, y0: band.y0 - oy, x1: band.x1, y1: band.y1 - oy)
                if whole == 0 && !structural {
                    // Outside this band's rows (the reach lies in the recorded clip already):
                    // skipped before the state is copied.
                    if reaches[i].intersection(rowsHere).isEmpty {
                        i += 1
                        continue
                    }
                }
                if index != current || structural {
                    var s = states[Int(index)]
                    if whole == 0 {
                        s.clipBounds = s.clipBounds.intersection(rowsHere)
                        if s.clipBounds.isEmpty { s.dropMask() }
                    }
                    if let chain = s.clipChain, !s.clipBounds.isEmpty {
                        if let m = mask(of: chain, within: whole == 0 ? rowsHere : chain.bounds, made: &masks) { s.clipMask = m } else { s.clipBounds = .empty }
                    }
                    state = s
                    current = structural ? -1 : index
                }
                let command = commands[i]
                switch command {
                case .beginLayer(let area, let end, let drawnWhole, let shadow):
                    // A layer outside the band, or one that holds nothing, draws nothing.
                    if end == i + 1 || (whole == 0 && reaches[i].intersection(state.clipBounds).isEmpty && end > i) {
                        i = end + 1
                        continue
                    }
                    // Outside layers drawn whole, the band draws and composites this one
                    // in its rows only: it clears only those.
                    beginLayer(area: area, rows: whole == 0 && !drawnWhole ? rowsHere.y0 ..< rowsHere.y1 : nil, shadow: shadow)
                    origins.append((area.y0, drawnWhole))
                    oy += area.y0
                    if drawnWhole { whole += 1 }
                case .endLayer:
                    guard let o = origins.popLast() else { break }
                    oy -= o.y
                    if o.whole { whole -= 1 }
                    endTransparencyLayer()
                default:
                    guard !reaches[i].intersection(state.clipBounds).isEmpty else { break }
                    unbandedClip = whole == 0 ? states[Int(index)].clipBounds : nil
                    perform(command)
                    unbandedClip = nil
                }
                i += 1
            }
        }
    }

    private func perform(_ command: DisplayList.Command) {
        switch command {
        case .fill(let path, let paint, let rule): fill(path, paint: paint, rule: rule)
        case .fillRect(let rect, let color): fill(rect, color: color)
        case .stroke(let path, let paint): stroke(path, paint: paint)
        case .image(let image, let rect): draw(image, in: rect)
        case .coverage(let bytes, let width, let height, let x, let y, let color):
            fill(coverage: bytes, width: width, height: height, deviceX: x, deviceY: y, color: color)
        case .mask(let mask, let pixel): composite(mask, pixel: pixel)
        case .blur(let rect, let radius, let opacity): blur(rect, radius: radius, opacity: opacity)
        case .beginLayer, .endLayer: break
        }
    }

    /// The mask of a recorded clip over its bounds within `rows` (the target's pixels),
    /// each link made once and kept in `made`; nil when its memory cannot be had
    /// (recorded in `failure`): nothing is drawn through it.
    func mask(of chain: ClipChain, within rows: IntRect, made: inout [ObjectIdentifier: ClipMask]) -> ClipMask? {
        if let m = made[ObjectIdentifier(chain)] { return m }
        let bounds = chain.bounds.intersection(rows)
        var previous: ClipMask?
        if let parent = chain.parent {
            guard let p = mask(of: parent, within: rows, made: &made) else { return nil }
            previous = p
        }
        let result: ClipMask
        do {
            result = try makeMask(chain.kind, bounds: bounds, previous: previous)
        } catch {
            noteFailure(error)
            return nil
        }
        made[ObjectIdentifier(chain)] = result
        return result
    }

    // MARK: Recording

    /// Records `command` when the context draws in bands; false when it draws now.
    /// `reach` is what the operation can change, in the target's pixels, before the clip
    /// and the shadow.
    @inline(__always)
    func recorded(_ command: @autoclosure () -> DisplayList.Command, reach: @autoclosure () -> IntRect) -> Bool {
        guard let recording else { return false }
        record(command(), reach: reach(), into: recording)
        return true
    }

    private func record(_ command: consuming DisplayList.Command, reach: IntRect, into recording: DisplayList) {
        var r = reach
        if let shadow = state.shadow { r = Context.expand(r, by: shadow) }
        r = r.intersection(state.clipBounds)
        if !r.isEmpty { recording.append(command, state: state, reach: r) }
    }

    /// The device pixels a user-space rectangle grown by `margin` can touch; the whole
    /// clip when it is not finite.
    func deviceReach(_ rect: Rect, margin: Double) -> IntRect {
        let d = state.transform.apply(to: rect.insetBy(dx: -margin, dy: -margin))
        guard !d.isNull, d.origin.isFinite, d.width.isFinite, d.height.isFinite else { return state.clipBounds }
        let r = IntRect(covering: d)
        return IntRect(x0: r.x0 - 1, y0: r.y0 - 1, x1: r.x1 + 1, y1: r.y1 + 1)
    }
}
