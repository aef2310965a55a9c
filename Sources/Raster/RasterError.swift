/// The errors Raster throws; each message names the value or file that was wrong.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A surface size outside 1...32768 on a side.
    case invalidSurfaceSize(width: Int, height: Int)
    /// A row stride that is not a multiple of 4 or is shorter than a row.
    case invalidStride(stride: Int, width: Int)
    /// A PNG that libpng could not decode; `reason` is libpng's message.
    case pngDecode(reason: String)
    /// A PNG whose dimensions exceed what a surface can hold.
    case pngTooLarge(width: Int, height: Int)
    /// A surface that libpng could not encode.
    case pngEncode(reason: String)
    /// A file that could not be opened, read or written: the C library's `errno`.
    case file(path: String, errno: Int32)
    /// A file larger than what is read into memory.
    case fileTooLarge(path: String, limit: Int)
    /// A path that names a directory, a device or a pipe where a file was expected.
    case notAFile(path: String)
    /// A path to be written that is a symbolic link, where links were refused.
    case symbolicLink(path: String)
    /// A path that would leave the folder it is confined to: absolute, or with a `..`
    /// component (a replay script's `shot` writes only below its own folder).
    case escapes(path: String, folder: String)
    /// Memory the system would not give (`bytes` asked for).
    case outOfMemory(bytes: Int)
    /// A file whose content failed as `error` says (a PNG that does not decode).
    indirect case inFile(path: String, error: RasterError)

    /// What went wrong, in words, as printed.
    public var description: String {
        switch self {
        case .invalidSurfaceSize(let w, let h):
            return "invalid surface size \(w) x \(h): each side must be 1...\(Surface.maximumSide), "
                + "and the pixels at most \(Surface.maximumPixels) (\(Surface.maximumPixels >> 20) Mi)"
        case .invalidStride(let s, let w):
            return
                "invalid stride \(s) bytes for a width of \(w) pixels: it must be a multiple of 4 and at least \(w * 4)"
        case .pngDecode(let reason): return "cannot decode PNG: \(reason)"
        case .pngTooLarge(let w, let h):
            return "PNG of \(w) x \(h) is too large: each side must be at most \(Surface.maximumSide), "
                + "and the pixels at most \(Surface.maximumPixels) (\(Surface.maximumPixels >> 20) Mi)"
        case .outOfMemory(let bytes): return "out of memory: \(bytes >> 20) MiB could not be allocated"
        case .pngEncode(let reason): return "cannot encode PNG: \(reason)"
        case .file(let path, let code):
            return "\(path): \(FileIO.describe(errno: code)) (\(FileIO.name(errno: code) ?? "errno \(code)"))"
        case .fileTooLarge(let path, let limit):
            return limit >= 1 << 20 ? "\(path): larger than \(limit >> 20) MiB" : "\(path): larger than \(limit) bytes"
        case .notAFile(let path): return "\(path): not a regular file"
        case .symbolicLink(let path): return "\(path): a symbolic link, not followed"
        case .escapes(let path, let folder):
            return "\(path): outside the folder \(folder); only relative paths without '..' are allowed"
        case .inFile(let path, let error): return "\(path): \(error)"
        }
    }
}
