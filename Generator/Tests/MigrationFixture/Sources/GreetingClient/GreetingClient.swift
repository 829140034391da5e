import Foundation
import MarfaHTTP  // was: import OpenAPIURLSession
import MarfaOpenAPIRuntime  // was: import OpenAPIRuntime

/// Asks the service for a greeting as JSON, through the authentication middleware, and says what
/// went wrong when the call fails.
@main struct GreetingClient {
    static func main() async throws {
        let client = Client(
            serverURL: try Servers.Server1.url(),
            transport: URLSessionTransport(),
            middlewares: [AuthenticationMiddleware(authorizationHeaderFieldValue: "Bearer not-a-token")]
        )
        do {
            let response = try await client.getGreeting(
                query: .init(name: "CLI"),
                headers: .init(accept: [.init(contentType: .json), .init(contentType: .plainText, quality: 0.5)])
            )
            switch response {
            case .ok(let ok):
                switch ok.body {
                case .json(let greeting): print(greeting.message)
                case .plainText(let text): print(try await String(collecting: text, upTo: 1024))
                }
            case .tooManyRequests(let busy):
                print("Try again in \(busy.headers.retryAfter ?? 1) seconds.")
            case .undocumented(let statusCode, _):
                print("Undocumented status code: \(statusCode)")
            }
        } catch let error as ClientError {
            print("\(error.operationID) failed: \(error.causeDescription)")
            if let status = error.response?.status { print("The server answered \(status.code).") }
        }
        let text = try await client.getGreeting(headers: .init(accept: [.init(contentType: .plainText)])).ok.body
            .plainText
        print(try await String(collecting: text, upTo: 1024))
    }
}
