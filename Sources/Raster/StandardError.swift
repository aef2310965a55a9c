import Glibc

/// Writes diagnostics to file descriptor 2, unbuffered and without shared C stream state.
package enum StandardError {
    /// Writes `line` and a newline to standard error.
    package static func write(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = unsafe bytes.withUnsafeMutableBytes {
                unsafe Glibc.write(2, $0.baseAddress! + offset, $0.count - offset)
            }
            if n <= 0 { return }
            offset += n
        }
    }
}
