import Raster
import Testing
import Views

@testable import Gallery

/// The `contents-center` specimen: on the right, the bubble's corners are the image's
/// own pixels, unscaled (the definition of `contentsCenter`); on the left, stretched
/// whole, they are not.
@MainActor
@Suite struct ContentsCenterSpecimenTests {
    @Test func theNinePartBubbleKeepsItsCornersPixelForPixel() throws {
        let view = try #require(Catalog.specimen(named: "contents-center")).make { _ in }
        let root = RootView(size: Size(width: 200, height: 80))
        root.backgroundColor = .white
        root.addSubview(view)
        let s = try Surface(width: 200, height: 80)
        _ = root.render(into: s, full: true)
        let image = ContentsCenterBubble.image()
        // The image's pixel over white, as the layer composites it.
        func overWhite(_ p: Pixel) -> Pixel {
            func c(_ v: UInt8) -> UInt8 { UInt8(min(255, Int(v) + (255 - Int(p.a)) * 255 / 255)) }
            return Pixel(r: c(p.r), g: c(p.g), b: c(p.b), a: 255)
        }
        var off = 0
        // Right bubble: 88 x 60 at (106, 10); its 10 x 10 corners are the image's.
        for (ox, oy, ix, iy) in [(106, 10, 0, 0), (184, 10, 14, 0), (106, 60, 0, 14), (184, 60, 14, 14)] {
            for y in 0..<10 {
                for x in 0..<10 {
                    let got = s[ox + x, oy + y]
                    let want = overWhite(image[ix + x, iy + y])
                    let d = max(
                        abs(Int(got.r) - Int(want.r)), abs(Int(got.g) - Int(want.g)), abs(Int(got.b) - Int(want.b)))
                    if d > 2 { off += 1 }
                }
            }
        }
        #expect(off == 0, "\(off) corner pixels differ from the image's own")
        // Left bubble, stretched whole: its top-left corner is not the image's.
        var differs = 0
        for y in 0..<10 { for x in 0..<10 where s[6 + x, 10 + y] != overWhite(image[x, y]) { differs += 1 } }
        #expect(differs > 20)
    }
}
