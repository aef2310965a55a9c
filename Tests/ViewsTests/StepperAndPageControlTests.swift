import Layers
import Raster
import Testing
import VitrineTesting

@testable import Views

/// The stepper and the page control: geometry, limits, autorepeat on the animation
/// clock, events and keys.
@MainActor
@Suite(.manualClock(), .serialized) struct StepperAndPageControlTests {
    func changes(_ r: Recorder) -> Int { r.log.filter { $0.hasPrefix("a:valueChanged") }.count }

    @Test func aStepperStepsAndStopsAtItsEnds() {
        let s = Stepper(frame: Rect(x: 100, y: 100, width: 10, height: 10))
        #expect(s.frame.size == Size(width: 94, height: 32) && s.intrinsicContentSize == Stepper.size)
        #expect(s.decrementRect == Rect(x: 0, y: 0, width: 47, height: 32))
        s.maximumValue = 3
        s.value = 2
        let (root, r) = watchedRoot(s)
        root.handle(PointerEvent(.press, at: Point(x: 170, y: 116)))
        #expect(s.value == 3 && changes(r) == 1, "a step on the press")
        root.handle(PointerEvent(.release, at: Point(x: 170, y: 116)))
        #expect(!s.canStep(1) && s.canStep(-1), "the plus half is disabled at the maximum")
        root.handle(PointerEvent(.press, at: Point(x: 170, y: 116)))
        #expect(s.value == 3 && !s.isTracking, "a disabled half takes no press")
        root.handle(PointerEvent(.release, at: Point(x: 170, y: 116)))
        s.wraps = true
        root.handle(PointerEvent(.press, at: Point(x: 170, y: 116)))
        root.handle(PointerEvent(.release, at: Point(x: 170, y: 116)))
        #expect(s.value == 0, "wrapped to the minimum")
        s.stepValue = -4
        #expect(s.stepValue == 1, "a step that is not positive is ignored")
    }

    @Test func aHeldHalfRepeatsAfterHalfASecondThenEveryTenth() throws {
        MediaClock.manualTime = 10
        let s = Stepper(frame: Rect(x: 100, y: 100, width: 0, height: 0))
        let (root, r) = watchedRoot(s)
        root.render(into: try Surface(width: 400, height: 200))
        root.handle(PointerEvent(.press, at: Point(x: 170, y: 116)))
        #expect(s.value == 1)
        var t = 10.0
        func advance(to time: Double) {
            while t < time - 1e-9 {
                t = min(time, t + 0.01)
                MediaClock.manualTime = t
                AnimationEngine.step(at: t)
            }
        }
        advance(to: 10.45)
        #expect(s.value == 1, "no repeat before half a second")
        advance(to: 10.55)
        #expect(s.value == 2, "the first repeat at 0.5 s")
        advance(to: 11.06)
        #expect(s.value == 7, "then one each tenth: at 0.6, 0.7, 0.8, 0.9 and 1.0 s")
        root.handle(PointerEvent(.release, at: Point(x: 170, y: 116)))
        advance(to: 12)
        #expect(s.value == 7 && changes(r) == 7, "nothing after the release")
    }

    @Test func aStepperThatIsNotContinuousSendsOnceAndKeysStep() {
        let s = Stepper(frame: Rect(x: 100, y: 100, width: 0, height: 0))
        s.isContinuous = false
        s.autorepeat = false
        let (root, r) = watchedRoot(s)
        root.handle(PointerEvent(.press, at: Point(x: 170, y: 116)))
        #expect(changes(r) == 0)
        root.handle(PointerEvent(.release, at: Point(x: 170, y: 116)))
        #expect(s.value == 1 && changes(r) == 1)
        Keys.type(Keys.tab, into: root)
        Keys.type(Keys.named(.keyboardUpArrow), into: root)
        Keys.type(Keys.named(.keyboardRightArrow), into: root)
        Keys.type(Keys.named(.keyboardLeftArrow), into: root)
        #expect(s.value == 2 && changes(r) == 4)
    }

    @Test func aPageControlMovesOnePageTowardAClick() {
        let p = PageControl(frame: Rect(x: 100, y: 100, width: 200, height: 26))
        p.numberOfPages = 5
        p.currentPage = 2
        // Five dots 7 across and 9 apart: 71 points, centred in 200: from 64.5.
        #expect(p.intrinsicContentSize == Size(width: 71, height: 26))
        #expect(p.dotRect(for: 0) == Rect(x: 64.5, y: 9.5, width: 7, height: 7))
        #expect(p.dotRect(for: 2).minX == 96.5)
        let (root, r) = watchedRoot(p)
        root.handle(PointerEvent(.press, at: Point(x: 280, y: 113)))
        root.handle(PointerEvent(.release, at: Point(x: 280, y: 113)))
        #expect(p.currentPage == 3 && changes(r) == 1)
        root.handle(PointerEvent(.press, at: Point(x: 110, y: 113)))
        root.handle(PointerEvent(.release, at: Point(x: 110, y: 113)))
        #expect(p.currentPage == 2, "one page, however far the click")
        Keys.type(Keys.tab, into: root)
        Keys.type(Keys.named(.keyboardLeftArrow), into: root)
        Keys.type(Keys.named(.keyboardLeftArrow), into: root)
        Keys.type(Keys.named(.keyboardLeftArrow), into: root)
        #expect(p.currentPage == 0 && changes(r) == 4, "stops at the first page")
        p.numberOfPages = 1
        p.hidesForSinglePage = true
        #expect(p.isHidden)
        p.currentPage = 9
        #expect(p.currentPage == 0)
    }

    @Test func theDotsInThePixels() throws {
        let p = PageControl(frame: Rect(x: 0, y: 0, width: 71, height: 26))
        p.numberOfPages = 5
        p.currentPage = 1
        let root = RootView(size: Size(width: 71, height: 26))
        root.backgroundColor = .white
        root.addSubview(p)
        let s = try Surface(width: 142, height: 52, scale: 2)
        root.render(into: s, full: true)
        // The current dot's centre is black; another's is black at 30 % over white (179).
        #expect(StandardControlTests.rgb(s[39, 26]) == (0, 0, 0))
        #expect(StandardControlTests.close(StandardControlTests.rgb(s[7, 26]), (179, 179, 179)), "\(s[7, 26])")
        #expect(StandardControlTests.rgb(s[24, 26]) == (255, 255, 255), "between dots")
    }
}
