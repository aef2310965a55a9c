/// Frames drawn on one thread and on several, one right after the other in pairs, so
/// that both frames of a pair see the machine in the same state.
enum AlternatingPairs {
    /// Runs `pairs` pairs of `one` then `many`, the first `warm` of them left out: the
    /// median time of each, in milliseconds, and the median of the pairs' ratios (many
    /// over one).
    static func measure(pairs: Int, warm: Int = 0, one: () -> Void, many: () -> Void)
        -> (one: Double, many: Double, ratio: Double)
    {
        var ones: [Double] = []
        var manys: [Double] = []
        var ratios: [Double] = []
        for i in 0..<pairs {
            var t0 = nowMilliseconds()
            one()
            let a = nowMilliseconds() - t0
            t0 = nowMilliseconds()
            many()
            let b = nowMilliseconds() - t0
            guard i >= warm else { continue }
            ones.append(a)
            manys.append(b)
            ratios.append(b / a)
        }
        return (median(ones), median(manys), median(ratios))
    }
}
