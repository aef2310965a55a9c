import Foundation
import Layers
import Raster
import TestSupport
import Testing
import Views

@testable import Gallery

private let golden = Golden(for: #filePath)

/// Golden pictures of the page and of every specimen, compared exactly.
@MainActor
@Suite struct GalleryGoldenTests {
    /// No independent picture of a whole page exists: its parts are checked on their own
    /// (each control's states against measured pixels in `ControlStateGoldenTests`, the
    /// renderer against Cairo, text against FreeType), a card alone equals the page cut
    /// (`aCardDrawnAloneIsThePageCut`), and the window shows the same pixels
    /// (`LiveGalleryTests`). These goldens catch a change anywhere in the stack.
    @Test(arguments: [1.0, 2.0])
    func wholePageAtTheDefaultSize(scale: Double) throws {
        golden.expect(try Gallery.shot(scale: scale), suite: "Page", name: "page-scale\(Int(scale))")
    }

    @Test(arguments: Catalog.all.map(\.name), [1.0, 2.0])
    func everySpecimen(name: String, scale: Double) throws {
        golden.expect(
            try Gallery.shot(scale: scale, specimen: name), suite: "Specimens", name: "\(name)-scale\(Int(scale))")
    }

    /// The card of a specimen rendered after changing its control.
    func card(_ name: String, scale: Double = 1, _ change: (Control) -> Void) throws -> Surface {
        let (root, page) = Gallery.makeRoot()
        let card = try #require(page.cards.first { $0.specimen.name == name })
        let control = try #require(card.content as? Control)
        change(control)
        page.reveal(name)
        let s = try Surface(width: 1280 * Int(scale), height: 800 * Int(scale), scale: scale)
        root.render(into: s, full: true)
        return try Self.crop(s, to: try #require(page.cardFrame(of: name)), scale: scale)
    }

    /// The part of a surface under a rectangle of points, cut pixel by pixel.
    static func crop(_ s: Surface, to r: Rect, scale: Double) throws -> Surface {
        let px = Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale).integral
            .intersection(Rect(x: 0, y: 0, width: Double(s.width), height: Double(s.height)))
        let out = try Surface(width: Int(px.width), height: Int(px.height), scale: scale)
        for y in 0..<out.height { for x in 0..<out.width { out[x, y] = s[Int(px.x) + x, Int(px.y) + y] } }
        return out
    }

    /// A card's shot is drawn alone, with the memory of the card; its pixels are the same
    /// as the whole page's, cut to the card (the metamorphic check of a region render).
    @Test(arguments: [1.0, 2.0])
    func aCardDrawnAloneIsThePageCut(scale: Double) throws {
        for specimen in Catalog.all.map(\.name) {
            // On the manual clock at 0, as shots are: a specimen that animates from the
            // start shows the same moment in both.
            let cut = try MediaClock.withManualClock(at: 0) { () throws -> Surface in
                let (root, page) = Gallery.makeRoot(scale: scale)
                page.reveal(specimen)
                // A specimen shot in its active state (a field editing) is put in it here too.
                if let card = page.cards.first(where: { $0.specimen.name == specimen }) {
                    card.specimen.activate?(card.content)
                }
                let s = try Surface(width: 1280 * Int(scale), height: 800 * Int(scale), scale: scale)
                root.render(into: s, full: true)
                return try Self.crop(s, to: try #require(page.cardFrame(of: specimen)), scale: scale)
            }
            let alone = try Gallery.shot(scale: scale, specimen: specimen)
            #expect(alone == cut, "\(specimen) at scale \(scale)")
        }
    }

    nonisolated static let controls = Catalog.all.filter {
        $0.name.hasPrefix("checkbox") || $0.name.hasPrefix("button")
    }.map(\.name)

    @Test(arguments: controls)
    func controlStates(name: String) throws {
        if name.hasPrefix("checkbox") {
            // The checkbox of the source documents draws no highlighted look of its own:
            // that state is the normal card, pixel for pixel. Disabled, it is faded.
            for scale in [1.0, 2.0] {
                let normal = try card(name, scale: scale) { $0.isEnabled = true }
                let highlighted = try card(name, scale: scale) {
                    $0.isEnabled = true
                    $0.isHighlighted = true
                }
                #expect(highlighted == normal, "\(name) at scale \(scale): highlighting a checkbox changes no pixel")
            }
            golden.expect(try card(name) { $0.isEnabled = false }, suite: "States", name: "\(name)-disabled")
            golden.expect(
                try card(name) { ($0 as! Checkbox).checked.toggle() }, suite: "States", name: "\(name)-toggled")
            golden.expect(
                try card(name, scale: 2) { ($0 as! Checkbox).checked.toggle() }, suite: "States",
                name: "\(name)-toggled-scale2")
            return
        }
        golden.expect(try card(name) { $0.isHighlighted = true }, suite: "States", name: "\(name)-highlighted")
        golden.expect(try card(name) { $0.isEnabled = false }, suite: "States", name: "\(name)-disabled")
        golden.expect(
            try card(name, scale: 2) { $0.isHighlighted = true }, suite: "States", name: "\(name)-highlighted-scale2")
        golden.expect(
            try card(name, scale: 2) { $0.isEnabled = false }, suite: "States", name: "\(name)-disabled-scale2")
    }

    @Test func theIconFilesAreTheDrawnIcon() throws {
        if Golden.recording {
            // Rewritten from the code: in this run the files cannot also be checked
            // against it, only against the independent checks below.
            try CalendarIcon.draw().writePNG(
                to: Golden.packageDirectory.appendingPathComponent("Resources/calendar-icon.png").path)
            try CalendarIcon.draw(scale: 2).writePNG(
                to: Golden.packageDirectory.appendingPathComponent("Resources/calendar-icon@2x.png").path)
        } else {
            let path = try #require(Resources.path("calendar-icon.png"))
            #expect(try Surface(contentsOfPNG: path) == CalendarIcon.draw())
            let path2x = try #require(Resources.path("calendar-icon@2x.png"))
            #expect(try Surface(contentsOfPNG: path2x, scale: 2) == CalendarIcon.draw(scale: 2))
        }
        // Independent of any file: the header's red gradient and the page's grey one at
        // pixel centres away from the shapes, from the gradients' end colours.
        let icon = try Surface(contentsOfPNG: try #require(Resources.path("calendar-icon.png")))
        func mix(_ a: Double, _ b: Double, _ t: Double) -> Int { Int(((a + (b - a) * t) * 255).rounded()) }
        for y in [2, 8, 14] {
            let t = (Double(y) + 0.5) / 17
            let p = icon[28, y]
            #expect(
                abs(Int(p.r) - mix(0.95, 0.75, t)) <= 2 && abs(Int(p.g) - mix(0.3, 0.1, t)) <= 2
                    && abs(Int(p.b) - mix(0.25, 0.1, t)) <= 2, "header row \(y): \(p)")
        }
        for y in [18, 53] {
            let t = (Double(y) + 0.5) / 57
            let p = icon[4, y]
            #expect(abs(Int(p.r) - mix(1, 0.88, t)) <= 2 && p.r == p.g && p.g == p.b, "page row \(y): \(p)")
        }
        // Picked by the display's scale, 57 points either way.
        #expect(
            CalendarIcon.load(scale: 2).scale == 2 && CalendarIcon.load(scale: 2).size == Size(width: 57, height: 57))
        #expect(CalendarIcon.load(scale: 1).pixelWidth == 57)
        // Transparent rounded corners, opaque middle.
        #expect(CalendarIcon.draw()[0, 0].a == 0 && CalendarIcon.draw()[28, 28].a == 255)
    }

    @Test func theReadmePictureIsThePage() throws {
        // README.md shows Resources/gallery.png as the gallery: it must stay what the code
        // draws (remake it with `gallery shot Resources/gallery.png`).
        let path = try #require(Resources.path("gallery.png"))
        #expect(try Surface(contentsOfPNG: path) == Gallery.shot(scale: 1))
    }
}

/// Replayed pointer input.
@MainActor
@Suite struct ReplayTests {
    /// A window tall enough to show the first sections whole, checkboxes included.
    static let size = Size(width: 1280, height: 1000)

    func center(_ name: String) throws -> Point {
        try #require(Gallery.list(size: Self.size).first { $0.name == name }).frame.center
    }

    @Test func clickingEveryCheckboxAndHoldingTheImageButton() throws {
        var lines = ["# every checkbox, then a held press"]
        for s in Catalog.all where s.name.hasPrefix("checkbox") {
            let c = try center(s.name)
            lines.append("click \(c.x) \(c.y)")
        }
        let b = try center("button-image")
        lines.append("press \(b.x) \(b.y)")
        let actions = try Replay.parse(lines.joined(separator: "\n"))
        let shot = try Gallery.shot(size: Self.size, replay: actions)
        golden.expect(shot, suite: "Replay", name: "checkboxes-clicked-button-held")
        // The held button shows the darkened icon; every checkbox flipped.
        let (root, page) = Gallery.makeRoot(size: Self.size)
        Replay.run(actions, on: root) { _ in }
        for card in page.cards where card.specimen.name.hasPrefix("checkbox") {
            let box = try #require(card.content as? Checkbox)
            #expect(
                box.checked
                    == !([
                        "checkbox-checked", "checkbox-wide-frame", "checkbox-thick-border",
                        "checkbox-clear-checkmark"
                    ].contains(card.specimen.name)))
        }
        #expect(
            page.cards.first { $0.specimen.name == "button-image" }.map { ($0.content as! Control).isHighlighted }
                == true)
        #expect(page.status.text == "checkbox-clear-checkmark: valueChanged -> off")
    }

    @Test func aBadLineIsAnErrorNamingIt() {
        #expect(throws: Replay.ParseError(line: 3, reason: "unknown action 'tap'")) {
            try Replay.parse("click 1 2\n# fine\ntap 3 4\n")
        }
        #expect(throws: Replay.ParseError(line: 1, reason: "press takes two finite numbers, X and Y")) {
            try Replay.parse("press 1 nan")
        }
        #expect(throws: Replay.ParseError(line: 2, reason: "shot takes one file name")) { try Replay.parse("\nshot") }
        #expect((try? Replay.parse("  # only a comment\n\nmove 1 2 # trailing\n")) == [.move(Point(x: 1, y: 2))])
    }

    @Test func keysHoversAndScrollsAreActionsToo() throws {
        let actions = try Replay.parse(
            "key shift+Tab\nkeydown space\nkeyup space\nhover 3 4\nscroll 0 -40\nkey adiaeresis\nkey ctrl+q")
        #expect(
            actions == [
                .key(Key(characters: "\t", keyCode: .keyboardTab, modifierFlags: .shift)),
                .keyDown(Key(characters: " ", keyCode: .keyboardSpacebar)),
                .keyUp(Key(characters: " ", keyCode: .keyboardSpacebar)),
                .hover(Point(x: 3, y: 4)),
                .scroll(Point(x: 0, y: -40)),
                .key(Key(characters: "ä", keyCode: KeyboardHIDUsage(rawValue: 0))),
                .key(Key(characters: "q", keyCode: .keyboardQ, modifierFlags: .control))
            ])
        #expect(
            throws: Replay.ParseError(
                line: 1,
                reason: "unknown key 'shift+Tabb': expected an X keysym name after "
                    + "modifiers (shift, ctrl, alt, super) joined by +")
        ) { try Replay.parse("key shift+Tabb") }
        #expect(throws: Replay.ParseError(line: 1, reason: "key takes one key name, such as shift+Tab")) {
            try Replay.parse("key")
        }
        #expect(throws: Replay.ParseError(line: 1, reason: "scroll takes two finite numbers, DX and DY")) {
            try Replay.parse("scroll 0 inf")
        }
        // Replayed, the keys move the focus and press: Tab twice, then Space, then Escape.
        let (root, page) = Gallery.makeRoot()
        Replay.run(try Replay.parse("key Tab\nkey Tab\nkey space\nkey Escape"), on: root) { _ in }
        let order = root.focusOrder
        #expect(order.count >= 2 && root.focusedView == nil)
        let second = try #require(page.cards.first { order[1].isDescendant(of: $0) })
        #expect(page.status.text?.hasPrefix(second.specimen.name + ":") == true, "\(page.status.text ?? "")")
    }

    @Test func aPageNarrowerThanACardScrollsBothWaysAndShowsBothIndicators() throws {
        let keys = try Replay.parse("key Right\nkey Down")
        let picture = try Gallery.shot(size: Size(width: 200, height: 300), replay: keys)
        let faded = try Gallery.shot(size: Size(width: 200, height: 300), replay: keys, time: 2)
        // The content is 270 points high above the status line: the horizontal bar's black
        // runs along rows 264...266 and the vertical one along columns 194...196; once they
        // have faded, what was under them shows.
        func darker(_ x: Int, _ y: Int) -> Bool { picture[x, y].r < faded[x, y].r && picture[x, y].g < faded[x, y].g }
        #expect(darker(60, 265) && darker(195, 20))
        #expect(picture[60, 261] == faded[60, 261] && picture[191, 20] == faded[191, 20], "nothing else changes")
        let (root, page) = Gallery.makeRoot(size: Size(width: 200, height: 300))
        #expect(page.content.contentSize.width > page.content.bounds.width)
        Replay.run(try Replay.parse("key Right\nkey Down"), on: root) { _ in }
        #expect(page.content.contentOffset == Point(x: 40, y: 40))
    }

    @Test func theStatusLineSaysWhatTheLastControlDid() throws {
        let (root, page) = Gallery.makeRoot(size: Self.size)
        let c = try center("checkbox-unchecked")
        root.handle(PointerEvent(.press, at: c))
        root.handle(PointerEvent(.release, at: c))
        #expect(page.status.text == "checkbox-unchecked: valueChanged -> on")
        let b = try center("button-title")
        root.handle(PointerEvent(.press, at: b))
        root.handle(PointerEvent(.release, at: b))
        #expect(page.status.text == "button-title: touchUpInside (1)")
    }

    @Test func thePageReflowsAndScrolls() throws {
        let narrow = Gallery.list(size: Size(width: 500, height: 400))
        let wide = Gallery.list()
        #expect(narrow.map(\.name) == wide.map(\.name))
        #expect(narrow.allSatisfy { $0.frame.maxX <= 500 })
        let (root, page) = Gallery.makeRoot(size: Size(width: 500, height: 400))
        let before = try #require(page.specimenFrames.last).frame
        root.handle(PointerEvent(.scroll(delta: Point(x: 0, y: 120)), at: Point(x: 250, y: 200)))
        let after = try #require(page.specimenFrames.last).frame
        #expect(after.y == before.y - 120)
        for _ in 0..<200 { root.handle(PointerEvent(.scroll(delta: Point(x: 0, y: 120)), at: Point(x: 250, y: 200))) }
        let bottom = try #require(page.specimenFrames.last).frame
        #expect(bottom.maxY <= 400 && bottom.maxY > 300)  // scrolled to the end, no further
    }
}
