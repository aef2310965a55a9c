import CDBus

/// A D-Bus message owned by the service: one reference to a `DBusMessage`, released with
/// the value. All of libdbus's message calls are made here.
@safe final class BusMessage {
    let handle: OpaquePointer

    /// Takes over one reference to `handle`.
    init(taking handle: OpaquePointer) { unsafe self.handle = handle }

    deinit { unsafe dbus_message_unref(handle) }

    enum Kind { case methodCall, methodReturn, error, signal, other }

    var kind: Kind {
        switch unsafe dbus_message_get_type(handle) {
        case 1: .methodCall
        case 2: .methodReturn
        case 3: .error
        case 4: .signal
        default: .other
        }
    }

    private static func text(_ p: UnsafePointer<CChar>?) -> String? { unsafe p.map { unsafe String(cString: $0) } }

    var path: String? { unsafe BusMessage.text(dbus_message_get_path(handle)) }
    var interface: String? { unsafe BusMessage.text(dbus_message_get_interface(handle)) }
    var member: String? { unsafe BusMessage.text(dbus_message_get_member(handle)) }
    var sender: String? { unsafe BusMessage.text(dbus_message_get_sender(handle)) }
    var replySerial: UInt32 { unsafe dbus_message_get_reply_serial(handle) }
    var noReplyExpected: Bool { unsafe dbus_message_get_no_reply(handle) != 0 }

    // MARK: Making

    static func methodCall(destination: String, path: String, interface: String, member: String) -> BusMessage? {
        unsafe dbus_message_new_method_call(destination, path, interface, member).map { unsafe BusMessage(taking: $0) }
    }

    static func signal(path: String, interface: String, member: String) -> BusMessage? {
        unsafe dbus_message_new_signal(path, interface, member).map { unsafe BusMessage(taking: $0) }
    }

    /// The reply to this method call.
    func methodReturn() -> BusMessage? {
        unsafe dbus_message_new_method_return(handle).map { unsafe BusMessage(taking: $0) }
    }

    /// An error reply to this method call.
    func errorReply(name: String, text: String) -> BusMessage? {
        unsafe dbus_message_new_error(handle, name, text).map { unsafe BusMessage(taking: $0) }
    }

    // MARK: Arguments

    /// The message's arguments, read whole; values of types the service never takes
    /// (file descriptors) are left out.
    var arguments: [BusValue] {
        var iter = unsafe DBusMessageIter()
        guard unsafe dbus_message_iter_init(handle, &iter) != 0 else { return [] }
        return unsafe BusMessage.readAll(&iter)
    }

    private static func readAll(_ iter: inout DBusMessageIter) -> [BusValue] {
        var values: [BusValue] = []
        while true {
            let type = unsafe dbus_message_iter_get_arg_type(&iter)
            if type == 0 { break }
            if let v = unsafe read(&iter, type: type) { values.append(v) }
            if unsafe dbus_message_iter_next(&iter) == 0 { break }
        }
        return values
    }

    private static func read(_ iter: inout DBusMessageIter, type: Int32) -> BusValue? {
        func basic() -> DBusBasicValue {
            var v = unsafe DBusBasicValue()
            unsafe dbus_message_iter_get_basic(&iter, &v)
            return unsafe v
        }
        switch UInt8(truncatingIfNeeded: type) {
        case UInt8(ascii: "y"): return unsafe .byte(basic().byt)
        case UInt8(ascii: "b"): return unsafe .bool(basic().bool_val != 0)
        case UInt8(ascii: "n"): return unsafe .int16(basic().i16)
        case UInt8(ascii: "q"): return unsafe .int32(Int32(basic().u16))
        case UInt8(ascii: "i"): return unsafe .int32(basic().i32)
        case UInt8(ascii: "u"): return unsafe .uint32(basic().u32)
        case UInt8(ascii: "x"): return unsafe .int64(Int64(basic().i64))
        case UInt8(ascii: "t"): return unsafe .uint64(UInt64(basic().u64))
        case UInt8(ascii: "d"): return unsafe .double(basic().dbl)
        case UInt8(ascii: "s"): return unsafe .string(basic().str.map { unsafe String(cString: $0) } ?? "")
        case UInt8(ascii: "o"): return unsafe .objectPath(basic().str.map { unsafe String(cString: $0) } ?? "")
        case UInt8(ascii: "g"): return unsafe .signature(basic().str.map { unsafe String(cString: $0) } ?? "")
        case UInt8(ascii: "v"):
            var sub = unsafe DBusMessageIter()
            unsafe dbus_message_iter_recurse(&iter, &sub)
            let t = unsafe dbus_message_iter_get_arg_type(&sub)
            return unsafe read(&sub, type: t).map { .variant($0) }
        case UInt8(ascii: "r"), UInt8(ascii: "e"):
            var sub = unsafe DBusMessageIter()
            unsafe dbus_message_iter_recurse(&iter, &sub)
            return unsafe .structure(readAll(&sub))
        case UInt8(ascii: "a"):
            var sub = unsafe DBusMessageIter()
            unsafe dbus_message_iter_recurse(&iter, &sub)
            let element = unsafe dbus_message_iter_get_signature(&sub).map { p in
                defer { unsafe dbus_free(p) }
                return unsafe String(cString: p)
            }
            let items = unsafe readAll(&sub)
            if let e = element, e.hasPrefix("{") {
                let entries = items.compactMap { item -> BusValue.DictionaryEntry? in
                    guard case .structure(let kv) = item, kv.count == 2 else { return nil }
                    return BusValue.DictionaryEntry(key: kv[0], value: kv[1])
                }
                let inner = e.dropFirst().dropLast()
                return .dictionary(key: String(inner.prefix(1)), value: String(inner.dropFirst()), entries)
            }
            return .array(element: element ?? "", items)
        default:
            return nil
        }
    }

    /// Appends values as the message's next arguments; false when memory ran out.
    @discardableResult
    func append(_ values: [BusValue]) -> Bool {
        var iter = unsafe DBusMessageIter()
        unsafe dbus_message_iter_init_append(handle, &iter)
        return values.allSatisfy { unsafe BusMessage.write($0, into: &iter) }
    }

    private static func write(_ value: BusValue, into iter: inout DBusMessageIter) -> Bool {
        func basic(_ type: UInt8, _ v: DBusBasicValue) -> Bool {
            var v = unsafe v
            return unsafe dbus_message_iter_append_basic(&iter, Int32(type), &v) != 0
        }
        func text(_ type: UInt8, _ s: String) -> Bool {
            // D-Bus strings are valid UTF-8 without NUL: a NUL ends the string here.
            let clean = s.contains("\0") ? String(s.prefix { $0 != "\0" }) : s
            return unsafe clean.withCString { p in
                var v = unsafe DBusBasicValue()
                unsafe v.str = UnsafeMutablePointer(mutating: p)
                return unsafe dbus_message_iter_append_basic(&iter, Int32(type), &v) != 0
            }
        }
        func container(_ type: UInt8, _ signature: String?, _ items: [BusValue]) -> Bool {
            var sub = unsafe DBusMessageIter()
            let opened: Bool
            if let signature {
                opened = unsafe signature.withCString {
                    unsafe dbus_message_iter_open_container(&iter, Int32(type), $0, &sub) != 0
                }
            } else {
                opened = unsafe dbus_message_iter_open_container(&iter, Int32(type), nil, &sub) != 0
            }
            guard opened else { return false }
            for item in items where unsafe !write(item, into: &sub) {
                unsafe dbus_message_iter_abandon_container(&iter, &sub)
                return false
            }
            return unsafe dbus_message_iter_close_container(&iter, &sub) != 0
        }
        var v = unsafe DBusBasicValue()
        switch value {
        case .byte(let b):
            unsafe v.byt = b
            return unsafe basic(UInt8(ascii: "y"), v)
        case .bool(let b):
            unsafe v.bool_val = b ? 1 : 0
            return unsafe basic(UInt8(ascii: "b"), v)
        case .int16(let i):
            unsafe v.i16 = i
            return unsafe basic(UInt8(ascii: "n"), v)
        case .int32(let i):
            unsafe v.i32 = i
            return unsafe basic(UInt8(ascii: "i"), v)
        case .uint32(let u):
            unsafe v.u32 = u
            return unsafe basic(UInt8(ascii: "u"), v)
        case .int64(let i):
            unsafe v.i64 = dbus_int64_t(i)
            return unsafe basic(UInt8(ascii: "x"), v)
        case .uint64(let u):
            unsafe v.u64 = dbus_uint64_t(u)
            return unsafe basic(UInt8(ascii: "t"), v)
        case .double(let d):
            unsafe v.dbl = d
            return unsafe basic(UInt8(ascii: "d"), v)
        case .string(let s): return text(UInt8(ascii: "s"), s)
        case .objectPath(let s): return text(UInt8(ascii: "o"), s)
        case .signature(let s): return text(UInt8(ascii: "g"), s)
        case .array(let element, let items): return container(UInt8(ascii: "a"), element, items)
        case .dictionary(let k, let val, let entries):
            let items = entries.map { BusValue.structure([$0.key, $0.value]) }
            var sub = unsafe DBusMessageIter()
            guard
                unsafe ("{" + k + val + "}").withCString({
                    unsafe dbus_message_iter_open_container(&iter, Int32(UInt8(ascii: "a")), $0, &sub) != 0
                })
            else { return false }
            for case .structure(let kv) in items {
                var entry = unsafe DBusMessageIter()
                guard unsafe dbus_message_iter_open_container(&sub, Int32(UInt8(ascii: "e")), nil, &entry) != 0,
                    unsafe write(kv[0], into: &entry), unsafe write(kv[1], into: &entry),
                    unsafe dbus_message_iter_close_container(&sub, &entry) != 0
                else {
                    unsafe dbus_message_iter_abandon_container(&iter, &sub)
                    return false
                }
            }
            return unsafe dbus_message_iter_close_container(&iter, &sub) != 0
        case .structure(let fields): return container(UInt8(ascii: "r"), nil, fields)
        case .variant(let inner): return container(UInt8(ascii: "v"), inner.signature, [inner])
        }
    }
}
