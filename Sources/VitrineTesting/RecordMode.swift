/// When `expectSnapshot` writes references (SNAPSHOTS.md).
public enum RecordMode: String, Sendable, CaseIterable {
    /// Rewrite every reference, and fail so that the change is looked at.
    case all
    /// Write a missing reference and fail, saying so (the default).
    case missing
    /// Rewrite the references that differ, and fail.
    case failed
    /// Compare only: a missing reference is a failure (for CI).
    case never

    /// Whether the mode rewrites references that exist (`all` and `failed`).
    public var rewrites: Bool { self == .all || self == .failed }

    /// The mode the `VITRINE_RECORD` environment variable names, if any.
    public static var fromEnvironment: RecordMode? {
        guard let text = getenv("VITRINE_RECORD").map({ String(cString: $0) }) else { return nil }
        return RecordMode(rawValue: text.lowercased())
    }
}

import Glibc
