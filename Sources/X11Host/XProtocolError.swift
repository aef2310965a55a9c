/// A protocol error the X server reported for a request (Xlib's `XErrorEvent`).
public struct XProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error code: `BadWindow` is 3, `BadDrawable` 9, `BadAccess` 10 (X.h).
    public let code: UInt8
    /// The major opcode of the request that failed.
    public let request: UInt8
    /// The minor opcode, for a request of an extension.
    public let minorCode: UInt8
    /// The resource the request named (a window, a pixmap, a segment).
    public let resource: UInt
    /// Xlib's words for the code.
    public let text: String

    /// Makes an error value from its fields.
    public init(code: UInt8, request: UInt8, minorCode: UInt8, resource: UInt, text: String) {
        self.code = code
        self.request = request
        self.minorCode = minorCode
        self.resource = resource
        self.text = text
    }

    /// What went wrong, in words, as printed.
    public var description: String {
        "X error \(code) (\(text)) for request \(request).\(minorCode) on resource 0x\(String(resource, radix: 16))"
    }
}
