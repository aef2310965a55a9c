import Foundation
import Raster
import TestSupport
import Testing

/// The README's library examples are the files `Sources/hello-window` and
/// `Sources/draw-badge`, quoted whole, built with the package and run here.
@Suite struct ReadmeExampleTests {
    static func executable(_ name: String) -> String {
        URL(fileURLWithPath: GalleryToolTests.gallery).deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: Golden.packageDirectory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Each example file, and the document that quotes it whole, with its path.
    @Test(arguments: [
        ("Sources/hello-window/main.swift", "README.md"),
        ("Sources/hello-window/main.swift", "Sources/Views/Views.docc/GettingStarted.md"),
        ("Sources/draw-badge/main.swift", "Sources/Raster/Raster.docc/Raster.md"),
        ("Tests/VitrineTestingTests/ReadmeSnapshotExample.swift", "README.md"),
        (
            "Tests/VitrineTestingTests/ReadmeSnapshotExample.swift",
            "Sources/VitrineTesting/VitrineTesting.docc/SnapshotTesting.md"
        )
    ])
    func theDocumentQuotesTheExampleFile(file: String, document: String) throws {
        let text = try Self.text(document)
        let source = try Self.text(file)
        #expect(text.contains("```swift\n" + source + "```\n"), "\(document) must quote \(file) whole")
        if document == "README.md" { #expect(text.contains("(`\(file)`")) }
    }

    /// The README is a door, not a manual.
    @Test func theReadmeIsAtMostTenKilobytes() throws {
        #expect(try Self.text("README.md").utf8.count <= 10_000)
    }

    @Test func theDrawingExampleMakesThePictureItsCommentPromises() throws {
        let dir = NSTemporaryDirectory() + "vitrine-\(getpid())-badge"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let child = try Child("/bin/sh", ["-c", "cd '\(dir)' && exec '\(Self.executable("draw-badge"))'"])
        #expect(child.wait() == 0)
        let badge = try Surface(contentsOfPNG: dir + "/badge.png")
        // 200 x 120 points at scale 2.
        #expect(badge.width == 400 && badge.height == 240)
        // The rounded rectangle's middle in its colour (0.2, 0.5, 0.9); the corner outside
        // it and its shadow, transparent.
        #expect(badge[200, 120] == Pixel(r: 51, g: 128, b: 230, a: 255))
        #expect(badge[2, 2].a == 0)
        // The shadow: black at a third of full alpha, moved 3 points down and blurred
        // with sigma = blur / 2 = 3 points (6 pixels). Across the middle of its bottom
        // edge, 226 pixels down, far from the corners, its alpha is a third of the
        // Gaussian's tail beyond the edge, Φ(-d / σ), worked out here.
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for y in [222, 226, 230, 236] {
            let want = 255.0 / 3 * phi(-(Double(y) + 0.5 - 226) / 6)
            let p = badge[200, y]
            #expect(p.r == 0 && p.g == 0 && p.b == 0, "row \(y): the shadow is black")
            #expect(abs(Double(p.a) - want) <= 3, "row \(y): alpha \(p.a), the Gaussian \(want)")
        }
        // Above the badge the shadow is fainter than below it, since it moved down.
        #expect(badge[200, 16].a < badge[200, 226].a && badge[200, 16].a > 0)
    }
}

/// The README's window example, clicked through a real X server.
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct ReadmeWindowExampleTests {
    @Test func theWindowExampleAnswersClicks() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let log = NSTemporaryDirectory() + "vitrine-\(getpid())-hello.txt"
        defer { unlink(log) }
        // Line-buffered, so that each print reaches the file as it happens.
        let child = try Child(
            "/usr/bin/stdbuf", ["-oL", ReadmeExampleTests.executable("hello-window")],
            set: ["DISPLAY": server.displayName], stdout: log)
        defer {
            child.signal(SIGTERM)
            _ = child.wait(timeout: 5)
        }
        func output() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        func waitFor(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && !output().contains(text) { usleep(20_000) }
            return output().contains(text)
        }
        // Until the window is mapped, clicks go to the root window: click until one lands.
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline && !output().contains("pressed") {
            server.xdotool("mousemove", "90", "72", "click", "1")
            usleep(200_000)
        }
        #expect(output().hasPrefix("pressed\n"))
        // A click beside the button presses nothing.
        server.xdotool("mousemove", "180", "72", "click", "1")
        usleep(300_000)
        #expect(output().components(separatedBy: "pressed").count - 1 >= 1 && !output().contains("checked"))
    }
}

/// The getting-started picture is the window's first frame, and the window example
/// fails as a program should without a display.
@Suite(.serialized) struct GettingStartedPictureTests {
    @Test func withoutADisplayTheExampleSaysSoAndExitsWithStatusOne() throws {
        let log = NSTemporaryDirectory() + "vitrine-\(getpid())-nodisplay.txt"
        defer { unlink(log) }
        let child = try Child(ReadmeExampleTests.executable("hello-window"), [], unset: ["DISPLAY"], stderr: log)
        #expect(child.wait() == 1)
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(said.hasPrefix("hello-window: no X display"), "\(said)")
        #expect(!said.contains("Fatal error") && !said.contains("crashed"))
    }

    @Test(.enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
    func theArticlesPictureIsTheWindowsFirstFrame() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let shot = NSTemporaryDirectory() + "vitrine-\(getpid())-first-frame.png"
        defer { unlink(shot) }
        let child = try Child(
            ReadmeExampleTests.executable("hello-window"), [],
            set: ["DISPLAY": server.displayName, "VITRINE_FIRST_FRAME": shot])
        defer {
            child.signal(SIGTERM)
            _ = child.wait(timeout: 5)
        }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline && (try? Surface(contentsOfPNG: shot)) == nil { usleep(50_000) }
        let frame = try Surface(contentsOfPNG: shot)
        // Checked without the picture: the window's size, the background's colour in a
        // corner, the button's blue in its middle, the sun's yellow at its centre.
        #expect(frame.width == 320 && frame.height == 160)
        #expect(frame[2, 2] == Color(red: 0.16, green: 0.2, blue: 0.27).premultiplied)
        #expect(frame[40, 60] == Color(red: 0, green: 0.48, blue: 1).premultiplied)
        #expect(frame[250, 72] == Color(red: 1, green: 0.76, blue: 0.16).premultiplied)
        let picture = try Surface(
            contentsOfPNG: Golden.packageDirectory
                .appendingPathComponent("Sources/Views/Views.docc/Resources/getting-started.png").path)
        #expect(
            frame == picture,
            "the article's picture is not the window's first frame: remake it with VITRINE_FIRST_FRAME")
    }
}
