import Foundation
import Layers
import Raster
import TestSupport
import Testing
import Views
import X11Host

@testable import Gallery

/// The live gallery against a real X server.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct LiveGalleryTests {
    @Test func aClickThroughTheServerEqualsTheReplayedShot() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        // Tall enough (within the server's 900 rows) to show the checkboxes unscrolled.
        let size = Size(width: 1280, height: 880)
        let (root, page) = Gallery.makeRoot(size: size)
        let window = try X11Window(title: "Vitrine Gallery", root: root, display: server.displayName, scale: 1)
        defer { window.close() }
        let target = try #require(Gallery.list(size: size).first { $0.name == "checkbox-unchecked" }).frame.center
        for _ in 0..<25 { try window.runOnce(timeout: 0.02) }
        server.xdotool("mousemove", "\(Int(target.x))", "\(Int(target.y))", "click", "1")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline && page.status.text != "checkbox-unchecked: valueChanged -> on" {
            try window.runOnce(timeout: 0.02)
        }
        #expect(page.status.text == "checkbox-unchecked: valueChanged -> on")
        // Once the scroll indicators flashed at the start have faded.
        let expected = try Gallery.shot(
            size: size, replay: [.click(Point(x: Double(Int(target.x)), y: Double(Int(target.y))))],
            time: 2)
        var captured: Surface?
        while Date() < deadline.addingTimeInterval(5) {
            try window.runOnce(timeout: 0.02)
            captured = window.captureFromServer()
            if captured == expected { break }
        }
        #expect(captured == expected)
    }

    @Test func twoQuickScreenshotsAreTwoFilesNamedAtOnce() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let dir = NSTemporaryDirectory() + "vitrine-\(getpid())-shots"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/stdout.txt"
        let child = try Child(
            "/bin/sh", ["-c", "cd '\(dir)' && exec '\(GalleryToolTests.gallery)'"],
            set: ["DISPLAY": server.displayName], stdout: out)
        defer {
            child.signal(SIGTERM)
            _ = child.wait(timeout: 5)
        }
        // Until the window is up, the keys go nowhere: press until the first name appears.
        func names() -> [String] {
            ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline && names().isEmpty {
            server.xdotool("key", "F12")
            usleep(100_000)
        }
        server.xdotool("key", "F12", "ctrl+s")
        while Date() < deadline && names().count < 3 { usleep(20_000) }
        let saved = names()
        #expect(saved.count >= 3, "\(saved)")
        #expect(Set(saved).count == saved.count, "every press its own file: \(saved)")
        for name in saved {
            #expect(name.hasPrefix("vitrine-") && name.hasSuffix(".png"))
            #expect(FileManager.default.fileExists(atPath: dir + "/" + name))
        }
    }

    @Test(arguments: ["ctrl+q", "ctrl+w"])
    func controlQAndWCloseTheGallery(key: String) throws {
        let server = try XvfbServer()
        defer { server.stop() }
        // No window manager runs: the keys are the way out.
        let child = try Child(GalleryToolTests.gallery, [], set: ["DISPLAY": server.displayName])
        let deadline = Date().addingTimeInterval(15)
        var status: Int32?
        while Date() < deadline && status == nil {
            server.xdotool("search", "--sync", "--class", "Vitrine", "key", key)
            status = child.wait(timeout: 0.3)
        }
        #expect(status == 0, "\(key): exit status \(status.map(String.init) ?? "none: still running")")
        if status == nil { child.signal(SIGKILL) }
    }

    @Test func aKilledProgramLeavesNoSegmentAndItsSegmentsWerePrivate() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let errors = NSTemporaryDirectory() + "vitrine-\(getpid())-killed-gallery.err"
        defer { unlink(errors) }
        let child = try Child(GalleryToolTests.gallery, [], set: ["DISPLAY": server.displayName], stderr: errors)
        var mine: [Int] = []
        // A loaded machine may take a while to start the gallery; the wait ends as soon as it has.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && mine.isEmpty {
            usleep(50_000)
            mine = XvfbServer.sharedMemorySegments(createdBy: child.pid).map(\.mode)
        }
        #expect(
            !mine.isEmpty,
            """
            the gallery made a shared-memory segment (running: \(child.isRunning), \
            segments of all: \(XvfbServer.sharedMemorySegments().count), \
            stderr: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""))
            """)
        #expect(mine.allSatisfy { $0 == 0o600 }, "modes: \(mine.map { String($0, radix: 8) })")
        child.signal(SIGKILL)
        child.wait(timeout: 5)
        var left = XvfbServer.sharedMemorySegments(createdBy: child.pid)
        let gone = Date().addingTimeInterval(5)
        while !left.isEmpty && Date() < gone {
            usleep(50_000)
            left = XvfbServer.sharedMemorySegments(createdBy: child.pid)
        }
        #expect(left.isEmpty, "segments left behind: \(left.count)")
    }
}
