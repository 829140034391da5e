import FuzzSupport
import MarfaOpenAPIRuntime

/// A form body with the members a sign-in or settings form carries.
struct FormSample: Codable, Hashable {
    var user: String
    var remember: Bool?
    var count: Int?
    var scope: [String]?
    var note: String?

    /// The same form with an empty `scope` list taken as absent.
    var absentWhenEmpty: FormSample {
        var form = self
        if form.scope?.isEmpty == true { form.scope = nil }
        return form
    }
}

/// Form bodies read into a struct; what was read is written and read again to the same value.
/// An empty list is the one value a form can't tell from an absent one (`scope=` reads as `[]`,
/// `[]` is written as nothing), so the two are the same here.
enum FormReading {
    static func check(_ bytes: [UInt8]) {
        _ = try? FormCoding.decode([String: String].self, from: bytes)
        guard let form = try? FormCoding.decode(FormSample.self, from: bytes) else { return }
        let written: [UInt8]
        do {
            written = try FormCoding.encode(form)
        } catch {
            FuzzFinding.report("\(form) was read but can't be written: \(error)")
        }
        let again = try? FormCoding.decode(FormSample.self, from: written)
        if again?.absentWhenEmpty != form.absentWhenEmpty {
            FuzzFinding.report(
                "\(form) written as \(String(decoding: written, as: UTF8.self)) reads back as \(String(describing: again))"
            )
        }
    }
}
