import FuzzSupport
import MarfaOpenAPIRuntime

/// Percent-encoding: any text encodes and decodes back to itself, with and without reserved
/// characters kept; any text decodes without a crash.
enum PercentReading {
    static func check(_ text: String) {
        _ = PercentEncoding.decode(text)
        _ = PercentEncoding.decode(text, plusIsSpace: true)
        for allowReserved in [false, true] {
            let encoded = PercentEncoding.encode(text, allowReserved: allowReserved)
            let decoded = PercentEncoding.decode(encoded)
            if decoded != text {
                FuzzFinding.report(
                    "\(text.debugDescription) encoded as \(encoded) decodes as \(String(describing: decoded))")
            }
        }
    }
}
