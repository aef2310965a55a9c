/// A value as D-Bus carries it, with its type: what the service reads from a message and
/// writes into one.
indirect enum BusValue: Equatable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array of values of the type `element` (a signature), so that an empty one has
    /// a type.
    case array(element: String, [BusValue])
    /// A dictionary, an array of key-value entries (`a{kv}`).
    case dictionary(key: String, value: String, [DictionaryEntry])
    case structure([BusValue])
    case variant(BusValue)

    /// A dictionary entry.
    struct DictionaryEntry: Equatable {
        var key: BusValue
        var value: BusValue
    }

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictionary(let k, let v, _): "a{" + k + v + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    // MARK: Reading

    var string: String? {
        switch self {
        case .string(let s), .objectPath(let s), .signature(let s): s
        case .variant(let v): v.string
        default: nil
        }
    }

    /// The value as an integer, whatever its integer type.
    var integer: Int? {
        switch self {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(v)
        case .uint64(let v): Int(exactly: v)
        case .variant(let v): v.integer
        default: nil
        }
    }

    /// The value as a number, whatever its numeric type.
    var number: Double? {
        if case .double(let d) = self { return d }
        if case .variant(let v) = self { return v.number }
        return integer.map(Double.init)
    }

    // MARK: AT-SPI's shapes

    /// An object reference, `(so)`: a bus name and an object path.
    static func reference(_ name: String, _ path: String) -> BusValue {
        .structure([.string(name), .objectPath(path)])
    }

    /// A string-to-string dictionary, `a{ss}`.
    static func stringDictionary(_ pairs: [(String, String)]) -> BusValue {
        .dictionary(
            key: "s", value: "s", pairs.map { DictionaryEntry(key: .string($0.0), value: .string($0.1)) })
    }

    /// A string-to-variant dictionary, `a{sv}`.
    static func variantDictionary(_ pairs: [(String, BusValue)]) -> BusValue {
        .dictionary(
            key: "s", value: "v", pairs.map { DictionaryEntry(key: .string($0.0), value: .variant($0.1)) })
    }
}
