extension Context {
    /// The blurs recorded outside layers, each with its working copies and its mask made
    /// in the state it was recorded in (no working copies when their memory could not be
    /// had: recorded in `failure`, and the blur blurs nothing).
    func makeBlurs(of list: DisplayList) -> [(plan: BandPlan.Blur, work: BackdropBlur?)] {
        let e = list.entries
        let saved = state
        defer { state = saved }
        return list.blurs.map { i in
            state = e.states[Int(e.stateIndices[i])]
            guard case .blur(let rect, let radius, let opacity) = e.commands[i],
                let blur = backdropBlur(rect, radius: radius, opacity: opacity)
            else {
                return (BandPlan.Blur(entry: i, box: .empty, runs: false), nil)
            }
            let work = makeBackdropBlur(blur)
            return (BandPlan.Blur(entry: i, box: blur.box, runs: work != nil), work)
        }
    }

    /// Draws the recorded operations of `runs` (each of whole layers, begun and ended)
    /// that reach `rows` of the target; the outlines of paths outside layers are shared
    /// with the other bands through `outlines`, when given.
    func replay(_ list: DisplayList, _ runs: [ClosedRange<Int>], rows: Range<Int>, outlines: SharedOutlines? = nil) {
        sharedOutlines = outlines
        sharedEntry = -1
        defer {
            sharedOutlines = nil
            sharedEntry = -1
        }
        // The band's part of each clip's mask, made once for all that use it.
        var masks: [ObjectIdentifier: ClipMask] = [:]
        let band = IntRect(x0: Int.min / 4, y0: rows.lowerBound, x1: Int.max / 4, y1: rows.upperBound)
        // The open layers' top rows in the target's pixels, and how many are drawn whole.
        var origins: [(y: Int, whole: Bool)] = []
        var oy = 0
        var whole = 0
        let e = list.entries
        let commands = e.commands
        let reaches = e.reaches
        let stateIndices = e.stateIndices
        let structurals = e.structural
        let states = e.states
        // The state last set from the list, while no layer began or ended since: the
        // next entry of the same state reuses it, in this run or the next (a run ends
        // outside layers, where it began).
        var current: Int32 = -1
        for run in runs {
            var i = run.lowerBound
            while i <= run.upperBound {
                let index = stateIndices[i]
                let structural = structurals[i]
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
                        if let m = mask(of: chain, within: whole == 0 ? rowsHere : chain.bounds, made: &masks) {
                            s.clipMask = m
                        } else {
                            s.clipBounds = .empty
                        }
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
                    beginLayer(
                        area: area, rows: whole == 0 && !drawnWhole ? rowsHere.y0..<rowsHere.y1 : nil, shadow: shadow)
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
                    sharedEntry =
                        origins.isEmpty && outlines?.isShared(i) == true && states[Int(index)].shadow == nil ? i : -1
                    perform(command)
                    unbandedClip = nil
                }
                i += 1
            }
        }
    }

    /// Draws `command` now, in the current state: what the immediate backend does with
    /// each operation, and each band with those of a list.
    func perform(_ command: DisplayList.Command) {
        switch command {
        case .fill(let path, let paint, let rule): fillNow(path, paint: paint, rule: rule)
        case .fillRect(let rect, let color): fillNow(rect, color: color)
        case .stroke(let path, let paint): strokeNow(path, paint: paint)
        case .image(let capture, let rect):
            guard let image = capture.surface else {
                if let lost = capture.lost { noteFailure(lost) }
                return
            }
            drawNow(image, in: rect)
        case .coverage(let bytes, let width, let height, let x, let y, let color):
            fillNow(coverage: bytes, width: width, height: height, deviceX: x, deviceY: y, color: color)
        case .mask(let mask, let pixel): compositeNow(mask, pixel: pixel)
        case .blur(let rect, let radius, let opacity): blurNow(rect, radius: radius, opacity: opacity)
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
}
