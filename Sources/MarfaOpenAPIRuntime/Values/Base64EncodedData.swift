import Foundation

/// Bytes written in JSON as a base64 string (`format: byte`).
public struct Base64EncodedData: Sendable, Hashable, Codable {
    /// The bytes, decoded.
    public var data: Data

    /// Wraps the bytes of `data`.
    public init(_ data: Data) { self.data = data }
    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) { self.data = Data(bytes) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let data = Data(base64Encoded: text) ?? Data(base64Encoded: Self.padded(text)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected base64 text.")
        }
        self.data = data
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(data.base64EncodedString())
    }

    /// Accepts the URL-safe alphabet and missing padding too.
    static func padded(_ text: String) -> String {
        var text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }
}
