// The walkthrough `make demo` runs. It grows with the SDK: today it shows the generator and the
// generated Marfa types; the local instance, sign-in and server calls join as they land.
import Foundation
import MarfaOpenAPIGenerator
import MarfaTypes

func step(_ text: String) { print("\n▸ \(text)") }

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let contract = root.appending(path: "openapi/marfa.yaml").path
let realSpec = root.deletingLastPathComponent().appending(path: "shared/specs/marfa-openapi.json").path

step("Generate Swift from the contract, openapi/marfa.yaml, in every mode")
var config = GeneratorConfig()
config.modes = [.types, .client, .server]
config.strict = true
let start = Date()
let output = try Generator.generate(specPath: contract, config: config)
let lines = output.files.reduce(0) { $0 + $1.contents.split(separator: "\n").count }
print("  \(output.files.count) files, \(lines) lines, \(output.diagnostics.count) diagnostics, in \(Int(Date().timeIntervalSince(start) * 1000)) ms")

if FileManager.default.fileExists(atPath: realSpec) {
    step("Generate the real Marfa server's document (1.47 MB of JSON)")
    let realStart = Date()
    let real = try Generator.generate(specPath: realSpec, config: config)
    let realLines = real.files.reduce(0) { $0 + $1.contents.split(separator: "\n").count }
    print("  \(realLines) lines, \(real.diagnostics.count) diagnostics, in \(Int(Date().timeIntervalSince(realStart) * 1000)) ms")
}

step("Describe the reading-list type with the generated wire types (the seeds' sample)")
let title = Components.Schemas.FieldDefinition(_type: .string, required: true)
let entry = Components.Schemas.TypeDefinitionInput(
    fields: .init(additionalProperties: ["title": title]),
    id: "app.readinglist.entry")
let json = String(decoding: try JSONCoding.encode(entry), as: UTF8.self)
print("  \(json)")

step("Read it back; a field kind this build does not know is kept, not refused")
let newer = #"{"id":"app.readinglist.entry","fields":{"title":{"type":"string","required":true},"cover":{"type":"hologram"}}}"#
let decoded = try JSONCoding.decode(Components.Schemas.TypeDefinitionInput.self, from: Data(newer.utf8))
for (name, field) in decoded.fields.additionalProperties.sorted(by: { $0.key < $1.key }) {
    print("  \(name): \(field._type)")
}

step("Patch settings: a field left out is unchanged, null returns it to the default")
var patch = Components.Schemas.InstanceConfigPatch()
patch.trashRetentionDays = .value(60)
patch.auditRetentionDays = .null
print("  " + String(decoding: try JSONCoding.encode(patch), as: UTF8.self))
print("\nDone.")
