import ImageDiff
import Raster
import Testing
import Views
import VitrineTesting

@MainActor @Test func checkedBox() {
    let box = Checkbox(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    box.checked = true
    expectSnapshot(of: box, named: "checked", scale: 2)
    // Within a tolerance: up to 4 pixels may differ beyond a colour distance of 0.1.
    expectSnapshot(of: box, named: "checked-loose", scale: 2, tolerance: CompareOptions(maxDiffPixels: 4))
}
