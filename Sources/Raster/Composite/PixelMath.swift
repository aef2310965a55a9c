/// Exact 8-bit arithmetic on premultiplied `0xAARRGGBB` words.
enum PixelMath {
    /// `round(a * b / 255)` for a, b in 0...255.
    @inline(__always)
    static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Every channel of a word multiplied by `k / 255`, rounded.
    @inline(__always)
    static func scale(_ w: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (w & 0x00ff_00ff) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
        var ag = ((w >> 8) & 0x00ff_00ff) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00ff_00ff)) & 0xff00_ff00
        return rb | ag
    }

    /// Source-over of premultiplied words: `s + d * (1 - alpha(s))`.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }

    /// `d + (s - d) * k / 255` per channel: the linear interpolation of two words.
    @inline(__always)
    static func lerp(_ d: UInt32, _ s: UInt32, _ k: UInt32) -> UInt32 {
        scale(s, k) &+ scale(d, 255 &- k)
    }
}
