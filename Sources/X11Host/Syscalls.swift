import Glibc

/// The C library calls of the window host that are not Xlib's: the environment and the
/// local time, wrapped once.
enum Syscalls {
    /// The value of an environment variable, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        // Safe: getenv returns a NUL-terminated string or NULL, copied at once.
        unsafe getenv(name).map { unsafe String(cString: $0) }
    }

    /// The local time now, formatted by `strftime` (at most 63 bytes).
    static func localTime(_ format: String) -> String {
        var now = time(nil)
        var parts = unsafe tm()
        var buffer = [CChar](repeating: 0, count: 64)
        // Safe: both structures are local, and strftime writes at most `buffer.count` bytes.
        unsafe localtime_r(&now, &parts)
        unsafe strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
