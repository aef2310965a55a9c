import Layers
import Raster
import TestSupport
import Testing

@testable import Views

@MainActor
@Suite struct HierarchyTests {
    @Test func hitTestingFollowsUIKitRules() {
        let root = RootView(size: Size(width: 300, height: 300))
        let a = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        let b = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(a)
        root.addSubview(b)
        #expect(root.hitTest(Point(x: 60, y: 60)) === b)  // front-most first
        b.isHidden = true
        #expect(root.hitTest(Point(x: 60, y: 60)) === a)
        b.isHidden = false
        b.alpha = 0.005
        #expect(root.hitTest(Point(x: 60, y: 60)) === a)
        b.alpha = 1
        b.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 60, y: 60)) === a)
        b.isUserInteractionEnabled = true
        // A subview sticking out of its superview is not reached outside the superview.
        let child = View(frame: Rect(x: 80, y: 80, width: 100, height: 100))
        a.addSubview(child)
        // At (105, 105) the child lies under b, which is in front.
        #expect(root.hitTest(Point(x: 105, y: 105)) === b)
        b.removeFromSuperview()
        #expect(root.hitTest(Point(x: 105, y: 105)) === child)
        #expect(root.hitTest(Point(x: 150, y: 150)) === root)  // the child, outside a
        // Clipping changes what is drawn, not hit testing inside the bounds.
        a.clipsToBounds = true
        #expect(root.hitTest(Point(x: 105, y: 105)) === child)
    }

    /// A view whose touch area reaches 20 points beyond its bounds, as UIKit code does by
    /// overriding `point(inside:with:)`.
    final class WideTouchView: View {
        override func point(inside point: Point, with event: Event?) -> Bool {
            bounds.insetBy(dx: -20, dy: -20).contains(point)
        }
    }

    @Test func hitTestingFollowsTransformsBoundsOriginsAndPointInside() {
        let root = RootView(size: Size(width: 300, height: 300))
        // 100 x 40 about its centre (150, 150), turned a quarter: it covers x 130...170,
        // y 100...200 on screen, worked out from the documented geometry.
        let turned = View(frame: Rect(x: 100, y: 130, width: 100, height: 40))
        turned.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSubview(turned)
        #expect(root.hitTest(Point(x: 150, y: 105)) === turned)
        #expect(root.hitTest(Point(x: 110, y: 150)) === root, "outside the turned view, inside its untransformed frame")
        // Doubled about its centre (50, 250): 40 x 40 becomes 80 x 80, 10...90 across.
        let doubled = View(frame: Rect(x: 30, y: 230, width: 40, height: 40))
        doubled.transform = AffineTransform(scaleX: 2, y: 2)
        root.addSubview(doubled)
        #expect(root.hitTest(Point(x: 15, y: 250)) === doubled && root.hitTest(Point(x: 5, y: 250)) === root)
        // A bounds origin moves the subviews: scrolled by 30, the child at x 40 shows at 10.
        let scroller = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        scroller.bounds = Rect(x: 30, y: 0, width: 100, height: 100)
        let child = View(frame: Rect(x: 40, y: 10, width: 20, height: 20))
        scroller.addSubview(child)
        root.addSubview(scroller)
        #expect(root.hitTest(Point(x: 215, y: 20)) === child && root.hitTest(Point(x: 245, y: 20)) === scroller)
        // point(inside:) decides: the wide view answers 20 points beyond its bounds.
        let wide = WideTouchView(frame: Rect(x: 230, y: 200, width: 20, height: 20))
        root.addSubview(wide)
        #expect(root.hitTest(Point(x: 215, y: 210)) === wide && root.hitTest(Point(x: 205, y: 210)) === root)
    }

    /// A view turned half round about y shows its back: hit while its layer is
    /// double-sided (the default), not once it is single-sided, as it is not drawn then.
    @Test func aSingleSidedViewTurnedAwayTakesNoTouches() {
        let root = RootView(size: Size(width: 100, height: 100))
        let card = View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        card.transform3D = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        root.addSubview(card)
        #expect(root.hitTest(Point(x: 50, y: 50)) === card)
        card.layer.isDoubleSided = false
        #expect(root.hitTest(Point(x: 50, y: 50)) === root)
    }

    @Test func aShapeViewAnswersForItsShape() {
        let root = RootView(size: Size(width: 200, height: 200))
        let star = ShapeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        star.path = .star(vertex: 5, extrusion: 20)
        root.addSubview(star)
        #expect(root.hitTest(Point(x: 50, y: 50)) === star)
        #expect(root.hitTest(Point(x: 3, y: 3)) === root)  // inside the box, outside the star
    }

    @Test func pointsConvertBetweenViews() {
        let root = RootView(size: Size(width: 300, height: 300))
        let a = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let b = View(frame: Rect(x: 5, y: 5, width: 50, height: 50))
        root.addSubview(a)
        a.addSubview(b)
        #expect(b.convert(Point(x: 1, y: 1), to: root) == Point(x: 16, y: 26))
        #expect(root.convert(Point(x: 16, y: 26), to: b) == Point(x: 1, y: 1))
        a.bounds = Rect(x: 0, y: 10, width: 100, height: 100)  // scrolled
        #expect(b.convert(Point(x: 1, y: 1), to: root) == Point(x: 16, y: 16))
        #expect(b.convert(Rect(x: 0, y: 0, width: 5, height: 5), to: a) == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func cyclesAreRefused() {
        let a = View()
        let b = View()
        let c = View()
        a.addSubview(b)
        b.addSubview(c)
        #expect(!c.addSubview(a))
        #expect(!a.addSubview(a))
        #expect(a.superview == nil && c.subviews.isEmpty)
    }

    @Test func framesAreSanitised() {
        let v = View(frame: Rect(x: .nan, y: 3, width: -10, height: .infinity))
        #expect(v.frame == Rect(x: 0, y: 3, width: 0, height: 0))
        v.center = Point(x: .nan, y: 1)
        #expect(v.frame.x == 0)
        v.alpha = .nan
        #expect(v.alpha == 1)
    }

    @Test func layoutRunsBeforeRendering() throws {
        final class Stack: View {
            var runs = 0
            override func layoutSubviews() {
                runs += 1
                for (i, s) in subviews.enumerated() {
                    s.frame = Rect(x: 0, y: Double(i) * 10, width: bounds.width, height: 10)
                }
            }
        }
        let root = RootView(size: Size(width: 50, height: 50))
        let stack = Stack(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(stack)
        let bar = View()
        bar.backgroundColor = .red
        stack.addSubview(View())
        stack.addSubview(bar)
        let s = try Surface(width: 50, height: 50)
        root.render(into: s)
        #expect(stack.runs == 1 && bar.frame == Rect(x: 0, y: 10, width: 50, height: 10))
        #expect(s[5, 15] == Pixel(r: 255, g: 0, b: 0, a: 255))
        root.render(into: s)
        #expect(stack.runs == 1)
    }

    @Test func tenThousandSubviewsRenderAndHitTest() throws {
        let root = RootView(size: Size(width: 400, height: 400))
        for i in 0..<10_000 {
            let v = View(frame: Rect(x: Double(i % 100) * 4, y: Double(i / 100) * 4, width: 4, height: 4))
            v.backgroundColor = i % 2 == 0 ? .red : .blue
            v.tag = i
            root.addSubview(v)
        }
        let s = try Surface(width: 400, height: 400)
        root.render(into: s, full: true)
        #expect(root.hitTest(Point(x: 5, y: 1))?.tag == 1)
        #expect(s[1, 1] == Pixel(r: 255, g: 0, b: 0, a: 255) && s[5, 1] == Pixel(r: 0, g: 0, b: 255, a: 255))
    }
}

/// Text views with and without their default font.
@MainActor
@Suite struct FontFallbackTests {
    @Test func labelsAndButtonsLoadTheSystemFontOrKeepTheError() throws {
        // This machine has fonts: the defaults load and no error is kept. (Without fonts,
        // GalleryToolTests shows the error reaching the program.)
        let label = Label(text: "x")
        let button = Button()
        #expect(label.font != nil && label.fontError == nil)
        #expect(button.titleFont != nil && button.fontError == nil)
        // A label given no font draws no text.
        let root = RootView(size: Size(width: 60, height: 20))
        let quiet = Label(frame: root.bounds, text: "Hello", font: nil)
        root.addSubview(quiet)
        let s = try Surface(width: 60, height: 20)
        root.render(into: s, full: true)
        #expect(s.isFilled(with: Pixel(r: 255, g: 255, b: 255, a: 255)))
        quiet.font = label.font
        root.render(into: s)
        #expect(!s.isFilled(with: Pixel(r: 255, g: 255, b: 255, a: 255)))
    }
}
