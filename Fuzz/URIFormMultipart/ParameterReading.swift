import MarfaOpenAPIRuntime

/// Path, query, header and cookie parameters read from untrusted text in the chosen style.
enum ParameterReading {
    static let name = "id"

    static func path(_ text: String, _ choice: ParameterChoice) {
        guard
            let value = URIStyleCoder.readPath(
                text[...], name: name, style: choice.style, explode: choice.explode, shape: choice.shape)
        else { return }
        ParameterSamples.decodeAll(value)
    }

    static func query(_ text: String, _ choice: ParameterChoice) {
        let pairs = URIStyleCoder.queryPairs(text[...])
        let value = URIStyleCoder.readQuery(
            pairs, name: name, style: choice.style, explode: choice.explode, shape: choice.shape,
            knownNames: ["q", "limit"])
        if let value { ParameterSamples.decodeAll(value) }
    }

    static func headerAndCookie(_ text: String, _ choice: ParameterChoice) {
        if let value = URIStyleCoder.readHeader(text, explode: choice.explode, shape: choice.shape) {
            ParameterSamples.decodeAll(value)
        }
        if let value = URIStyleCoder.readCookie(text, name: name, explode: choice.explode, shape: choice.shape) {
            ParameterSamples.decodeAll(value)
        }
    }
}
