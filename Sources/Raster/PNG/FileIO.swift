import Glibc

/// Whole-file reads and writes through the C library, with errors that name the file.
package enum FileIO {
    /// Files larger than this are refused rather than read into memory.
    static let maximumFileSize = 1 << 30

    /// The C library's words for an `errno` value.
    static func describe(errno code: Int32) -> String {
        // Safe: strerror returns a NUL-terminated string, copied at once.
        unsafe String(cString: strerror(code))
    }

    /// Whether a file exists at `path`.
    package static func exists(_ path: String) -> Bool { unsafe access(path, F_OK) == 0 }

    /// The whole content of a regular file of at most `limit` bytes. The size is checked
    /// before anything is read: a device, a directory or a larger file is refused at once.

    package static func read(_ path: String, limit: Int = maximumFileSize) throws(RasterError) -> [UInt8] {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RasterError.file(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        // Safe: fstat fills the local structure.
        guard unsafe fstat(fd, &info) == 0 else { throw RasterError.file(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw RasterError.notAFile(path: path) }
        guard info.st_size <= limit else { throw RasterError.fileTooLarge(path: path, limit: limit) }
        var out: [UInt8] = []
        out.reserveCapacity(Int(info.st_size))
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

    /// Writes `bytes` to a file, made or emptied: for the tools' text files (a manifest, a
    /// report), written as pictures are.
    package static func write(_ bytes: [UInt8], to path: String, refusingSymbolicLinks: Bool = true) throws(RasterError) {
        let fd = try create(path, refusingSymbolicLinks: refusingSymbolicLinks)
        defer { _ = close(fd) }
        var done = 0
        while done < bytes.count {
            let n = unsafe bytes.withUnsafeBytes { unsafe Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RasterError.file(path: path, errno: errno)
            }
            done += n
        }
    }

    /// Opens a file for writing, made or emptied; the caller closes the descriptor.
    static func create(_ path: String, refusingSymbolicLinks: Bool) throws(RasterError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (refusingSymbolicLinks ? O_NOFOLLOW : 0)
        let fd = unsafe open(path, flags, 0o644)
        guard fd >= 0 else {
            throw errno == ELOOP && refusingSymbolicLinks ? RasterError.symbolicLink(path: path) : RasterError.file(path: path, errno: errno)
        }
        return fd
    }
}

