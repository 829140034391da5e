// Fuzz target: the runtime's reading of URI parameters (every style and shape), form bodies and
// multipart bodies. Input: one byte that picks the reader, one byte of options (style, shape,
// explode), then the text or body.
import FuzzSupport
import MarfaOpenAPIRuntime

FuzzDriver.run { input in
    let (reader, rest) = input.choice(of: 6)
    let (options, payload) = rest.choice(of: 256)
    let parameter = ParameterChoice(options)
    switch reader {
    case 0: FormReading.check(payload.bytes)
    case 1: ParameterReading.path(payload.text, parameter)
    case 2: ParameterReading.query(payload.text, parameter)
    case 3: ParameterReading.headerAndCookie(payload.text, parameter)
    case 4: MultipartReading.check(payload.bytes)
    default: PercentReading.check(payload.text)
    }
}
