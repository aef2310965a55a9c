import Glibc
import Raster

/// The gallery's screenshots: the window's frame saved in the working directory.
public enum Screenshot {
    /// Saves `frame` as `vitrine-YYYYMMDD-HHMMSS-mmm.png` (local time to the millisecond;
    /// `-2`, `-3`, ... before `.png` when that name is taken), prints the name on
    /// standard output at once, and returns what happened, for the status line.
    @discardableResult
    public static func save(_ frame: Surface) -> String {
        let stem = timestamp()
        var name = "\(stem).png"
        var n = 1
        while access(name, F_OK) == 0 {
            n += 1
            name = "\(stem)-\(n).png"
        }
        do {
            try frame.writePNG(to: name, refusingSymbolicLinks: true)
            // Written to the descriptor, unbuffered, so that a reader sees it at once.
            var line = Array((name + "\n").utf8)
            _ = write(1, &line, line.count)
            return "saved \(name)"
        } catch {
            StandardError.write("gallery: cannot save screenshot: \(error)")
            return "screenshot not saved: \(error)"
        }
    }

    /// `vitrine-YYYYMMDD-HHMMSS-mmm` in local time.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, buffer.count, "vitrine-%Y%m%d-%H%M%S", &parts)
        let head = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let ms = now.tv_nsec / 1_000_000
        return head + "-" + (ms < 10 ? "00" : ms < 100 ? "0" : "") + String(ms)
    }
}
