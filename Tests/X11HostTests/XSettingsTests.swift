import CX11
import Foundation
import Raster
import TestSupport
import Testing
import Views
import X11Host

/// The desktop's XSETTINGS: the property's bytes, written here from the freedesktop.org
/// specification in either byte order, and a settings manager played by the test on a
/// real server, whose double-click time and distance a window takes.
@MainActor
struct XSettingsTests {
    enum Value {
        case integer(Int32)
        case string(String)
        case color(UInt16, UInt16, UInt16, UInt16)
    }

    /// The `_XSETTINGS_SETTINGS` bytes of `settings`, as the specification lays them out.
    static func bytes(_ settings: [(String, Value)], bigEndian: Bool = false) -> [UInt8] {
        func card16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)]
        }
        func card32(_ v: UInt32) -> [UInt8] {
            let le = [UInt8(v & 255), UInt8((v >> 8) & 255), UInt8((v >> 16) & 255), UInt8(v >> 24)]
            return bigEndian ? le.reversed() : le
        }
        func padded(_ s: String) -> [UInt8] { Array(s.utf8) + [UInt8](repeating: 0, count: (4 - s.utf8.count % 4) % 4) }
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0] + card32(7) + card32(UInt32(settings.count))
        for (name, value) in settings {
            let type: UInt8
            switch value {
            case .integer: type = 0
            case .string: type = 1
            case .color: type = 2
            }
            out += [type, 0] + card16(UInt16(name.utf8.count)) + padded(name) + card32(3)
            switch value {
            case .integer(let v): out += card32(UInt32(bitPattern: v))
            case .string(let s): out += card32(UInt32(s.utf8.count)) + padded(s)
            case .color(let r, let g, let b, let a): out += card16(r) + card16(b) + card16(g) + card16(a)
            }
        }
        return out
    }

    static let sample: [(String, Value)] = [
        ("Net/ThemeName", .string("Adwaita")), ("Net/DoubleClickTime", .integer(250)),
        ("Gtk/CursorThemeColor", .color(1, 2, 3, 65535)), ("Net/DoubleClickDistance", .integer(8)),
        ("Xft/DPI", .integer(-1))
    ]

    @Test(arguments: [false, true])
    func thePropertyParsesInEitherByteOrder(bigEndian: Bool) throws {
        let s = try #require(XSettings(bytes: Self.bytes(Self.sample, bigEndian: bigEndian)))
        #expect(s.integers == ["Net/DoubleClickTime": 250, "Net/DoubleClickDistance": 8, "Xft/DPI": -1])
        #expect(s.strings == ["Net/ThemeName": "Adwaita"])
        #expect(s.doubleClickInterval == 0.25 && s.doubleClickDistance == 8)
    }

    /// Every truncation, a count that lies, an unknown type or byte order, and absurd
    /// values are refused or ignored, never read past the end.
    @Test func badPropertiesAreRefusedWhole() {
        let good = Self.bytes(Self.sample)
        for n in 0..<good.count { #expect(XSettings(bytes: Array(good.prefix(n))) == nil, "cut at \(n)") }
        var lying = good
        lying[8] = 200
        #expect(XSettings(bytes: lying) == nil)
        var badType = good
        badType[12] = 9
        #expect(XSettings(bytes: badType) == nil)
        var badOrder = good
        badOrder[0] = 2
        #expect(XSettings(bytes: badOrder) == nil)
        let absurd = XSettings(
            bytes: Self.bytes([("Net/DoubleClickTime", .integer(-5)), ("Net/DoubleClickDistance", .integer(1 << 30))]))
        #expect(absurd != nil && absurd?.doubleClickInterval == nil && absurd?.doubleClickDistance == nil)
    }

    /// The caret's blinking as GTK's settings give it: the cycle in milliseconds, the
    /// timeout in seconds, and whether it blinks; absurd numbers left out.
    @Test func theCaretsBlinkingIsRead() throws {
        let s = try #require(
            XSettings(
                bytes: Self.bytes([
                    ("Net/CursorBlink", .integer(1)), ("Net/CursorBlinkTime", .integer(1000)),
                    ("Net/CursorBlinkTimeout", .integer(10))
                ])))
        #expect(s.cursorBlinks == true && s.cursorBlinkTime == 1.0 && s.cursorBlinkTimeout == 10)
        let off = XSettings(integers: ["Net/CursorBlink": 0, "Net/CursorBlinkTime": 5, "Net/CursorBlinkTimeout": -3])
        #expect(off.cursorBlinks == false && off.cursorBlinkTime == nil && off.cursorBlinkTimeout == nil)
        #expect(XSettings().cursorBlinks == nil && XSettings().cursorBlinkTime == nil)
    }

    @Test(.enabled(if: XvfbServer.unavailableReason == nil, "\(XvfbServer.unavailableReason ?? "")"))
    func aWindowTakesTheDesktopsDoubleClickTimeAndDistance() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        // Without a settings manager: the defaults.
        let plain = RootView(size: Size(width: 100, height: 100))
        let first = try X11Window(title: "no manager", root: plain, display: server.displayName, scale: 2)
        first.close()
        #expect(plain.doubleClickInterval == 0.4 && plain.doubleClickDistance == 5)
        // The test plays the manager: a window owning _XSETTINGS_S0 holds the settings.
        let d = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(d) }
        let manager = XCreateSimpleWindow(d, XDefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0)
        let property = XInternAtom(d, "_XSETTINGS_SETTINGS", 0)
        let data = Self.bytes(Self.sample)
        XChangeProperty(d, manager, property, property, 8, PropModeReplace, data, Int32(data.count))
        XSetSelectionOwner(d, XInternAtom(d, "_XSETTINGS_S0", 0), manager, UInt(CurrentTime))
        XSync(d, 0)
        let root = RootView(size: Size(width: 100, height: 100))
        let window = try X11Window(title: "with manager", root: root, display: server.displayName, scale: 2)
        defer { window.close() }
        // 250 ms; 8 pixels at scale 2 are 4 points.
        #expect(root.doubleClickInterval == 0.25 && root.doubleClickDistance == 4)
    }
}
