import CRasterKernels
import Glibc

/// One backdrop blur of a box of a surface (`Context.blur(_:radius:opacity:)`), in two
/// halves that threads can share: `blurRows` reads rows of the box and blurs them along
/// the rows, any rows in any order; once every row is done, `blurColumns` blurs columns
/// down and puts them back, mixed over the original by `strength` times the mask, any
/// columns in any order. The pixels are the same however the rows and columns are cut,
/// byte for byte: each float is computed by the same operations in the same order.
///
/// Two parts that touch the same rows, or the same columns, must not run at once; nor a
/// row part with a column part.
@safe final class BackdropBlur: @unchecked Sendable {
    /// What a blur blurs, worked out in a context's state: the device pixels, the sigma
    /// in them and the strength it is mixed back with (0...255).
    struct Placement {
        let box: IntRect
        let sigma: Double
        let strength: UInt32
    }

    /// The blurred pixels, in the surface's pixels.
    let box: IntRect
    private let sigma: Double
    private let strength: UInt32
    private let mask: ClipMask?
    /// The box's pixels as four floats each, and as many of scratch.
    private let pixels: UnsafeMutablePointer<SIMD4<Float>>
    private let scratch: UnsafeMutablePointer<SIMD4<Float>>

    /// A blur of `box` (inside the surface it will read, and the mask's bounds) with
    /// sigma `sigma` in device pixels, mixed back by `strength` (0...255).
    ///
    /// - Throws: `RasterError.outOfMemory` when its working copies cannot be had.
    init(box: IntRect, sigma: Double, strength: UInt32, mask: ClipMask?) throws(RasterError) {
        let count = max(box.width * box.height, 1)
        let bytes = count * MemoryLayout<SIMD4<Float>>.stride
        guard let a = unsafe malloc(bytes) else { throw RasterError.outOfMemory(bytes: bytes) }
        guard let b = unsafe malloc(bytes) else {
            unsafe free(a)
            throw RasterError.outOfMemory(bytes: bytes)
        }
        unsafe pixels = a.bindMemory(to: SIMD4<Float>.self, capacity: count)
        unsafe scratch = b.bindMemory(to: SIMD4<Float>.self, capacity: count)
        self.box = box
        self.sigma = GaussianBlur.clampSigma(sigma)
        self.strength = strength
        self.mask = mask
    }

    deinit {
        unsafe free(pixels)
        unsafe free(scratch)
    }

    /// Reads rows `rows` of the box (0 its top row) from `surface` and blurs them along
    /// the rows.
    func blurRows(_ rows: Range<Int>, of surface: Surface) {
        let r = rows.clamped(to: 0..<box.height)
        let w = box.width
        guard !r.isEmpty, w > 0 else { return }
        // Safe: every row read lies in the box, inside the surface; the buffers hold the
        // box's rows of w pixels of four floats.
        unsafe pixels.withMemoryRebound(to: Float.self, capacity: 4 * w * box.height) { floats in
            for y in r { unsafe crk_floats_of_pixels(surface.row(box.y0 + y) + box.x0, floats + 4 * w * y, w) }
        }
        unsafe GaussianBlur.blurRows(pixels, into: scratch, width: w, rows: r, sigma: sigma, edges: .clamp)
    }

    /// Blurs columns `columns` of the box (0 its left column) down, every row of them
    /// blurred along first, and puts them back into `surface`.
    func blurColumns(_ columns: Range<Int>, into surface: Surface) {
        let c = columns.clamped(to: 0..<box.width)
        let w = box.width
        let h = box.height
        guard !c.isEmpty, h > 0 else { return }
        unsafe GaussianBlur.blurColumns(
            scratch, into: pixels, width: w, height: h, columns: c, sigma: sigma, edges: .clamp)
        // Safe: as above; every pixel written lies in the box, and in the mask's bounds.
        unsafe pixels.withMemoryRebound(to: Float.self, capacity: 4 * w * h) { floats in
            for y in 0..<h {
                unsafe crk_mix_floats_into_pixels(
                    floats + 4 * (w * y + c.lowerBound),
                    surface.row(box.y0 + y) + box.x0 + c.lowerBound,
                    mask?.pointer(box.x0 + c.lowerBound, box.y0 + y), c.count, strength)
            }
        }
    }
}
