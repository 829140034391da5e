/// Settings shared by a generated client or server.
public struct Configuration: Sendable {
    /// The most bytes read into memory for a JSON, form or multipart body; streamed bodies are not limited.
    public var maxBodyBytes: Int
    /// Whether JSON is written with sorted keys, for byte-stable output.
    public var sortedKeys: Bool

    public init(maxBodyBytes: Int = 64 << 20, sortedKeys: Bool = true) {
        self.maxBodyBytes = maxBodyBytes
        self.sortedKeys = sortedKeys
    }
}
