import Raster
import Testing
import VitrineTesting

@testable import Layers

/// Which property changes animate by themselves.
@MainActor
@Suite(.manualClock(), .serialized) struct ImplicitActionTests {
    @Test func aStandAloneLayerAnimatesOpacityOverAQuarterSecond() throws {
        MediaClock.manualTime = 50
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        l.opacity = 0.2  // before it is drawn: no animation
        #expect(l.animationKeys() == nil)
        l.render(in: Context(surface: try Surface(width: 10, height: 10)))
        l.opacity = 1
        #expect(l.opacity == 1 && l.animationKeys() == ["opacity"])
        let a = try #require(l.animation(forKey: "opacity") as? BasicAnimation)
        // The old value, as the Float it was set as.
        #expect(a.duration == 0.25 && a.fromValue as? Double == Double(Float(0.2)))
        AnimationEngine.step(at: 50.125)
        let mid = l.presentation().opacity
        #expect(mid > 0.2 && mid < 1)
        AnimationEngine.step(at: 50.3)
        #expect(l.presentation().opacity == 1 && l.animationKeys() == nil)

        Transaction.begin()
        Transaction.setDisableActions(true)
        l.opacity = 0.4
        Transaction.commit()
        #expect(l.animationKeys() == nil && l.presentation().opacity == 0.4)

        Transaction.begin()
        Transaction.setAnimationDuration(2)
        l.opacity = 0.9
        Transaction.commit()
        #expect((l.animation(forKey: "opacity") as? BasicAnimation)?.duration == 2)
    }

    @Test func theCompletionBlockWaitsForTheTransactionsAnimations() throws {
        MediaClock.manualTime = 50
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        l.render(in: Context(surface: try Surface(width: 10, height: 10)))
        var done = 0
        Transaction.begin()
        Transaction.setCompletionBlock { done += 1 }
        l.position = Point(x: 40, y: 40)
        Transaction.commit()
        #expect(done == 0)
        AnimationEngine.step(at: 50.1)
        #expect(done == 0)
        AnimationEngine.step(at: 51)
        #expect(done == 1)
        Transaction.begin()
        Transaction.setCompletionBlock { done += 1 }
        Transaction.commit()
        #expect(done == 2, "with no animation, at the commit")
    }

    @Test func actionsAreSearchedInOrder() throws {
        MediaClock.manualTime = 50
        final class Stopper: LayerDelegate {
            func action(for layer: Layer, forKey event: String) -> (any Action)? {
                event == "opacity" ? NullAction.shared : nil
            }
        }
        let stopper = Stopper()
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        l.delegate = stopper
        l.render(in: Context(surface: try Surface(width: 10, height: 10)))
        l.opacity = 0.5
        #expect(l.animationKeys() == nil, "the delegate said none")
        let slow = BasicAnimation(keyPath: "cornerRadius")
        slow.duration = 3
        l.actions = ["cornerRadius": slow]
        l.cornerRadius = 4
        #expect((l.animation(forKey: "cornerRadius") as? BasicAnimation)?.duration == 3, "the actions dictionary")
        l.borderWidth = 2
        #expect((l.animation(forKey: "borderWidth") as? BasicAnimation)?.duration == 0.25, "the default action")
    }
}
