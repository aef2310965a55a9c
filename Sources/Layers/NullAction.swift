/// The action that does nothing and ends the search (`NSNull` as a `CAAction`): a
/// delegate returns it to keep a property change from animating.
@MainActor
public final class NullAction: Action {
    /// The one null action.
    public static let shared = NullAction()
    private init() {}
    /// Does nothing.
    public func run(forKey key: String, object layer: Layer) {}
}
