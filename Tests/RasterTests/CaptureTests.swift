import Testing

@testable import Raster

/// A display list draws a surface as it was when recorded, whatever is written into that
/// surface before the list is drawn; and it copies the surface only when it must.
///
/// The oracle is drawing at once (`Context(surface:)`), which reads the surface when the
/// call is made: a context drawing in bands must give the same pixels, byte for byte.
@Suite struct CaptureTests {
    static let threads = RenderThreads(count: 3)

    static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 4 x 4 surface filled with `color`.
    static func swatch(_ color: Color) throws -> Surface {
        let s = try Surface(width: 4, height: 4)
        let c = Context(surface: s)
        c.setFillColor(color)
        c.fill(Rect(x: 0, y: 0, width: 4, height: 4))
        return s
    }

    /// The ways a surface can be written after it was drawn from: each makes it
    /// transparent, so that both its colour and its alpha (a clip's mask) change.
    enum Write: CaseIterable {
        case context, pixels, clear
        func apply(to s: Surface) {
            switch self {
            case .context:
                Context(surface: s).clear(Rect(x: 0, y: 0, width: 4, height: 4))
            case .pixels:
                for y in 0..<4 { for x in 0..<4 { s[x, y] = .clear } }
            case .clear:
                s.clear()
            }
        }
    }

    /// Draws `source` scaled up, and a clip to it, into a context; writes it; flushes.
    static func picture(threads: RenderThreads?, write: Write) throws -> Surface {
        let source = try swatch(red)
        let target = try Surface(width: 64, height: 64)
        let c = threads.map { Context(surface: target, threads: $0, drawingAtOnceUpTo: 0) } ?? Context(surface: target)
        c.draw(source, in: Rect(x: 0, y: 0, width: 32, height: 64))
        c.saveGState()
        // On whole pixels: the clip keeps the surface itself, to read when drawn.
        c.clip(to: Rect(x: 40, y: 8, width: 4, height: 4), mask: source)
        c.setFillColor(Color(red: 0, green: 1, blue: 0, alpha: 1))
        c.fill(Rect(x: 32, y: 0, width: 32, height: 64))
        c.restoreGState()
        write.apply(to: source)
        c.flush(bands: threads == nil ? nil : 4)
        return target
    }

    /// A context that records draws a small shape at once into a surface that another
    /// context's list has captured: that list still draws the surface as it was.
    @Test func aShapeDrawnAtOnceIntoACapturedSurfaceLeavesTheCaptureAsItWas() throws {
        let draws: [(String, (Context) -> Void)] = [
            ("a circle", { $0.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 4, height: 4))) }),
            ("a square path", { $0.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 4))) }),
            ("a stroke", { $0.stroke(Path(rect: Rect(x: 1, y: 1, width: 2, height: 2))) })
        ]
        let red = Pixel(argb: 0xffff_0000)
        for (name, draw) in draws {
            let source = try CaptureTests.swatch(CaptureTests.red)
            let target = try Surface(width: 8, height: 8)
            let c = Context(surface: target, threads: CaptureTests.threads, drawingAtOnceUpTo: 0)
            c.draw(source, in: Rect(x: 0, y: 0, width: 8, height: 8))
            let writer = Context(surface: source, threads: CaptureTests.threads)
            writer.setFillColor(CaptureTests.blue)
            writer.setStrokeColor(CaptureTests.blue)
            writer.lineWidth = 2
            draw(writer)
            #expect(writer.recorder?.isEmpty == true, "\(name) is drawn at once")
            #expect(source[2, 2] != red, "\(name) is drawn")
            c.flush()
            #expect(target[4, 4] == red, "\(name): the capture as it was")
        }
    }

    @Test(arguments: Write.allCases)
    func aSurfaceWrittenBeforeTheFlushIsDrawnAsItWas(write: Write) throws {
        let once = try CaptureTests.picture(threads: nil, write: write)
        let banded = try CaptureTests.picture(threads: CaptureTests.threads, write: write)
        #expect(once[10, 10] == Pixel(argb: 0xffff_0000), "drawn at once: red")
        #expect(once[41, 9] == Pixel(argb: 0xff00_ff00), "clipped at once to the opaque swatch")
        #expect(once == banded, "in bands: \(banded[10, 10]) at (10, 10), \(banded[41, 9]) at (41, 9)")
    }

    @Test func aBackingStoreRedrawnBetweenRecordAndFlushIsDrawnAsItWas() throws {
        // A backing store is drawn into the frame, then redrawn for the next frame (cleared
        // and drawn again by its own context) before the frame is flushed.
        func frame(threads: RenderThreads?) throws -> Surface {
            let store = try Surface(width: 20, height: 20, scale: 2)
            let paint = Context(surface: store)
            paint.setFillColor(CaptureTests.red)
            paint.fillEllipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
            let target = try Surface(width: 100, height: 100, scale: 2)
            let c =
                threads.map { Context(surface: target, threads: $0, drawingAtOnceUpTo: 0) } ?? Context(surface: target)
            c.draw(store, in: Rect(x: 5, y: 5, width: 10, height: 10))
            c.draw(store, in: Rect(x: 20, y: 20, width: 20, height: 20))
            let redraw = Context(surface: store)
            redraw.clear(Rect(x: 0, y: 0, width: 10, height: 10))
            redraw.setFillColor(CaptureTests.blue)
            redraw.fill(Rect(x: 2, y: 2, width: 6, height: 6))
            c.flush(bands: threads == nil ? nil : 3)
            return target
        }
        #expect(try frame(threads: nil) == frame(threads: CaptureTests.threads))
    }

    @Test func aSurfaceNotWrittenAgainIsNotCopied() throws {
        let source = try CaptureTests.swatch(CaptureTests.red)
        let c = Context(surface: try Surface(width: 8, height: 8), threads: CaptureTests.threads)
        c.draw(source, in: Rect(x: 0, y: 0, width: 8, height: 8))
        c.draw(source, in: Rect(x: 2, y: 2, width: 4, height: 4))
        let captures =
            c.recorder?.entries.commands.compactMap { command -> SurfaceCapture? in
                if case .image(let capture, _) = command { return capture }
                return nil
            } ?? []
        #expect(captures.count == 2)
        #expect(captures.allSatisfy { $0.surface === source }, "shared, not copied")
        #expect(captures[0] === captures[1], "one capture for both")
        Write.context.apply(to: source)
        #expect(captures.allSatisfy { $0.surface !== source && $0.surface?[0, 0] == Pixel(argb: 0xffff_0000) })
        c.flush()
        // Written again after the flush: nothing reads the old pixels, nothing is copied.
        let later = Context(surface: try Surface(width: 8, height: 8), threads: CaptureTests.threads)
        later.draw(source, in: Rect(x: 0, y: 0, width: 8, height: 8))
        later.flush()
        #expect(source.captured().surface === source, "a fresh capture once the old one is gone")
    }

    @Test func aSurfaceDrawnIntoItselfInBandsIsDrawnAsItWas() throws {
        // The surface being drawn is the target: its capture is copied when the render
        // begins to write, so the list reads the pixels as they were when recorded.
        let s = try CaptureTests.swatch(CaptureTests.red)
        let c = Context(surface: s, threads: CaptureTests.threads, drawingAtOnceUpTo: 0)
        c.setFillColor(CaptureTests.blue)
        c.fill(Rect(x: 0, y: 0, width: 4, height: 4))
        c.draw(s, in: Rect(x: 0, y: 0, width: 2, height: 2))
        c.flush(bands: 2)
        #expect(s[0, 0] == Pixel(argb: 0xffff_0000), "the red it held when recorded")
        #expect(s[3, 3] == Pixel(argb: 0xff00_00ff))
    }
}
