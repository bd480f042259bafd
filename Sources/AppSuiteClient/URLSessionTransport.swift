#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The default ``HTTPTransport``: one `URLSession` of its own, driven by a delegate so that upload progress is
/// reported the same way on Apple platforms and on Linux. Cookies and the HTTP cache are off (the client
/// authenticates with a bearer token; a session cookie alongside it would make the server ask for CSRF tokens).
///
/// Cancelling the calling task cancels the request (`CancellationError`). Responses larger than
/// ``maximumResponseBytes`` are cut off with ``TransportFailure/Kind/responseTooLarge``.
public final class URLSessionTransport: HTTPTransport {
    /// The largest body read into memory, bytes: 128 MiB (the server stores originals up to 64 MiB).
    public let maximumResponseBytes: Int
    private let session: URLSession
    private let tasks: TaskTable

    /// - Parameter configuration: copied; cookie storage, the URL cache and cookie handling are turned off in the copy.
    public init(configuration: URLSessionConfiguration = .ephemeral, maximumResponseBytes: Int = 128 << 20) {
        let configuration = configuration.copy() as! URLSessionConfiguration
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.maximumResponseBytes = maximumResponseBytes
        tasks = TaskTable()
        session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Sends `request` on the session: `from:` data or `fromFile:` uploads, so progress is reported for both.
    /// - Throws: ``TransportFailure`` or `CancellationError` (the rules of ``HTTPTransport``).
    public func send(_ request: HTTPRequest, progress: UploadProgressHandler?) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = request.timeout
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task: URLSessionTask
        var bodySize: Int64?
        switch request.body {
        case .empty: task = session.dataTask(with: urlRequest)
        case .data(let data): task = session.uploadTask(with: urlRequest, from: data)
        case .file(let file):
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? NSNumber
            bodySize = size?.int64Value
            #if canImport(FoundationNetworking)
            // swift-corelibs-foundation's file body (`_BodyFileSource`) traps when a task is cancelled while it reads
            // ahead: it un-pauses the removed curl handle with `try!` (CURLE_BAD_FUNCTION_ARGUMENT). A stream body is
            // read synchronously and never paused; it goes out chunked, at constant memory.
            guard let stream = InputStream(url: file) else { throw TransportFailure(.other, "cannot read the body file \(file.path)") }
            urlRequest.httpBodyStream = stream
            task = session.dataTask(with: urlRequest)
            #else
            task = session.uploadTask(with: urlRequest, fromFile: file)
            #endif
        }
        let handle = TaskHandle(task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                tasks.start(task, limit: maximumResponseBytes, bodySize: bodySize, progress: progress, continuation: continuation)
                if Task.isCancelled { handle.cancel() }
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// A task to cancel from the cancellation handler (which may run on any thread).
private final class TaskHandle: @unchecked Sendable {
    private let task: URLSessionTask

    init(_ task: URLSessionTask) {
        self.task = task
    }

    func cancel() { task.cancel() }
}

/// The session's delegate: collects each task's body and reports its progress, then resumes its caller.
private final class TaskTable: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var progress: UploadProgressHandler?
        var limit: Int
        /// The body's length when the transport knows it better than URLSession (a chunked stream).
        var bodySize: Int64?
        var body = Data()
        var lastReported: Int64 = -1
        var tooLarge = false
    }

    private let pending = Locked<[Int: Pending]>([:])

    func start(_ task: URLSessionTask, limit: Int, bodySize: Int64?, progress: UploadProgressHandler?,
               continuation: CheckedContinuation<HTTPResponse, any Error>) {
        pending.withLock {
            $0[task.taskIdentifier] = Pending(continuation: continuation, progress: progress, limit: limit, bodySize: bodySize)
        }
        task.resume()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64) {
        let report: (UploadProgressHandler, UploadProgress)? = pending.withLock { table in
            guard let entry = table[task.taskIdentifier], let handler = entry.progress, totalBytesSent != entry.lastReported else { return nil }
            table[task.taskIdentifier]?.lastReported = totalBytesSent
            let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : entry.bodySize ?? 0
            return (handler, UploadProgress(bytesSent: totalBytesSent, totalBytes: total))
        }
        if let (handler, progress) = report { handler(progress) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = pending.withLock { table -> Bool in
            guard var entry = table[dataTask.taskIdentifier], !entry.tooLarge else { return false }
            if entry.body.count + data.count > entry.limit {
                entry.tooLarge = true
                entry.body = Data()
            } else {
                entry.body.append(data)
            }
            table[dataTask.taskIdentifier] = entry
            return entry.tooLarge
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let http = task.response as? HTTPURLResponse
        if entry.tooLarge {
            entry.continuation.resume(throwing: TransportFailure(.responseTooLarge, "the response is larger than \(entry.limit) bytes"))
        } else if let error {
            entry.continuation.resume(throwing: Self.failure(error, response: http, received: entry.body.count))
        } else if let http {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String { headers[name.lowercased()] = "\(value)" }
            }
            entry.continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: entry.body))
        } else {
            entry.continuation.resume(throwing: TransportFailure(.other, "the answer is not an HTTP response"))
        }
    }

    /// The failure for a task's error: a cancellation, or the network's trouble by kind. A body cut off before
    /// its `Content-Length` is ``TransportFailure/Kind/truncatedBody`` on every platform (URLSession on Linux
    /// reports it as an unknown error, on Apple platforms as a lost connection).
    static func failure(_ error: any Error, response: HTTPURLResponse?, received: Int) -> any Error {
        guard let error = error as? URLError else { return TransportFailure(.other, "\(error)") }
        let message = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? error.localizedDescription
        if let length = response?.expectedContentLength, length > received, error.code != .cancelled, error.code != .timedOut {
            return TransportFailure(.truncatedBody, "\(received) of \(length) bytes arrived: \(message)")
        }
        switch error.code {
        case .cancelled: return CancellationError()
        case .timedOut: return TransportFailure(.timedOut, message)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .badURL, .unsupportedURL:
            return TransportFailure(.cannotConnect, message)
        case .networkConnectionLost, .badServerResponse: return TransportFailure(.connectionLost, message)
        default: return TransportFailure(.other, message)
        }
    }
}
