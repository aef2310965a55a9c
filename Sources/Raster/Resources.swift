import Glibc

/// Finds the package's `Resources/` folder (the bundled fonts, the gallery's images):
/// from the working directory, then up from the executable (a `swift run` build lives in
/// `.build/<triple>/<config>/`), then in this source file's package, where a program that
/// depends on Vitrine finds it in its checkout.
package enum Resources {
    /// The path of a resource file, or nil when it is nowhere to be found.
    package static func path(_ name: String) -> String? {
        var candidates = ["Resources/\(name)"]
        var exe = [CChar](repeating: 0, count: 4096)
        // Safe: readlink writes at most the count given, one less than the buffer.
        let n = unsafe readlink("/proc/self/exe", &exe, exe.count - 1)
        if n > 0 {
            var dir = String(decoding: exe[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            for _ in 0..<5 {
                dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)])
                if dir.isEmpty { break }
                candidates.append("\(dir)/Resources/\(name)")
            }
        }
        // This file is <package>/Sources/Raster/Resources.swift.
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 3 {
            parts.removeLast(3)
            candidates.append(parts.joined(separator: "/") + "/Resources/\(name)")
        }
        return candidates.first { unsafe access($0, R_OK) == 0 }
    }
}
