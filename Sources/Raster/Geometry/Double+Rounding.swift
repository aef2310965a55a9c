extension Double {
    /// `rounded(.down)` as an integer, without the library call that baseline x86-64
    /// (no SSE4.1 rounding instruction) makes of it. The value must lie well inside the
    /// range of `Int`: callers clamp coordinates first.
    @inline(__always)
    var floorInt: Int {
        let t = Int(self)
        return Double(t) > self ? t &- 1 : t
    }

    /// `rounded(.up)` as an integer, as `floorInt`.
    @inline(__always)
    var ceilInt: Int {
        let t = Int(self)
        return Double(t) < self ? t &+ 1 : t
    }
}
