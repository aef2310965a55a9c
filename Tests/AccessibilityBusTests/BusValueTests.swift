import Testing

@testable import AccessibilityBus

/// Values written into a D-Bus message by libdbus's marshaller and read back: what the
/// service sends is what a client reads, types and all.
@Suite struct BusValueTests {
    func roundTrip(_ values: [BusValue]) throws -> [BusValue] {
        let message = try #require(BusMessage.signal(path: "/a/b", interface: "org.example.Test", member: "Check"))
        #expect(message.append(values))
        return message.arguments
    }

    @Test func everyShapeTheServiceSendsComesBackTheSame() throws {
        let values: [BusValue] = [
            .string("Näme ✓"), .int32(-7), .uint32(4_000_000_000), .bool(true), .double(0.4), .int16(-3),
            .int64(-1 << 40), .uint64(1 << 60), .byte(255), .objectPath("/org/a11y/atspi/accessible/12"),
            .reference(":1.5", "/org/a11y/atspi/accessible/root"),
            .array(element: "(so)", []),
            .array(element: "u", [.uint32(1 << 30), .uint32(2)]),
            .stringDictionary([("id", "switch-on"), ("live", "polite")]),
            .variantDictionary([]),
            .variant(.structure([.int32(1), .int32(2), .int32(3), .int32(4)])),
            .array(element: "(sss)", [.structure([.string("click"), .string("Activates it"), .string("space")])])
        ]
        #expect(try roundTrip(values) == values)
    }

    @Test func signaturesAreDBusOwn() {
        #expect(BusValue.reference("", "/").signature == "(so)")
        #expect(BusValue.stringDictionary([]).signature == "a{ss}")
        #expect(BusValue.array(element: "((so)(so)(so)iiassusau)", []).signature == "a((so)(so)(so)iiassusau)")
        #expect(BusValue.variant(.double(1)).signature == "v")
    }

    @Test func aStringWithANulIsCutThereNotRefused() throws {
        #expect(try roundTrip([.string("before\0after")]) == [.string("before")])
    }
}
