import Layers
import Raster
import TestSupport
import Testing
import VitrineTesting

@testable import Views

private let golden = Golden(for: #filePath)

/// The new controls in each of their states, at 1x and 2x. The goldens are recorded from
/// the code; beside each, a check the code did not make: the pressed switch's thumb
/// measured in the pixels against UIKit's widths, the focus ring's colour and place
/// against its documented band, and a highlighted stepper half darker than the other.
@MainActor
@Suite(.manualClock(), .serialized) struct ControlStateGoldenTests {
    /// `control` on a white 140 x 60 root, in a state set by `change`, settled.
    func shot(_ control: Control, scale: Double, _ change: (RootView, Control) -> Void = { _, _ in }) throws -> Surface
    {
        MediaClock.manualTime = 10
        let root = RootView(size: Size(width: 140, height: 60))
        root.backgroundColor = .white
        root.addSubview(control)
        change(root, control)
        AnimationEngine.step(at: 20)
        MediaClock.manualTime = 20
        let s = try Surface(width: Int(140 * scale), height: Int(60 * scale), scale: scale)
        root.render(into: s, full: true)
        return s
    }

    func focus(_ root: RootView, _ c: Control) { Keys.type(Keys.tab, into: root) }
    func press(_ root: RootView, _ c: Control) {
        root.handle(PointerEvent(.press, at: c.convert(Point(x: 12, y: c.bounds.midY), to: nil)))
    }

    /// The white run along row `y` from `x`, in pixels.
    func whiteRun(_ s: Surface, y: Int, from x: Int) -> Int {
        var n = 0
        while x + n < s.width && s[x + n, y] == Pixel(argb: 0xffff_ffff) { n += 1 }
        return n
    }

    @Test(arguments: [1.0, 2.0])
    func aSwitchInEachState(scale: Double) throws {
        let suffix = scale == 1 ? "" : "@2x"
        let k = scale
        func make() -> Switch { Switch(frame: Rect(x: 40, y: 15, width: 0, height: 0)) }
        golden.expect(try shot(make(), scale: scale), suite: "States", name: "switch-off" + suffix)
        golden.expect(
            try shot(make(), scale: scale) { _, c in (c as! Switch).isOn = true }, suite: "States",
            name: "switch-on" + suffix)
        let pressed = try shot(make(), scale: scale, press)
        golden.expect(pressed, suite: "States", name: "switch-pressed" + suffix)
        // The pressed thumb is 34 points wide (27 at rest), from 2 points in: its white
        // run across the middle row, inside its anti-aliased ends, is about 34 points.
        let run = Double(whiteRun(pressed, y: Int(30.5 * k), from: Int(44 * k))) / k
        #expect(run > 34 - 5 && run <= 34, "pressed thumb \(run) points")
        let rest = Double(whiteRun(try shot(make(), scale: scale), y: Int(30.5 * k), from: Int(44 * k))) / k
        #expect(rest > 27 - 5 && rest <= 27 && run - rest >= 5, "resting thumb \(rest) points")
        let focused = try shot(make(), scale: scale, focus)
        golden.expect(focused, suite: "States", name: "switch-focused" + suffix)
        // The ring: FocusRingLayer's colour, 2 points outside the track's left end and 3 wide.
        let ring = focused[Int((40 - FocusRingLayer.gap - FocusRingLayer.width / 2) * k), Int(30.5 * k)]
        #expect(ring == FocusRingLayer.color.premultiplied, "ring \(ring)")
        golden.expect(
            try shot(make(), scale: scale) { _, c in c.isEnabled = false }, suite: "States",
            name: "switch-disabled" + suffix)
    }

    @Test(arguments: [1.0, 2.0])
    func theOtherControlsFocusedAndPressed(scale: Double) throws {
        let suffix = scale == 1 ? "" : "@2x"
        let slider = Slider(frame: Rect(x: 10, y: 15, width: 120, height: 31))
        slider.value = 0.3
        golden.expect(try shot(slider, scale: scale, focus), suite: "States", name: "slider-focused" + suffix)
        let segmented = SegmentedControl(items: ["A", "B"], frame: Rect(x: 10, y: 14, width: 120, height: 32))
        segmented.selectedSegmentIndex = 1
        golden.expect(try shot(segmented, scale: scale, focus), suite: "States", name: "segmented-focused" + suffix)
        let stepper = Stepper(frame: Rect(x: 23, y: 14, width: 0, height: 0))
        stepper.value = 5
        stepper.autorepeat = false
        let held = try shot(stepper, scale: scale, press)
        golden.expect(held, suite: "States", name: "stepper-minus-held" + suffix)
        // The held minus half is darker than the plus half, away from the glyphs.
        let k = scale
        let minus = held[Int(30 * k), Int(20 * k)]
        let plus = held[Int(110 * k), Int(20 * k)]
        #expect(minus.r < plus.r && minus.g < plus.g, "held \(minus), other \(plus)")
        let pages = PageControl(frame: Rect(x: 10, y: 17, width: 120, height: 26))
        pages.numberOfPages = 4
        golden.expect(try shot(pages, scale: scale, focus), suite: "States", name: "page-control-focused" + suffix)
    }
}
