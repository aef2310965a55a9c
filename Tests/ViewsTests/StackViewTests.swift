import Layers
import Raster
import Testing
import Text
import VitrineTesting

@testable import Views

/// A view of a fixed natural size.
@MainActor
final class Sized: View {
    var natural: Size
    init(_ width: Double, _ height: Double) {
        natural = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { natural }
}

/// Stack views lay out by UIKit's rules; every expected number below is worked out by
/// hand from the rule its test names (UIStackView's documentation), not read back.
@MainActor
@Suite(.manualClock(), .serialized) struct StackViewTests {
    /// A 300 x 100 horizontal stack of views 40, 60 and 30 wide (20, 50, 30 high), 10 apart.
    func row(
        _ distribution: StackView.Distribution = .fill, alignment: StackView.Alignment = .fill,
        width: Double = 300
    ) -> (StackView, [Sized]) {
        let views = [Sized(40, 20), Sized(60, 50), Sized(30, 30)]
        let stack = StackView(arrangedSubviews: views)
        stack.frame = Rect(x: 0, y: 0, width: width, height: 100)
        stack.spacing = 10
        stack.distribution = distribution
        stack.alignment = alignment
        stack.layoutIfNeeded()
        return (stack, views)
    }

    func xs(_ views: [View]) -> [Double] { views.map { ($0.frame.minX * 1000).rounded() / 1000 } }
    func widths(_ views: [View]) -> [Double] { views.map { ($0.frame.width * 1000).rounded() / 1000 } }

    @Test func fillStretchesTheFirstOfTheLowestHuggingPriority() {
        // 300 - 130 - 20 = 150 extra points, all to the first view (all at 250).
        let (stack, v) = row()
        #expect(widths(v) == [190, 60, 30])
        #expect(xs(v) == [0, 200, 270])
        v[1].setContentHuggingPriority(LayoutPriority(200), for: .horizontal)
        stack.layoutIfNeeded()
        #expect(widths(v) == [40, 210, 30], "the middle hugs least")
        // A view without a natural width stretches before any that has one.
        let plain = View()
        stack.insertArrangedSubview(plain, at: 3)
        stack.layoutIfNeeded()
        #expect(widths(v + [plain]) == [40, 60, 30, 140])
    }

    @Test func fillShrinksTheLeastResistantLastFirst() {
        // 100 - 20 = 80 points for 130: the last gives up its 30, then the middle 20.
        let (stack, v) = row(width: 100)
        #expect(widths(v) == [40, 40, 0])
        v[0].setContentCompressionResistancePriority(LayoutPriority(700), for: .horizontal)
        stack.layoutIfNeeded()
        #expect(widths(v) == [0, 60, 20], "the first resists least: it gives up its 40, then the last 10")
    }

    @Test func theOtherDistributions() {
        // Equally: (300 - 20) / 3 each.
        var (_, v) = row(.fillEqually)
        #expect(v.allSatisfy { abs($0.frame.width - 280.0 / 3) < 1e-9 })
        #expect(abs(v[2].frame.minX - (2 * 280.0 / 3 + 20)) < 1e-9)
        // Proportionally: 280 shared 40 : 60 : 30.
        (_, v) = row(.fillProportionally)
        for (view, natural) in zip(v, [40.0, 60, 30]) { #expect(abs(view.frame.width - 280 * natural / 130) < 1e-9) }
        // Equal spacing: natural widths, the 170 points left in two equal gaps.
        (_, v) = row(.equalSpacing)
        #expect(widths(v) == [40, 60, 30] && xs(v) == [0, 125, 270])
        // Equal centering: centres from 20 to 285, 132.5 apart.
        (_, v) = row(.equalCentering)
        #expect(v.map { $0.frame.midX } == [20, 152.5, 285])
    }

    @Test func alignmentsAcrossTheAxis() {
        var (_, v) = row(alignment: .fill)
        #expect(v.map(\.frame.minY) == [0, 0, 0] && v.map(\.frame.height) == [100, 100, 100])
        (_, v) = row(alignment: .top)
        #expect(v.map(\.frame.minY) == [0, 0, 0] && v.map(\.frame.height) == [20, 50, 30])
        (_, v) = row(alignment: .center)
        #expect(v.map(\.frame.minY) == [40, 25, 35])
        (_, v) = row(alignment: .bottom)
        #expect(v.map(\.frame.maxY) == [100, 100, 100])
    }

    @Test func firstAndLastBaselinesLineUp() throws {
        let small = Label(text: "Small")
        small.font = try Font.system(size: 12)
        let big = Label(text: "Big")
        big.font = try Font.system(size: 24)
        let two = Label(text: "one two three four five six")
        two.font = try Font.system(size: 12)
        two.numberOfLines = 0
        two.lineBreak = .wordWrap
        two.preferredMaxLayoutWidth = 60
        let stack = StackView(arrangedSubviews: [small, big, two])
        stack.frame = Rect(x: 0, y: 0, width: 400, height: 120)
        stack.distribution = .equalSpacing
        for (alignment, first) in [(StackView.Alignment.firstBaseline, true), (.lastBaseline, false)] {
            stack.alignment = alignment
            stack.layoutIfNeeded()
            // Each label's baseline, from its frame and its font: the text is centred.
            let baselines = [small, big, two].map { l -> Double in
                let f = l.font!
                let lines = (l.intrinsicContentSize.height / f.lineHeight).rounded(.down)
                let top = l.frame.minY + (l.frame.height - lines * f.lineHeight) / 2
                return top + f.ascent + (first ? 0 : (lines - 1) * f.lineHeight)
            }
            #expect(two.frame.height > 2 * two.font!.lineHeight, "three lines")
            #expect(
                baselines.allSatisfy { abs($0 - baselines[0]) < 1e-6 },
                "\(alignment): \(baselines) frames \([small, big, two].map(\.frame))")
        }
    }

    @Test func marginsSpacingAndTheVerticalAxis() {
        let (stack, v) = row()
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 5, left: 20, bottom: 5, right: 30)
        stack.setCustomSpacing(0, after: v[0])
        stack.layoutIfNeeded()
        // 250 points from x = 20: gaps 0 and 10, extra 250 - 130 - 10 = 110 to the first.
        #expect(widths(v) == [150, 60, 30] && xs(v) == [20, 170, 240])
        #expect(v.allSatisfy { $0.frame.minY == 5 && $0.frame.height == 90 })
        #expect(
            stack.customSpacing(after: v[0]) == 0 && stack.customSpacing(after: v[1]) == StackView.spacingUseDefault)
        stack.axis = .vertical
        stack.isLayoutMarginsRelativeArrangement = false
        stack.setCustomSpacing(StackView.spacingUseDefault, after: v[0])
        stack.layoutIfNeeded()
        // Heights 20, 50, 30 in 100 with two gaps of 10: exactly full.
        #expect(v.map(\.frame.minY) == [0, 30, 90] && v.map(\.frame.height) == [20, 50, 10])
        #expect(stack.intrinsicContentSize == Size(width: 60, height: 120))
    }

    @Test func aHiddenViewTakesNoSpaceAndTheOthersAnimateIntoPlace() throws {
        MediaClock.manualTime = 10
        let (stack, v) = row()
        let root = RootView(size: Size(width: 300, height: 100))
        root.addSubview(stack)
        root.render(into: try Surface(width: 300, height: 100))
        #expect(widths(v) == [190, 60, 30])
        View.animate(withDuration: 1, options: .curveLinear, animations: { v[1].isHidden = true })
        // Two views left: the first takes the room, 300 - 30 - 10 = 260; the last goes to
        // the end. Both move there over the second.
        #expect(widths([v[0], v[2]]) == [260, 30] && xs([v[0], v[2]]) == [0, 270])
        AnimationEngine.step(at: 10.5)
        let w = v[0].layer.presentation().bounds.width
        let x = v[2].layer.presentation().frame.minX
        #expect(abs(w - 225) < 1e-6 && abs(x - 270) < 1e-6, "half way from 190 to 260: \(w); the last stays: \(x)")
        v[1].isHidden = false
        stack.layoutIfNeeded()
        #expect(widths(v) == [190, 60, 30], "shown again, it takes its place")
        stack.removeArrangedSubview(v[1])
        stack.layoutIfNeeded()
        #expect(v[1].superview === stack, "still a subview")
        v[2].removeFromSuperview()
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [ObjectIdentifier(v[0])])
    }
}
