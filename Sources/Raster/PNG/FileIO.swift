import Glibc

/// Whole-file reads and writes through the C library, with errors that name the file.
enum FileIO {
    /// Files larger than this are refused rather than read into memory.
    static let maximumFileSize = 1 << 30

    static func read(_ path: String) throws -> [UInt8] {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw unsafe RasterError.file(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = unsafe chunk.withUnsafeMutableBytes { unsafe Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw unsafe RasterError.file(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > maximumFileSize { throw RasterError.file(path: path, reason: "larger than 1 GiB") }
        }
        return out
    }

    static func write(_ data: [UInt8], to path: String) throws {
        let fd = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw unsafe RasterError.file(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var offset = 0
        while offset < data.count {
            let n = unsafe data.withUnsafeBytes { unsafe Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw unsafe RasterError.file(path: path, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }
}
