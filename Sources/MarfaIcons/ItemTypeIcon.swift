import Marfa

/// A working copy's `ItemType` draws with `TypeIcon(_:)`: its `icon` is the icon the type
/// resolves to.
extension ItemType: HasTypeIcon {}
