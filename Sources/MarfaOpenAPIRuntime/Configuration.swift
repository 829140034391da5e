/// Settings shared by a generated client or server.
public struct Configuration: Sendable {
    /// The most bytes read into memory for a JSON, form or multipart body; streamed bodies are not limited.
    public var maxBodyBytes: Int
    /// Whether a type's JSON members are written sorted by name rather than in the order it encodes
    /// them; a free-form object (`OpenAPIObject`) keeps its own order either way. Output is byte-stable
    /// both ways.
    public var sortedKeys: Bool
    /// What a generated client throws instead of a `ClientError` (a request it could not write, an
    /// answer it could not read), so an SDK's callers meet one error type; nil throws the `ClientError`.
    public var clientErrorMapping: (@Sendable (ClientError) -> any Error)?

    /// Settings with a 64 MiB body limit, sorted keys and no error mapping unless given.
    public init(
        maxBodyBytes: Int = 64 << 20, sortedKeys: Bool = true,
        clientErrorMapping: (@Sendable (ClientError) -> any Error)? = nil
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.sortedKeys = sortedKeys
        self.clientErrorMapping = clientErrorMapping
    }
}
