/// A half-open rectangle of whole device pixels, `x0..<x1` by `y0..<y1`; empty when
/// either range is.
package struct IntRect: Equatable, Sendable {
    package var x0: Int, y0: Int, x1: Int, y1: Int

    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    package init(width: Int, height: Int) { self.init(x0: 0, y0: 0, x1: width, y1: height) }

    package static let empty = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)

    package var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    package var width: Int { max(0, x1 - x0) }
    package var height: Int { max(0, y1 - y0) }

    package func intersection(_ o: IntRect) -> IntRect {
        let r = IntRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    package func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return IntRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// The whole pixels touched by a device-space rectangle, clamped to a safe range.
    package init(covering r: Rect) {
        guard !r.isNull, r.origin.isFinite, r.width.isFinite, r.height.isFinite else {
            self = .empty
            return
        }
        let s = r.standardized
        func clamp(_ v: Double) -> Double { max(-1e8, min(1e8, v)) }
        self.init(
            x0: clamp(s.minX).floorInt, y0: clamp(s.minY).floorInt,
            x1: clamp(s.maxX).ceilInt, y1: clamp(s.maxY).ceilInt)
    }

    package var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
