import Layers
import Raster
import Testing

@testable import Views

/// UIKit's touch methods: a view gets sets of touches with an event, in a control
/// subclass too, where `Event` is still `UIEvent`'s counterpart.
@MainActor
@Suite struct TouchEventTests {
    final class Logger: Control {
        var log: [String] = []
        var sets: [Set<Touch>] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            log.append(
                "began \(touches.count) \(event?.type == .touches) \(event?.allTouches == touches) \(event?.timestamp ?? -1)"
            )
            sets.append(touches)
            super.touchesBegan(touches, with: event)
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
            log.append("ended \(touches == sets.first) \(event?.touches(for: self) == touches)")
            super.touchesEnded(touches, with: event)
        }
    }

    @Test func aPressComesAsASetOfOneTouchWithItsEvent() {
        let root = RootView(size: Size(width: 100, height: 100))
        let v = Logger(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(v)
        var taps = 0
        v.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        root.handle(PointerEvent(.press, at: Point(x: 20, y: 20), timestamp: 3))
        root.handle(PointerEvent(.release, at: Point(x: 20, y: 20), timestamp: 3.1))
        #expect(v.log == ["began 1 true true 3.0", "ended true true"])
        #expect(taps == 1, "the control's own tracking still runs under the overrides")
        let t = v.sets[0].first!
        #expect(Set([t, t]).count == 1 && t.hashValue == t.hashValue)
    }
}

/// `layerClass` is `AnyClass`, as UIKit declares it.
@MainActor
@Suite struct LayerClassTests {
    final class NotALayer {}
    final class Odd: View { override class var layerClass: AnyClass { NotALayer.self } }
    final class Shaped: View { override class var layerClass: AnyClass { ShapeLayer.self } }

    @Test func theLayerIsMadeFromTheClassOrIsPlain() {
        #expect(Shaped().layer is ShapeLayer)
        #expect(type(of: Odd().layer) == Layer.self, "a class that is no layer gives a plain one")
    }
}
