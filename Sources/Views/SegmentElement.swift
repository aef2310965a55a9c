import Raster

/// A segment of a segmented control as assistive technologies see it: a button named
/// by its title, selected when it is the selected segment.
@MainActor
final class SegmentElement: AccessibilityElement {
    private weak var control: SegmentedControl?
    var index = 0

    init(control: SegmentedControl) {
        self.control = control
        super.init(accessibilityContainer: control)
    }

    override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? control?.titleForSegment(at: index) }
        set { super.accessibilityLabel = newValue }
    }

    override var accessibilityTraits: AccessibilityTraits {
        get {
            guard let control else { return super.accessibilityTraits }
            var t = super.accessibilityTraits.union(.button)
            if control.selectedSegmentIndex == index { t.insert(.selected) }
            if !control.isEnabled || !control.isEnabledForSegment(at: index) { t.insert(.notEnabled) }
            return t
        }
        set { super.accessibilityTraits = newValue }
    }

    override var accessibilityFrame: Rect {
        get {
            guard let control, control.segmentFrames.indices.contains(index) else { return super.accessibilityFrame }
            return control.convert(control.segmentFrames[index], to: nil)
        }
        set { super.accessibilityFrame = newValue }
    }

    override func accessibilityActivate() -> Bool { control?.choose(segment: index) ?? false }
}
