import Raster
import Testing

@testable import Layers

/// A layer that draws draws into a store of its own, once per `setNeedsDisplay`.
@MainActor
@Suite struct BackingStoreTests {
    /// Fills its bounds blue and counts its draws.
    final class CountingLayer: Layer {
        var draws = 0
        override func draw(in context: Context) {
            draws += 1
            context.setFillColor(.blue)
            context.fill(bounds)
        }
    }

    /// Draws a red square for the layer it is the delegate of.
    final class Painter: LayerDelegate {
        var draws = 0
        func draw(_ layer: Layer, in context: Context) {
            draws += 1
            context.setFillColor(.red)
            context.fill(Rect(x: 0, y: 0, width: 5, height: 5))
        }
    }

    /// Meets a failed allocation while drawing, as a context records one.
    final class StarvedLayer: Layer {
        override func draw(in context: Context) {
            context.setFillColor(.blue)
            context.fill(bounds)
            context.noteFailure(.outOfMemory(bytes: 1 << 30))
        }
    }

    @Test func aLayerFreedWithAnUnreportedFailureLeavesTheCount() {
        // Frames walk the tree for failures only while some layer holds one; a layer freed
        // before a frame reported its failure must not leave them walking for ever.
        let before = Layer.unreportedFailures
        var layer: StarvedLayer? = StarvedLayer()
        layer?.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        layer?.displayIfNeeded()
        #expect(layer?.failure == .outOfMemory(bytes: 1 << 30))
        #expect(Layer.unreportedFailures == before + 1)
        layer = nil
        #expect(Layer.unreportedFailures == before)
    }

    @Test func aTreeRenderedTenTimesDrawsEachLayerOnce() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let a = CountingLayer()
        let b = CountingLayer()
        a.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        b.frame = Rect(x: 20, y: 20, width: 20, height: 20)
        let painter = Painter()
        let c = Layer()
        c.frame = Rect(x: 20, y: 0, width: 20, height: 20)
        c.delegate = painter
        for l in [a, b, c] { root.addSublayer(l) }
        let s = try Surface(width: 40, height: 40)
        for _ in 0..<10 { root.render(in: Context(surface: s)) }
        #expect(a.draws == 1 && b.draws == 1 && painter.draws == 1)
        #expect(a.hasBackingStore && c.hasBackingStore && !root.hasBackingStore)
        #expect(s[10, 10] == Pixel(r: 0, g: 0, b: 255, a: 255) && s[22, 2] == Pixel(r: 255, g: 0, b: 0, a: 255))
        b.setNeedsDisplay()
        for _ in 0..<10 { root.render(in: Context(surface: s)) }
        #expect(a.draws == 1 && b.draws == 2 && painter.draws == 1)
    }

    @Test func theStoreIsClippedToTheBoundsAndErasesOnlyItsOwnPixels() throws {
        final class Spilling: Layer {
            override func draw(in context: Context) {
                context.setFillColor(.blue)
                context.fill(bounds.insetBy(dx: -10, dy: -10))
                context.blendMode = .clear
                context.fill(Rect(x: 0, y: 8, width: 20, height: 4))
            }
        }
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = .red
        let l = Spilling()
        l.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        root.addSublayer(l)
        let s = try Surface(width: 40, height: 40)
        root.render(in: Context(surface: s))
        let red = Pixel(r: 255, g: 0, b: 0, a: 255)
        #expect(s[15, 15] == Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(s[15, 19] == red, "the clear stripe shows the superlayer")
        for (x, y) in [(5, 15), (35, 15), (15, 5), (15, 35), (9, 9)] { #expect(s[x, y] == red) }
    }

    @Test func aBoundsChangeRedrawsOnlyWhenAsked() throws {
        Transaction.begin()
        Transaction.setDisableActions(true)
        defer { Transaction.commit() }
        let l = CountingLayer()
        l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let s = try Surface(width: 40, height: 40)
        l.render(in: Context(surface: s))
        l.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        l.render(in: Context(surface: s))
        #expect(l.draws == 1, "the store is stretched, as Core Animation does")
        #expect(s[19, 19] == Pixel(r: 0, g: 0, b: 255, a: 255))
        l.needsDisplayOnBoundsChange = true
        l.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
        l.render(in: Context(surface: s))
        #expect(l.draws == 2)
    }

    @Test func aPartialRedrawKeepsTheRestOfTheStore() throws {
        final class Stripes: Layer {
            var color: Color = .red
            var rects: [Rect] = []
            override func draw(in context: Context) {
                rects.append(context.clipBoundingBox)
                context.setFillColor(color)
                context.fill(bounds)
            }
        }
        let l = Stripes()
        l.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        let s = try Surface(width: 20, height: 20)
        l.render(in: Context(surface: s))
        l.color = .blue
        l.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 20))
        s.clear()
        l.render(in: Context(surface: s))
        #expect(l.rects.last == Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(s[5, 5] == Pixel(r: 0, g: 0, b: 255, a: 255) && s[15, 5] == Pixel(r: 255, g: 0, b: 0, a: 255))
    }
}
