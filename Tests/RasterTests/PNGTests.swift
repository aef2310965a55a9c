import Foundation
import Raster
import Testing
import TestSupport

private let golden = Golden(for: #filePath)

@Suite struct PNGTests {
    static let data = golden.testsDirectory.appendingPathComponent("Data")

    func load(_ name: String) throws -> Surface {
        try Surface(contentsOfPNG: PNGTests.data.appendingPathComponent(name).path)
    }

    /// Straight r, g, b, a of a pixel.
    func straight(_ s: Surface, _ x: Int, _ y: Int) -> [Int] {
        let p = s[x, y].unpremultiplied
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func everyPremultipliedPixelSurvivesAWriteAndRead() throws {
        // Every (c, a) with c <= a, in each channel position.
        var values: [(UInt8, UInt8)] = []
        for a in 0...255 { for c in 0...a { values.append((UInt8(c), UInt8(a))) } }
        let width = 256, height = (values.count + width - 1) / width
        let s = try Surface(width: width, height: height)
        for (i, (c, a)) in values.enumerated() {
            s[i % width, i / width] = Pixel(r: c, g: UInt8(Int(c) / 2), b: a - c, a: a)
        }
        let back = try Surface(pngData: try s.pngData())
        #expect(back == s)
    }

    @Test func readsEveryKindOfPNG() throws {
        let rgba = try load("rgba8.png")
        #expect(straight(rgba, 2, 5) == [64, 160, 200, 255])
        #expect(rgba[3, 5] == Pixel(r: 48, g: 80, b: 100, a: 128))
        // 16-bit interlaced: the case libpng's own 8-bit conversion gets wrong.
        let interlaced16 = try load("rgba16-interlaced.png")
        #expect(interlaced16 == rgba)
        let palette = try load("palette.png")
        #expect(straight(palette, 3, 5) == [96, 160, 200, 255] && straight(palette, 7, 7) == [224, 224, 200, 255])
        let grey = try load("grey.png")
        #expect(grey[3, 5] == Pixel(r: 101, g: 101, b: 101, a: 255))
        let greyAlpha = try load("grey-alpha.png")
        #expect(straight(greyAlpha, 3, 5)[3] == 100 && abs(straight(greyAlpha, 3, 5)[0] - 101) <= 1)
    }

    @Test func badFilesAreThrownErrorsThatSayWhy() throws {
        var random = [UInt8](repeating: 0, count: 4096)
        var g = SystemRandomNumberGenerator()
        for i in random.indices { random[i] = UInt8.random(in: 0...255, using: &g) }
        #expect(throws: RasterError.self) { try Surface(pngData: random) }
        #expect(throws: RasterError.self) { try Surface(pngData: []) }
        let good = try Data(contentsOf: PNGTests.data.appendingPathComponent("rgba8.png"))
        let truncated = Array(good.prefix(good.count - 30))
        do {
            _ = try Surface(pngData: truncated)
            Issue.record("a truncated PNG decoded")
        } catch {
            guard case .pngDecode(let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(!reason.isEmpty)
        }
        // From a file, the same error comes typed under the file's path.
        let path = NSTemporaryDirectory() + "vitrine-\(getpid())-truncated.png"
        try Data(truncated).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        do {
            _ = try Surface(contentsOfPNG: path)
            Issue.record("a truncated PNG file decoded")
        } catch {
            guard case .inFile(path, .pngDecode(let reason)) = error else { Issue.record("wrong error \(error)"); return }
            #expect(error.description == "\(path): cannot decode PNG: \(reason)")
        }
        // A missing file: the path and the C library's errno.
        #expect(throws: RasterError.file(path: "/nonexistent/picture.png", errno: ENOENT)) {
            try Surface(contentsOfPNG: "/nonexistent/picture.png")
        }
        #expect(RasterError.file(path: "/x", errno: ENOENT).description == "/x: No such file or directory (errno 2)")
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocating() throws {
        // rgba8.png with its IHDR width patched to 100000 (and the chunk's CRC fixed).
        var bytes = Array(try Data(contentsOf: PNGTests.data.appendingPathComponent("rgba8.png")))
        let width: UInt32 = 100_000
        for k in 0..<4 { bytes[16 + k] = UInt8(truncatingIfNeeded: width >> (24 - 8 * UInt32(k))) }
        let crc = crc32(Array(bytes[12..<29]))
        for k in 0..<4 { bytes[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        #expect(throws: RasterError.pngTooLarge(width: 100_000, height: 8)) { try Surface(pngData: bytes) }
    }

    func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xffff_ffff
    }
}
