import Raster

let surface = try Surface(width: 400, height: 240, scale: 2)  // 200 x 120 points
let context = Context(surface: surface)
context.setShadow(offset: Size(width: 0, height: 3), blur: 6)
context.setFillColor(Color(red: 0.2, green: 0.5, blue: 0.9))
context.fill(Path(roundedRect: Rect(x: 10, y: 10, width: 180, height: 100), cornerRadius: 20))
try surface.writePNG(to: "badge.png")
