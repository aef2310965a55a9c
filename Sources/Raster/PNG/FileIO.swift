import Glibc

/// Whole-file reads and atomic writes through the C library, with errors that name the
/// file and the cause.
///
/// Reads open without blocking and refuse anything but a regular file before a byte is
/// read, so a FIFO, a socket or a device is an error at once rather than a hang. Writes
/// go through `AtomicFile`: a temporary file beside the destination, renamed over it
/// once whole, so a kill or a full disk leaves the old file or the whole new one.
package enum FileIO {
    /// Files larger than this are refused rather than read into memory.
    static let maximumFileSize = 1 << 30

    /// The C library's words for an `errno` value.
    static func describe(errno code: Int32) -> String {
        // Safe: strerror returns a NUL-terminated string, copied at once.
        unsafe String(cString: strerror(code))
    }

    /// The symbolic name of the `errno` values a file operation meets (`ENOSPC`), or nil.
    static func name(errno code: Int32) -> String? {
        let names: [Int32: String] = [
            EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM",
            EACCES: "EACCES", EEXIST: "EEXIST", EXDEV: "EXDEV", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR",
            EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE", ENFILE: "ENFILE", EFBIG: "EFBIG",
            ENOSPC: "ENOSPC", EROFS: "EROFS", ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", EDQUOT: "EDQUOT",
            ENXIO: "ENXIO", EBUSY: "EBUSY", ETXTBSY: "ETXTBSY"
        ]
        return names[code]
    }

    /// Whether a file exists at `path`.
    package static func exists(_ path: String) -> Bool { unsafe access(path, F_OK) == 0 }

    /// The whole content of a regular file of at most `limit` bytes. The file is opened
    /// without blocking and its type and size are checked before anything is read: a
    /// FIFO, a socket, a device, a directory or a larger file is refused at once.
    package static func read(_ path: String, limit: Int = maximumFileSize) throws(RasterError) -> [UInt8] {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw RasterError.file(path: path, errno: errno) }
        defer { close(fd) }
        return try read(descriptor: fd, path: path, limit: limit)
    }

    /// The whole content of the regular file `name` in the folder open as `directory`,
    /// not following a symbolic link (a link is refused as `.symbolicLink`).
    package static func read(
        _ name: String, in directory: Int32, path: String,
        limit: Int = maximumFileSize
    ) throws(RasterError) -> [UInt8] {
        let fd = unsafe openat(directory, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else {
            throw errno == ELOOP ? RasterError.symbolicLink(path: path) : RasterError.file(path: path, errno: errno)
        }
        defer { close(fd) }
        return try read(descriptor: fd, path: path, limit: limit)
    }

    /// Reads an open descriptor to its end after checking that it is a regular file.
    private static func read(descriptor fd: Int32, path: String, limit: Int) throws(RasterError) -> [UInt8] {
        var info = stat()
        // Safe: fstat fills the local structure.
        guard unsafe fstat(fd, &info) == 0 else { throw RasterError.file(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw RasterError.notAFile(path: path) }
        guard info.st_size <= limit else { throw RasterError.fileTooLarge(path: path, limit: limit) }
        let size = Int(info.st_size)
        try checkMemory(size)
        var out: [UInt8] = []
        out.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = unsafe chunk.withUnsafeMutableBytes { unsafe Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RasterError.file(path: path, errno: errno)
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            // The file grew while it was read.
            if out.count > limit { throw RasterError.fileTooLarge(path: path, limit: limit) }
        }
        return out
    }

    /// Writes `bytes` to `path` atomically: the old file, or the whole new one.
    package static func write(_ bytes: [UInt8], to path: String, refusingSymbolicLinks: Bool = true) throws(RasterError)
    {
        let file = try AtomicFile(path: path, refusingSymbolicLinks: refusingSymbolicLinks)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes `bytes` to the whole of an open descriptor; 0, or the `errno` that stopped it.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var done = 0
        while done < bytes.count {
            // Safe: done < count, so the range stays in the buffer.
            let n = unsafe Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }

    /// Throws `RasterError.outOfMemory` unless `bytes` can be allocated now: an array
    /// that cannot get its memory ends the process, so its memory is shown to be there
    /// (allocated and freed) before it is made.
    static func checkMemory(_ bytes: Int) throws(RasterError) {
        guard let probe = unsafe malloc(max(bytes, 1)) else { throw RasterError.outOfMemory(bytes: bytes) }
        unsafe free(probe)
    }

    /// Whether two paths name the same existing file (the same device and inode).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        guard unsafe stat(a, &x) == 0, unsafe stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}
