/// The errors of the Text module; each names what was asked for.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// fontconfig found no font file at all for the request.
    case fontNotFound(family: String)
    /// FreeType could not open the font file fontconfig named.
    case fontUnreadable(path: String, code: Int32)
    /// FreeType could not start.
    case freeTypeUnavailable(code: Int32)

    /// What went wrong, in words, as printed.
    public var description: String {
        switch self {
        case .fontNotFound(let family):
            return "no font found for \"\(family)\": is fontconfig configured with any fonts?"
        case .fontUnreadable(let path, let code): return "cannot open font \(path) (FreeType error \(code))"
        case .freeTypeUnavailable(let code): return "cannot initialise FreeType (error \(code))"
        }
    }
}
