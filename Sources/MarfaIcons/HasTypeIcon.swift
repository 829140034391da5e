/// A value with a type's icon ID, such as an `ItemType`: what `TypeIcon(_:)` draws.
public protocol HasTypeIcon {
    /// The Iconify ID the type resolves to (`lucide:book-open`, `simple-icons:github`), or nil for none.
    var icon: String? { get }
}
