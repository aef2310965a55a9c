import Layers
import Raster
import Testing
import Views
import VitrineTesting

@testable import Gallery

/// The gestures specimen: each recognizer on its square fires, and the status line says
/// which; a double click fires the double tap and no single tap.
@MainActor
@Suite(.manualClock(), .serialized) struct GestureSpecimenTests {
    @Test func eachRecognizerOfTheSquareReportsInTheStatusLine() throws {
        MediaClock.manualTime = 10
        let (root, page) = Gallery.makeRoot()
        page.reveal("gestures")
        root.layoutIfNeeded()
        let card = try #require(page.cards.first { $0.specimen.name == "gestures" })
        let square = try #require(card.content.subviews.first)
        let c = square.convert(Point(x: 30, y: 30), to: nil)
        var t = 10.0
        func advance(_ seconds: Double) {
            let end = t + seconds
            while t < end - 1e-9 {
                t = min(end, t + 0.01)
                MediaClock.manualTime = t
                AnimationEngine.step(at: t)
            }
        }
        func click() {
            root.handle(PointerEvent(.press, at: c))
            root.handle(PointerEvent(.release, at: c))
        }
        var seen: [String] = []
        func note() { if let s = page.status.text, seen.last != s { seen.append(s) } }
        click()
        advance(0.1)
        click()
        advance(0.6)
        note()
        click()
        advance(0.6)
        note()
        root.handle(PointerEvent(.press, at: c))
        advance(0.6)
        note()
        root.handle(PointerEvent(.release, at: c))
        root.handle(PointerEvent(.press, at: c))
        root.handle(PointerEvent(.move, at: Point(x: c.x + 20, y: c.y)))
        root.handle(PointerEvent(.move, at: Point(x: c.x + 30, y: c.y + 5)))
        root.handle(PointerEvent(.release, at: Point(x: c.x + 30, y: c.y + 5)))
        note()
        #expect(seen == ["gestures: double tap", "gestures: tap", "gestures: long press", "gestures: pan by 30, 5"])
        #expect(square.frame.minX == 100 && square.frame.minY == 25, "the square followed the pan")
    }
}
