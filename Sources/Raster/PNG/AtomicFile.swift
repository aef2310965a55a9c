import Glibc

/// A file written atomically: the bytes go to a temporary file beside the destination,
/// which is flushed to the disk and renamed over the destination by `commit()`. Until
/// then the destination is untouched, so a kill, a full disk or an error leaves the old
/// file whole (or none); a file dropped without `commit()` removes its temporary.
///
/// The folder is held open from the start, so the temporary and the rename stay in the
/// folder that was checked even if a path component is swapped meanwhile. One owner for
/// each descriptor: the folder's and the temporary's are closed in `deinit`.
package final class AtomicFile {
    /// The destination as given, for messages.
    package let path: String
    /// The folder holding the destination, open.
    private let directory: Int32
    /// The destination's name in the folder.
    private let name: String
    /// The temporary's name in the folder.
    private let temporary: String
    /// The temporary, open for writing; -1 once closed.
    package private(set) var descriptor: Int32
    private var committed = false

    /// Prepares to write `path`. With `refusingSymbolicLinks`, a destination that is a
    /// symbolic link is refused rather than replaced.
    ///
    /// - Throws: `RasterError.file` when the folder cannot be opened or the temporary
    ///   made, `.symbolicLink` for a refused link, `.notAFile` when the destination is a
    ///   folder, a FIFO or a device.
    package convenience init(path: String, refusingSymbolicLinks: Bool = true) throws(RasterError) {
        let (folder, name) = Self.split(path)
        guard !name.isEmpty, name != ".", name != ".." else { throw RasterError.notAFile(path: path) }
        let dir = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw RasterError.file(path: path, errno: errno) }
        try self.init(directory: dir, name: name, path: path, refusingSymbolicLinks: refusingSymbolicLinks)
    }

    /// Prepares to write `relativePath` below the folder `base`, confined there: an
    /// absolute path, a `..` component or a symbolic link in any component is refused,
    /// each folder being opened relative to the one before without following links.
    ///
    /// - Throws: `RasterError.escapes` for a path that would leave `base`,
    ///   `.symbolicLink` for a link on the way, `.file` for a folder that cannot be opened.
    package convenience init(relativePath: String, beneath base: String) throws(RasterError) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !relativePath.hasPrefix("/"), let last = parts.last, !parts.contains(".."), last != "." else {
            throw RasterError.escapes(path: relativePath, folder: base)
        }
        var dir = unsafe open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw RasterError.file(path: base, errno: errno) }
        var walked = base
        for part in parts.dropLast() where part != "." {
            walked += "/" + part
            let next = unsafe openat(dir, part, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            let code = errno
            close(dir)
            guard next >= 0 else {
                // Linux says ELOOP, or ENOTDIR with O_DIRECTORY, for a link it does not follow.
                if code == ELOOP || code == ENOTDIR, Self.isLink(walked) {
                    throw RasterError.symbolicLink(path: walked)
                }
                throw RasterError.file(path: walked, errno: code)
            }
            dir = next
        }
        try self.init(directory: dir, name: last, path: base + "/" + relativePath, refusingSymbolicLinks: true)
    }

    /// Takes the open folder `directory` (closing it if this fails) and makes the
    /// temporary for `name` in it.
    private init(directory: Int32, name: String, path: String, refusingSymbolicLinks: Bool) throws(RasterError) {
        var info = stat()
        var mode: mode_t = 0o666
        if unsafe fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFLNK {
                if refusingSymbolicLinks {
                    close(directory)
                    throw RasterError.symbolicLink(path: path)
                }
            } else if type != S_IFREG {
                close(directory)
                throw RasterError.notAFile(path: path)
            } else {
                // The new file keeps the old one's permissions.
                mode = info.st_mode & 0o7777
            }
        }
        var fd: Int32 = -1
        var tmp = ""
        for _ in 0..<16 {
            tmp = ".\(name.prefix(200)).\(String(UInt32.random(in: 0...UInt32.max), radix: 36)).tmp"
            fd = unsafe openat(directory, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            let code = errno
            close(directory)
            throw RasterError.file(path: path, errno: code)
        }
        if mode != 0o666 { _ = fchmod(fd, mode) }
        self.path = path
        self.directory = directory
        self.name = name
        self.temporary = tmp
        self.descriptor = fd
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed { _ = unsafe unlinkat(directory, temporary, 0) }
        close(directory)
    }

    /// Appends bytes to the temporary.
    ///
    /// - Throws: `RasterError.file` naming the destination and the cause (`ENOSPC`).
    package func write(_ bytes: [UInt8]) throws(RasterError) {
        let fd = descriptor
        let code = unsafe bytes.withUnsafeBytes { unsafe FileIO.writeAll($0, to: fd) }
        if code != 0 { throw RasterError.file(path: path, errno: code) }
    }

    /// Appends the UTF-8 of a string to the temporary.
    package func write(_ text: String) throws(RasterError) {
        var text = text
        let fd = descriptor
        let code = text.withUTF8 { unsafe FileIO.writeAll(UnsafeRawBufferPointer($0), to: fd) }
        if code != 0 { throw RasterError.file(path: path, errno: code) }
    }

    /// Flushes the temporary to the disk and renames it over the destination.
    ///
    /// - Throws: `RasterError.file` naming the destination and the cause when the data
    ///   cannot be flushed or the rename fails; the destination is then untouched.
    package func commit() throws(RasterError) {
        precondition(!committed && descriptor >= 0, "an atomic file is committed once")
        let synced = fsync(descriptor) == 0 ? 0 : errno
        let closed = close(descriptor) == 0 ? 0 : errno
        descriptor = -1
        if synced != 0 && synced != EINVAL { throw RasterError.file(path: path, errno: synced) }
        if closed != 0 { throw RasterError.file(path: path, errno: closed) }
        guard unsafe renameat(directory, temporary, directory, name) == 0 else {
            throw RasterError.file(path: path, errno: errno)
        }
        committed = true
        // The rename itself made durable; a folder that cannot be synced is no error.
        _ = fsync(directory)
    }

    /// The folder and the last component of a path ("." for a bare name).
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Whether `path` itself is a symbolic link.
    package static func isLink(_ path: String) -> Bool {
        var info = stat()
        return unsafe lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}
