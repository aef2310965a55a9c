import Raster

/// The picture comparison engine: an exact fast path; pixels unpremultiplied over
/// white and compared by their YIQ colour distance against a threshold; anti-aliasing
/// detection; budgets; ignored regions; and a diff picture.
public enum ImageDiff {
    /// The largest YIQ distance, between black and white.
    static let maximumDelta = 35215.0

    /// A pixel over white, as straight 8-bit colour: `c + 255 - a` for premultiplied c.
    @inline(__always)
    static func overWhite(_ w: UInt32) -> (r: Double, g: Double, b: Double) {
        let a = Double(w >> 24)
        let r = Double((w >> 16) & 255)
        let g = Double((w >> 8) & 255)
        let b = Double(w & 255)
        return (r + 255 - a, g + 255 - a, b + 255 - a)
    }

    @inline(__always)
    static func brightness(_ c: (r: Double, g: Double, b: Double)) -> Double {
        0.29889531 * c.r + 0.58662247 * c.g + 0.11448223 * c.b
    }

    /// The YIQ distance between two premultiplied pixels over white.
    @inline(__always)
    static func delta(_ p: UInt32, _ q: UInt32) -> Double {
        let a = overWhite(p)
        let b = overWhite(q)
        let dr = a.r - b.r
        let dg = a.g - b.g
        let db = a.b - b.b
        let y = 0.29889531 * dr + 0.58662247 * dg + 0.11448223 * db
        let i = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
        let q = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// Compares `actual` with `expected`; with `diff`, also draws the diff picture (the
    /// expected's luminance faded to 10 % over white, real differences red, edge noise
    /// yellow, ignored regions tinted blue).
    ///
    /// The pictures are read in place, row by row: besides them, the only memory taken is
    /// the diff picture's, so comparing two pictures of the largest size needs at most
    /// three pictures' worth. Ignored regions are clamped to the picture: a region of any
    /// size, or with a coordinate that is not finite, is safe (a NaN one ignores nothing).
    ///
    /// - Throws: `RasterError.outOfMemory` when the diff picture's memory cannot be had.
    public static func compare(
        _ expected: Surface, _ actual: Surface, options: CompareOptions = CompareOptions(),
        diff: Bool = false
    ) throws(RasterError) -> (Comparison, Surface?) {
        let w = expected.width
        let h = expected.height
        let sizeA = (expected.width, expected.height)
        let sizeB = (actual.width, actual.height)
        guard sizeA == sizeB else {
            let c = Comparison(
                expectedSize: sizeA, actualSize: sizeB, differingPixels: 0, antialiasedPixels: 0,
                largestDelta: 1, differenceBounds: nil, comparedPixels: 0, identical: false, options: options)
            return (c, nil)
        }
        let ignored = options.ignoredRegions.compactMap { PixelBox(covering: $0, width: w, height: h) }
        func isIgnored(_ x: Int, _ y: Int) -> Bool { ignored.contains { $0.contains(x, y) } }
        // Without a diff to draw, equal pictures need no more than their rows compared
        // (the scan stops at the first row that differs).
        if !diff && (0..<h).allSatisfy({ expected.rowEquals(actual, $0) }) {
            let c = Comparison(
                expectedSize: sizeA, actualSize: sizeB, differingPixels: 0, antialiasedPixels: 0,
                largestDelta: 0, differenceBounds: nil, comparedPixels: w * h - PixelBox.union(ignored),
                identical: true, options: options)
            return (c, nil)
        }
        let out = diff ? try Surface(width: w, height: h) : nil
        let limit = maximumDelta * options.threshold * options.threshold
        var differing = 0
        var noise = 0
        var largest = 0.0
        var compared = 0
        var x0 = Int.max
        var y0 = Int.max
        var x1 = -1
        var y1 = -1
        var sameRows = 0
        let red = Pixel(r: 255, g: 0, b: 0, a: 255)
        let yellow = Pixel(r: 255, g: 255, b: 0, a: 255)
        for y in 0..<h {
            let sameRow = expected.rowEquals(actual, y)
            if sameRow { sameRows += 1 }
            for x in 0..<w {
                let p = expected[x, y].argb
                // What the diff shows where no difference is: the expected, faded, and
                // tinted blue where ignored.
                func background(ignored: Bool) {
                    guard let out else { return }
                    let grey = min(max(255 + (brightness(overWhite(p)) - 255) * 0.1, 0), 255)
                    if ignored {
                        out[x, y] = Pixel(
                            r: UInt8(grey * 0.8 + 0.5), g: UInt8(grey * 0.8 + 0.5),
                            b: UInt8(grey * 0.8 + 51 + 0.5), a: 255)
                    } else {
                        let g = UInt8(grey + 0.5)
                        out[x, y] = Pixel(r: g, g: g, b: g, a: 255)
                    }
                }
                if !ignored.isEmpty && isIgnored(x, y) {
                    background(ignored: true)
                    continue
                }
                compared += 1
                if sameRow {
                    background(ignored: false)
                    continue
                }
                let q = actual[x, y].argb
                if p == q {
                    background(ignored: false)
                    continue
                }
                let differs: Bool
                if let t = options.channelTolerance {
                    var m = 0
                    for s in stride(from: 0, to: 32, by: 8) {
                        m = max(m, abs(Int((p >> s) & 255) - Int((q >> s) & 255)))
                    }
                    largest = max(largest, Double(m) / 255)
                    differs = m > t
                } else {
                    let d = delta(p, q)
                    largest = max(largest, (d / maximumDelta).squareRoot())
                    differs = d > limit
                }
                guard differs else {
                    background(ignored: false)
                    continue
                }
                if options.detectsAntialiasing && options.channelTolerance == nil
                    && (antialiased(expected, x, y, actual) || antialiased(actual, x, y, expected))
                {
                    noise += 1
                    out?[x, y] = yellow
                    continue
                }
                differing += 1
                out?[x, y] = red
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            }
        }
        let bounds = x1 < 0 ? nil : (x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
        let c = Comparison(
            expectedSize: sizeA, actualSize: sizeB, differingPixels: differing, antialiasedPixels: noise,
            largestDelta: min(largest, 1), differenceBounds: bounds, comparedPixels: compared,
            identical: sameRows == h, options: options)
        return (c, out)
    }

    /// Whether the pixel at (x, y) of `img` is edge noise: between a darker and a brighter
    /// neighbour, one of which sits in a flat area in both pictures (after pixelmatch).
    static func antialiased(_ img: Surface, _ x: Int, _ y: Int, _ other: Surface) -> Bool {
        let (xs, ys, border) = neighbourhood(x, y, img)
        var zeroes = border ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        let centre = img[x, y].argb
        let yc = brightness(overWhite(centre))
        for ny in ys {
            for nx in xs where nx != x || ny != y {
                let n = img[nx, ny].argb
                let d = overWhite(n) == overWhite(centre) ? 0 : yc - brightness(overWhite(n))
                if d == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if d < minDelta {
                    minDelta = d
                    minX = nx
                    minY = ny
                } else if d > maxDelta {
                    maxDelta = d
                    maxX = nx
                    maxY = ny
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Whether a pixel has at least three neighbours of its very colour (a border pixel
    /// starts with one).
    static func hasManySiblings(_ img: Surface, _ x: Int, _ y: Int) -> Bool {
        let (xs, ys, border) = neighbourhood(x, y, img)
        var zeroes = border ? 1 : 0
        let c = overWhite(img[x, y].argb)
        for ny in ys {
            for nx in xs where nx != x || ny != y {
                if overWhite(img[nx, ny].argb) == c {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }

    /// The columns and rows of the 3 x 3 block around (x, y), cut to `img`, and whether
    /// the pixel is on the picture's border (which counts as one neighbour alike).
    static func neighbourhood(_ x: Int, _ y: Int, _ img: Surface) -> (ClosedRange<Int>, ClosedRange<Int>, Bool) {
        let xa = max(x - 1, 0)
        let ya = max(y - 1, 0)
        let xb = min(x + 1, img.width - 1)
        let yb = min(y + 1, img.height - 1)
        return (xa...xb, ya...yb, x == xa || x == xb || y == ya || y == yb)
    }
}
