// Fuzz target: the generated server's request reading, through the generator's fixture documents
// (parameters.yaml: every path, query, header and cookie style; bodies.yaml: JSON, form,
// multipart, binary and text bodies). Input: an HTTP/1.1 request as bytes (request line, header
// lines, blank line, body); it is routed as a server transport would and handed to the handler.
import FuzzSupport
import MarfaOpenAPIRuntime

let server = FixtureServer()

FuzzDriver.run { input in
    guard let request = RawRequest(input.bytes) else { return }
    blocking { await server.answer(request) }
}
