// Fuzz target: the runtime's server-sent-event and JSON Lines decoders (`HTTPBody.asServerSentEvents`,
// `asDecodedServerSentEventsWithJSONData(of:)`, `asDecodedJSONLines(of:)`). Input: one byte that
// picks where the body is cut into chunks, then the body's bytes. Every reading must be the same
// whether the body arrives whole or in those chunks.
import FuzzSupport
import MarfaOpenAPIRuntime

FuzzDriver.run { input in
    let (cut, body) = input.choice(of: 256)
    let bytes = body.bytes
    let chunked = Chunking.chunks(of: bytes, seed: cut)
    let (whole, pieces) = blocking { (await StreamReadings.read([bytes[...]]), await StreamReadings.read(chunked)) }
    if whole != pieces {
        FuzzFinding.report("chunks \(chunked.map(\.count)) read differently:\n\(whole)\nagainst\n\(pieces)")
    }
}
