import Raster
import Testing

@testable import Views

/// UIKit's accessibility API on the views: what each control reports by default, as
/// UIKit's documentation and its controls give it, and what activating, incrementing and
/// decrementing do.
@MainActor
@Suite struct AccessibilityTests {
    @Test func aPlainViewIsNoElementAndItsFrameIsInTheWindow() {
        let root = RootView(size: Size(width: 200, height: 200))
        let holder = View(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        let inner = View(frame: Rect(x: 5, y: 6, width: 10, height: 10))
        holder.addSubview(inner)
        root.addSubview(holder)
        #expect(!inner.isAccessibilityElement && inner.accessibilityLabel == nil && inner.accessibilityTraits == .none)
        #expect(inner.accessibilityFrame == Rect(x: 25, y: 36, width: 10, height: 10))
        #expect(!inner.accessibilityActivate())
        inner.accessibilityIdentifier = "inner"
        inner.isAccessibilityElement = true
        #expect(inner.accessibilityIdentifier == "inner" && inner.isAccessibilityElement)
    }

    @Test func aButtonIsNamedByItsTitleAndActivatesAsATap() {
        let b = Button(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        b.setTitle("Save", for: .normal)
        var taps = 0
        b.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        #expect(b.isAccessibilityElement && b.accessibilityLabel == "Save" && b.accessibilityTraits == .button)
        #expect(b.accessibilityActivate() && taps == 1)
        b.isEnabled = false
        #expect(b.accessibilityTraits == [.button, .notEnabled])
        #expect(!b.accessibilityActivate() && taps == 1)
        b.accessibilityLabel = "Save the file"
        #expect(b.accessibilityLabel == "Save the file")
    }

    @Test func aLabelReadsItsText() {
        let l = Label(frame: Rect(x: 0, y: 0, width: 100, height: 20), text: "Volume")
        #expect(l.isAccessibilityElement && l.accessibilityLabel == "Volume" && l.accessibilityTraits == .staticText)
        l.accessibilityTraits = .header
        #expect(l.accessibilityTraits == .header)
    }

    @Test func switchesAndCheckboxesAreTogglesWorthOneOrZero() {
        let s = Switch()
        var changes = 0
        s.addAction(for: .valueChanged) { _, _ in changes += 1 }
        #expect(s.accessibilityValue == "0" && s.accessibilityTraits.contains(.button))
        #expect(s.accessibilityActivate() && s.isOn && s.accessibilityValue == "1" && changes == 1)
        let c = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(c.accessibilityValue == "0" && c.accessibilityActivate() && c.checked && c.accessibilityValue == "1")
    }

    @Test func aSliderIsAdjustableByTenthsOfItsRange() {
        let s = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        s.maximumValue = 200
        s.value = 100
        var changes = 0
        s.addAction(for: .valueChanged) { _, _ in changes += 1 }
        #expect(s.accessibilityTraits == .adjustable && s.accessibilityValue == "50%")
        s.accessibilityIncrement()
        #expect(s.value == 120 && s.accessibilityValue == "60%" && changes == 1)
        s.value = 195
        s.accessibilityIncrement()
        #expect(s.value == 200 && s.accessibilityValue == "100%")
        s.accessibilityIncrement()
        #expect(changes == 2, "at the end a step changes nothing and sends nothing")
        s.accessibilityDecrement()
        #expect(s.value == 180)
    }

    @Test func stepperProgressAndPageControlSayTheirValues() {
        let st = Stepper()
        st.value = 3
        st.accessibilityIncrement()
        #expect(st.value == 4 && st.accessibilityValue == "4" && st.accessibilityTraits == .adjustable)
        let p = ProgressView(frame: Rect(x: 0, y: 0, width: 100, height: 4))
        p.progress = 0.4
        #expect(
            p.accessibilityValue == "40%" && p.accessibilityTraits == .updatesFrequently && p.isAccessibilityElement)
        let pc = PageControl(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        pc.numberOfPages = 3
        #expect(pc.accessibilityValue == "page 1 of 3")
        pc.accessibilityIncrement()
        #expect(pc.currentPage == 1 && pc.accessibilityValue == "page 2 of 3")
        pc.accessibilityDecrement()
        pc.accessibilityDecrement()
        #expect(pc.currentPage == 0)
    }

    final class NamedView: View {
        override var accessibilityLabel: String? {
            get { "Custom" }
            set {}
        }
    }

    @Test func aSubclassOverridesWhatItReports() {
        let v = NamedView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.accessibilityLabel == "Custom")
    }

    @Test func postedNotificationsReachTheirListenersUntilReleased() {
        var heard: [(Accessibility.Notification, String?)] = []
        var observation: AccessibilityObservation? = Accessibility.observeNotifications { n, a in
            heard.append((n, a as? String))
        }
        Accessibility.post(notification: .announcement, argument: "Saved")
        #expect(heard.count == 1 && heard[0].0 == .announcement && heard[0].1 == "Saved")
        #expect(observation != nil)
        observation = nil
        Accessibility.post(notification: .screenChanged, argument: nil)
        #expect(heard.count == 1)
    }
}
