import Glibc

/// The pipe that wakes the window's loop from its `poll`: non-blocking at both ends,
/// closed on exec, and closed by its owner's release of it.
///
/// The descriptors are plain integers that never change, so any thread may `wake()`.
final class WakePipe: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Opens the pipe; nil when the system has no descriptors left.
    init?() {
        var ends: [Int32] = [-1, -1]
        // Safe: `ends` holds the two descriptors pipe() writes.
        guard unsafe pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        for fd in ends {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }

    /// Makes a `wait` under way, or the next one, return at once.
    func wake() {
        var byte: UInt8 = 1
        // Safe: one byte from a local variable.
        _ = unsafe write(writeEnd, &byte, 1)
    }

    /// Waits up to `milliseconds` (forever when negative) for one of `fds` to be readable
    /// or for a wake-up, and empties the pipe when woken. Returns the events seen on the
    /// first of `fds`.
    func wait(alongside fds: [Int32], milliseconds: Int32) -> Int16 {
        var entries = (fds + [readEnd]).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Safe: `entries` holds the entries poll() is told of.
        _ = unsafe poll(&entries, nfds_t(entries.count), milliseconds)
        if entries[entries.count - 1].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            // Safe: at most `buffer.count` bytes into the buffer.
            while unsafe read(readEnd, &buffer, buffer.count) > 0 {}
        }
        return entries[0].revents
    }
}
