import Raster

/// Two folders of pictures compared by name: every PNG of the same name through the
/// compare engine, those only in one folder, and those that cannot be compared.
///
/// Only what is directly in each folder is read, and only regular files: a symbolic link
/// is reported as a link and not followed, so nothing outside the folders is read or
/// copied into a report. One pair of pictures is held in memory at a time.
public struct DirectoryComparison: Sendable {
    /// A picture in both folders that differs.
    public struct Change: Sendable {
        /// The file's name.
        public let name: String
        /// What the engine found.
        public let comparison: Comparison
    }

    /// The folders compared.
    public let expected: String, actual: String
    /// The pictures that differ, by name.
    public let changed: [Change]
    /// The pictures equal within the tolerance.
    public let same: [String]
    /// The pictures only in the expected folder.
    public let onlyExpected: [String]
    /// The pictures only in the actual folder.
    public let onlyActual: [String]
    /// The pictures that could not be compared, with why (a link, a FIFO, a picture that
    /// does not decode, memory that could not be had).
    public let unreadable: [(name: String, reason: String)]
    /// The options used.
    public let options: CompareOptions

    /// Whether the folders hold the same pictures, equal within the tolerance.
    public var passes: Bool { changed.isEmpty && onlyExpected.isEmpty && onlyActual.isEmpty && unreadable.isEmpty }

    /// The names ending in `.png` in a folder, with their kinds.
    static func pictures(in folder: Folder) throws(RasterError) -> [String: Folder.Kind] {
        var out: [String: Folder.Kind] = [:]
        for (name, kind) in try folder.entries() where name.lowercased().hasSuffix(".png") { out[name] = kind }
        return out
    }

    /// Compares the folders.
    ///
    /// - Throws: `RasterError.file` for a folder that cannot be opened or listed.
    public init(expected: String, actual: String, options: CompareOptions = CompareOptions()) throws(RasterError) {
        self.expected = expected
        self.actual = actual
        self.options = options
        let folderA = try Folder(expected)
        let folderB = try Folder(actual)
        let a = try Self.pictures(in: folderA)
        let b = try Self.pictures(in: folderB)
        onlyExpected = a.keys.filter { b[$0] == nil }.sorted()
        onlyActual = b.keys.filter { a[$0] == nil }.sorted()
        var changed: [Change] = []
        var same: [String] = []
        var unreadable: [(String, String)] = []
        for name in a.keys.sorted() where b[name] != nil {
            do {
                let (x, y) = try Self.load(name, folderA, a[name]!, folderB, b[name]!)
                let (c, _) = try ImageDiff.compare(x, y, options: options)
                if c.passes { same.append(name) } else { changed.append(Change(name: name, comparison: c)) }
            } catch {
                unreadable.append((name, "\(error)"))
            }
        }
        self.changed = changed
        self.same = same
        self.unreadable = unreadable
    }

    /// The two pictures of a name, refusing what is not a regular file.
    static func load(
        _ name: String, _ folderA: Folder, _ kindA: Folder.Kind, _ folderB: Folder,
        _ kindB: Folder.Kind
    ) throws(RasterError) -> (Surface, Surface) {
        for (folder, kind) in [(folderA, kindA), (folderB, kindB)] {
            let path = folder.path + "/" + name
            switch kind {
            case .file: continue
            case .symbolicLink: throw RasterError.symbolicLink(path: path)
            case .folder, .other: throw RasterError.notAFile(path: path)
            }
        }
        return (try picture(name, in: folderA), try picture(name, in: folderB))
    }

    static func picture(_ name: String, in folder: Folder) throws(RasterError) -> Surface {
        let data = try folder.read(name)
        do {
            return try Surface(pngData: data)
        } catch {
            throw .inFile(path: folder.path + "/" + name, error: error)
        }
    }

    /// A summary, one line a picture that is not the same; names have their control
    /// characters escaped, and a change of size is said as such.
    public var summary: String {
        let e = TextEscaping.terminal
        var lines = [
            "\(changed.count) changed, \(same.count) the same, \(onlyExpected.count) only in \(e(expected)), "
                + "\(onlyActual.count) only in \(e(actual))"
        ]
        for c in changed {
            let r = c.comparison
            lines.append(
                "changed: \(e(c.name)): "
                    + (r.sameSize
                        ? "\(r.differingPixels) pixels"
                        : "sizes differ: \(r.expectedSize.width) x \(r.expectedSize.height) against "
                            + "\(r.actualSize.width) x \(r.actualSize.height)"))
        }
        for n in onlyExpected { lines.append("only in \(e(expected)): \(e(n))") }
        for n in onlyActual { lines.append("only in \(e(actual)): \(e(n))") }
        for u in unreadable { lines.append("unreadable: \(e(u.name)): \(e(u.reason))") }
        return lines.joined(separator: "\n")
    }
}
