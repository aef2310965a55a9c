import Raster

/// The accessibility values a view was given; nil where it takes its own default.
struct AccessibilityStore {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: AccessibilityTraits?
    var identifier: String?
    var frame: Rect?
    var elements: [Any]?
    var groupsChildren = false
    var elementsHidden = false
}
