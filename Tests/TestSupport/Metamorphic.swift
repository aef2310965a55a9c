import Raster

/// The picture-to-picture maps of the metamorphic tests: what a transform, a clip or a
/// scale drawn through the context must equal when done to the finished picture instead.
public enum Metamorphic {
    /// A transform that flips a `side`-pixel square canvas top to bottom.
    public static func flipTransform(side: Int) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(side))
    }

    /// A transform that turns a `side`-pixel square canvas a quarter turn clockwise (y
    /// down): (x, y) goes to (side - y, x).
    public static func quarterTurnTransform(side: Int) -> AffineTransform {
        AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: Double(side), ty: 0)
    }

    /// The picture flipped top to bottom.
    public static func flipped(_ s: Surface) -> Surface {
        let out = try! Surface(sizeOf: s)
        for y in 0..<s.height { for x in 0..<s.width { out[x, s.height - 1 - y] = s[x, y] } }
        return out
    }

    /// The square picture turned a quarter clockwise: pixel (x, y) goes to (side-1-y, x).
    public static func quarterTurned(_ s: Surface) -> Surface {
        let out = try! Surface(sizeOf: s)
        for y in 0..<s.height { for x in 0..<s.width { out[s.width - 1 - y, x] = s[x, y] } }
        return out
    }

    /// The picture moved by whole pixels, clear where nothing came in.
    public static func shifted(_ s: Surface, dx: Int, dy: Int) -> Surface {
        let out = try! Surface(sizeOf: s)
        for y in 0..<s.height {
            for x in 0..<s.width {
                let sx = x - dx
                let sy = y - dy
                if sx >= 0, sx < s.width, sy >= 0, sy < s.height { out[x, y] = s[sx, sy] }
            }
        }
        return out
    }

    /// The picture with everything outside `r` (whole pixels) made clear.
    public static func cropped(_ s: Surface, to r: IntRectangle) -> Surface {
        let out = try! Surface(sizeOf: s)
        for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { out[x, y] = s[x, y] } }
        return out
    }

    /// The picture halved, each pixel the rounded mean of a 2 x 2 block.
    public static func reduced(_ s: Surface) -> Surface {
        let out = try! Surface(width: s.width / 2, height: s.height / 2)
        for y in 0..<out.height {
            for x in 0..<out.width {
                let p = [s[2 * x, 2 * y], s[2 * x + 1, 2 * y], s[2 * x, 2 * y + 1], s[2 * x + 1, 2 * y + 1]]
                func mean(_ f: (Pixel) -> UInt8) -> UInt8 { UInt8((p.reduce(0) { $0 + Int(f($1)) } + 2) / 4) }
                out[x, y] = Pixel(r: mean { $0.r }, g: mean { $0.g }, b: mean { $0.b }, a: mean { $0.a })
            }
        }
        return out
    }

    /// The largest channel difference, and how many pixels differ by more than `far`.
    public static func difference(_ a: Surface, _ b: Surface, far: Int = 64) -> (
        largest: Int, farPixels: Int, mean: Double
    ) {
        var largest = 0
        var farPixels = 0
        var sum = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y]
                let q = b[x, y]
                let d = [
                    abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                    abs(Int(p.a) - Int(q.a))
                ]
                largest = max(largest, d.max()!)
                sum += d.reduce(0, +)
                if d.max()! > far { farPixels += 1 }
            }
        }
        return (largest, farPixels, Double(sum) / Double(a.width * a.height * 4))
    }
}

/// A rectangle of whole pixels, x0..<x1 across and y0..<y1 down.
public struct IntRectangle: Sendable {
    public var x0, y0, x1, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
    public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)) }
}
