/// The words of a text by Unicode's word boundaries (UAX #29, through libunibreak), as a
/// text field moves, deletes and selects by them.
public enum WordBoundaries {
    /// The words of `text`: the segments between word boundaries that hold a letter or a
    /// digit, as ranges of character (grapheme cluster) offsets, in order. Spaces and
    /// punctuation between them belong to no word.
    public static func words(in text: String) -> [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        let breaks = Unibreak.wordBreaks(scalars.map(\.value))
        guard breaks.count == scalars.count else { return [] }
        var words: [Range<Int>] = []
        var start = 0
        var scalar = 0
        var isWord = false
        for (offset, character) in text.enumerated() {
            if character.unicodeScalars.contains(where: {
                $0.properties.isAlphabetic || $0.properties.numericType != nil
            }) {
                isWord = true
            }
            scalar += character.unicodeScalars.count
            // A boundary inside a cluster is no boundary: only the cluster's last scalar
            // counts (libunibreak marks the text's end as a boundary).
            if breaks[scalar - 1] {
                if isWord { words.append(start..<offset + 1) }
                start = offset + 1
                isWord = false
            }
        }
        return words
    }

    /// Where a word move from `offset` lands (Ctrl+Left and Ctrl+Right as GTK moves):
    /// forward, the end of the word the offset is in or the next one; backward, the start
    /// of the word it is in or the previous one; the text's end or start when there is none.
    public static func move(from offset: Int, forward: Bool, in text: String) -> Int {
        let words = words(in: text)
        if forward {
            return words.first { $0.upperBound > offset }?.upperBound ?? text.count
        }
        return words.last { $0.lowerBound < offset }?.lowerBound ?? 0
    }

    /// The word at a position, for a double click: the word that holds the character
    /// after it (or before it, at a word's end), else the run of non-word characters
    /// there, else an empty range.
    public static func word(at offset: Int, in text: String) -> Range<Int> {
        let words = words(in: text)
        if let w = words.first(where: { $0.contains(offset) }) ?? words.first(where: { $0.upperBound == offset }) {
            return w
        }
        let count = text.count
        guard count > 0 else { return 0..<0 }
        let lower = words.last { $0.upperBound <= offset }?.upperBound ?? 0
        let upper = words.first { $0.lowerBound > offset }?.lowerBound ?? count
        return lower..<upper
    }
}
