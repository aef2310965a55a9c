import Dispatch
import Glibc
import Raster
import Synchronization
import Views

/// A window's view tree served to assistive technologies over AT-SPI2: screen readers,
/// and tests and automation tools that find controls by role and name rather than by
/// pixel.
///
/// The service finds the accessibility bus (`AT_SPI_BUS_ADDRESS`, or `org.a11y.Bus` on
/// the session bus) and connects to it off the main thread; from then on the window's
/// loop polls the connection beside its display and calls `serve()`, which answers what
/// clients ask from the view tree as it is, without ever waiting. After each frame,
/// `update()` compares the tree with the last one and sends the changes as AT-SPI
/// events, so that a burst of changes within a frame makes one event each.
///
/// No bus, a bus that does not answer, or one that goes away: no accessibility, and the
/// window goes on as before. `VITRINE_ACCESSIBILITY=0` turns the service off.
@MainActor
package final class AccessibilityService {
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let nodePrefix = "/org/a11y/atspi/accessible/"
    static let nullPath = "/org/a11y/atspi/null"

    let root: RootView
    let applicationName: String
    package var title: String
    let scale: Double
    /// The window's top-left corner on the screen, in pixels.
    let windowOrigin: () -> (x: Int, y: Int)
    var connection: BusConnection?
    /// The desktop's reference, the application's parent, from the registry's answer.
    var desktop = BusValue.reference("", AccessibilityService.nullPath)
    var embedSerial: UInt32?
    var listenersSerial: UInt32?
    /// The events clients listen for, as the registry tells them: `(bus name, event)`.
    /// Nil until it has said; with no listener, no event is worked out or sent.
    var listeners: Set<[String]>?
    var applicationID: Int32 = 0
    /// The tree as last made, kept while nothing that shows in it can have changed (no
    /// frame drawn or due, no accessibility value set, no client acting on it), and
    /// while animation frames come for up to `updateInterval`, so that a client reading
    /// during an animation does not make the tree again at each question.
    private var snapshot: (tree: AccessibilityNode, byID: [Int: AccessibilityNode])?
    private var snapshotChanges = -1
    private var snapshotTime = -Double.infinity
    /// Whether a frame was drawn since the tree was made.
    var framesSinceSnapshot = false
    private var originThisTurn: (x: Int, y: Int)?
    /// What each node said at the last update, for the events of the next.
    var records: [Int: NodeRecord] = [:]
    /// Whether a frame was drawn since the last update, and when that update was.
    var updateDue = false
    var lastUpdate = -Double.infinity
    private var notifications: AccessibilityObservation?
    private var closed = false
    /// Whether the window has the keyboard focus (the frame is `ACTIVE`).
    package var windowActive = false {
        didSet { if windowActive != oldValue { sendWindowEvent(windowActive ? "Activate" : "Deactivate") } }
    }
    /// Where the background connection leaves the connection it made for the loop.
    private let handOver = ConnectionHandOver()

    /// Which bus a window's service uses.
    package enum Bus: Sendable {
        /// The desktop's: `AT_SPI_BUS_ADDRESS`, or `org.a11y.Bus` on the session bus;
        /// none when `VITRINE_ACCESSIBILITY` is `0`.
        case desktop
        /// The bus at an address (for tests).
        case address(String)
        /// None.
        case none
    }

    /// Starts serving `root` on `bus`, connecting in the background; nil without a bus.
    package static func start(
        root: RootView, applicationName: String, title: String, scale: Double, bus: Bus = .desktop,
        windowOrigin: @escaping () -> (x: Int, y: Int)
    ) -> AccessibilityService? {
        let given: String?
        switch bus {
        case .none: return nil
        case .desktop:
            if environmentValue("VITRINE_ACCESSIBILITY") == "0" { return nil }
            given = nil
        case .address(let a): given = a
        }
        let service = AccessibilityService(
            root: root, applicationName: applicationName, title: title, scale: scale, windowOrigin: windowOrigin)
        let handOver = service.handOver
        DispatchQueue.global(qos: .utility).async {
            guard let address = given ?? BusConnection.accessibilityBusAddress(),
                let connection = BusConnection.open(address: address)
            else { return }
            handOver.slot.withLock { $0 = connection }
            // Wakes the window's loop where it serves the main queue; it takes the
            // connection at its next turn.
            DispatchQueue.main.async {}
        }
        return service
    }

    init(
        root: RootView, applicationName: String, title: String, scale: Double,
        windowOrigin: @escaping () -> (x: Int, y: Int)
    ) {
        self.root = root
        self.applicationName = applicationName
        self.title = title
        self.scale = scale
        self.windowOrigin = windowOrigin
    }

    /// Takes a connection made in the background: registers the application with the
    /// registry (the answer comes later, in `serve()`), and listens for notifications.
    func attach(_ connection: BusConnection) {
        self.connection = connection
        if let embed = BusMessage.methodCall(
            destination: "org.a11y.atspi.Registry", path: AccessibilityService.rootPath,
            interface: "org.a11y.atspi.Socket", member: "Embed")
        {
            embed.append([applicationReference])
            embedSerial = connection.send(embed)
        }
        // Which events anyone listens for, and word of listeners coming and going.
        for member in ["EventListenerRegistered", "EventListenerDeregistered"] {
            if let match = BusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "AddMatch")
            {
                match.append([.string("type='signal',interface='org.a11y.atspi.Registry',member='\(member)'")])
                connection.send(match)
            }
        }
        if let ask = BusMessage.methodCall(
            destination: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/registry",
            interface: "org.a11y.atspi.Registry", member: "GetRegisteredEvents")
        {
            listenersSerial = connection.send(ask)
        }
        notifications = Accessibility.observeNotifications { [weak self] notification, argument in
            self?.post(notification, argument: argument)
        }
        records = [:]
        update()
        connection.pump()
    }

    /// Whether a bus connection is up.
    package var isConnected: Bool { connection != nil }

    /// The descriptors the loop polls for the service: the bus connection's, when up.
    package var descriptors: [Int32] { connection?.descriptor.map { [$0] } ?? [] }

    /// Whether messages wait for the socket to take them: the loop then comes back soon.
    package var hasPendingOutput: Bool { connection?.hasPendingOutput ?? false }

    /// Whether questions were read and not answered yet (more than a turn answers, or
    /// read while the last were answered): the loop then turns again without sleeping.
    package var hasPendingInput: Bool { connection?.hasQueuedMessages ?? false }

    /// Reads and answers what clients sent, and writes what is queued; never waits. A
    /// connection that broke is dropped.
    package func serve() {
        if connection == nil,
            let made = handOver.slot.withLock({ c in
                defer { c = nil }
                return c
            })
        {
            if closed { made.close() } else { attach(made) }
        }
        guard let connection else { return }
        originThisTurn = nil
        guard connection.pump() else { return disconnect() }
        var handled = 0
        // A bounded number of messages a turn, so that a flood cannot hold up frames.
        while handled < 256, let message = connection.nextMessage() {
            handled += 1
            handle(message)
            if self.connection == nil { return }
        }
        if !connection.pump() { disconnect() }
    }

    /// Drops the connection, silently: the window goes on without accessibility.
    func disconnect() {
        connection?.close()
        connection = nil
        snapshot = nil
        records = [:]
        listeners = nil
        notifications = nil
    }

    /// Ends the service and its connection (and one still being made, when it comes).
    package func close() {
        closed = true
        disconnect()
        handOver.slot.withLock { c in
            c?.close()
            c = nil
        }
    }

    // MARK: The tree

    /// The tree as it is now: the one made last while it is still up to date.
    var tree: (tree: AccessibilityNode, byID: [Int: AccessibilityNode]) {
        if let snapshot, snapshotChanges == AccessibilityNodeID.changes {
            let young = AccessibilityService.monotonicTime() - snapshotTime < AccessibilityService.updateInterval
            if young || (!root.needsFrame && !framesSinceSnapshot) { return snapshot }
        }
        snapshotChanges = AccessibilityNodeID.changes
        snapshotTime = AccessibilityService.monotonicTime()
        framesSinceSnapshot = false
        let t = AccessibilityNode.tree(of: root)
        var byID: [Int: AccessibilityNode] = [:]
        for n in t.all { byID[n.id] = n }
        snapshot = (t, byID)
        return (t, byID)
    }

    /// Forgets this turn's tree after something changed it.
    func treeChanged() { snapshot = nil }

    /// The window's origin on the screen, asked once a turn.
    var origin: (x: Int, y: Int) {
        if let o = originThisTurn { return o }
        let o = windowOrigin()
        originThisTurn = o
        return o
    }

    var uniqueName: String { connection?.uniqueName ?? "" }

    var applicationReference: BusValue { .reference(uniqueName, AccessibilityService.rootPath) }

    func path(of node: AccessibilityNode) -> String { AccessibilityService.nodePrefix + String(node.id) }

    func reference(of node: AccessibilityNode?) -> BusValue {
        guard let node else { return .reference("", AccessibilityService.nullPath) }
        return .reference(uniqueName, path(of: node))
    }

    /// The node an object path names; nil for the application's root and unknown paths.
    func node(at path: String) -> AccessibilityNode? {
        guard path.hasPrefix(AccessibilityService.nodePrefix),
            let id = Int(path.dropFirst(AccessibilityService.nodePrefix.count))
        else { return nil }
        return tree.byID[id]
    }

    /// A node's rectangle in pixels, in the coordinates `coordType` names: 0 the screen,
    /// 1 the window, 2 the parent's.
    func extents(of node: AccessibilityNode, coordType: UInt32) -> (x: Int, y: Int, width: Int, height: Int) {
        let f = node.frame
        guard !f.isNull, f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else {
            return (0, 0, 0, 0)
        }
        func px(_ v: Double) -> Int { Int(max(-1e9, min(1e9, (v * scale).rounded()))) }
        var x = px(f.minX)
        var y = px(f.minY)
        let w = px(f.maxX) - x
        let h = px(f.maxY) - y
        switch coordType {
        case 0:
            x += origin.x
            y += origin.y
        case 2:
            if let p = node.parent {
                let pe = extents(of: p, coordType: 1)
                x -= pe.x
                y -= pe.y
            } else {
                x += origin.x
                y += origin.y
            }
        default: break
        }
        return (x, y, w, h)
    }
}

/// The place a connection made in the background waits for the window's loop.
final class ConnectionHandOver: Sendable {
    let slot = Mutex<BusConnection?>(nil)
}
