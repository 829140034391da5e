import MarfaIcons

/// What Simple Icons records about one brand mark.
public struct BrandIcon: Sendable, Hashable {
    /// The ID, `simple-icons:<slug>`.
    public let id: String
    /// The brand's name, such as `GitHub`.
    public let title: String
    /// The brand's own colour.
    public let color: IconColor
    /// A licence of the mark's own (an SPDX name or an address), where Simple Icons records one.
    public let license: String?
    /// The address of the brand's usage guidelines, where Simple Icons records one.
    public let guidelines: String?
}
