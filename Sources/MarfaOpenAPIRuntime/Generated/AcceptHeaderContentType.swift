import Foundation

/// One entry of a request's `Accept` header: a content type the operation's responses list, and how
/// much the client prefers it.
///
/// A generated operation whose responses have content types takes a list of these in its
/// `Input.Headers.accept`, which defaults to `.defaultValues()`: every listed type, JSON
/// first, each with quality 1. The client sends them in order, comma-separated.
public struct AcceptHeaderContentType<ContentType: AcceptableProtocol>: Sendable, Hashable {
    /// The content type asked for.
    public var contentType: ContentType
    /// How much the client prefers it; 1 unless given.
    public var quality: QualityValue

    /// An entry asking for `contentType` with `quality`.
    ///
    /// - Parameters:
    ///   - contentType: The content type asked for.
    ///   - quality: How much the client prefers it, from 0 to 1.
    public init(contentType: ContentType, quality: QualityValue = 1.0) {
        self.contentType = contentType
        self.quality = quality
    }

    /// Every content type of `ContentType`, in its order, each with quality 1.
    public static var defaultValues: [Self] { ContentType.allCases.map { Self(contentType: $0) } }
}

extension AcceptHeaderContentType: RawRepresentable {
    /// An entry read from one comma-separated part of `Accept`, such as `text/plain; q=0.5`: its type
    /// and subtype, lowercased, and its `q` parameter; nil when there is no `type/subtype` or the quality
    /// is no number from 0 to 1.
    public init?(rawValue: String) {
        self.init(entry: rawValue[...])
    }

    /// An entry read from one comma-separated part of `Accept` (see `init(rawValue:)`), read in place.
    init?(entry: Substring) {
        var parameters = entry.split(separator: ";", omittingEmptySubsequences: false)[...]
        guard let range = parameters.popFirst()?.trimmingSpaces, range.utf8.contains(UInt8(ascii: "/")) else {
            return nil
        }
        var quality: QualityValue = 1
        for parameter in parameters {
            let parameter = parameter.trimmingSpaces
            guard parameter.utf8.count >= 2, parameter.prefix(2).lowercased() == "q=" else { continue }
            guard let parsed = QualityValue(rawValue: String(parameter.dropFirst(2))) else { return nil }
            quality = parsed
            break
        }
        guard let contentType = ContentType(rawValue: range.lowercased()) else { return nil }
        self.init(contentType: contentType, quality: quality)
    }

    /// The entry as `Accept` writes it: `application/json`, or `text/plain; q=0.500` for a quality below 1.
    public var rawValue: String {
        contentType.rawValue + (quality.isDefault ? "" : "; q=\(quality.rawValue)")
    }
}

extension Array {
    /// Every content type of `T`, in its order (JSON first in generated code), each with quality 1: what
    /// a generated call sends in `Accept` unless told otherwise.
    public static func defaultValues<T: AcceptableProtocol>() -> [AcceptHeaderContentType<T>]
    where Element == AcceptHeaderContentType<T> {
        AcceptHeaderContentType<T>.defaultValues
    }

    /// The entries ordered by quality, highest first, entries of one quality in their order.
    public func sortedByQuality<T: AcceptableProtocol>() -> [AcceptHeaderContentType<T>]
    where Element == AcceptHeaderContentType<T> {
        enumerated().sorted { a, b in
            a.element.quality.doubleValue != b.element.quality.doubleValue
                ? a.element.quality.doubleValue > b.element.quality.doubleValue : a.offset < b.offset
        }.map(\.element)
    }
}
