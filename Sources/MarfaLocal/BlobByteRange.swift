import Foundation

/// What a `Range` header asks of a blob of `size` bytes (RFC 9110 §14), read tolerantly: one
/// range of `bytes`, `N-`, `N-M` or the suffix `-N`, with spaces allowed around its parts.
enum BlobByteRange: Equatable {
    /// No range, or one the door does not read (another unit, several ranges, a malformed one):
    /// the whole blob, `200`.
    case whole
    /// Bytes `first` through `last`, both included: `206`.
    case part(first: UInt64, last: UInt64)
    /// A range that starts past the end: `416`.
    case unsatisfiable

    init(_ header: String?, size: UInt64) {
        guard let header, let spec = Self.spec(header) else {
            self = .whole
            return
        }
        let dash = spec.firstIndex(of: "-")!
        let start = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let end = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        switch (UInt64(start), UInt64(end)) {
        case (nil, let suffix?) where start.isEmpty:
            self = suffix == 0 || size == 0 ? .unsatisfiable : .part(first: size - min(suffix, size), last: size - 1)
        case (let first?, nil) where end.isEmpty:
            self = first < size ? .part(first: first, last: size - 1) : .unsatisfiable
        case (let first?, let last?) where first <= last:
            self = first < size ? .part(first: first, last: min(last, size - 1)) : .unsatisfiable
        default:
            self = .whole
        }
    }

    /// The one range after `bytes=`; nil for another unit or a list of ranges.
    private static func spec(_ header: String) -> Substring? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="),
            trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "bytes"
        else { return nil }
        let spec = trimmed[trimmed.index(after: equals)...]
        guard !spec.contains(","), spec.contains("-") else { return nil }
        return spec
    }
}
