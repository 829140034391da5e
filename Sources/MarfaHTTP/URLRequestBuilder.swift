import Foundation
import MarfaOpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLRequest` for a request head, after the checks every transport applies (an HTTP token
/// for a method and field names, no line break in a value). The body is set by the caller.
enum URLRequestBuilder {
    static func request(for request: HTTPRequest, target: RequestTarget) throws(HTTPClientError) -> URLRequest {
        let method = request.method.rawValue
        try RequestHeadRules.checkMethod(method)
        guard let url = URL(string: target.url) else {
            throw .invalidRequest(reason: "URLSession cannot read the request's URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = URLSessionEngine.noTimeLimit
        urlRequest.httpShouldHandleCookies = false
        for field in request.headerFields {
            try RequestHeadRules.checkField(field)
            if RequestHeadRules.isFraming(field.name) { continue }
            urlRequest.addValue(String(field.value.trimmingSpaces), forHTTPHeaderField: field.name)
        }
        return urlRequest
    }
}
