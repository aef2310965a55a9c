import Glibc

/// Whole-file reads and writes through the C library, with errors that name the file.
enum FileIO {
    /// Files larger than this are refused rather than read into memory.
    static let maximumFileSize = 1 << 30

    /// The C library's words for an `errno` value.
    static func describe(errno code: Int32) -> String {
        // Safe: strerror returns a NUL-terminated string, copied at once.
        unsafe String(cString: strerror(code))
    }

    static func read(_ path: String) throws(RasterError) -> [UInt8] {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RasterError.file(path: path, errno: errno) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = unsafe chunk.withUnsafeMutableBytes { unsafe Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RasterError.file(path: path, errno: errno)
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > maximumFileSize { throw RasterError.fileTooLarge(path: path, limit: maximumFileSize) }
        }
        return out
    }

    static func write(_ data: [UInt8], to path: String) throws(RasterError) {
        let fd = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RasterError.file(path: path, errno: errno) }
        defer { close(fd) }
        var offset = 0
        while offset < data.count {
            let n = unsafe data.withUnsafeBytes { unsafe Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RasterError.file(path: path, errno: errno)
            }
            offset += n
        }
    }
}
