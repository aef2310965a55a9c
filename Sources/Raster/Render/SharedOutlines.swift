import Synchronization

/// The outlines of a banded render's paths that cross more than one band: the first band
/// to outline such a path keeps its segments here, and the others load them instead of
/// flattening (and stroking) the path again. The segments are the same, in the same
/// order, so the pixels are too.
///
/// Two bands that outline the same path at once both keep it; the first kept stays.
package final class SharedOutlines: Sendable {
    /// For each entry of the list, its slot in `kept` when its outline may be shared (it
    /// crosses more than one band), else -1.
    private let slots: [Int32]
    /// The outlines kept, one slot for each shared entry: indexed, not hashed, as a
    /// lookup is made for every band a shared path crosses.
    private let kept: Mutex<[Outline?]>

    /// Outlines shared for the entries marked in `shared` (indices into the list).
    init(shared: [Bool]) {
        var count: Int32 = 0
        slots = shared.map { isShared in
            guard isShared else { return -1 }
            defer { count += 1 }
            return count
        }
        kept = Mutex([Outline?](repeating: nil, count: Int(count)))
    }

    private static let on = Atomic(true)

    /// Whether renders share outlines (by default they do): turned off to measure them
    /// without in the same process.
    package static var isOn: Bool { on.load(ordering: .relaxed) }

    /// Turns the sharing off or back on for the renders that begin after.
    package static func use(_ sharing: Bool) { on.store(sharing, ordering: .relaxed) }

    /// Whether `entry`'s outline may be shared.
    func isShared(_ entry: Int) -> Bool { slot(entry) != nil }

    /// The outline of `entry`, once a band has kept it.
    func outline(of entry: Int) -> Outline? {
        guard let slot = slot(entry) else { return nil }
        return kept.withLock { $0[slot] }
    }

    /// Keeps the outline of `entry`, unless another band kept it first (or it is not
    /// shared).
    func keep(_ outline: Outline, for entry: Int) {
        guard let slot = slot(entry) else { return }
        kept.withLock { k in
            if k[slot] == nil { k[slot] = outline }
        }
    }

    private func slot(_ entry: Int) -> Int? {
        guard entry >= 0, entry < slots.count, slots[entry] >= 0 else { return nil }
        return Int(slots[entry])
    }
}
