/// `application/x-www-form-urlencoded` bodies: an object's members as `name=value` pairs.
///
/// Lists repeat their name (`tag=a&tag=b`); nested objects are written `name[key]=value`.
public enum FormCoding {
    /// The form body of `value`, which must encode as an object.
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        guard case .object(let members) = try URIValueEncoder.encode(value) else {
            throw URIValueEncoder.EncodingFailure(description: "A form body must be an object.")
        }
        let pairs = members.map { name, member in
            URIStyleCoder.query(member, name: name, style: member.isObject ? .deepObject : .form, explode: true)
        }
        return Array(pairs.filter { !$0.isEmpty }.joined(separator: "&").utf8)
    }

    /// Reads a `T` from a form body's `name=value` pairs.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let pairs = URIStyleCoder.queryPairs(String(decoding: bytes, as: UTF8.self)[...])
        var members: [(String, URIValue)] = []
        for (name, value) in pairs {
            if let index = members.firstIndex(where: { $0.0 == name }) {
                switch members[index].1 {
                case .primitive(let first): members[index].1 = .array([first, value])
                case .array(let items): members[index].1 = .array(items + [value])
                case .object: break
                }
            } else {
                members.append((name, .primitive(value)))
            }
        }
        return try URIValueDecoder.decode(type, from: .object(members))
    }
}

extension URIValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
