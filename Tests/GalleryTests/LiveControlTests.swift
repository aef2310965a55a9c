import Foundation
import Layers
import Raster
import TestSupport
import Testing
import Views
import X11Host

@testable import Gallery

/// The standard controls in the live gallery, driven through XTEST on a real X server:
/// what a person does with a pointer, read back from the status line.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct LiveControlTests {
    /// The gallery in a window, scrolled to `name`'s card.
    func open(_ name: String, on server: XvfbServer) throws -> (X11Window, GalleryPage, View) {
        let (root, page) = Gallery.makeRoot()
        let window = try X11Window(title: "Vitrine Gallery", root: root, display: server.displayName, scale: 1)
        page.reveal(name)
        for _ in 0..<25 { try window.runOnce(timeout: 0.02) }
        let card = try #require(page.cards.first { $0.specimen.name == name })
        return (window, page, card.content)
    }

    /// Turns the loop until `condition` holds or `seconds` pass.
    func pump(_ window: X11Window, seconds: Double = 5, until condition: () -> Bool = { false }) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            try window.runOnce(timeout: 0.01)
            if condition() { return }
        }
    }

    func at(_ p: Point) -> [String] { ["\(Int(p.x.rounded()))", "\(Int(p.y.rounded()))"] }

    @Test func draggingASlidersThumbSetsItsValue() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let (window, page, view) = try open("slider", on: server)
        defer { window.close() }
        let slider = try #require(view as? Slider)
        let thumb = slider.thumbRect(
            forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds),
            value: slider.value)
        let from = slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        // 43 points right: a quarter of the 172-point travel, from 40 % to 65 %.
        server.xdotool(["mousemove"] + at(from) + ["mousedown", "1"])
        server.xdotool(["mousemove"] + at(Point(x: from.x + 20, y: from.y)))
        server.xdotool(["mousemove"] + at(Point(x: from.x + 43, y: from.y)) + ["mouseup", "1"])
        try pump(window) { page.status.text == "slider: valueChanged -> 65 %" }
        #expect(page.status.text == "slider: valueChanged -> 65 %")
    }

    @Test func draggingASwitchsThumbAcrossTurnsItOn() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let (window, page, view) = try open("switch-off", on: server)
        defer { window.close() }
        let s = try #require(view as? Switch)
        let thumb = s.thumbRect(on: false, pressed: false)
        let from = s.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        server.xdotool(["mousemove"] + at(from) + ["mousedown", "1"])
        server.xdotool(["mousemove"] + at(Point(x: from.x + 12, y: from.y)))
        server.xdotool(["mousemove"] + at(Point(x: from.x + 24, y: from.y)) + ["mouseup", "1"])
        try pump(window) { s.isOn }
        #expect(s.isOn && page.status.text == "switch-off: valueChanged -> on")
    }

    @Test func holdingAStepperStepsItAgainAndAgain() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        // A stepper of its own, up to 100, so that two seconds of repeats fit.
        let root = RootView(size: Size(width: 200, height: 100))
        let stepper = Stepper(frame: Rect(x: 50, y: 30, width: 0, height: 0))
        root.addSubview(stepper)
        var steps = 0
        stepper.addAction(for: .valueChanged) { _, _ in steps += 1 }
        let window = try X11Window(title: "stepper", root: root, display: server.displayName, scale: 1)
        defer { window.close() }
        try pump(window, seconds: 0.5)
        server.xdotool("mousemove", "120", "46", "mousedown", "1")
        try pump(window, seconds: 2)
        server.xdotool("mouseup", "1")
        try pump(window, seconds: 0.3)
        let held = steps
        try pump(window, seconds: 0.5)
        // One step on the press, one at 0.5 s, then one each tenth: 17 in two seconds, a
        // few fewer for the frame clock's rounding of each wait and the tools' latency.
        #expect((11...19).contains(held), "\(held) steps")
        #expect(steps == held && stepper.value == Double(held), "none after the release")
    }

    @Test func aDoubleClickOnTheGesturesSquareIsADoubleTapAndNoTap() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let (window, page, view) = try open("gestures", on: server)
        defer { window.close() }
        let square = try #require(view.subviews.first)
        let c = square.convert(Point(x: 30, y: 30), to: nil)
        var seen: [String] = []
        server.xdotool(["mousemove"] + at(c) + ["click", "--repeat", "2", "--delay", "80", "1"])
        try pump(window, seconds: 1.5) {
            if let s = page.status.text, s.hasPrefix("gestures"), seen.last != s { seen.append(s) }
            return false
        }
        #expect(seen == ["gestures: double tap"])
    }
}
