import Raster
import Testing
import Text

@testable import Views

/// Views that have a natural size say it (`intrinsicContentSize`, `sizeThatFits(_:)`,
/// `sizeToFit()`), from their content's own measures.
@MainActor
@Suite struct SizingTests {
    @Test func aPlainViewHasNoNaturalSizeAndFitsItsOwn() {
        let v = View(frame: Rect(x: 5, y: 6, width: 70, height: 30))
        #expect(v.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(v.sizeThatFits(Size(width: 10, height: 10)) == Size(width: 70, height: 30))
        #expect(v.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test func aLabelMeasuresItsText() throws {
        let font = try Font.system(size: 15)
        let l = Label(text: "Hello, Vitrine")
        l.font = font
        // One line: the text's advance and one line's height, rounded up to whole points.
        let one = Size(width: font.advance(of: "Hello, Vitrine").rounded(.up), height: font.lineHeight.rounded(.up))
        #expect(l.intrinsicContentSize == one)
        l.sizeToFit()
        #expect(l.frame.size == one && l.frame.origin == Point(x: 0, y: 0))
        // Several lines wrap at the preferred width: "Hello," then "Vitrine".
        l.numberOfLines = 0
        l.lineBreak = .wordWrap
        l.preferredMaxLayoutWidth = font.advance(of: "Hello, Vit")
        let wrapped = l.intrinsicContentSize
        #expect(wrapped.height == (2 * font.lineHeight).rounded(.up))
        #expect(wrapped.width == max(font.advance(of: "Hello,"), font.advance(of: "Vitrine")).rounded(.up))
        #expect(l.sizeThatFits(Size(width: 1000, height: 1000)) == one, "wide enough for one line")
        l.text = nil
        #expect(l.intrinsicContentSize == Size(width: 0, height: 0))
    }

    /// A label draws at most `numberOfLines` lines, however tall it is: ink only in the
    /// bands of the lines it is allowed, centred vertically as UIKit centres them.
    @Test(arguments: [1, 2, 3, 0])
    func aLabelDrawsAtMostItsNumberOfLines(lines: Int) throws {
        let font = try Font.system(size: 13)
        let root = RootView(size: Size(width: 120, height: 200))
        let l = Label(
            frame: Rect(x: 0, y: 0, width: 120, height: 200),
            text: "one two three four five six seven eight nine ten eleven twelve thirteen fourteen")
        l.font = font
        l.numberOfLines = lines
        l.lineBreak = .wordWrap
        root.addSubview(l)
        let s = try Surface(width: 120, height: 200)
        s.clear(to: Color.white.premultiplied)
        _ = root.render(into: s, full: true)
        let inkRows = (0..<200).filter { y in (0..<120).contains { s[$0, y].r < 160 } }
        let all = TextLayout(l.text!, font: font, width: 120).lineCount
        let shown = lines == 0 ? all : min(lines, all)
        // The block of `shown` lines, centred in the 200-point height.
        let top = (200 - Double(shown) * font.lineHeight) / 2
        #expect(!inkRows.isEmpty)
        #expect(
            Double(inkRows.first!) >= top - 1 && Double(inkRows.last!) <= top + Double(shown) * font.lineHeight + 1,
            "\(lines) lines: ink from row \(inkRows.first!) to \(inkRows.last!), the block \(top) + \(Double(shown) * font.lineHeight)"
        )
        #expect(Double(inkRows.last!) > top + Double(shown - 1) * font.lineHeight, "the last allowed line has ink")
    }

    @Test func aButtonAndAnImageViewMeasureWhatTheyShow() throws {
        let b = Button()
        let font = try #require(b.titleFont)
        b.setTitle("Send", for: .normal)
        #expect(
            b.intrinsicContentSize
                == Size(width: font.advance(of: "Send").rounded(.up), height: font.lineHeight.rounded(.up)))
        let pixels = try Surface(width: 40, height: 24, scale: 2)
        b.setImage(try Image(surface: pixels), for: .normal)
        // A 20 x 12 point image, the spacing, the title.
        let w = (20 + b.imageTitleSpacing + font.advance(of: "Send")).rounded(.up)
        #expect(b.intrinsicContentSize == Size(width: w, height: max(12, font.lineHeight).rounded(.up)))
        let iv = ImageView(image: try Image(surface: pixels))
        #expect(iv.intrinsicContentSize == Size(width: 20, height: 12))
        iv.sizeToFit()
        #expect(iv.frame.size == Size(width: 20, height: 12))
    }

    @Test func aChangedTextLaysOutTheStackAgain() throws {
        let l = Label(text: "A")
        l.font = try Font.system(size: 15)
        let other = Sized(30, 10)
        let stack = StackView(arrangedSubviews: [l, other])
        stack.distribution = .equalSpacing
        stack.frame = Rect(x: 0, y: 0, width: 300, height: 40)
        stack.layoutIfNeeded()
        let before = l.frame.width
        l.text = "A much longer text"
        stack.layoutIfNeeded()
        #expect(l.frame.width > before && l.frame.width == l.intrinsicContentSize.width)
    }

    @Test func tintIsInheritedAndTold() {
        final class Watcher: View {
            var told = 0
            override func tintColorDidChange() { told += 1 }
        }
        let parent = View()
        let child = Watcher()
        _ = parent.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        parent.tintColor = .red
        #expect(child.tintColor == .red && child.told == 1)
        child.tintColor = .green
        parent.tintColor = .blue
        #expect(child.tintColor == .green && child.told == 2, "its own tint is kept")
        child.tintColor = nil
        #expect(child.tintColor == .blue)
    }
}
