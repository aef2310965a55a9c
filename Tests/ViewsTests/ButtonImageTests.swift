import Raster
import TestSupport
import Testing

@testable import Views

private let golden = Golden(for: #filePath)

/// The image a pressed button shows.
@MainActor
@Suite struct ButtonImageTests {
    /// A 16 x 16 icon: white rounded square, red top band, two black dots.
    static func icon(top: Color = .red) -> Image {
        let (s, c) = canvas(16, 16, background: nil)
        c.setFillColor(.white)
        c.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 4))
        c.setFillColor(top)
        c.fill(Rect(x: 0, y: 0, width: 16, height: 5))
        c.setFillColor(.black)
        c.fill(Rect(x: 4, y: 8, width: 3, height: 3))
        c.fill(Rect(x: 9, y: 8, width: 3, height: 3))
        return try! Image(surface: s)
    }

    @Test func highlightNumbers() throws {
        let s = try Surface(width: 3, height: 1)
        s[0, 0] = Pixel(r: 255, g: 255, b: 255, a: 255)
        s[1, 0] = .clear
        s[2, 0] = Pixel(r: 128, g: 128, b: 128, a: 128)
        let h = try Button.highlightedImage(of: Image(surface: s), maskAlpha: 0.46)
        // C (1 - m a) and a + m a (1 - a): 255 (1 - 0.46) = 137.7; 128 (1 - 0.46 x 0.5) =
        // 98.6; 128 + 0.46 x 128 x 0.5 = 157.4.
        #expect(abs(Int(h[0, 0].r) - 138) <= 1 && h[0, 0].a == 255)
        #expect(h[1, 0] == .clear)
        let p = h[2, 0]
        #expect(
            abs(Int(p.r) - 98) <= 1 && abs(Int(p.g) - 98) <= 1 && abs(Int(p.b) - 98) <= 1 && abs(Int(p.a) - 157) <= 1)
    }

    /// Independent check: `highlightNumbers` (the highlight formula at pixel values).
    @Test func highlightOfAnIcon() throws {
        let icon = Self.icon()
        let (s, c) = canvas(40, 20, background: nil)
        GraphicsPushContext(c)
        icon.draw(in: Rect(x: 2, y: 2, width: 16, height: 16))
        try Button.highlightedImage(of: icon).draw(in: Rect(x: 22, y: 2, width: 16, height: 16))
        GraphicsPopContext()
        golden.expect(s, suite: "Button", name: "highlight")
    }

    @Test func aNewImageIsHighlightedAfresh() throws {
        // The highlighted image is kept between frames; a new normal image replaces it,
        // even where the new surface takes the old one's memory.
        let button = Button(frame: Rect(x: 0, y: 0, width: 16, height: 16))
        button.isHighlighted = true
        for top in [Color.red, .blue, .green, .red] {
            // The image is cleared first, so that its surface is freed before the next
            // is made and the next may take its address.
            button.setImage(nil, for: .normal)
            button.setImage(Self.icon(top: top), for: .normal)
            let shown = button.currentImage
            #expect(try shown == Button.highlightedImage(of: Self.icon(top: top)))
            #expect(button.currentImage?.surface === shown?.surface)  // drawn again from the cache
        }
    }
}
