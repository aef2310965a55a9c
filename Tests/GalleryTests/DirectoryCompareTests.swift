import Foundation
import Raster
import TestSupport
import Testing

@testable import Gallery

/// Whole sets of pictures: shot --all before and after a click, compared by folder.
@MainActor
@Suite(.serialized) struct DirectoryCompareTests {
    static let specimens = ["checkbox-unchecked", "checkbox-checked", "button-title"]

    /// The test's folders and report, removed when it ends.
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("directory-compare") }

    func folder(_ name: String) throws -> String { try scratch.folder(name) }

    @Test func aFocusedPictureShowsTheRingAndOnlyWhereTheFocusCanGo() throws {
        let dir = try folder("focused")
        let entries = try ShotAll.write(to: dir, specimens: ["button-title", "button-disabled"])
        #expect(entries.filter { $0.state == "focused" }.map(\.specimen) == ["button-title"])
        let normal = try Surface(contentsOfPNG: dir + "/button-title.png")
        let focused = try Surface(contentsOfPNG: dir + "/button-title.focused.png")
        var tint = 0
        for y in 0..<focused.height {
            for x in 0..<focused.width where focused[x, y] == Pixel(argb: 0xff00_7aff) { tint += 1 }
        }
        #expect(normal != focused && tint > 100, "\(tint) pixels of the ring's colour")
    }

    @Test func aClickChangesExactlyItsSpecimen() throws {
        let before = try folder("before")
        let after = try folder("after")
        // A window tall enough to show the checkboxes unscrolled, for the click.
        let size = Size(width: 1280, height: 1000)
        let entries = try ShotAll.write(to: before, size: size, specimens: Self.specimens)
        #expect(
            entries.count == 15
                && Set(entries.map(\.state)) == ["normal", "highlighted", "disabled", "selected", "focused"])
        let (_, page) = Gallery.makeRoot(size: size)
        let box = try #require(page.specimenFrames.first { $0.name == "checkbox-unchecked" }?.frame)
        _ = try ShotAll.write(
            to: after, size: size, specimens: Self.specimens, replay: [.click(Point(x: box.midX, y: box.midY))])
        let manifest = try String(contentsOfFile: before + "/manifest.json", encoding: .utf8)
        #expect(
            manifest.contains("\"vitrine\": \"\(ShotAll.version)\"") && manifest.contains("\"state\": \"selected\""))

        let report = scratch.file("report.html")
        let r = XvfbServer.run(GalleryToolTests.gallery, ["compare", before, after, "--report", report])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let changed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("changed: ") }
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("changed: checkbox-unchecked") }, "\(r.stdout)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("id=\"summary\"") && html.contains("checkbox-unchecked.png"))
        #expect(!html.contains("<a href=\"#checkbox-checked.png\""), "the unchanged are not listed as changed")
        // The same folder against itself: the same, exit 0.
        #expect(XvfbServer.run(GalleryToolTests.gallery, ["compare", before, before]).status == 0)

        // In headless Chromium, every picture of the page decodes.
        guard
            let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            Issue.record(
                "headless Chromium is not installed: the report's pictures cannot be decoded as a browser does (apt-get install chromium)"
            )
            return
        }
        let dom = XvfbServer.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000",
                "--dump-dom", "file://" + report
            ])
        let images = html.components(separatedBy: "<img ").count - 1
        #expect(images > 0 && dom.stdout.contains("data-decoded=\"\(images)/\(images)\""), "\(dom.stdout.suffix(300))")
        #expect(dom.stdout.contains("id=\"summary\""))
    }
}
