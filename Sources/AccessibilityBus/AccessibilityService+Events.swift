import Glibc
import Views

/// Events: after each frame the tree is compared with the last one, and each difference
/// goes out as the AT-SPI event that says it (a burst of changes within a frame is one
/// event per property).
extension AccessibilityService {
    /// The least time between two updates: a burst of frames (an animation) is
    /// compared once in this interval, not at every frame.
    static let updateInterval = 0.05

    /// Notes that a frame was drawn: the tree is compared with the last one when the
    /// interval since the last comparison has passed (`updateIfDue()`).
    package func frameDrawn() {
        framesSinceSnapshot = true
        if connection != nil { updateDue = true }
    }

    /// Compares the tree and sends the events when a frame was drawn and the interval
    /// has passed; returns the seconds until an update is due, or nil when none is.
    @discardableResult
    package func updateIfDue() -> Double? {
        guard updateDue, connection != nil else { return nil }
        let now = AccessibilityService.monotonicTime()
        let left = lastUpdate + AccessibilityService.updateInterval - now
        if left > 0 { return left }
        update()
        return nil
    }

    static func monotonicTime() -> Double {
        var t = timespec()
        unsafe clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Sends the events for what changed since the last update.
    package func update() {
        updateDue = false
        lastUpdate = AccessibilityService.monotonicTime()
        guard connection != nil else { return }
        // No one listens: nothing to work out. The next listener starts from the tree
        // as it is then.
        if let listeners, listeners.isEmpty {
            records = [:]
            return
        }
        let next = recordTree()
        if !records.isEmpty {
            let nodes = tree.byID
            for node in tree.tree.all {
                guard let old = records[node.id], let new = next[node.id] else { continue }
                events(for: node, old: old, new: new, known: nodes)
            }
        }
        records = next
        connection?.pump()
    }

    /// Makes the tree again and records what each node says: the work of an update
    /// before its events.
    func recordTree() -> [Int: NodeRecord] {
        treeChanged()
        let all = tree.tree.all
        var next: [Int: NodeRecord] = [:]
        next.reserveCapacity(all.count)
        for node in all {
            next[node.id] = NodeRecord(
                name: node.name(windowTitle: title), description: node.description, value: node.value,
                current: node.range?.current, states: node.states(windowActive: windowActive),
                children: node.children.map(\.id), extents: extents(of: node, coordType: 1), text: node.text)
        }
        return next
    }

    /// The work of one update with a client listening, without a bus: the tree made
    /// and every node recorded (for the benchmarks); returns the number of nodes.
    package static func measureUpdate(of root: RootView) -> Int {
        let service = AccessibilityService(
            root: root, applicationName: "bench", title: "bench", scale: 1, windowOrigin: { (0, 0) })
        return service.recordTree().count
    }

    private func events(for node: AccessibilityNode, old: NodeRecord, new: NodeRecord, known: [Int: AccessibilityNode])
    {
        let path = self.path(of: node)
        for (state, on) in new.states.changes(from: old.states) {
            emit(path, "Object", "StateChanged", kind: state.eventName, detail1: on ? 1 : 0)
        }
        if old.name != new.name {
            emit(path, "Object", "PropertyChange", kind: "accessible-name", data: .string(new.name))
        }
        if old.description != new.description {
            emit(path, "Object", "PropertyChange", kind: "accessible-description", data: .string(new.description))
        }
        if old.value != new.value || old.current != new.current {
            emit(
                path, "Object", "PropertyChange", kind: "accessible-value",
                data: new.current.map { .double($0) } ?? .string(new.value ?? ""))
        }
        if old.text != new.text {
            let before = Array((old.text ?? "").unicodeScalars)
            let after = Array((new.text ?? "").unicodeScalars)
            if !before.isEmpty {
                emit(
                    path, "Object", "TextChanged", kind: "delete", detail1: 0, detail2: Int32(clamping: before.count),
                    data: .string(old.text ?? ""))
            }
            if !after.isEmpty {
                emit(
                    path, "Object", "TextChanged", kind: "insert", detail1: 0, detail2: Int32(clamping: after.count),
                    data: .string(new.text ?? ""))
            }
        }
        if old.children != new.children {
            let kept = Set(new.children)
            for (i, id) in old.children.enumerated().reversed() where !kept.contains(id) {
                emit(
                    path, "Object", "ChildrenChanged", kind: "remove", detail1: Int32(i),
                    data: .reference(uniqueName, AccessibilityService.nodePrefix + String(id)))
            }
            let had = Set(old.children)
            for (i, id) in new.children.enumerated() where !had.contains(id) {
                emit(path, "Object", "ChildrenChanged", kind: "add", detail1: Int32(i), data: reference(of: known[id]))
            }
        }
        if old.extents != new.extents {
            let e = extents(of: node, coordType: 0)
            emit(
                path, "Object", "BoundsChanged", kind: "",
                data: .structure([
                    .int32(Int32(e.x)), .int32(Int32(e.y)), .int32(Int32(e.width)), .int32(Int32(e.height))
                ]))
        }
    }

    /// Sends one AT-SPI event: `(kind, detail1, detail2, any_data, properties)` from the
    /// object at `path`.
    func emit(
        _ path: String, _ family: String, _ member: String, kind: String, detail1: Int32 = 0, detail2: Int32 = 0,
        data: BusValue = .int32(0)
    ) {
        guard let connection,
            let signal = BusMessage.signal(path: path, interface: "org.a11y.atspi.Event." + family, member: member)
        else { return }
        let sent = signal.append([
            .string(kind), .int32(detail1), .int32(detail2), .variant(data), .variantDictionary([])
        ])
        if sent { connection.send(signal) }
    }

    /// `Window:Activate` or `Window:Deactivate` from the window's frame.
    func sendWindowEvent(_ member: String) {
        guard connection != nil else { return }
        emit(path(of: tree.tree), "Window", member, kind: "", data: .string(title))
        update()
    }

    /// UIKit's notifications: an announcement is said (`Object:Announcement`, polite);
    /// a layout or screen change sends what changed at once, and says its argument when
    /// that is a string.
    func post(_ notification: Accessibility.Notification, argument: Any?) {
        guard connection != nil else { return }
        let frame = path(of: tree.tree)
        switch notification {
        case .announcement:
            guard let text = argument as? String else { return }
            emit(frame, "Object", "Announcement", kind: "", detail1: 1, data: .string(text))
        case .layoutChanged, .screenChanged:
            update()
            if let text = argument as? String {
                emit(frame, "Object", "Announcement", kind: "", detail1: 1, data: .string(text))
            }
        }
        connection?.pump()
    }
}
