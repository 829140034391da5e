import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a transport's sessions: hands each task's events to the call that made it.
///
/// Events arrive on the session's serial delegate queue, in order. A call is registered before its
/// task starts and forgotten when the task completes; events of tasks it no longer knows are dropped.
final class URLSessionEvents: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = Mutex<[ObjectIdentifier: URLSessionExchange]>([:])

    /// Routes the events of `task` to `exchange` until the task completes.
    func register(_ exchange: URLSessionExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[ObjectIdentifier(task)] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> URLSessionExchange? {
        exchanges.withLock { $0[ObjectIdentifier(task)] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(exchange(for: dataTask)?.received(response) ?? .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.touch()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
        exchange?.completed(error, response: task.response)
    }

    /// Redirects are never followed: the call fails with `redirected`, and the task is canceled.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Refused before the call ends: ending it cancels the task, and FoundationNetworking stops
        // the process when a redirect's answer arrives after the task was canceled.
        completionHandler(nil)
        exchange(for: task)?.redirected(response)
    }

    /// On Apple platforms every challenge gets the system's own handling: a server's TLS certificate
    /// is evaluated as usual, and with no credential stored a 401 answer is handed over as it is.
    /// FoundationNetworking has no TLS challenges and asks for HTTP credentials only after the whole
    /// 401 answer was delivered, so there the call's body ends at the challenge and the task, which
    /// would otherwise wait for a credential forever, is canceled.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        exchange(for: task)?.completedBeforeCredentialRequest(response: task.response)
        completionHandler(.cancelAuthenticationChallenge, nil)
        #else
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    /// URLSession wants a streamed body from its start again, to resend the request: the body is
    /// read once, as it is produced, so there is none, and the call fails rather than send a part.
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping (InputStream?) -> Void
    ) {
        completionHandler(nil)
    }
}
