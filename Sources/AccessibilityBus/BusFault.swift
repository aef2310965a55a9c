/// A D-Bus error a method call is answered with.
struct BusFault: Error {
    var name: String
    var text: String

    static func unknownMethod(_ interface: String, _ member: String) -> BusFault {
        BusFault(name: "org.freedesktop.DBus.Error.UnknownMethod", text: "no method \(member) in \(interface)")
    }
    static func unknownProperty(_ interface: String, _ name: String) -> BusFault {
        BusFault(name: "org.freedesktop.DBus.Error.UnknownProperty", text: "no property \(name) in \(interface)")
    }
    static func unknownObject(_ path: String) -> BusFault {
        BusFault(name: "org.freedesktop.DBus.Error.UnknownObject", text: "no object at \(path); it may be gone")
    }
    static func invalidArguments(_ member: String) -> BusFault {
        BusFault(name: "org.freedesktop.DBus.Error.InvalidArgs", text: "wrong arguments for \(member)")
    }
}
