import Marfa

/// What a report says about an error: only text fixed in the SDK or in the app's source.
///
/// A `MarfaError` gives its case word (`code()`), the SDK's sentence for the case, and the server's
/// `code` when that is a short lowercase word; never its `message` nor any other value it carries.
/// Any other error gives its type's name only, never its description.
struct ErrorDescription: Sendable, Hashable {
    /// The exception's `type`: `MarfaError.<case word>`, the app's type, or the error's type name.
    var type: String
    /// The exception's `value`: one sentence.
    var sentence: String
    /// For a `MarfaError`, its case word.
    var kind: String?
    /// For a `MarfaError` that carries one, the server's code, when it is a short lowercase word.
    var code: String?

    init(type: String, sentence: String, kind: String? = nil, code: String? = nil) {
        self.type = type
        self.sentence = sentence
        self.kind = kind
        self.code = code
    }

    /// The description of `error`.
    init(_ error: any Error) {
        if let error = error as? MarfaError {
            let kind = error.code()
            self.init(
                type: "MarfaError.\(kind)", sentence: error.telemetrySentence, kind: kind,
                code: error.serverCode.flatMap(Self.shortWord))
        } else {
            self.init(type: Self.typeName(of: error), sentence: "An error of a type outside Marfa.")
        }
    }

    /// `code` when it matches `^[a-z][a-z_]{0,39}$`, else nil.
    static func shortWord(_ code: String) -> String? {
        let bytes = Array(code.utf8)
        guard (1...40).contains(bytes.count), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[0]) else {
            return nil
        }
        let allowed = bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "_")
        }
        return allowed ? code : nil
    }

    /// The name of the error's dynamic type, without its module (at most 100 characters).
    static func typeName(of error: any Error) -> String {
        String(String(describing: Swift.type(of: error)).prefix(100))
    }
}
