import Foundation
import RasterScenes
import TestSupport
import Testing

@testable import Raster

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
        let width = 256
        let height = (values.count + width - 1) / width
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
            guard case .pngDecode(let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
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
            guard case .inFile(path, .pngDecode(let reason)) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(error.description == "\(path): cannot decode PNG: \(reason)")
        }
        // A missing file: the path and the C library's errno.
        #expect(throws: RasterError.file(path: "/nonexistent/picture.png", errno: ENOENT)) {
            try Surface(contentsOfPNG: "/nonexistent/picture.png")
        }
        #expect(RasterError.file(path: "/x", errno: ENOENT).description == "/x: No such file or directory (ENOENT)")
        #expect(RasterError.file(path: "/x", errno: 9999).description.hasSuffix("(errno 9999)"))
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocating() throws {
        // rgba8.png with its IHDR width patched to 100000 (and the chunk's CRC fixed).
        let bytes = PNGBytes.withHeaderSize(
            Array(try Data(contentsOf: PNGTests.data.appendingPathComponent("rgba8.png"))),
            width: 100_000, height: 8)
        #expect(throws: RasterError.pngTooLarge(width: 100_000, height: 8)) { try Surface(pngData: bytes) }
    }
}

/// 16-bit and interlaced files against the same picture at 8 bits, files made here.
@Suite struct PNGDepthTests {
    /// A picture of 8-bit straight RGBA pixels: colours over every value, some translucent.
    static func picture(width: Int, height: Int) -> [[UInt8]] {
        var random = SplitMix64(seed: 16)
        return (0..<(width * height)).map { i in
            let a: UInt8 = i % 5 == 0 ? UInt8(1 + random.next() % 254) : 255
            return [UInt8(i % 256), UInt8(random.next() % 256), UInt8((i * 7) % 256), a]
        }
    }

    /// A PNG of the picture, 8 or 16 bits a channel (a 16-bit value is the 8-bit one
    /// times 257), Adam7-interlaced or not, with a gAMA chunk of `gamma` / 100000 when
    /// given; the image data in stored deflate blocks.
    static func png(
        _ pixels: [[UInt8]], width: Int, height: Int, bits: Int, interlaced: Bool, gamma: UInt32?,
        sRGB: Bool = false, filter: UInt8 = 0
    ) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(PNGBytes.crc32(body))
        }
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        let bpp = bits == 16 ? 8 : 4
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            var previous: [UInt8]? = nil
            for y in stride(from: y0, to: height, by: dy) {
                var row: [UInt8] = []
                for x in stride(from: x0, to: width, by: dx) {
                    for v in pixels[y * width + x] { row += bits == 16 ? [v, v] : [v] }
                }
                // The filter of the PNG specification (section 9), applied to the row.
                let up = previous ?? [UInt8](repeating: 0, count: row.count)
                var filtered = row
                for i in row.indices {
                    let a = i >= bpp ? Int(row[i - bpp]) : 0
                    let b = Int(up[i])
                    let c = i >= bpp ? Int(up[i - bpp]) : 0
                    let predictor: Int
                    switch filter {
                    case 1: predictor = a
                    case 2: predictor = b
                    case 3: predictor = (a + b) / 2
                    case 4:
                        let p = a + b - c
                        let pa = abs(p - a)
                        let pb = abs(p - b)
                        let pc = abs(p - c)
                        predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    default: predictor = 0
                    }
                    filtered[i] = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
                }
                raw.append(filter)
                raw += filtered
                previous = row
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            zlib += [
                offset + n == raw.count ? 1 : 0, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)
            ]
            zlib += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for v in raw {
            a = (a + UInt32(v)) % 65521
            b = (b + a) % 65521
        }
        zlib += be32(b << 16 | a)
        var out: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [UInt8(bits), 6, 0, 0, interlaced ? 1 : 0])
        if sRGB { out += chunk("sRGB", [0]) }
        if let gamma { out += chunk("gAMA", be32(gamma)) }
        out += chunk("IDAT", zlib) + chunk("IEND", [])
        return out
    }

    /// Rows written with each filter type of the specification (None, Sub, Up, Average,
    /// Paeth), filtered by the test's own encoder, decode to the same picture: the
    /// unfiltering is libpng's, and Vitrine must hand it the data whole.
    @Test(arguments: [1, 2, 3, 4] as [UInt8])
    func everyFilterTypeDecodesToTheSamePicture(filter: UInt8) throws {
        let (w, h) = (29, 17)
        let pixels = Self.picture(width: w, height: h)
        let plain = try Surface(pngData: Self.png(pixels, width: w, height: h, bits: 8, interlaced: false, gamma: nil))
        for bits in [8, 16] {
            for interlaced in [false, true] {
                let filtered = try Surface(
                    pngData: Self.png(
                        pixels, width: w, height: h, bits: bits, interlaced: interlaced,
                        gamma: nil, filter: filter))
                #expect(filtered == plain, "filter \(filter), \(bits) bits, interlaced \(interlaced)")
            }
        }
    }

    /// With no colour-space chunk, a gAMA of 1/2.2, and an sRGB chunk (and its gAMA).
    @Test(arguments: [(nil, false), (45455, false), (45455, true), (nil, true)] as [(UInt32?, Bool)])
    func sixteenBitInterlacedDecodesAsTheSamePictureAtEightBits(gamma: UInt32?, sRGB: Bool) throws {
        let (w, h) = (37, 23)
        let pixels = Self.picture(width: w, height: h)
        let base = try Surface(
            pngData: Self.png(pixels, width: w, height: h, bits: 8, interlaced: false, gamma: gamma, sRGB: sRGB))
        for interlaced in [false, true] {
            let deep = try Surface(
                pngData: Self.png(
                    pixels, width: w, height: h, bits: 16, interlaced: interlaced, gamma: gamma,
                    sRGB: sRGB))
            var worst = 0
            var differing = 0
            for y in 0..<h {
                for x in 0..<w {
                    let p = base[x, y]
                    let q = deep[x, y]
                    let d = max(
                        abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                        abs(Int(p.a) - Int(q.a)))
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                }
            }
            #expect(
                differing == 0,
                "interlaced \(interlaced), gAMA \(gamma.map(String.init) ?? "none"): \(differing) pixels differ, by up to \(worst)"
            )
        }
        // The 8-bit file decodes to the picture itself (premultiplied).
        let first = pixels[1]
        #expect(
            base[1, 0]
                == Pixel(
                    r: Pixel.premultiply(first[0], first[3]), g: Pixel.premultiply(first[1], first[3]),
                    b: Pixel.premultiply(first[2], first[3]), a: first[3]))
    }
}
