import Foundation
import Raster
import TestSupport
import Testing

@testable import Text

/// The shaping and ordering oracles: HarfBuzz's and FriBidi's own command-line tools.
enum ShapingTools {
    static let unavailableReason: String? = {
        for tool in ["hb-shape", "fribidi"] where XvfbServer.which(tool) == nil {
            return "\(tool) is not installed (libharfbuzz-bin, libfribidi-bin); .ci/run installs both"
        }
        return nil
    }()
}

/// Shaping against HarfBuzz's own command-line shaper, `hb-shape`, on the bundled font
/// (glyph ids, advances and mark offsets, in font units: a font of 2048 points, DejaVu
/// Sans's units per em, puts one unit in one point), and the visual order of mixed
/// lines against FriBidi's own `fribidi`. Neither tool runs any of Vitrine's code.
@Suite(.enabled(if: ShapingTools.unavailableReason == nil, "\(ShapingTools.unavailableReason ?? "")"))
struct ShapingOracleTests {
    struct Placed: Equatable, CustomStringConvertible {
        var glyph: UInt32
        var advance: Int
        var dx: Int
        var dy: Int
        var description: String { "\(glyph)+\(advance)@\(dx),\(dy)" }
    }

    static var fontFile: String { Resources.path("Fonts/DejaVuSans.ttf")! }

    /// hb-shape's glyphs for `text`, in its visual order.
    static func hbShape(_ text: String, direction: String? = nil) throws -> [Placed] {
        var args = ["--no-glyph-names", "--no-clusters", Self.fontFile, text]
        if let direction { args.insert("--direction=\(direction)", at: 0) }
        let run = XvfbServer.run(XvfbServer.which("hb-shape")!, args)
        try #require(run.status == 0, "hb-shape: \(run.stderr)")
        let body = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        return try body.split(separator: "|").map { item in
            // gid[@dx,dy]+advance
            let parts = item.split(separator: "+")
            let head = parts[0].split(separator: "@")
            let offsets = head.count > 1 ? head[1].split(separator: ",").compactMap { Int($0) } : [0, 0]
            let glyph = try #require(UInt32(head[0]))
            return Placed(
                glyph: glyph, advance: Int(parts.count > 1 ? parts[1] : "0") ?? 0, dx: offsets[0], dy: offsets[1])
        }
    }

    /// Vitrine's glyphs for `text` at 2048 points, in visual order.
    static func ours(_ text: String) throws -> [Placed] {
        let font = try Font.system(size: 2048)
        return Shaper.visualOrder(Shaper.shape(text, font: font).glyphs).map {
            Placed(
                glyph: $0.glyph, advance: Int($0.advance.rounded()), dx: Int($0.offsetX.rounded()),
                dy: Int((-$0.offsetY).rounded()))
        }
    }

    @Test(arguments: [
        "office",  // the ffi ligature
        "AVATAR Ta",  // kerning from GPOS
        "e\u{301}",  // a base and a combining mark, composed
        "x\u{301}\u{323}",  // marks placed above and below a letter with no precomposed form
        "\u{645}\u{631}\u{62D}\u{628}\u{627}",  // Arabic: joining forms, right to left
        "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"  // Hebrew, right to left
    ])
    func glyphsAreHarfBuzzsOwn(text: String) throws {
        #expect(try Self.ours(text) == Self.hbShape(text))
    }

    /// The characters of a line in the order it is drawn.
    static func visualCharacters(_ text: String) throws -> String {
        let font = try Font.system(size: 20)
        let chars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for g in Shaper.visualOrder(Shaper.shape(text, font: font).glyphs) { out.append(chars[g.cluster]) }
        return String(out)
    }

    /// What `fribidi` prints for a line: its characters in visual order.
    static func fribidi(_ text: String) throws -> String {
        let run = XvfbServer.run(
            "/bin/sh", ["-c", "printf '%s\\n' \"$LINE\" | fribidi --nopad --nobreak"], environment: ["LINE": text])
        try #require(run.status == 0, "fribidi: \(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    @Test(arguments: [
        "abc \u{5E9}\u{5DC}\u{5D5}\u{5DD} def",  // a Hebrew word in an English line
        "\u{5E9}\u{5DC}\u{5D5}\u{5DD} abc \u{5D0}\u{5D1}",  // an English word in a Hebrew line
        "\u{5D0}\u{5D1} 123 \u{5D2}",  // numbers stay left to right in a right-to-left line
        "one (\u{5D0}\u{5D1}) two"  // brackets paired around a right-to-left word
    ])
    func mixedLinesAreInFriBidisVisualOrder(text: String) throws {
        #expect(try Self.visualCharacters(text) == Self.fribidi(text))
    }

    @Test func eachRunOfAMixedLineIsShapedAsHarfBuzzShapesIt() throws {
        let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
        let line = try Self.ours("AV \(hebrew) To")
        let expected =
            try Self.hbShape("AV ") + Self.hbShape(hebrew, direction: "rtl") + Self.hbShape(" To")
        #expect(line == expected)
    }
}
