/// A section of the gallery's catalogue page: a heading over its specimens' cards.
public struct CatalogSection: Sendable {
    /// The heading, as the page shows it.
    public let title: String
    /// The specimens, in page order.
    public let specimens: [Specimen]
}
