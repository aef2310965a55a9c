/// What a node said at an update: the next update sends an event for each difference.
struct NodeRecord {
    var name: String
    var description: String
    var value: String?
    var current: Double?
    var states: AtspiStateSet
    var children: [Int]
    var extents: (x: Int, y: Int, width: Int, height: Int)
    var text: String?
}
