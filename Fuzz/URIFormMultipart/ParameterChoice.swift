import MarfaOpenAPIRuntime

/// A parameter's style, shape and explode, drawn from one byte.
struct ParameterChoice {
    static let styles: [ParameterStyle] = [
        .simple, .label, .matrix, .form, .spaceDelimited, .pipeDelimited, .deepObject,
    ]
    static let shapes: [URIStyleCoder.Shape] = [.primitive, .array, .object]

    let style: ParameterStyle
    let shape: URIStyleCoder.Shape
    let explode: Bool

    init(_ byte: Int) {
        style = Self.styles[byte % Self.styles.count]
        shape = Self.shapes[(byte / Self.styles.count) % Self.shapes.count]
        explode = byte & 0x80 != 0
    }
}
