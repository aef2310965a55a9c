import Glibc

/// A grid of premultiplied BGRA8 pixels (`0xAARRGGBB` little-endian words) with an
/// explicit row stride and a scale factor from points to pixels; what a `Context` draws
/// into, and what a window's frame buffer or a PNG becomes.
@safe public final class Surface {
    /// The largest width or height a surface may have.
    public static let maximumSide = 32768
    /// The most pixels a surface may have: 2^28, 1 GiB of pixels, the pixel budget of
    /// every surface (a screenshot, a decoded PNG, a window's frame). A surface of that
    /// many pixels can be written as a PNG.
    public static let maximumPixels = 1 << 28

    /// Whether a surface of `width` x `height` pixels is within the limits: each side
    /// 1...`maximumSide`, and at most `maximumPixels` in all.
    public static func allows(width: Int, height: Int) -> Bool {
        (1...maximumSide).contains(width) && (1...maximumSide).contains(height) && width * height <= maximumPixels
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (at least `width * 4`, a multiple of 4).
    public let stride: Int
    /// Pixels per point: a context on this surface starts with this scale.
    public let scale: Double

    /// Words from one row to the next.
    let rowWords: Int
    /// The first pixel; valid for `height * rowWords` words for the surface's lifetime.
    let base: UnsafeMutablePointer<UInt32>
    private let owned: Bool
    /// The capture of these pixels that display lists not yet drawn read
    /// (`SurfaceCapture`), if any: handed a copy before the surface is next written.
    private weak var capture: SurfaceCapture?
    /// Whether `capture` may be set: tested on every write, where loading a weak
    /// reference would cost an atomic operation.
    private var isCaptured = false

    /// Creates a transparent surface of `width` x `height` pixels.
    ///
    /// - Parameters:
    ///   - width: the pixels across, 1...32768.
    ///   - height: the pixels down, 1...32768.
    ///   - scale: pixels per point; non-finite or non-positive values become 1.
    /// - Throws: `RasterError.invalidSurfaceSize` when a side is outside 1...32768 or
    ///   the pixels are more than `maximumPixels`; `.outOfMemory` when the system cannot
    ///   give the memory (never a crash).
    public convenience init(width: Int, height: Int, scale: Double = 1) throws(RasterError) {
        try Surface.check(width: width, height: height)
        // calloc, not allocate(capacity:): a failed allocation is an error, not a trap,
        // and untouched pages of a large surface stay unmapped zeros.
        guard let memory = unsafe calloc(width * height, 4) else {
            throw RasterError.outOfMemory(bytes: width * height * 4)
        }
        unsafe self.init(owning: memory, width: width, height: height, scale: scale)
    }

    /// Creates a surface of `width` x `height` pixels whose rows `rows` are transparent
    /// and whose other rows hold whatever the memory held: a band's share of a
    /// transparency layer, drawn and composited in the band's rows only, which then
    /// clears and touches only those. The other rows must never be read.
    ///
    /// - Throws: as `init(width:height:scale:)`.
    package convenience init(width: Int, height: Int, scale: Double, clearingRows rows: Range<Int>) throws(RasterError)
    {
        try Surface.check(width: width, height: height)
        guard let memory = unsafe malloc(width * height * 4) else {
            throw RasterError.outOfMemory(bytes: width * height * 4)
        }
        let cleared = rows.clamped(to: 0..<height)
        #if DEBUG
            // In debug builds the other rows hold a colour no drawing makes, so that a read of
            // them shows in the pixels (the band tests compare them with one thread's).
            // Safe: the `width * height` words were just allocated.
            unsafe memory.bindMemory(to: UInt32.self, capacity: width * height).initialize(
                repeating: 0x80c0_4020, count: width * height)
        #endif
        // Safe: the rows cleared lie inside the `width * height` words just allocated.
        unsafe memset(memory + cleared.lowerBound * width * 4, 0, cleared.count * width * 4)
        unsafe self.init(owning: memory, width: width, height: height, scale: scale)
    }

    /// A surface of `width` x `height` pixels, tightly packed, in `memory` from malloc,
    /// which it frees.
    private init(owning memory: UnsafeMutableRawPointer, width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.stride = width * 4
        self.rowWords = width
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        unsafe self.base = unsafe memory.bindMemory(to: UInt32.self, capacity: width * height)
        self.owned = true
    }

    /// Creates a transparent surface of the size and scale of `other`.
    ///
    /// - Throws: `RasterError.outOfMemory` when the memory cannot be had.
    public convenience init(sizeOf other: Surface) throws(RasterError) {
        try self.init(width: other.width, height: other.height, scale: other.scale)
    }

    /// Wraps caller-owned memory, drawn into in place (a window's shared-memory frame).
    /// The memory must hold `height * stride` bytes, stay valid and not move while the
    /// surface lives; it is not freed by the surface.
    package init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double = 1)
        throws(RasterError)
    {
        try Surface.check(width: width, height: height)
        guard stride % 4 == 0, stride >= width * 4 else {
            throw RasterError.invalidStride(stride: stride, width: width)
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.rowWords = stride / 4
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        // Safe: the caller guarantees `height * stride` bytes of 4-byte-aligned memory.
        unsafe self.base = unsafe memory.bindMemory(to: UInt32.self, capacity: height * (stride / 4))
        self.owned = false
    }

    deinit {
        if owned { unsafe free(base) }
    }

    private static func check(width: Int, height: Int) throws(RasterError) {
        guard allows(width: width, height: height) else {
            throw RasterError.invalidSurfaceSize(width: width, height: height)
        }
    }

    /// The size in points (pixels divided by the scale).
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The pixel at column `x`, row `y`; reading outside the surface gives `.clear` and
    /// writing there does nothing.
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return .clear }
            return unsafe Pixel(argb: base[y * rowWords + x])
        }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            willWrite()
            unsafe base[y * rowWords + x] = newValue.argb
        }
    }

    /// Sets every pixel to `pixel` (transparent by default).
    public func clear(to pixel: Pixel = .clear) {
        let word = pixel.argb
        willWrite()
        unsafe Compositor.fill(base, stride: rowWords, rows: height, count: width, color: word)
    }

    /// A new surface with the same pixels, size and scale, tightly packed.
    public func copy() throws(RasterError) -> Surface {
        let s = try Surface(sizeOf: self)
        for y in 0..<height { unsafe (s.base + y * width).update(from: base + y * rowWords, count: width) }
        return s
    }

    /// The pixels row by row as `0xAARRGGBB` words, without stride padding.
    public var words: [UInt32] {
        var out = [UInt32]()
        out.reserveCapacity(width * height)
        for y in 0..<height {
            unsafe out.append(contentsOf: UnsafeBufferPointer(start: base + y * rowWords, count: width))
        }
        return out
    }

    /// Whether row `y` of this surface and of `other` hold the same pixels (both in range,
    /// the widths equal).
    package func rowEquals(_ other: Surface, _ y: Int) -> Bool {
        guard width == other.width, y >= 0, y < height, y < other.height else { return false }
        return unsafe memcmp(row(y), other.row(y), width * 4) == 0
    }

    /// These pixels as a display list reads them: the surface itself until it is next
    /// written, then a copy of what it held here. One capture serves every list that
    /// reads the surface until then.
    func captured() -> SurfaceCapture {
        if isCaptured, let capture { return capture }
        let c = SurfaceCapture(self)
        capture = c
        isCaptured = true
        return c
    }

    /// Hands the pending capture, if any, a copy of the pixels: called before anything
    /// writes them.
    @inline(__always) func willWrite() {
        if isCaptured { detachCapture() }
    }

    private func detachCapture() {
        isCaptured = false
        capture?.detach()
        capture = nil
    }

    /// The first word of row `y`.
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { unsafe base + y * rowWords }
}

extension Surface: Equatable {
    /// Two surfaces are equal when their sizes and every pixel are (scale and stride aside).
    public static func == (a: Surface, b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height where unsafe memcmp(a.row(y), b.row(y), a.width * 4) != 0 { return false }
        return true
    }
}
