import CDBus
import Glibc

/// A private connection to a D-Bus bus, non-blocking once open: all of libdbus's
/// connection calls are made here.
///
/// Opening (`open(address:)`, `accessibilityBusAddress()`) blocks, and is done off the
/// main thread; the window's loop then polls `descriptor` and calls `pump()`, which never
/// waits. libdbus locks its connections, so one opened on another thread may be used on
/// the main thread afterwards.
@safe final class BusConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private var closed = false
    /// The connection's unique name on the bus (":1.42").
    let uniqueName: String

    private init(handle: OpaquePointer, uniqueName: String) {
        unsafe self.handle = handle
        self.uniqueName = uniqueName
    }

    deinit { close() }

    /// Connects to the bus at `address` and says hello; nil when it cannot be had. Blocks.
    static func open(address: String) -> BusConnection? {
        var error = unsafe DBusError()
        unsafe dbus_error_init(&error)
        defer { unsafe dbus_error_free(&error) }
        guard let c = unsafe dbus_connection_open_private(address, &error) else { return nil }
        // A bus that goes away ends the accessibility service, never the program.
        unsafe dbus_connection_set_exit_on_disconnect(c, 0)
        guard unsafe dbus_bus_register(c, &error) != 0, let name = unsafe dbus_bus_get_unique_name(c) else {
            unsafe dbus_connection_close(c)
            unsafe dbus_connection_unref(c)
            return nil
        }
        return unsafe BusConnection(handle: c, uniqueName: String(cString: name))
    }

    /// The accessibility bus's address: `AT_SPI_BUS_ADDRESS`, or what `org.a11y.Bus`
    /// answers on the session bus within `timeout` milliseconds; nil without either.
    /// Blocks.
    static func accessibilityBusAddress(timeout: Int32 = 2000) -> String? {
        if let a = unsafe getenv("AT_SPI_BUS_ADDRESS").map({ unsafe String(cString: $0) }), !a.isEmpty { return a }
        guard let session = unsafe getenv("DBUS_SESSION_BUS_ADDRESS").map({ unsafe String(cString: $0) }),
            !session.isEmpty, let bus = open(address: session)
        else { return nil }
        defer { bus.close() }
        guard
            let call = BusMessage.methodCall(
                destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress")
        else { return nil }
        var error = unsafe DBusError()
        unsafe dbus_error_init(&error)
        defer { unsafe dbus_error_free(&error) }
        guard let reply = unsafe dbus_connection_send_with_reply_and_block(bus.handle, call.handle, timeout, &error)
        else { return nil }
        let answer = unsafe BusMessage(taking: reply)
        guard case .string(let address)? = answer.arguments.first, !address.isEmpty else { return nil }
        return address
    }

    /// The socket to poll for reading.
    var descriptor: Int32? {
        var fd: Int32 = -1
        guard !closed, unsafe dbus_connection_get_unix_fd(handle, &fd) != 0, fd >= 0 else { return nil }
        return fd
    }

    /// Whether the connection still stands.
    var isConnected: Bool { unsafe !closed && dbus_connection_get_is_connected(handle) != 0 }

    /// Whether written messages still wait for the socket.
    var hasPendingOutput: Bool { unsafe !closed && dbus_connection_has_messages_to_send(handle) != 0 }

    /// Reads what the socket has and writes what it takes, without waiting; false once
    /// the connection is gone.
    @discardableResult
    func pump() -> Bool {
        guard !closed else { return false }
        return unsafe dbus_connection_read_write(handle, 0) != 0 && isConnected
    }

    /// Whether messages were read from the socket and wait in the connection's queue:
    /// the socket no longer says so, so the loop must not sleep on it.
    var hasQueuedMessages: Bool {
        unsafe !closed && dbus_connection_get_dispatch_status(handle) == DBUS_DISPATCH_DATA_REMAINS
    }

    /// The next message read, if any.
    func nextMessage() -> BusMessage? {
        guard !closed else { return nil }
        return unsafe dbus_connection_pop_message(handle).map { unsafe BusMessage(taking: $0) }
    }

    /// Queues a message; returns its serial, or nil when it could not be queued.
    @discardableResult
    func send(_ message: BusMessage) -> UInt32? {
        guard !closed else { return nil }
        var serial: UInt32 = 0
        guard unsafe dbus_connection_send(handle, message.handle, &serial) != 0 else { return nil }
        return serial
    }

    /// Closes the connection (once).
    func close() {
        guard !closed else { return }
        closed = true
        unsafe dbus_connection_close(handle)
        unsafe dbus_connection_unref(handle)
    }
}
