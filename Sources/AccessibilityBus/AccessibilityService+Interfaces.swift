import Glibc
import Raster
import Views

/// The methods of the interfaces a node serves: `Accessible`, `Component`, `Action`,
/// `Text` (labels and fields), `EditableText` (fields) and `Selection` (segmented
/// controls). `Value` is all properties.
extension AccessibilityService {
    func call(interface: String, member: String, args: [BusValue], node: AccessibilityNode) throws -> [BusValue] {
        func int(_ i: Int) throws -> Int {
            guard args.indices.contains(i), let v = args[i].integer else { throw BusFault.invalidArguments(member) }
            return v
        }
        switch interface {
        case "org.a11y.atspi.Accessible":
            return try accessible(member: member, node: node, int: int)
        case "org.a11y.atspi.Component":
            return try component(member: member, node: node, int: int)
        case "org.a11y.atspi.Action":
            let actions = node.actions
            guard !actions.isEmpty else { throw BusFault.unknownMethod(interface, member) }
            switch member {
            case "GetActions":
                return [
                    .array(
                        element: "(sss)",
                        actions.map {
                            .structure([.string($0.name), .string($0.description), .string(keyBinding(node))])
                        })
                ]
            case "GetName", "GetLocalizedName":
                let i = try int(0)
                return [.string(actions.indices.contains(i) ? actions[i].name : "")]
            case "GetDescription":
                let i = try int(0)
                return [.string(actions.indices.contains(i) ? actions[i].description : "")]
            case "GetKeyBinding":
                return [.string(keyBinding(node))]
            case "DoAction":
                let done = node.doAction(try int(0))
                treeChanged()
                return [.bool(done)]
            default: throw BusFault.unknownMethod(interface, member)
            }
        case "org.a11y.atspi.Text":
            guard let text = node.text else { throw BusFault.unknownMethod(interface, member) }
            if let field = node.view as? TextField, let answer = try fieldText(member: member, args: args, field: field)
            {
                return answer
            }
            return try self.text(member: member, text: Array(text.unicodeScalars), int: int)
        case "org.a11y.atspi.EditableText":
            guard let field = node.view as? TextField else { throw BusFault.unknownMethod(interface, member) }
            return try editableText(member: member, args: args, field: field)
        case "org.a11y.atspi.Selection":
            guard node.view is SegmentedControl else { throw BusFault.unknownMethod(interface, member) }
            return try selection(member: member, node: node, int: int)
        default:
            throw BusFault.unknownMethod(interface, member)
        }
    }

    /// The key that activates a focusable control: Space.
    func keyBinding(_ node: AccessibilityNode) -> String {
        node.view?.canBecomeFocused == true ? "space" : ""
    }

    private func accessible(member: String, node: AccessibilityNode, int: (Int) throws -> Int) throws -> [BusValue] {
        switch member {
        case "GetChildAtIndex":
            let i = try int(0)
            return [reference(of: node.children.indices.contains(i) ? node.children[i] : nil)]
        case "GetChildren":
            return [.array(element: "(so)", node.children.map { reference(of: $0) })]
        case "GetIndexInParent":
            return [.int32(Int32(node.parent == nil ? 0 : node.indexInParent))]
        case "GetRelationSet":
            return [.array(element: "(ua(so))", [])]
        case "GetRole":
            return [.uint32(node.role.rawValue)]
        case "GetRoleName", "GetLocalizedRoleName":
            return [.string(node.role.name)]
        case "GetState":
            return [.array(element: "u", node.states(windowActive: windowActive).words.map { .uint32($0) })]
        case "GetAttributes":
            return [.stringDictionary(node.attributes)]
        case "GetApplication":
            return [applicationReference]
        case "GetInterfaces":
            return [.array(element: "s", node.interfaces.map { .string($0) })]
        default:
            throw BusFault.unknownMethod("org.a11y.atspi.Accessible", member)
        }
    }

    /// A point given in `coordType`'s coordinates, in the window's points.
    private func windowPoint(x: Int, y: Int, coordType: UInt32, node: AccessibilityNode) -> Point {
        var px = Double(x)
        var py = Double(y)
        switch coordType {
        case 0:
            px -= Double(origin.x)
            py -= Double(origin.y)
        case 2:
            if let p = node.parent {
                let e = extents(of: p, coordType: 1)
                px += Double(e.x)
                py += Double(e.y)
            }
        default: break
        }
        return Point(x: px / scale, y: py / scale)
    }

    private func component(member: String, node: AccessibilityNode, int: (Int) throws -> Int) throws -> [BusValue] {
        switch member {
        case "GetExtents":
            let e = extents(of: node, coordType: UInt32(clamping: try int(0)))
            return [
                .structure([.int32(Int32(e.x)), .int32(Int32(e.y)), .int32(Int32(e.width)), .int32(Int32(e.height))])
            ]
        case "GetPosition":
            let e = extents(of: node, coordType: UInt32(clamping: try int(0)))
            return [.int32(Int32(e.x)), .int32(Int32(e.y))]
        case "GetSize":
            let e = extents(of: node, coordType: 1)
            return [.int32(Int32(e.width)), .int32(Int32(e.height))]
        case "Contains":
            let p = windowPoint(x: try int(0), y: try int(1), coordType: UInt32(clamping: try int(2)), node: node)
            return [.bool(node.frame.contains(p))]
        case "GetAccessibleAtPoint":
            let p = windowPoint(x: try int(0), y: try int(1), coordType: UInt32(clamping: try int(2)), node: node)
            return [reference(of: deepest(in: node, at: p))]
        case "GetLayer":
            // AT-SPI's layers: 7 the window, 3 a widget.
            return [.uint32(node.parent == nil ? 7 : 3)]
        case "GetMDIZOrder":
            return [.int16(0)]
        case "GetAlpha":
            return [.double(node.view.map { Double($0.alpha) } ?? 1)]
        case "GrabFocus":
            guard let v = node.view, v.canBecomeFocused else { return [.bool(false)] }
            let done = root.updateFocus(to: v)
            treeChanged()
            return [.bool(done)]
        case "ScrollTo", "ScrollToPoint":
            var v = node.view?.superview ?? ((node.subject.container) as? View)
            let frame = node.frame
            while let x = v {
                if let scroll = x as? ScrollView {
                    scroll.scrollRectToVisible(scroll.convert(frame, from: nil))
                    treeChanged()
                    return [.bool(true)]
                }
                v = x.superview
            }
            return [.bool(false)]
        default:
            throw BusFault.unknownMethod("org.a11y.atspi.Component", member)
        }
    }

    /// The deepest showing node under `node` whose frame holds `p`; nil when none does.
    private func deepest(in node: AccessibilityNode, at p: Point) -> AccessibilityNode? {
        for child in node.children.reversed() where child.visibleFrame.contains(p) {
            return deepest(in: child, at: p) ?? child
        }
        return nil
    }

    private func text(member: String, text: [Unicode.Scalar], int: (Int) throws -> Int) throws -> [BusValue] {
        let n = text.count
        func slice(_ a: Int, _ b: Int) -> String {
            let lo = max(0, min(a, n))
            let hi = b < 0 ? n : max(lo, min(b, n))
            var s = String.UnicodeScalarView()
            s.append(contentsOf: text[lo..<hi])
            return String(s)
        }
        /// The character, word or whole text around `offset`, by granularity (0
        /// character, 1 word, others the whole text).
        func around(_ offset: Int, granularity: Int) -> [BusValue] {
            guard offset >= 0 && offset < n else { return [.string(""), .int32(0), .int32(0)] }
            switch granularity {
            case 0:
                return [.string(slice(offset, offset + 1)), .int32(Int32(offset)), .int32(Int32(offset + 1))]
            case 1:
                func isSpace(_ i: Int) -> Bool { text[i].properties.isWhitespace }
                var a = offset
                var b = offset
                while a > 0 && !isSpace(a - 1) { a -= 1 }
                while b < n && !isSpace(b) { b += 1 }
                return [.string(slice(a, b)), .int32(Int32(a)), .int32(Int32(b))]
            default:
                return [.string(slice(0, n)), .int32(0), .int32(Int32(n))]
            }
        }
        switch member {
        case "GetText":
            return [.string(slice(try int(0), try int(1)))]
        case "GetCharacterAtOffset":
            let i = try int(0)
            return [.int32(i >= 0 && i < n ? Int32(bitPattern: text[i].value) : 0)]
        case "GetStringAtOffset":
            return around(try int(0), granularity: try int(1))
        case "GetTextAtOffset":
            // Boundary types: 0 character, 1 and 2 word, others the line (one line here).
            let boundary = try int(1)
            return around(try int(0), granularity: boundary == 0 ? 0 : boundary <= 2 ? 1 : 3)
        case "GetNSelections":
            return [.int32(0)]
        case "GetSelection":
            return [.int32(0), .int32(0)]
        case "GetCaretOffset":
            return [.int32(-1)]
        case "GetAttributes", "GetAttributeRun":
            return [.stringDictionary([]), .int32(0), .int32(Int32(n))]
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return [.stringDictionary([])]
        default:
            throw BusFault.unknownMethod("org.a11y.atspi.Text", member)
        }
    }

    private func selection(member: String, node: AccessibilityNode, int: (Int) throws -> Int) throws -> [BusValue] {
        switch member {
        case "GetSelectedChild":
            let i = try int(0)
            let chosen = node.children.filter { $0.traits.contains(.selected) }
            return [reference(of: chosen.indices.contains(i) ? chosen[i] : nil)]
        case "SelectChild":
            let i = try int(0)
            guard node.children.indices.contains(i) else { return [.bool(false)] }
            let done = node.children[i].activate()
            treeChanged()
            return [.bool(done)]
        case "IsChildSelected":
            let i = try int(0)
            return [.bool(node.children.indices.contains(i) && node.children[i].traits.contains(.selected))]
        case "DeselectSelectedChild", "DeselectChild", "ClearSelection", "SelectAll":
            // A segmented control always keeps the selection the user made; none of
            // these changes it.
            return [.bool(false)]
        default:
            throw BusFault.unknownMethod("org.a11y.atspi.Selection", member)
        }
    }
}

@MainActor
extension AccessibilityNode.Subject {
    /// The element's container, for an element.
    var container: Any? {
        if case .element(let e) = self { return e.accessibilityContainer }
        return nil
    }
}

/// The value of an environment variable, or nil.
func environmentValue(_ name: String) -> String? {
    unsafe getenv(name).map { unsafe String(cString: $0) }
}
