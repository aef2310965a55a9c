/// 257, kept in memory where the optimiser cannot see it.
///
/// `round(t / 255)` for a 16-bit product `t` is the high half of `(t + 128) * 257`: one
/// `pmulhuw` for eight lanes. Given the constant, LLVM rewrites that multiply as 32-bit
/// shifts and adds, five more instructions for every four pixels; read from a heap word
/// that it cannot trace back to its initial value, the multiply stays one instruction.
enum RoundingMultiplier {
    /// Written once, before the first read, and never again, so sharing it is safe.
    nonisolated(unsafe) private static let storage: UnsafeMutablePointer<UInt16> = {
        let word = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
        unsafe word.initialize(to: 257)
        return unsafe word
    }()

    /// The multiplier.
    static var value: UInt16 { unsafe storage.pointee }
}
