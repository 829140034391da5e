import MarfaOpenAPIRuntime

/// Takes a request body piece by piece as it arrives, in place of the server collecting it in
/// memory: for a route registered with `MicroHTTPDServer.spoolBodies(method:path:_:)`, such as an
/// upload written to disk as it comes.
///
/// `append(_:)` and `finish()` run on the server's polling thread (never the cooperative pool),
/// one call at a time. The server calls `discard()` when the request ends, however it ends: after
/// the handler answered, when the body is longer than `limit`, or when the connection is cut. A
/// spool whose work the handler took over makes `discard()` do nothing.
public protocol RequestBodySpool: AnyObject, Sendable {
    /// The most body bytes taken; a longer body is answered `tooLarge` and discarded.
    var limit: Int { get }
    /// The answer to a body longer than `limit`.
    var tooLarge: (HTTPResponse, HTTPBody?) { get }
    /// Takes the next piece of the body.
    /// - Throws: an error that is the request's answer (an `HTTPResponseConvertible` answers its
    ///   response, any other a 500); the rest of the body is dropped.
    func append(_ piece: UnsafeRawBufferPointer) throws
    /// The whole body arrived: answers the body the handler reads.
    /// - Throws: as `append(_:)`.
    func finish() throws -> HTTPBody
    /// The request ended: removes whatever the spool holds that the handler did not take.
    func discard()
}
