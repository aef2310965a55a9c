import Raster
import TestSupport
import Testing
import Views

@testable import Gallery

/// Headless shots of an animation: the replay's `wait` advances the clock.
@MainActor
@Suite(.serialized) struct AnimationReplayTests {
    /// Tall enough to show the animation section unscrolled.
    static let size = Size(width: 1280, height: 2300)

    /// The mean x of the card's orange pixels in a shot of `view-animate`.
    func cardX(_ s: Surface) -> Double {
        var sum = 0.0
        var n = 0.0
        for y in 0..<s.height {
            for x in 0..<s.width {
                let p = s[x, y]
                if p.r > 200 && p.g > 60 && p.g < 190 && p.b < 150 && Int(p.r) - Int(p.b) > 80 {
                    sum += Double(x)
                    n += 1
                }
            }
        }
        return n > 0 ? sum / n : -1
    }

    @Test func aClickedCardMovesMonotonicallyToItsEnd() throws {
        let (_, page) = Gallery.makeRoot(size: Self.size)
        let frame = try #require(page.specimenFrames.first { $0.name == "view-animate" }?.frame)
        let click = Replay.Action.click(Point(x: frame.midX, y: frame.midY))
        func shot(_ ms: Double) throws -> Surface {
            try Gallery.shot(size: Self.size, specimen: "view-animate", replay: [click, .wait(ms)])
        }
        let xs = try [0.0, 100, 200, 400].map { try cardX(shot($0)) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "\(xs)")
        let end = try shot(500)
        let later = try shot(3000)
        #expect(end == later, "at its end the card stays")
        #expect(cardX(end) > xs[3])
        // --time does what a final wait does.
        #expect(try Gallery.shot(size: Self.size, specimen: "view-animate", replay: [click], time: 0.2) == shot(200))
    }

    @Test func waitIsParsedAndChecked() throws {
        #expect(try Replay.parse("click 1 2\nwait 250\n") == [.click(Point(x: 1, y: 2)), .wait(250)])
        #expect(throws: Replay.ParseError.self) { try Replay.parse("wait -5") }
        #expect(throws: Replay.ParseError.self) { try Replay.parse("wait") }
    }
}

/// The controls-enabled checkbox enables and disables the two disabled specimens.
@MainActor
@Suite struct ControlsEnabledTests {
    @Test func theSwitchEnablesBothControls() throws {
        let size = Size(width: 1280, height: 1200)
        let (root, page) = Gallery.makeRoot(size: size)
        func center(_ name: String) throws -> Point {
            let f = try #require(page.specimenFrames.first { $0.name == name }?.frame)
            return Point(x: f.midX, y: f.midY)
        }
        #expect(!(root.hitTest(try center("button-disabled")) is Button), "a disabled button takes no touch")
        root.handle(PointerEvent(.press, at: try center("controls-enabled")))
        root.handle(PointerEvent(.release, at: try center("controls-enabled")))
        #expect(root.hitTest(try center("button-disabled")) is Button)
        #expect((root.hitTest(try center("checkbox-disabled")) as? Checkbox)?.isEnabled == true)
        #expect(page.status.text == "controls-enabled: the two disabled controls are enabled")
    }
}

/// The interrupted move of `view-animate-interrupted`, shot at fixed times, against the
/// additive rule worked out here: x(t) = 49 + (49 - 151)(1 - e(t)) + (151 - 49)(1 -
/// e(t - 0.5)), the second offset held at its start until half a second (e the
/// ease-in-out curve, 0 before its start and 1 after its end).
@MainActor
@Suite struct InterruptedMoveSpecimenTests {
    static func ease(_ x: Double) -> Double { cubicTiming(0.42, 0, 0.58, 1, at: x) }

    static func expectedX(_ t: Double) -> Double { 49 - 102 * (1 - ease(t)) + 102 * (1 - ease(t - 0.5)) }

    /// The centre across of the card's green pixels in a shot of the specimen.
    static func cardX(_ s: Surface) -> Double {
        var sum = 0.0
        var n = 0.0
        for y in 0..<s.height {
            for x in 0..<s.width {
                let p = s[x, y]
                if abs(Int(p.r) - 51) < 14 && abs(Int(p.g) - 153) < 14 && abs(Int(p.b) - 89) < 14 {
                    sum += Double(x)
                    n += 1
                }
            }
        }
        return n > 0 ? sum / n : -1
    }

    @Test func theCardMovesAsTheAdditiveRuleSays() throws {
        let size = AnimationReplayTests.size
        let start = Self.cardX(try Gallery.shot(size: size, specimen: "view-animate-interrupted", time: 0))
        #expect(start > 0)
        for t in [0.25, 0.5, 0.75, 1.0, 1.25] {
            let x = Self.cardX(try Gallery.shot(size: size, specimen: "view-animate-interrupted", time: t))
            // Card pixels are whole pixels at the card's edges: within a pixel and a half.
            #expect(
                abs((x - start) - (Self.expectedX(t) - 49)) < 1.5,
                "at \(t): moved \(x - start), the rule \(Self.expectedX(t) - 49)")
        }
        // It turned back before the far end, and is home at the end.
        #expect(Self.expectedX(0.9) < 140)
        #expect(
            abs(Self.cardX(try Gallery.shot(size: size, specimen: "view-animate-interrupted", time: 2)) - start) < 0.5)
    }
}
