import Foundation
import Glibc

/// A directory of a test's own for the files it writes, made under the system's
/// temporary directory with a name no other run shares, and removed with all it holds
/// when the value is dropped. Kept as a stored property of a suite, each test gets its
/// own, gone when the test ends, so that a run leaves no files behind.
public final class ScratchDirectory: Sendable {
    /// The directory's path, without a trailing slash.
    public let path: String

    /// Makes the directory, named after `label`; throws when it cannot be made.
    public init(_ label: String) throws {
        var template = Array((NSTemporaryDirectory() + "vitrine-\(label)-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ScratchError(
                reason: "cannot make a directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` in the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// A directory `name` made in this one, empty.
    public func folder(_ name: String) throws -> String {
        let dir = file(name)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

/// Why a scratch directory could not be made.
public struct ScratchError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
