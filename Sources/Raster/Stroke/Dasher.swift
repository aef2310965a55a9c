/// Cuts polylines into dashes.
enum Dasher {
    /// The most dashes one stroke may make; a pattern finer than that on a long path is
    /// drawn solid instead of hanging (a dash that fine is not visible anyway).
    static let maximumDashes = 1_000_000

    /// The dashes of `lines` as open polylines (a dash of zero length is a single point,
    /// which round and square caps turn into a dot), or nil when there would be too many.
    static func dash(_ lines: Polylines, pattern: DashPattern) -> Polylines? {
        var total = 0.0
        for sub in lines.subpaths { total += length(sub.points, closed: sub.closed) }
        if total / pattern.period > Double(maximumDashes) { return nil }
        var out = Polylines()
        let lengths = pattern.lengths
        for sub in lines.subpaths {
            var pts = Array(sub.points)
            if sub.closed, let f = pts.first { pts.append(f) }
            guard pts.count >= 2 else { continue }
            // Find where the phase puts us in the pattern.
            var index = 0
            var phase = pattern.phase.truncatingRemainder(dividingBy: pattern.period)
            if phase < 0 { phase += pattern.period }
            while phase >= lengths[index] && !(lengths[index] == 0 && phase == 0) {
                phase -= lengths[index]
                index = (index + 1) % lengths.count
            }
            var remaining = lengths[index] - phase
            var on = index % 2 == 0
            if on { out.begin(pts[0]) }
            for k in 1..<pts.count {
                let a = pts[k - 1]
                let b = pts[k]
                let segment = a.distance(to: b)
                var done = 0.0
                while segment - done > remaining {
                    done += remaining
                    let p = a + (b - a) * (done / segment)
                    if on {
                        out.line(p)
                        out.end(closed: false)
                    } else {
                        out.begin(p)
                    }
                    on.toggle()
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                }
                remaining -= segment - done
                if on { out.line(b) }
            }
            if on { out.end(closed: false) }
        }
        return out
    }

    private static func length(_ pts: ArraySlice<Point>, closed: Bool) -> Double {
        var sum = 0.0
        var prev: Point?
        for p in pts {
            if let q = prev { sum += q.distance(to: p) }
            prev = p
        }
        if closed, let f = pts.first, let l = pts.last { sum += l.distance(to: f) }
        return sum
    }
}
