import Glibc

/// The C library calls of the window host that are not Xlib's (the environment), wrapped
/// once.
enum Syscalls {
    /// The value of an environment variable, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        // Safe: getenv returns a NUL-terminated string or NULL, copied at once.
        unsafe getenv(name).map { unsafe String(cString: $0) }
    }
}

