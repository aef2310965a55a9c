import CUnibreak

/// The wrapper around libunibreak, the Unicode line (UAX #14) and word (UAX #29)
/// segmentation: the only code of the Text module that touches its C types.
@safe enum Unibreak {
    /// libunibreak's tables, made once before the first use.
    private static let ready: Bool = {
        init_linebreak()
        init_wordbreak()
        return true
    }()

    /// For each character of a paragraph, whether a line may break after it, by UAX #14.
    static func breakOpportunities(_ chars: [UInt32]) -> [Bool] {
        unsafe marks(chars) { unsafe set_linebreaks_utf32($0, $1, nil, $2) }.map {
            Int32($0) == LINEBREAK_ALLOWBREAK || Int32($0) == LINEBREAK_MUSTBREAK
        }
    }

    /// For each character of a text, whether a word boundary follows it, by UAX #29.
    static func wordBreaks(_ chars: [UInt32]) -> [Bool] {
        unsafe marks(chars) { unsafe set_wordbreaks_utf32($0, $1, nil, $2) }.map { Int32($0) == WORDBREAK_BREAK }
    }

    /// The mark libunibreak's `fill` writes for each character (none for no text).
    private static func marks(
        _ chars: [UInt32], _ fill: (UnsafePointer<UInt32>?, Int, UnsafeMutablePointer<CChar>?) -> Void
    ) -> [CChar] {
        guard !chars.isEmpty, ready else { return [] }
        var marks = [CChar](repeating: 0, count: chars.count)
        unsafe chars.withUnsafeBufferPointer { c in
            unsafe marks.withUnsafeMutableBufferPointer { m in unsafe fill(c.baseAddress, chars.count, m.baseAddress) }
        }
        return marks
    }
}
