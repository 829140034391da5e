// Fuzz target: `JSONTextParser`, the strict reader every local-instance request body passes
// through. Input: the body's bytes. A body it accepts must be UTF-8 throughout and read to the
// same value from its text as from its bytes; nothing may crash, whatever it refuses.
import FuzzSupport
import MarfaOpenAPIRuntime

FuzzDriver.run { input in
    let bytes = input.bytes
    guard let value = try? JSONTextParser.parse(bytes) else { return }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        FuzzFinding.report("accepted bytes that are not UTF-8: \(bytes)")
    }
    if JSONTextParser.parse(text) != value {
        FuzzFinding.report("the text reads differently from its bytes: \(text)")
    }
}
