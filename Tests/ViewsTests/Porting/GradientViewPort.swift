// swift-format-ignore-file
// The document's code as written, with the renames alone: not reformatted.
import Layers
import Raster
import Testing
import Views

// Document 004, NSCBGradientView ported: UI/CG/CA prefixes dropped, Objective-C
// accessors written as Swift properties.

let HORIZONTAL_START_POINT = Point(x: 0, y: 0.5)
let HORIZONTAL_END_POINT = Point(x: 1, y: 0.5)
let VERTICAL_START_POINT = Point(x: 0.5, y: 0)
let VERTICAL_END_POINT = Point(x: 0.5, y: 1)

@MainActor
final class NSCBGradientView: View {
    // MARK: - UIView

    override class var layerClass: AnyClass {
        return GradientLayer.self
    }

    // MARK: - Accessors

    var gradientLayer: GradientLayer {
        return self.layer as! GradientLayer
    }

    var colors: [Color] {
        set {
            var cgColors = [Color]()
            cgColors.reserveCapacity(newValue.count)
            for color in newValue {
                cgColors.append(color)
            }
            self.gradientLayer.colors = cgColors
        }
        get {
            var uiColors = [Color]()
            for color in self.gradientLayer.colors ?? [] {
                uiColors.append(color)
            }
            return uiColors
        }
    }

    var isHorizontal: Bool {
        set(horizontal) {
            self.gradientLayer.startPoint = horizontal ? HORIZONTAL_START_POINT : VERTICAL_START_POINT
            self.gradientLayer.endPoint = horizontal ? HORIZONTAL_END_POINT : VERTICAL_END_POINT
        }
        get {
            return self.gradientLayer.startPoint == HORIZONTAL_START_POINT && self.gradientLayer.endPoint == HORIZONTAL_END_POINT
        }
    }
}

@MainActor
@Suite struct GradientViewPortTests {
    @Test func theDocumentsViewIsTheGallerys() throws {
        try expectSameAsSpecimen("gradient-vertical") {
            let gradientView = NSCBGradientView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            // viewDidLoad
            gradientView.colors = [Color.red, Color.orange, Color.yellow]
            return gradientView
        }
        try expectSameAsSpecimen("gradient-horizontal") {
            let gradientView = NSCBGradientView(frame: Rect(x: 0, y: 0, width: 160, height: 160))
            gradientView.colors = [Color.red, Color.orange, Color.yellow]
            gradientView.isHorizontal = true
            #expect(gradientView.isHorizontal)
            return gradientView
        }
        try expectSameAsSpecimen("gradient-locations") {
            let gradientView = NSCBGradientView(frame: Rect(x: 0, y: 0, width: 160, height: 160))
            gradientView.colors = [Color.red, Color.orange, Color.yellow]
            gradientView.gradientLayer.locations = [0, 0.2, 1]  // the layer, for advanced use
            return gradientView
        }
    }
}
