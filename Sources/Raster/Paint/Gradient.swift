/// Colours at locations along a gradient's axis (`CGGradient`), interpolated between stops
/// on **unpremultiplied** components, as Core Graphics and Core Animation do: a stop of
/// transparent black between red and blue gives a dark band, on purpose.
///
/// Stops are sanitised where the gradient is made: locations are clamped to 0...1 (NaN
/// becomes 0) and sorted (stably, so equal locations keep their order and make a hard
/// edge); without locations the colours are spaced evenly. No colours: the gradient draws
/// nothing. One colour: it draws that colour everywhere.
public struct Gradient: Hashable, Sendable {
    /// One colour at a location in 0...1.
    public struct Stop: Hashable, Sendable {
        /// The colour at this stop.
        public let color: Color
        /// Where along the axis, 0...1.
        public let location: Double

        /// Creates a stop; the location is clamped to 0...1, NaN becoming 0.
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location.isNaN ? 0 : min(max(location, 0), 1)
        }
    }

    /// The stops, sorted by location.
    public let stops: [Stop]

    /// Creates a gradient from colours and optional locations (`CGGradient(colorsSpace:
    /// colors:locations:)`). Missing locations, or a list of the wrong length, space the
    /// colours evenly.
    public init(colors: [Color], locations: [Double]? = nil) {
        let given = locations?.count == colors.count ? locations : nil
        var stops: [Stop] = []
        stops.reserveCapacity(colors.count)
        for (i, color) in colors.enumerated() {
            let location = given?[i] ?? (colors.count < 2 ? 0 : Double(i) / Double(colors.count - 1))
            stops.append(Stop(color: color, location: location))
        }
        self.init(stops: stops)
    }

    /// Creates a gradient from stops, sorted by location.
    public init(stops: [Stop]) {
        // Already in order, as stops usually are: the stable sort would keep them as given.
        var ordered = true
        for i in stops.indices.dropFirst() where stops[i - 1].location > stops[i].location {
            ordered = false
            break
        }
        if ordered {
            self.stops = stops
            return
        }
        self.stops = stops.enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
    }

    /// The straight colour at `t` in 0...1.
    public func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        var i = 1
        while stops[i].location < t { i += 1 }
        let a = stops[i - 1]
        let b = stops[i]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        return Color(
            red: a.color.red + (b.color.red - a.color.red) * f,
            green: a.color.green + (b.color.green - a.color.green) * f,
            blue: a.color.blue + (b.color.blue - a.color.blue) * f,
            alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
    }

    /// Premultiplied colours at `count` evenly spaced points of 0...1, each with its
    /// alpha multiplied by `alpha`.
    func table(count: Int, alpha: Double) -> [UInt32] {
        guard count > 0 else { return [] }
        var table = [UInt32](repeating: 0, count: count)
        fill(&table, alpha: alpha, markedOnly: false)
        return table
    }

    /// Works out the entries of `table` (as `table(count:alpha:)` does, for its count)
    /// that are not 0, and leaves the others 0: a table of which a drawing reads a few
    /// entries, marked beforehand. Each entry is the one of the whole table: the stops
    /// are sorted, so the stop found for an entry does not depend on those skipped.
    func fillMarked(_ table: inout [UInt32], alpha: Double) {
        fill(&table, alpha: alpha, markedOnly: true)
    }

    @inline(__always)
    private func fill(_ table: inout [UInt32], alpha: Double, markedOnly: Bool) {
        let count = table.count
        guard !stops.isEmpty, count > 0 else {
            // Nothing to draw: no entry is wanted.
            if markedOnly { for i in 0..<count { table[i] = 0 } }
            return
        }
        // Safe: `out` holds `count` entries, and stop indices stay in 0..<n. (Filled in
        // place rather than made with `init(unsafeUninitializedCapacity:)`, which is not
        // specialised and looks its type up at run time.)
        unsafe table.withUnsafeMutableBufferPointer { out in
            unsafe stops.withUnsafeBufferPointer { s in
                let n = s.count
                var k = 0
                let last = Double(count - 1)
                for i in 0..<count {
                    if unsafe markedOnly && out[i] == 0 { continue }
                    let t = count > 1 ? Double(i) / last : 0
                    while unsafe k < n && s[k].location < t { k += 1 }
                    // Before the first stop and after the last, that stop alone.
                    let a = unsafe s[max(k - 1, 0)]
                    let b = unsafe s[min(k, n - 1)]
                    let span = b.location - a.location
                    let f = span > 0 ? (t - a.location) / span : 1
                    let ca = a.color
                    let cb = b.color
                    let al = (ca.alpha + (cb.alpha - ca.alpha) * f) * alpha
                    let r = (ca.red + (cb.red - ca.red) * f) * al
                    let g = (ca.green + (cb.green - ca.green) * f) * al
                    let bl = (ca.blue + (cb.blue - ca.blue) * f) * al
                    // Each in 0...1: the stops' components and `alpha` are.
                    unsafe out[i] =
                        UInt32(Color.to8(al)) << 24 | UInt32(Color.to8(r)) << 16 | UInt32(Color.to8(g)) << 8
                        | UInt32(Color.to8(bl))
                }
            }
        }
    }
}

/// What a gradient draws beyond its ends (`CGGradientDrawingOptions`).
public struct GradientOptions: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Extends the first colour before the start (`drawsBeforeStartLocation`).
    public static let extendBefore = GradientOptions(rawValue: 1)
    /// Extends the last colour after the end (`drawsAfterEndLocation`).
    public static let extendAfter = GradientOptions(rawValue: 2)
    /// Both: the pad extend of `CAGradientLayer` and of SVG and Cairo.
    public static let extendBoth: GradientOptions = [.extendBefore, .extendAfter]
    /// Core Graphics' name for `extendBefore`.
    public static let drawsBeforeStartLocation = extendBefore
    /// Core Graphics' name for `extendAfter`.
    public static let drawsAfterEndLocation = extendAfter
}
