import Glibc

/// A folder held open for reading what is directly in it, without following links out:
/// its entries are listed with their kinds as they are (a link is reported as a link),
/// and files are read relative to the open folder, never through a link.
package final class Folder {
    /// What an entry is, as `lstat` sees it.
    package enum Kind: Equatable, Sendable {
        /// A regular file.
        case file
        /// A symbolic link, not followed.
        case symbolicLink
        /// A folder.
        case folder
        /// A FIFO, a socket or a device.
        case other
    }

    /// The folder's path as given.
    package let path: String
    private let descriptor: Int32

    /// Opens the folder at `path`.
    ///
    /// - Throws: `RasterError.file` with the cause when it cannot be opened.
    package init(_ path: String) throws(RasterError) {
        let fd = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw RasterError.file(path: path, errno: errno) }
        self.path = path
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Every entry but `.` and `..`, sorted by name, with its kind.
    ///
    /// - Throws: `RasterError.file` when the folder cannot be listed.
    package func entries() throws(RasterError) -> [(name: String, kind: Kind)] {
        // fdopendir takes the descriptor it is given: list through a duplicate.
        let fd = dup(descriptor)
        guard fd >= 0, let dir = unsafe fdopendir(fd) else {
            let code = errno
            if fd >= 0 { close(fd) }
            throw RasterError.file(path: path, errno: code)
        }
        defer { unsafe closedir(dir) }
        unsafe rewinddir(dir)
        var out: [(String, Kind)] = []
        while true {
            errno = 0
            guard let entry = unsafe readdir(dir) else {
                if errno != 0 { throw RasterError.file(path: path, errno: errno) }
                break
            }
            // Safe: d_name is a NUL-terminated array inside the entry readdir returned.
            let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                unsafe String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard unsafe fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: out.append((name, .file))
            case S_IFLNK: out.append((name, .symbolicLink))
            case S_IFDIR: out.append((name, .folder))
            default: out.append((name, .other))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The whole content of the regular file `name` directly in the folder, not through a
    /// link (see `FileIO.read`).
    package func read(_ name: String, limit: Int = FileIO.maximumFileSize) throws(RasterError) -> [UInt8] {
        try FileIO.read(name, in: descriptor, path: path + "/" + name, limit: limit)
    }
}
