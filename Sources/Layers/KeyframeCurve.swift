import Raster

/// The paced and cubic keyframe modes over values that are vectors of numbers (numbers,
/// points, sizes, rectangles): their key times and their curve.
struct KeyframeCurve {
    let points: [[Double]]
    let times: [Double]
    let mode: KeyframeAnimation.CalculationMode
    let template: Any
    /// The spline's tangent at each value (cubic modes).
    let tangents: [[Double]]
    /// For cubicPaced: the curve's length at sample steps of its parameter, to read it at
    /// an even speed.
    let lengths: [Double]
    static let samplesPerSegment = 64

    init?(values: [Any], keyTimes: [Double]?, mode: KeyframeAnimation.CalculationMode) {
        let vectors = values.map(KeyframeCurve.components)
        guard values.count >= 2, vectors.allSatisfy({ $0 != nil }) else { return nil }
        let points = vectors.map { $0! }
        guard points.allSatisfy({ $0.count == points[0].count }) else { return nil }
        self.points = points
        self.mode = mode
        template = values[0]
        let n = points.count
        var t: [[Double]] = []
        for i in 0..<n {
            let before = points[max(i - 1, 0)]
            let after = points[min(i + 1, n - 1)]
            let scale = (i == 0 || i == n - 1) ? 1.0 : 0.5
            t.append(zip(after, before).map { ($0 - $1) * scale })
        }
        tangents = t
        func distance(_ a: [Double], _ b: [Double]) -> Double {
            zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
        }
        switch mode {
        case .paced:
            // Key times proportional to the distance travelled.
            var acc = [0.0]
            for i in 1..<n { acc.append(acc[i - 1] + distance(points[i - 1], points[i])) }
            let total = acc[n - 1]
            times = total > 0 ? acc.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
            lengths = []
        case .cubicPaced:
            times = (0..<n).map { Double($0) / Double(n - 1) }
            var acc = [0.0]
            var previous = points[0]
            let steps = (n - 1) * KeyframeCurve.samplesPerSegment
            for k in 1...steps {
                let s = Double(k) / Double(steps) * Double(n - 1)
                let segment = min(Int(s), n - 2)
                let p = KeyframeCurve.hermite(points, t, segment, s - Double(segment))
                acc.append(acc[k - 1] + distance(previous, p))
                previous = p
            }
            lengths = acc
        default:
            times = keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            lengths = []
        }
    }

    /// The value at pass fraction `f`.
    func value(at f: Double, timingFunctions: [TimingFunction]?) -> Any? {
        let n = points.count
        let f = min(max(f, 0), 1)
        let p: [Double]
        switch mode {
        case .cubicPaced:
            // The parameter whose length along the curve is f of the whole.
            let total = lengths.last ?? 0
            let target = f * total
            var lo = 0
            var hi = lengths.count - 1
            while lo + 1 < hi {
                let mid = (lo + hi) / 2
                if lengths[mid] < target { lo = mid } else { hi = mid }
            }
            let span = lengths[hi] - lengths[lo]
            let k = Double(lo) + (span > 0 ? (target - lengths[lo]) / span : 0)
            let s = k / Double(KeyframeCurve.samplesPerSegment)
            let segment = min(Int(s), n - 2)
            p = KeyframeCurve.hermite(points, tangents, segment, s - Double(segment))
        default:
            if f <= times[0] { return KeyframeCurve.value(points[0], like: template) }
            if f >= times[n - 1] { return KeyframeCurve.value(points[n - 1], like: template) }
            var i = 0
            while i + 1 < n - 1 && f >= times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var local = span > 0 ? (f - times[i]) / span : 1
            if mode == .cubic, let tf = timingFunctions, i < tf.count { local = tf[i].progress(at: local) }
            p =
                mode == .paced
                ? zip(points[i], points[i + 1]).map { $0 + ($1 - $0) * local }
                : KeyframeCurve.hermite(points, tangents, i, local)
        }
        return KeyframeCurve.value(p, like: template)
    }

    /// The cubic Hermite curve of segment `i` at `u` in 0...1.
    static func hermite(_ points: [[Double]], _ tangents: [[Double]], _ i: Int, _ u: Double) -> [Double] {
        let u2 = u * u
        let u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1
        let h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2
        let h11 = u3 - u2
        return (0..<points[i].count).map { c in
            h00 * points[i][c] + h10 * tangents[i][c] + h01 * points[i + 1][c] + h11 * tangents[i + 1][c]
        }
    }

    /// A value's numbers, for the kinds that have them.
    static func components(_ v: Any) -> [Double]? {
        switch v {
        case let x as Double: return [x]
        case let x as Point: return [x.x, x.y]
        case let x as Size: return [x.width, x.height]
        case let x as Rect: return [x.x, x.y, x.width, x.height]
        default: return nil
        }
    }

    /// Numbers back into a value of the kind of `template`.
    static func value(_ c: [Double], like template: Any) -> Any {
        switch template {
        case is Point: return Point(x: c[0], y: c[1])
        case is Size: return Size(width: c[0], height: c[1])
        case is Rect: return Rect(x: c[0], y: c[1], width: c[2], height: c[3])
        default: return c[0]
        }
    }
}
