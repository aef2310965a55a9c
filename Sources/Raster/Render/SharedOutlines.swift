import Synchronization

/// The outlines of a banded render's paths that cross more than one band: the first band
/// to outline such a path keeps its segments here, and the others load them instead of
/// flattening (and stroking) the path again. The segments are the same, in the same
/// order, so the pixels are too.
///
/// Two bands that outline the same path at once both keep it; the first kept stays.
package final class SharedOutlines: Sendable {
    /// For each entry of the list, whether its outline may be shared (it crosses more
    /// than one band).
    private let shared: [Bool]
    private let kept = Mutex<[Int: Outline]>([:])

    /// Outlines shared for the entries marked in `shared` (indices into the list).
    init(shared: [Bool]) { self.shared = shared }

    private static let on = Atomic(true)

    /// Whether renders share outlines (by default they do): turned off to measure them
    /// without in the same process.
    package static var isOn: Bool { on.load(ordering: .relaxed) }

    /// Turns the sharing off or back on for the renders that begin after.
    package static func use(_ sharing: Bool) { on.store(sharing, ordering: .relaxed) }

    /// Whether `entry`'s outline may be shared.
    func isShared(_ entry: Int) -> Bool { entry < shared.count && shared[entry] }

    /// The outline of `entry`, once a band has kept it.
    func outline(of entry: Int) -> Outline? { kept.withLock { $0[entry] } }

    /// Keeps the outline of `entry`, unless another band kept it first.
    func keep(_ outline: Outline, for entry: Int) {
        kept.withLock { k in
            if k[entry] == nil { k[entry] = outline }
        }
    }
}
