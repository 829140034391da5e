/// One icon set Marfa pins: its Iconify prefix and the names it holds, as shipped in this build.
///
/// An ID is `prefix:name`, for example `lucide:book-open` or `simple-icons:github`.
public protocol PinnedIconSet {
    /// The Iconify prefix before the colon, such as `lucide`.
    static var prefix: String { get }
    /// Every name of the set, sorted.
    static var names: [String] { get }
    /// Every ID of the set (`prefix:name`), sorted.
    static var ids: [String] { get }
}

extension PinnedIconSet {
    /// Whether the set holds this ID (prefix included); case-sensitive, as the instance compares.
    public static func contains(_ id: String) -> Bool {
        guard let name = IconSets.name(in: id, prefix: prefix) else { return false }
        return containsName(name)
    }

    /// Whether the set holds this name (no prefix).
    public static func containsName(_ name: some StringProtocol) -> Bool {
        let names = names
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name
    }
}

/// Splits the newline-separated list the generated files hold into names.
func splitNames(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
}
