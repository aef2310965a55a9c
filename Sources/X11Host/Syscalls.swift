import Glibc

/// The C library calls of the window host that are not Xlib's (the environment), wrapped
/// once.
enum Syscalls {
    /// The value of an environment variable, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        // Safe: getenv returns a NUL-terminated string or NULL, copied at once.
        unsafe getenv(name).map { unsafe String(cString: $0) }
    }

    /// Reads and so resets an eventfd's count when it is set; does nothing, without
    /// waiting, when it is not.
    static func takeEventCount(_ fd: Int32) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        // Safe: one entry, a local variable.
        guard unsafe poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0 else { return }
        var count: UInt64 = 0
        // Safe: eight bytes into a local eight-byte variable.
        _ = unsafe read(fd, &count, 8)
    }

    /// Whether the calling thread is the process's main thread: Linux names it
    /// `/proc/thread-self` -> `PID/task/TID`, and the main thread's TID is the PID.
    static var onMainThread: Bool {
        var buffer = [CChar](repeating: 0, count: 64)
        // Safe: readlink writes at most `buffer.count - 1` bytes into the buffer.
        let n = unsafe readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return false }
        let parts = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "/")
        return parts.count == 3 && parts[0] == parts[2]
    }
}
