import Foundation
import MarfaOpenAPIRuntime
import Testing

/// The code of the MarfaOpenAPIRuntime article (MarfaOpenAPIRuntime.docc/GeneratedCodeAtRunTime.md).
@Suite struct RuntimeSnippets {
    // snippet.begin: runtime-middleware
    /// Adds a request ID to every call and reads the server's answer to it.
    struct RequestIDMiddleware: ClientMiddleware {
        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            var request = request
            request.headerFields["X-Request-ID"] = "\(operationID)-\(UUID().uuidString)"
            let (response, responseBody) = try await next(request, body, baseURL)
            if response.status >= 500, let id = response.headerFields["X-Request-ID"] {
                print("\(operationID) failed with \(response.status); quote \(id)")
            }
            return (response, responseBody)
        }
    }
    // snippet.end

    // snippet.begin: runtime-nullable
    struct NotePatch: Codable, Equatable {
        var title: String?  // nil: not sent
        var dueDate: Nullable<CalendarDate>?  // nil: not sent; .null: cleared; .value: set
    }
    // snippet.end

    @Test func aNullableKeepsAbsentAndNullApart() throws {
        // snippet.begin: runtime-nullable-coding
        let clear = NotePatch(title: nil, dueDate: .null)
        let json = String(decoding: try JSONCoding.encode(clear), as: UTF8.self)  // {"dueDate":null}
        let read = try JSONCoding.decode(NotePatch.self, from: Data(#"{"title":"Plan"}"#.utf8))
        // read.dueDate == nil: the key was absent
        // snippet.end
        #expect(json == #"{"dueDate":null}"#)
        #expect(read == NotePatch(title: "Plan", dueDate: nil))
    }

    @Test func theMiddlewareAddsTheHeader() async throws {
        let seen = try await RequestIDMiddleware().intercept(
            HTTPRequest(method: .get, path: "/"), body: nil, baseURL: URL(string: "http://127.0.0.1")!,
            operationID: "getInstance"
        ) { request, _, _ in
            (HTTPResponse(status: 200, headerFields: ["X-Request-ID": request.headerFields["X-Request-ID"] ?? ""]), nil)
        }
        #expect(seen.0.headerFields["X-Request-ID"]?.hasPrefix("getInstance-") == true)
    }

    @Test func aBodyInMemoryReadsAgain() async throws {
        // snippet.begin: runtime-body
        let body = HTTPBody("{\"ok\": true}")
        let bytes = try await body.collect(upTo: 1 << 20)  // throws past the limit
        let again = try await body.collect(upTo: 1 << 20)  // bytes in memory read again
        // snippet.end
        #expect(bytes == again && bytes.count == 12)
    }
}
