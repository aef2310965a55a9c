import Glibc

/// Zeroed values of a plane in memory of its own, from `calloc`, so that a plane the
/// system cannot give is an error and not a trap; freed with the last reference. Shared
/// by copies of the value holding it: `copy()` makes a new one.
@safe final class PlaneBuffer<Element: BitwiseCopyable> {
    /// The first value; `count` of them.
    let pointer: UnsafeMutablePointer<Element>
    let count: Int

    /// `count` zeros.
    ///
    /// - Throws: `RasterError.outOfMemory` when the memory cannot be had.
    init(zeros count: Int) throws(RasterError) {
        let bytes = max(1, count) * MemoryLayout<Element>.stride
        guard let raw = unsafe calloc(1, bytes) else { throw RasterError.outOfMemory(bytes: bytes) }
        unsafe pointer = unsafe raw.bindMemory(to: Element.self, capacity: max(1, count))
        self.count = count
    }

    deinit { unsafe free(pointer) }

    /// The value at `i`, which must be below `count`.
    @inline(__always) subscript(i: Int) -> Element {
        get { unsafe pointer[i] }
        set { unsafe pointer[i] = newValue }
    }

    /// A buffer holding the same values.
    ///
    /// - Throws: `RasterError.outOfMemory` when the memory cannot be had.
    func copy() throws(RasterError) -> PlaneBuffer {
        let out = try PlaneBuffer(zeros: count)
        // Safe: both hold `count` values.
        unsafe out.pointer.update(from: pointer, count: count)
        return out
    }
}
