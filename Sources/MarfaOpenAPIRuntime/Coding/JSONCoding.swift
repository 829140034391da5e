import Foundation

/// The JSON encoder and decoder generated code uses: RFC 3339 dates with or without a fraction.
public enum JSONCoding {
    /// A new encoder; `sortedKeys` makes output byte-stable.
    public static func makeEncoder(sortedKeys: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sortedKeys ? [.sortedKeys, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date))
        }
        return encoder
    }

    /// A new decoder that reads dates in RFC 3339 form, fraction or not.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an RFC 3339 date-time, found '\(text)'.")
            }
            return date
        }
        return decoder
    }

    /// Encodes `value` to compact JSON bytes through `JSONValueEncoder`: a type's members in the
    /// order it encodes them (sorted by name with `sortingKeys`), a `OpenAPIObject` or `OpenAPIValue`
    /// in its own order either way.
    public static func encode<T: Encodable>(_ value: T, sortingKeys: Bool = false) throws -> Data {
        Data(JSONTextWriter.bytes(try JSONValueEncoder.encode(value, sortingKeys: sortingKeys)))
    }

    /// Decodes a `T` from JSON bytes, read by the strict `JSONTextParser` and decoded from its tree,
    /// so a `OpenAPIObject` or `OpenAPIValue` inside keeps the order its members were read in.
    /// - Throws: `DecodingError.dataCorrupted` for text that is not JSON (the byte offset named),
    ///   and the `DecodingError` naming the coding path where the value doesn't fit `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONValueDecoder.decode(T.self, from: try value(from: [UInt8](data)))
    }

    /// The JSON value `bytes` hold.
    /// - Throws: `DecodingError.dataCorrupted` naming the byte offset where reading stopped.
    package static func value(from bytes: [UInt8]) throws -> OpenAPIValue {
        do {
            return try JSONTextParser.parse(bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
    }
}
