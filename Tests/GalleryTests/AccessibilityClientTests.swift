import Foundation
import Raster
import TestSupport
import Testing
import Views

@testable import Gallery

/// What the accessibility client needs: Xvfb, a session bus, at-spi2-core and pyatspi.
enum AccessibilityTools {
    static let launcher = "/usr/libexec/at-spi-bus-launcher"
    static let registry = "/usr/libexec/at-spi2-registryd"

    /// Why the client cannot run here, or nil when everything it needs is installed.
    static let unavailableReason: String? = {
        if let reason = XvfbServer.unavailableReason { return reason }
        if XvfbServer.which("dbus-run-session") == nil { return "dbus-run-session is not installed (dbus)" }
        for tool in [launcher, registry] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed (at-spi2-core); .ci/run installs it"
        }
        if XvfbServer.run("/usr/bin/python3", ["-c", "import pyatspi"]).status != 0 {
            return "pyatspi is not installed (python3-pyatspi); .ci/run installs it"
        }
        return nil
    }()
}

/// The gallery as an assistive technology sees it: `Accessibility/client.py`, a pyatspi
/// client, runs against the live gallery under a session bus of the test's own (with
/// at-spi2-core's bus and registry), and the test checks what it found and did against
/// the gallery's own list of specimens and the table of roles and states in the Views
/// documentation's accessibility article.
@MainActor
@Suite(
    .serialized,
    .enabled(if: AccessibilityTools.unavailableReason == nil, "\(AccessibilityTools.unavailableReason ?? "")"))
struct AccessibilityClientTests {
    /// The folder of this file, where the client and its session script are.
    static var folder: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().path }

    struct Node: Decodable {
        var role: String
        var name: String
        var states: [String]
        var attributes: [String: String]
        var screen: [Int]
        var window: [Int]
        var parent: Int
        var children: Int
    }

    struct Event: Decodable {
        var type: String
        var id: String?
        var role: String?
        var name: String?
        var detail1: Int?
        var data: String?
    }

    struct Report: Decodable {
        var errors: [String]
        var applications: Int
        var toolkit: String
        var applicationRole: String
        var walkMilliseconds: Double
        var nodes: [Node]
        var buttonActions: [String]
        var buttonPressed: Bool
        var statusAfterPress: String
        var checkboxActions: [String]
        var checkboxToggled: Bool
        var checkboxStates: [String]
        var statusAfterToggle: String
        var sliderValue: [Double]
        var sliderAfterSet: Double
        var segmentsSelectedBefore: [Bool]
        var segmentSelect: Bool
        var segmentsSelectedAfter: [Bool]
        var fieldSet: Bool
        var fieldText: String
        var fieldCaret: Int
        var statusAfterEdit: String
        var secureText: String
        var focusedEvent: Event?
        var focusedStates: [String]?
        var hitAtButton: String?
        var burstAnswered: Int
        var burstMilliseconds: Double
        var idleTicks: Int
        var ticksPerSecond: Int
        var events: [Event]
    }

    /// Runs the client once against a fresh gallery; the report it printed.
    func runClient() throws -> Report {
        let server = try XvfbServer()
        defer { server.stop() }
        let scratch = try ScratchDirectory("accessibility")
        let run = XvfbServer.run(
            "/bin/bash", ["-c", "exec dbus-run-session -- /bin/bash \"$SESSION\""],
            environment: [
                "DISPLAY": server.displayName, "SESSION": Self.folder + "/Accessibility/session.sh",
                "CLIENT": Self.folder + "/Accessibility/client.py", "GALLERY": GalleryToolTests.gallery,
                "WORK": scratch.path, "VITRINE_SCALE": "1"
            ],
            removing: ["AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"], timeout: 150)
        guard run.status == 0, let data = run.stdout.data(using: .utf8) else {
            Issue.record("the client failed (\(run.status)): \(run.stdout.suffix(2000)) \(run.stderr.suffix(3000))")
            throw CancellationError()
        }
        return try JSONDecoder().decode(Report.self, from: data)
    }

    /// The role ACCESSIBILITY.md gives a specimen's view.
    func expectedRole(of view: View) -> String {
        switch view {
        case let f as TextField: f.isSecureTextEntry ? "password text" : "entry"
        case is Switch: "toggle button"
        case is Checkbox: "check box"
        case is Slider: "slider"
        case is Stepper: "spin button"
        case is ProgressView: "progress bar"
        case is PageControl: "slider"
        case is SegmentedControl: "page tab list"
        case is Button: "push button"
        case is ActivityIndicatorView: "animation"
        default: AccessibilityNode.tree(of: view).children.isEmpty ? "image" : "panel"
        }
    }

    @Test func anAssistiveTechnologyFindsReadsAndPressesEveryControl() throws {
        let report = try runClient()
        print("accessibility: a full walk of \(report.nodes.count) nodes took \(report.walkMilliseconds) ms")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.applications == 1, "the gallery with VITRINE_ACCESSIBILITY=0 stays off the bus")
        #expect(report.toolkit == "Vitrine")
        #expect(report.applicationRole == "application")
        let frame = try #require(report.nodes.first)
        #expect(frame.role == "frame" && frame.name == "Vitrine Gallery")
        #expect(frame.states.contains("showing") && frame.states.contains("visible"))
        let origin = (x: frame.screen[0], y: frame.screen[1])
        #expect(origin == (37, 23), "the window where the client moved it")
        #expect(frame.screen[2...] == [1280, 800])

        // Every specimen: found by its identifier, named, with its role, states and the
        // extents of `gallery list` offset by the window's position.
        let (_, page) = Gallery.makeRoot()
        let listed = Gallery.list()
        #expect(listed.count == page.cards.count)
        for (name, f) in listed {
            let matches = report.nodes.filter { $0.attributes["id"] == name }
            guard let node = matches.first, matches.count == 1 else {
                Issue.record("\(name): \(matches.count) nodes with this identifier")
                continue
            }
            let view = try #require(page.specimenView(named: name))
            #expect(!node.name.isEmpty, "\(name) has a name")
            #expect(node.role == expectedRole(of: view), "\(name): \(node.role)")
            let x = Int(f.minX.rounded())
            let y = Int(f.minY.rounded())
            let w = Int(f.maxX.rounded()) - x
            let h = Int(f.maxY.rounded()) - y
            #expect(node.window == [x, y, w, h], "\(name): window extents")
            #expect(node.screen == [x + origin.x, y + origin.y, w, h], "\(name): screen extents")
            #expect(node.states.contains("visible"))
            if let control = view as? Control {
                let enabled = node.states.contains("enabled")
                let sensitive = node.states.contains("sensitive")
                #expect(enabled == control.isEnabled && sensitive == control.isEnabled, "\(name): \(node.states)")
                #expect(node.states.contains("focusable") == control.isEnabled, "\(name)")
            }
            if let s = view as? Switch { #expect(node.states.contains("checked") == s.isOn, "\(name)") }
            if let c = view as? Checkbox { #expect(node.states.contains("checked") == c.checked, "\(name)") }
            if view is Switch || view is Checkbox { #expect(node.states.contains("checkable")) }
        }
        // Section titles are headings; the status line is a polite live region.
        let headings = report.nodes.filter { $0.role == "heading" }.map(\.name)
        #expect(headings == Catalog.sections.map(\.title))
        let status = try #require(report.nodes.first { $0.attributes["id"] == "status" })
        #expect(status.role == "status bar" && status.attributes["live"] == "polite")
        // The segmented control's segments are tabs named by their titles.
        let segmentedIndex = try #require(report.nodes.firstIndex { $0.attributes["id"] == "segmented" })
        let tabs = report.nodes.filter { $0.parent == segmentedIndex }
        #expect(tabs.map(\.role) == ["page tab", "page tab", "page tab"])
        #expect(tabs.map(\.name) == ["Day", "Week", "Month"])

        // Pressing a button through Action runs its action: the status line says so, as
        // text-changed and announcement events.
        #expect(report.buttonActions == ["click"])
        #expect(report.buttonPressed)
        #expect(report.statusAfterPress.hasPrefix("button-title: touchUpInside"))
        func events(_ type: String, _ id: String? = nil) -> [Event] {
            report.events.filter { $0.type == type && (id == nil || $0.id == id) }
        }
        #expect(events("object:announcement").contains { $0.data == report.statusAfterPress })
        #expect(events("object:text-changed:insert", "status").contains { $0.data == report.statusAfterPress })
        // Toggling a checkbox: checked, said by an event.
        #expect(report.checkboxActions == ["toggle"])
        #expect(report.checkboxToggled)
        #expect(report.checkboxStates.contains("checked"))
        #expect(report.statusAfterToggle == "checkbox-unchecked: valueChanged -> on")
        #expect(events("object:state-changed:checked", "checkbox-unchecked").map(\.detail1) == [1])
        // A slider's value through Value.
        #expect(report.sliderValue.count == 3 && report.sliderValue[0] == 0 && report.sliderValue[1] == 1)
        #expect(abs(report.sliderValue[2] - 0.4) < 1e-6)
        #expect(report.sliderAfterSet == 1)
        #expect(!events("object:property-change:accessible-value", "slider").isEmpty)
        // A segment selected through Selection: the selected state moves, with events.
        #expect(report.segmentsSelectedBefore == [false, true, false])
        #expect(report.segmentSelect)
        #expect(report.segmentsSelectedAfter == [true, false, false])
        // EditableText sets a field's text as typing would: the status line echoes it.
        #expect(report.fieldSet)
        #expect(report.fieldText == "typed by AT")
        #expect(report.fieldCaret == 11)
        #expect(report.statusAfterEdit.hasSuffix("text-field-empty: typed by AT"), "\(report.statusAfterEdit)")
        #expect(report.secureText == String(repeating: "\u{2022}", count: 7), "a secure field reads as bullets")
        let selected = events("object:state-changed:selected")
        #expect(selected.contains { $0.name == "Day" && $0.detail1 == 1 })
        #expect(selected.contains { $0.name == "Week" && $0.detail1 == 0 })
        // The window activated, and Tab focused a control, with events.
        #expect(!events("window:activate").isEmpty)
        let focused = try #require(report.focusedEvent)
        #expect(focused.detail1 == 1)
        #expect(report.focusedStates?.contains("focused") == true)
        // Three hundred questions at once, all answered.
        print("accessibility: 300 questions at once answered in \(report.burstMilliseconds) ms")
        #expect(report.burstAnswered == 300)
        // Hit testing finds the control under a point.
        #expect(report.hitAtButton == "button-title")
        // Idle with a client listening, the window sleeps: not a measurement, a spinning
        // loop would take all of the two seconds (2 x ticksPerSecond).
        print("accessibility: \(report.idleTicks) ticks of CPU in 2 s idle with a client listening")
        #expect(report.idleTicks * 10 < report.ticksPerSecond, "the window sleeps when idle")
    }
}
