import Raster
import TestSupport
import Testing

/// Saved states and transparency layers nest as Core Graphics requires: a restore inside
/// a layer cannot pop a state saved before it, the states a layer leaves saved end with
/// it, and each layer composites what was drawn in it however deep it lies.
@Suite struct GraphicsStateTests {
    let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    @Test func aRestoreInsideALayerCannotPopAStateSavedBeforeIt() {
        let (_, c) = canvas(10, 10)
        c.setFillColor(red)
        c.saveGState()
        c.setFillColor(green)
        c.beginTransparencyLayer()
        c.restoreGState()
        #expect(c.fillColor == green && c.savedStateCount == 1)
        c.saveGState()
        c.setFillColor(blue)
        c.restoreGState()
        #expect(c.fillColor == green && c.savedStateCount == 1)
        c.endTransparencyLayer()
        c.restoreGState()
        #expect(c.fillColor == red && c.savedStateCount == 0)
    }

    @Test func statesLeftSavedInALayerEndWithIt() {
        let (_, c) = canvas(10, 10)
        c.saveGState()
        c.setFillColor(green)
        c.beginTransparencyLayer()
        c.saveGState()
        c.setFillColor(blue)
        c.saveGState()
        #expect(c.savedStateCount == 3)
        c.endTransparencyLayer()
        #expect(c.savedStateCount == 1 && c.fillColor == green)
    }

    @Test func theFloorOfRestoresFollowsTheInnermostLayer() {
        let (_, c) = canvas(10, 10)
        c.beginTransparencyLayer()
        c.setFillColor(red)
        c.saveGState()
        c.setFillColor(green)
        c.saveGState()
        c.beginTransparencyLayer()
        c.restoreGState()
        #expect(c.savedStateCount == 2)
        c.endTransparencyLayer()
        // Back in the outer layer, its own two saves can be restored, and no more.
        c.restoreGState()
        #expect(c.fillColor == green && c.savedStateCount == 1)
        c.restoreGState()
        #expect(c.fillColor == red && c.savedStateCount == 0)
        c.setFillColor(blue)
        c.restoreGState()
        #expect(c.fillColor == blue)
        c.endTransparencyLayer()
    }

    @Test func nestedLayersCompositeWhatWasDrawnInThem() throws {
        for threads in [1, 3] {
            let s = try Surface(width: 40, height: 40)
            s.clear(to: Pixel(r: 255, g: 255, b: 255, a: 255))
            let c = Context(surface: s, threads: RenderThreads(count: threads), drawingAtOnceUpTo: 0)
            c.beginTransparencyLayer()
            c.setFillColor(red)
            c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
            c.beginTransparencyLayer()
            c.beginTransparencyLayer()
            c.setFillColor(blue)
            c.fill(Rect(x: 20, y: 20, width: 10, height: 10))
            c.endTransparencyLayer()
            c.endTransparencyLayer()
            // Drawn in the outer layer after the inner ones ended: counted there too.
            c.setFillColor(green)
            c.fill(Rect(x: 30, y: 0, width: 10, height: 10))
            c.endTransparencyLayer()
            c.flush()
            #expect(s[5, 5] == Pixel(r: 255, g: 0, b: 0, a: 255), "\(threads) threads")
            #expect(s[25, 25] == Pixel(r: 0, g: 0, b: 255, a: 255), "\(threads) threads")
            #expect(s[35, 5] == Pixel(r: 0, g: 255, b: 0, a: 255), "\(threads) threads")
            #expect(s[15, 35] == Pixel(r: 255, g: 255, b: 255, a: 255), "\(threads) threads")
        }
    }
}
