import TestSupport
import Testing

@testable import Raster

/// A mask's alpha read once (`KeptAlphaMask`) clips as the surface it was read from, on
/// one thread and in bands, alone and times an anti-aliased clip before it.
@Suite struct KeptAlphaMaskTests {
    /// 60 x 40 pixels of alpha varying along both axes, opaque to clear.
    func maskSurface() throws -> Surface {
        let m = try Surface(width: 60, height: 40)
        for y in 0..<40 {
            for x in 0..<60 {
                let a = UInt8((x * 4 + y * 3) % 256)
                m[x, y] = Pixel(r: 0, g: 0, b: 0, a: a)
            }
        }
        return m
    }

    func draw(mask: Surface, kept: KeptAlphaMask?, threads: Int, previous: Bool) throws -> Surface {
        let s = try Surface(width: 100, height: 80)
        s.clear(to: Pixel(r: 255, g: 255, b: 255, a: 255))
        let c = Context(surface: s, threads: RenderThreads(count: threads), drawingAtOnceUpTo: 0)
        if previous { c.clip(to: Path(ellipseIn: Rect(x: 5, y: 3, width: 80, height: 50))) }
        c.clip(to: Rect(x: 13, y: 7, width: 60, height: 40), mask: mask, kept: kept)
        c.setFillColor(Color(red: 0.9, green: 0.1, blue: 0.2))
        c.fill(Rect(x: 0, y: 0, width: 100, height: 80))
        c.flush(bands: threads > 1 ? 5 : nil)
        return s
    }

    @Test(arguments: [1, 3], [false, true])
    func aKeptAlphaClipsAsTheSurfaceItWasReadFrom(threads: Int, previous: Bool) throws {
        let m = try maskSurface()
        let kept = try KeptAlphaMask(surface: m, originX: 13, originY: 7)
        let read = try draw(mask: m, kept: nil, threads: threads, previous: previous)
        let reused = try draw(mask: m, kept: kept, threads: threads, previous: previous)
        #expect(reused == read)
        // Clipped at all: outside the mask nothing, inside it partly.
        #expect(read[90, 70] == Pixel(r: 255, g: 255, b: 255, a: 255) && read[40, 20] != read[90, 70])
    }

    @Test func theKeptAlphaIsWhatTheSurfaceHeldWhenRead() throws {
        let m = try maskSurface()
        let kept = try KeptAlphaMask(surface: m, originX: 13, originY: 7)
        let elsewhere = try KeptAlphaMask(surface: m, originX: 14, originY: 7)
        let lower = try KeptAlphaMask(surface: m, originX: 13, originY: 8)
        let before = try draw(mask: m, kept: nil, threads: 1, previous: false)
        m.clear()
        // Reused, the alpha read before; read afresh, the cleared surface's.
        let afresh = try draw(mask: m, kept: nil, threads: 1, previous: false)
        #expect(try draw(mask: m, kept: kept, threads: 1, previous: false) == before)
        #expect(afresh != before)
        // Read for other device pixels, the kept alpha does not serve: the surface is read.
        #expect(try draw(mask: m, kept: elsewhere, threads: 1, previous: false) == afresh)
        #expect(try draw(mask: m, kept: lower, threads: 1, previous: false) == afresh)
    }
}
