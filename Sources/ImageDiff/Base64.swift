import Foundation

/// Base64 (RFC 4648, with padding), for pictures inlined in a report as data URIs:
/// Foundation's encoder, which is fast even where this package is built for debugging.
enum Base64 {
    /// The encoding of `bytes`.
    static func encode(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBytes { Data($0).base64EncodedString() }
    }
}
