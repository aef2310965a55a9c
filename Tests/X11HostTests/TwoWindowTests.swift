import Foundation
import Layers
import Raster
import TestSupport
import Testing
import Views
import X11Host

/// Two windows in one process share nothing they should not: each gets its own clicks,
/// frames and damage, and closing one leaves the other running.
@MainActor
@Suite(.serialized, .enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
struct TwoWindowTests {
    /// A window's tree and what happened to it.
    @MainActor
    final class Side {
        let root = RootView(size: Size(width: 200, height: 120))
        let button = Button(frame: Rect(x: 20, y: 20, width: 100, height: 40))
        var taps = 0
        var presents = 0
        let window: X11Window

        init(server: XvfbServer, className: String, color: Color) throws {
            root.backgroundColor = color
            button.setTitle("Tap", for: .normal)
            button.backgroundColor = Color(red: 0.9, green: 0.4, blue: 0.1)
            root.addSubview(button)
            window = try X11Window(
                title: className, root: root, display: server.displayName, scale: 1,
                className: className)
            button.addAction(for: .touchUpInside) { [unowned self] _, _ in taps += 1 }
            window.onPresent = { [unowned self] _ in presents += 1 }
        }

        /// The tree rendered headless.
        func headless() -> Surface {
            let s = try! Surface(width: 200, height: 120)
            root.render(into: s, full: true)
            return s
        }
    }

    /// Turns the loops of the open windows until `condition` holds or `seconds` pass.
    func pump(_ sides: [Side], seconds: Double = 5, until condition: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            for side in sides where !side.window.isClosed { try side.window.runOnce(timeout: 0.005) }
            if condition() { return true }
        }
        return condition()
    }

    /// Clicks the screen at (x, y).
    func click(_ server: XvfbServer, _ x: Int, _ y: Int) {
        server.xdotool("mousemove", "\(x)", "\(y)", "click", "1")
    }

    @Test func eachWindowGetsItsOwnClicksAndFramesAndOutlivesTheOther() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let one = try Side(server: server, className: "VitrineOne", color: Color(red: 0.2, green: 0.3, blue: 0.5))
        let two = try Side(server: server, className: "VitrineTwo", color: Color(red: 0.3, green: 0.5, blue: 0.2))
        defer {
            one.window.close()
            two.window.close()
        }
        // Side by side: the second window moved 300 pixels right.
        #expect(try pump([one, two]) { one.presents > 0 && two.presents > 0 })
        let id =
            XvfbServer.run(
                XvfbServer.which("xdotool")!, ["search", "--class", "VitrineTwo"],
                environment: ["DISPLAY": server.displayName]
            ).stdout
            .split(separator: "\n").first.map(String.init) ?? ""
        server.xdotool("windowmove", id, "300", "0")
        #expect(
            try pump([one, two]) {
                one.window.captureFromServer() == one.headless()
                    && two.window.captureFromServer() == two.headless()
            })

        // A click in the first window reaches its button only; the second presents nothing.
        let twoPresents = two.presents
        click(server, 60, 40)
        #expect(try pump([one, two]) { one.taps == 1 })
        #expect(try pump([one, two], seconds: 1) { !AnimationEngine.isAnimating })
        #expect(two.taps == 0)
        #expect(two.presents == twoPresents, "the second window had no damage")

        // A click in the second window reaches its button only.
        let onePresents = one.presents
        click(server, 360, 40)
        #expect(try pump([one, two]) { two.taps == 1 })
        #expect(try pump([one, two], seconds: 1) { !AnimationEngine.isAnimating })
        #expect(one.taps == 1)
        #expect(one.presents == onePresents, "the first window had no damage")

        // Closing the first leaves the second running: it still takes clicks, animates
        // its highlight and shows its frame.
        one.window.close()
        click(server, 360, 40)
        #expect(try pump([two]) { two.taps == 2 })
        #expect(try pump([two]) { !AnimationEngine.isAnimating && two.window.captureFromServer() == two.headless() })
        #expect(one.taps == 1)
    }
}
