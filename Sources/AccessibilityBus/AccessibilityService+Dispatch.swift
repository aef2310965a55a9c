import Views

/// Answering method calls: the path names the object, the interface and member the
/// question; properties go through `org.freedesktop.DBus.Properties`.
extension AccessibilityService {
    func handle(_ message: BusMessage) {
        switch message.kind {
        case .methodReturn:
            if message.replySerial == embedSerial, let answer = message.arguments.first,
                case .structure(let fields) = answer, fields.count == 2
            {
                desktop = answer
                embedSerial = nil
            } else if message.replySerial == listenersSerial, case .array(_, let items)? = message.arguments.first {
                listenersSerial = nil
                var known = Set<[String]>()
                for case .structure(let pair) in items { known.insert(pair.compactMap(\.string)) }
                listeners = known
            }
        case .error:
            // A registry that cannot list its listeners: events are sent to all.
            if message.replySerial == listenersSerial { listenersSerial = nil }
        case .signal where message.interface == "org.a11y.atspi.Registry":
            let pair = message.arguments.compactMap(\.string)
            guard pair.count == 2 else { return }
            if message.member == "EventListenerRegistered" {
                if listeners?.isEmpty ?? false { records = [:] }
                listeners?.insert(pair)
            } else if message.member == "EventListenerDeregistered" {
                listeners?.remove(pair)
            }
        case .methodCall:
            let result: Result<[BusValue], BusFault>
            do {
                result = .success(try answer(message))
            } catch let fault as BusFault {
                result = .failure(fault)
            } catch {
                result = .failure(BusFault(name: "org.freedesktop.DBus.Error.Failed", text: "\(error)"))
            }
            guard !message.noReplyExpected, let connection else { return }
            switch result {
            case .success(let values):
                guard let reply = message.methodReturn() else { return }
                if reply.append(values) { connection.send(reply) }
            case .failure(let fault):
                if let reply = message.errorReply(name: fault.name, text: fault.text) { connection.send(reply) }
            }
        default:
            break
        }
    }

    private func answer(_ message: BusMessage) throws -> [BusValue] {
        let path = message.path ?? ""
        let interface = message.interface ?? ""
        let member = message.member ?? ""
        let args = message.arguments
        if path == "/org/a11y/atspi/cache" && interface == "org.a11y.atspi.Cache" && member == "GetItems" {
            // No cache is kept for clients: they ask for each node as they need it.
            return [.array(element: "((so)(so)(so)iiassusau)", [])]
        }
        if interface == "org.freedesktop.DBus.Peer" && member == "Ping" { return [] }
        if interface == "org.freedesktop.DBus.Introspectable" && member == "Introspect" {
            return [.string("<node/>")]
        }
        let isRoot = path == AccessibilityService.rootPath
        let node = isRoot ? nil : self.node(at: path)
        guard isRoot || node != nil else { throw BusFault.unknownObject(path) }
        if interface == "org.freedesktop.DBus.Properties" {
            return try properties(member: member, args: args, node: node)
        }
        if let node {
            return try call(interface: interface, member: member, args: args, node: node)
        }
        return try callOnApplication(interface: interface, member: member, args: args)
    }

    private func properties(member: String, args: [BusValue], node: AccessibilityNode?) throws -> [BusValue] {
        guard let interface = args.first?.string else { throw BusFault.invalidArguments(member) }
        switch member {
        case "Get":
            guard args.count == 2, let name = args[1].string else { throw BusFault.invalidArguments(member) }
            guard let value = try property(interface: interface, name: name, node: node) else {
                throw BusFault.unknownProperty(interface, name)
            }
            return [.variant(value)]
        case "GetAll":
            let names = AccessibilityService.propertyNames[interface] ?? []
            let pairs = try names.compactMap { name in
                try property(interface: interface, name: name, node: node).map { (name, $0) }
            }
            return [.variantDictionary(pairs)]
        case "Set":
            guard args.count == 3, let name = args[1].string else { throw BusFault.invalidArguments(member) }
            try setProperty(interface: interface, name: name, value: args[2], node: node)
            return []
        default:
            throw BusFault.unknownMethod("org.freedesktop.DBus.Properties", member)
        }
    }

    static let propertyNames: [String: [String]] = [
        "org.a11y.atspi.Accessible": [
            "Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"
        ],
        "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"],
        "org.a11y.atspi.Action": ["NActions"],
        "org.a11y.atspi.Value": ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"],
        "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"],
        "org.a11y.atspi.Selection": ["NSelectedChildren"]
    ]

    var locale: String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environmentValue(name), !v.isEmpty { return v == "C" || v == "POSIX" ? "" : v }
        }
        return ""
    }

    private func property(interface: String, name: String, node: AccessibilityNode?) throws -> BusValue? {
        guard let node else {
            switch (interface, name) {
            case ("org.a11y.atspi.Accessible", "Name"): return .string(applicationName)
            case ("org.a11y.atspi.Accessible", "Description"), ("org.a11y.atspi.Accessible", "AccessibleId"),
                ("org.a11y.atspi.Accessible", "HelpText"):
                return .string("")
            case ("org.a11y.atspi.Accessible", "Parent"): return desktop
            case ("org.a11y.atspi.Accessible", "ChildCount"): return .int32(1)
            case ("org.a11y.atspi.Accessible", "Locale"): return .string(locale)
            case ("org.a11y.atspi.Application", "ToolkitName"): return .string("Vitrine")
            case ("org.a11y.atspi.Application", "Version"): return .string("1.0")
            case ("org.a11y.atspi.Application", "AtspiVersion"): return .string("2.1")
            case ("org.a11y.atspi.Application", "Id"): return .int32(applicationID)
            default: return nil
            }
        }
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): return .string(node.name(windowTitle: title))
        case ("org.a11y.atspi.Accessible", "Description"): return .string(node.description)
        case ("org.a11y.atspi.Accessible", "HelpText"): return .string(node.hint ?? "")
        case ("org.a11y.atspi.Accessible", "Parent"):
            return node.parent.map { reference(of: $0) } ?? applicationReference
        case ("org.a11y.atspi.Accessible", "ChildCount"): return .int32(Int32(clamping: node.children.count))
        case ("org.a11y.atspi.Accessible", "Locale"): return .string(locale)
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return .string(node.identifier ?? "")
        case ("org.a11y.atspi.Action", "NActions"): return .int32(Int32(node.actions.count))
        case ("org.a11y.atspi.Value", _):
            guard let r = node.range else { return nil }
            switch name {
            case "MinimumValue": return .double(r.minimum)
            case "MaximumValue": return .double(r.maximum)
            case "MinimumIncrement": return .double(r.step)
            case "CurrentValue": return .double(r.current)
            case "Text": return .string(node.value ?? "")
            default: return nil
            }
        case ("org.a11y.atspi.Text", "CharacterCount"):
            return node.text.map { .int32(Int32(clamping: $0.unicodeScalars.count)) }
        case ("org.a11y.atspi.Text", "CaretOffset"):
            if let f = node.view as? TextField {
                return .int32(Int32(Self.scalarOffset(f.selectedRange.upperBound, in: f.text ?? "")))
            }
            return node.text.map { _ in .int32(-1) }
        case ("org.a11y.atspi.Selection", "NSelectedChildren"):
            guard node.view is SegmentedControl else { return nil }
            return .int32(Int32(node.children.filter { $0.traits.contains(.selected) }.count))
        default: return nil
        }
    }

    private func setProperty(interface: String, name: String, value: BusValue, node: AccessibilityNode?) throws {
        switch (interface, name) {
        case ("org.a11y.atspi.Application", "Id") where node == nil:
            guard let id = value.integer else { throw BusFault.invalidArguments("Set") }
            applicationID = Int32(clamping: id)
        case ("org.a11y.atspi.Value", "CurrentValue"):
            guard let node, let x = value.number else { throw BusFault.invalidArguments("Set") }
            guard node.setCurrentValue(x) else {
                throw BusFault(name: "org.freedesktop.DBus.Error.AccessDenied", text: "the value cannot be set")
            }
            treeChanged()
        default:
            throw BusFault.unknownProperty(interface, name)
        }
    }

    private func callOnApplication(interface: String, member: String, args: [BusValue]) throws -> [BusValue] {
        switch (interface, member) {
        case ("org.a11y.atspi.Accessible", "GetChildAtIndex"):
            guard args.first?.integer == 0 else { return [reference(of: nil)] }
            return [reference(of: tree.tree)]
        case ("org.a11y.atspi.Accessible", "GetChildren"):
            return [.array(element: "(so)", [reference(of: tree.tree)])]
        case ("org.a11y.atspi.Accessible", "GetIndexInParent"): return [.int32(-1)]
        case ("org.a11y.atspi.Accessible", "GetRelationSet"): return [.array(element: "(ua(so))", [])]
        case ("org.a11y.atspi.Accessible", "GetRole"): return [.uint32(AtspiRole.application.rawValue)]
        case ("org.a11y.atspi.Accessible", "GetRoleName"), ("org.a11y.atspi.Accessible", "GetLocalizedRoleName"):
            return [.string(AtspiRole.application.name)]
        case ("org.a11y.atspi.Accessible", "GetState"): return [.array(element: "u", [.uint32(0), .uint32(0)])]
        case ("org.a11y.atspi.Accessible", "GetAttributes"): return [.stringDictionary([("toolkit", "Vitrine")])]
        case ("org.a11y.atspi.Accessible", "GetApplication"): return [applicationReference]
        case ("org.a11y.atspi.Accessible", "GetInterfaces"):
            return [
                .array(
                    element: "s", [.string("org.a11y.atspi.Accessible"), .string("org.a11y.atspi.Application")])
            ]
        case ("org.a11y.atspi.Application", "GetLocale"): return [.string(locale)]
        default: throw BusFault.unknownMethod(interface, member)
        }
    }
}
