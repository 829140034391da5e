import Foundation

/// Checks that every answer names the contract this build speaks in `X-Marfa-Contract`, and turns
/// refusals into `MarfaError`.
///
/// - A success naming no contract, another contract, or two differing values is
///   `contractMismatch`, and its body is not read.
/// - A refusal naming no contract came from something in front of the server: `unnamed`.
/// - A refusal naming another contract is `contractMismatch`.
/// - A refusal naming this contract is read (up to `refusalBodyLimit` bytes) as the error
///   envelope: see `MarfaError.init(refusal:fields:body:)`; with `returnsRefusals` it is answered
///   as it came.
struct ContractMiddleware: ClientMiddleware {
    static let header = "X-Marfa-Contract"
    /// The most bytes of a refusal's body read; a longer body keeps the status's case without its text.
    static let refusalBodyLimit = 64 << 10

    let expected: UInt64
    /// Whether a refusal naming this contract is answered as it came (for a drain, which reads the
    /// envelope's details) rather than thrown.
    var returnsRefusals = false

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        let status = UInt16(clamping: response.status.code)
        let success = (200..<400).contains(response.status)
        let writeSent = request.method != .get && request.method != .head
        let served = response.headerFields.values(for: Self.header)
        if served.isEmpty {
            if success {
                throw MarfaError.contractMismatch(
                    served: nil, expected: expected, status: status, writeSent: writeSent,
                    message:
                        "The server answered without naming its contract, so this app can't tell it speaks contract \(expected)."
                        + (writeSent ? " The change may have been made." : ""))
            }
            throw MarfaError.unnamed(
                status: status,
                message:
                    "Something in front of the server, such as a proxy, answered with status \(status) instead of the server."
            )
        }
        let values = Set(served.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) })
        guard values == [String(expected)] else {
            let shown = served.joined(separator: ", ")
            throw MarfaError.contractMismatch(
                served: shown, expected: expected, status: status, writeSent: writeSent,
                message: "The server speaks contract \(shown), and this app was built for contract \(expected)."
                    + (writeSent && success ? " The change may have been made." : ""))
        }
        if success || returnsRefusals { return (response, responseBody) }
        let bytes: [UInt8]?
        do {
            bytes = try await responseBody?.collect(upTo: Self.refusalBodyLimit)
        } catch is HTTPBody.TooManyBytesError {
            bytes = nil
        }
        throw MarfaError(refusal: response.status.code, fields: response.headerFields, body: bytes)
    }
}
