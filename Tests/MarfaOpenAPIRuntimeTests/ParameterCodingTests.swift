import MarfaOpenAPIRuntime
import Testing

/// The examples of the OpenAPI specification's style table: id = 5, [3, 4, 5], {role: admin, firstName: Alex}.
@Suite struct ParameterCodingTests {
    struct User: Codable, Equatable {
        var role: String
        var firstName: String
    }

    let primitive = URIValue.primitive("5")
    let array = URIValue.array(["3", "4", "5"])
    let object = URIValue.object([("role", .primitive("admin")), ("firstName", .primitive("Alex"))])

    @Test func pathStyles() {
        #expect(URIStyleCoder.path(primitive, name: "id", style: .simple, explode: false) == "5")
        #expect(URIStyleCoder.path(array, name: "id", style: .simple, explode: false) == "3,4,5")
        #expect(URIStyleCoder.path(object, name: "id", style: .simple, explode: false) == "role,admin,firstName,Alex")
        #expect(URIStyleCoder.path(object, name: "id", style: .simple, explode: true) == "role=admin,firstName=Alex")
        #expect(URIStyleCoder.path(primitive, name: "id", style: .label, explode: false) == ".5")
        #expect(URIStyleCoder.path(array, name: "id", style: .label, explode: false) == ".3,4,5")
        #expect(URIStyleCoder.path(array, name: "id", style: .label, explode: true) == ".3.4.5")
        #expect(URIStyleCoder.path(object, name: "id", style: .label, explode: true) == ".role=admin.firstName=Alex")
        #expect(URIStyleCoder.path(primitive, name: "id", style: .matrix, explode: false) == ";id=5")
        #expect(URIStyleCoder.path(array, name: "id", style: .matrix, explode: false) == ";id=3,4,5")
        #expect(URIStyleCoder.path(array, name: "id", style: .matrix, explode: true) == ";id=3;id=4;id=5")
        #expect(
            URIStyleCoder.path(object, name: "id", style: .matrix, explode: false) == ";id=role,admin,firstName,Alex")
        #expect(URIStyleCoder.path(object, name: "id", style: .matrix, explode: true) == ";role=admin;firstName=Alex")
    }

    @Test func queryStyles() {
        #expect(URIStyleCoder.query(primitive, name: "id", style: .form, explode: true) == "id=5")
        #expect(URIStyleCoder.query(array, name: "id", style: .form, explode: true) == "id=3&id=4&id=5")
        #expect(URIStyleCoder.query(array, name: "id", style: .form, explode: false) == "id=3,4,5")
        #expect(URIStyleCoder.query(object, name: "id", style: .form, explode: true) == "role=admin&firstName=Alex")
        #expect(URIStyleCoder.query(object, name: "id", style: .form, explode: false) == "id=role,admin,firstName,Alex")
        #expect(URIStyleCoder.query(array, name: "id", style: .spaceDelimited, explode: false) == "id=3%204%205")
        #expect(URIStyleCoder.query(array, name: "id", style: .pipeDelimited, explode: false) == "id=3|4|5")
        #expect(
            URIStyleCoder.query(object, name: "id", style: .deepObject, explode: true)
                == "id%5Brole%5D=admin&id%5BfirstName%5D=Alex")
    }

    @Test func everyStyleReadsBackWhatItWrote() throws {
        let user = User(role: "admin", firstName: "Alex Ø/&")
        let value = try URIValueEncoder.encode(user)
        for style in [ParameterStyle.simple, .label, .matrix] {
            for explode in [false, true] {
                let text = URIStyleCoder.path(value, name: "id", style: style, explode: explode)
                let read = try #require(
                    URIStyleCoder.readPath(text[...], name: "id", style: style, explode: explode, shape: .object))
                #expect(
                    try URIValueDecoder.decode(User.self, from: read) == user, "\(style) explode \(explode): \(text)")
            }
        }
        for (style, explode) in [(ParameterStyle.form, true), (.form, false), (.deepObject, true)] {
            let text = URIStyleCoder.query(value, name: "id", style: style, explode: explode)
            let pairs = URIStyleCoder.queryPairs(text[...])
            let read = try #require(
                URIStyleCoder.readQuery(pairs, name: "id", style: style, explode: explode, shape: .object))
            #expect(try URIValueDecoder.decode(User.self, from: read) == user, "\(style) explode \(explode): \(text)")
        }
        let numbers = try URIValueEncoder.encode([3, 4, 5])
        for style in [ParameterStyle.form, .spaceDelimited, .pipeDelimited] {
            let text = URIStyleCoder.query(numbers, name: "id", style: style, explode: false)
            let read = try #require(
                URIStyleCoder.readQuery(
                    URIStyleCoder.queryPairs(text[...]), name: "id", style: style, explode: false, shape: .array))
            #expect(try URIValueDecoder.decode([Int].self, from: read) == [3, 4, 5])
        }
    }

    @Test func percentEncodingKeepsOnlyUnreserved() {
        #expect(PercentEncoding.encode("a b/c?d=é") == "a%20b%2Fc%3Fd%3D%C3%A9")
        #expect(PercentEncoding.decode("a%20b+c", plusIsSpace: true) == "a b c")
        #expect(PercentEncoding.decode("%zz") == nil)
    }
}
