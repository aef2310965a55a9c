import CFriBidi

/// The wrapper around FriBidi, the Unicode bidirectional algorithm: the only code of the
/// Text module that touches its C types.
@safe enum FriBidi {
    /// The bidirectional embedding level of each character of a paragraph, and whether
    /// the paragraph runs right to left (its first strong character's direction); all
    /// left to right at level 0 when FriBidi cannot say.
    static func bidiLevels(_ chars: [UInt32]) -> (levels: [UInt8], rightToLeft: Bool) {
        var levels = [Int8](repeating: 0, count: chars.count)
        let r = unsafe chars.withUnsafeBufferPointer { c in
            unsafe levels.withUnsafeMutableBufferPointer { l in
                unsafe vitrine_bidi_levels(c.baseAddress, Int32(chars.count), l.baseAddress)
            }
        }
        guard r >= 0 else { return ([UInt8](repeating: 0, count: chars.count), false) }
        return (levels.map { UInt8(bitPattern: $0) }, r == 1)
    }
}
