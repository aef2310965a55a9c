// swift-format-ignore-file
// The document's code as written, with the renames alone: not reformatted.
import Gallery
import Raster
import Testing
import Views

// Document 002, WBHighlightImage ported: UI/CG prefixes dropped, CGContext* C calls
// written as the context's methods, Objective-C written as Swift.

@MainActor
func WBHighlightImage(_ image: Image) -> Image? {
    let size = image.size
    let bnds = Rect(x: 0.0, y: 0.0, width: size.width, height: size.height)
    var colr: Color? = nil
    var copy: Image? = nil
    var ctxt: Context? = nil

    // this is the mask color
    colr = Color(white: 0, alpha: 0.46)

    // begin image context
    // (Changed: the test for an older system without the call is dropped.)
    GraphicsBeginImageContextWithOptions(bnds.size, false, 0.0)
    ctxt = GraphicsGetCurrentContext()

    // transform CG* coords to UI* coords
    ctxt?.translateBy(x: 0.0, y: bnds.size.height)
    ctxt?.scaleBy(x: 1.0, y: -1.0)

    // draw original image
    ctxt?.draw(image, in: bnds)

    // draw highlight overlay
    ctxt?.clip(to: bnds, mask: image)
    ctxt?.setFillColor(colr!)
    ctxt?.fill(bnds)

    // finish image context
    copy = GraphicsGetImageFromCurrentImageContext()
    GraphicsEndImageContext()

    return copy
}

@MainActor
@Suite struct HighlightImagePortTests {
    @Test func theFunctionIsWhatAPressedButtonShows() throws {
        for scale in [1.0, 2.0] {
            // A screen of the icon's scale, as on a device whose icons are its own.
            Screen.main.scale = scale
            let icon = CalendarIcon.load(scale: scale)
            let ported = try #require(WBHighlightImage(icon))
            #expect(ported == (try Button.highlightedImage(of: icon)), "scale \(scale)")
            // And what the gallery's trio shows third, and the pressed button second.
            let plain = ImageView(frame: Rect(x: 0, y: 0, width: 57, height: 57), image: ported)
            let pressed = Button(frame: Rect(x: 0, y: 0, width: 57, height: 57))
            pressed.setImage(icon, for: .normal)
            pressed.isHighlighted = true
            #expect(try picture(of: plain, scale: scale) == picture(of: pressed, scale: scale))
        }
        #expect(GraphicsGetCurrentContext() == nil, "the image context is ended")
        Screen.main.scale = 1
    }
}
