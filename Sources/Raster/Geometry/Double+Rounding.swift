import CRasterKernels

extension Double {
    /// `rounded(.down)` as an integer, without the library call that baseline x86-64
    /// (no SSE4.1 rounding instruction) makes of it, nor the range check of `Int(_:)`.
    /// The value must lie well inside the range of `Int` and not be NaN: callers clamp
    /// coordinates first.
    @inline(__always)
    var floorInt: Int { crk_floor_int(self) }

    /// `rounded(.up)` as an integer, as `floorInt`.
    @inline(__always)
    var ceilInt: Int { crk_ceil_int(self) }
}
