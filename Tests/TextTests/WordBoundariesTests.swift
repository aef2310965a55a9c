import Testing

@testable import Text

/// Word boundaries against UAX #29's own example sentence, whose words the standard lists
/// (section 4, "Word Boundaries"): the apostrophe and the decimal point stay inside.
@Suite struct WordBoundariesTests {
    static let sentence = "The quick (\u{201C}brown\u{201D}) fox can\u{2019}t jump 32.3 feet, right?"

    @Test func theStandardsExampleSplitsIntoItsWords() {
        let text = WordBoundariesTests.sentence
        let chars = Array(text)
        let words = WordBoundaries.words(in: text).map { String(chars[$0]) }
        #expect(words == ["The", "quick", "brown", "fox", "can\u{2019}t", "jump", "32.3", "feet", "right"])
    }

    @Test func movesStopAtWordEndsForwardAndStartsBackward() {
        let text = "alpha  beta, gamma"
        #expect(WordBoundaries.move(from: 0, forward: true, in: text) == 5)
        #expect(WordBoundaries.move(from: 5, forward: true, in: text) == 11)
        #expect(WordBoundaries.move(from: 11, forward: true, in: text) == 18)
        #expect(WordBoundaries.move(from: 18, forward: true, in: text) == 18)
        #expect(WordBoundaries.move(from: 18, forward: false, in: text) == 13)
        #expect(WordBoundaries.move(from: 13, forward: false, in: text) == 7)
        #expect(WordBoundaries.move(from: 9, forward: false, in: text) == 7)
        #expect(WordBoundaries.move(from: 3, forward: false, in: text) == 0)
    }

    @Test func aWordOfCombiningMarksAndClustersCountsCharacters() {
        // "é" written as e + combining acute is one character; the boundary after it is
        // after the mark.
        let text = "cafe\u{301} noir"
        #expect(WordBoundaries.words(in: text) == [0..<4, 5..<9])
        #expect(WordBoundaries.word(at: 2, in: text) == 0..<4)
        #expect(WordBoundaries.word(at: 4, in: text) == 0..<4, "at a word's end, that word")
        #expect(WordBoundaries.word(at: 0, in: "  ") == 0..<2, "no word: the spaces around")
        #expect(WordBoundaries.word(at: 0, in: "") == 0..<0)
    }
}
