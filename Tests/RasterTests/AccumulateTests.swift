import CRasterKernels
import RasterScenes
import Testing

@testable import Raster

/// The scan converter's accumulation working out four whole rows of a line at once (AVX2)
/// against the same lines row by row: the general path is the oracle, cell for cell.
@Suite struct AccumulateTests {
    @Test(.enabled(if: WideKernels.available, "four rows at once need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func fourRowsAtOnceGiveTheCellsOfRowByRow() {
        var random = SplitMix64(seed: 42)
        var compared = 0
        for trial in 0..<400 {
            // A band of rows and columns somewhere in a 300 x 300 area.
            let left = Int(random.next() % 40)
            let right = left + 8 + Int(random.next() % 250)
            let top = Int(random.next() % 40)
            let bottom = top + 1 + Int(random.next() % 250)
            let width = right - left
            let pitch = (width + 2 + 7) & ~7
            let words = (pitch + 63) >> 6
            let rows = bottom - top
            // Lines of every slope and length: steep and flat, crossing one row or hundreds,
            // ends on whole pixels or not, some reaching past the band on any side.
            var segments: [Double] = []
            for _ in 0..<(1 + Int(random.next() % 12)) {
                var p = (0..<4).map { _ in random.unit() * 340 - 20 }
                if random.next() % 4 == 0 { p = p.map { $0.rounded() } }
                switch random.next() % 4 {
                case 0: p[2] = p[0] + (random.unit() - 0.5) * 4  // steep
                case 1: p[3] = p[1] + (random.unit() - 0.5) * 12  // flat
                default: break
                }
                guard p[1] != p[3] else { continue }
                segments += p
            }
            let shift = Int32([16, 12, 7][trial % 3])
            var narrow = [Int32](repeating: 0, count: pitch * rows)
            var wide = narrow
            var narrowBits = [UInt64](repeating: 0, count: words * rows)
            var wideBits = narrowBits
            segments.withUnsafeBufferPointer { s in
                narrow.withUnsafeMutableBufferPointer { c in
                    narrowBits.withUnsafeMutableBufferPointer { b in
                        crk_accumulate(
                            s.baseAddress, s.count, c.baseAddress, b.baseAddress, left, right, pitch, words, top,
                            bottom, shift, false)
                    }
                }
                wide.withUnsafeMutableBufferPointer { c in
                    wideBits.withUnsafeMutableBufferPointer { b in
                        crk_accumulate(
                            s.baseAddress, s.count, c.baseAddress, b.baseAddress, left, right, pitch, words, top,
                            bottom, shift, true)
                    }
                }
            }
            compared += narrow.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
            if narrow != wide {
                let i = narrow.indices.first { narrow[$0] != wide[$0] }!
                Issue.record(
                    "trial \(trial): cell \(i % pitch) of row \(top + i / pitch): \(wide[i]) against \(narrow[i]) row by row"
                )
            }
            if narrowBits != wideBits { Issue.record("trial \(trial): the touched bits differ") }
        }
        // The lines reached the cells: the comparison was not of empty bands.
        #expect(compared > 100_000)
    }

    @Test func aRasterizerDrawsTheSamePixelsWithAndWithoutRowsAtOnce() throws {
        // Stars and polygons of up to a dozen corners, long lines among them, under both
        // rules and through a clip: `rowsAtOnce` reaches the accumulation, and changes
        // nothing that is drawn.
        var random = SplitMix64(seed: 9)
        let on = Rasterizer()
        let off = Rasterizer()
        off.rowsAtOnce = false
        for trial in 0..<60 {
            let corners = (0..<(3 + Int(random.next() % 10))).map { _ in
                Point(x: random.unit() * 220 - 10, y: random.unit() * 220 - 10)
            }
            let clip = trial % 3 == 0 ? IntRect(x0: 13, y0: 7, x1: 181, y1: 170) : IntRect(width: 200, height: 200)
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            var pictures: [Surface] = []
            for rasterizer in [on, off] {
                rasterizer.reset()
                for i in corners.indices { rasterizer.addSegment(corners[i], corners[(i + 1) % corners.count]) }
                let surface = try Surface(width: 200, height: 200)
                var painter = SolidPainter(surface: surface, color: 0x8040_2010, mode: .normal, mask: nil)
                rasterizer.rasterize(rule: rule, clip: clip, into: &painter)
                pictures.append(surface)
            }
            #expect(pictures[0] == pictures[1], "trial \(trial) (\(rule))")
            #expect(pictures[0] != (try Surface(width: 200, height: 200)), "trial \(trial) drew nothing")
        }
    }
}
