import Foundation
import OutboundHTTP

/// Sends provider requests with the suite's HTTP client (`OutboundHTTP`): 8 s for the whole exchange, two
/// retries with backoff for GETs (a POST to webxml is not repeated), 2 MiB of body at most, gzip
/// accepted and inflated by the client (QWeather sends gzip: pitfall 11). Provider URLs come from the
/// operator's configuration, never from a user, so any address is allowed (a local replay server included).
enum OutboundFetch {
    static func make(client: any HTTPClient = CurlHTTPClient()) -> ProviderFetch {
        { request throws(ProviderError) in
            var outbound = OutboundRequest(method: request.method, url: request.url,
                                           headers: request.headers.map { (name: $0.0, value: $0.1) }, body: request.body)
            outbound.timeout = .seconds(8)
            outbound.connectTimeout = .seconds(4)
            outbound.maxResponseBytes = 2 << 20
            outbound.addressPolicy = .any
            if request.method == "GET" { outbound.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(250)) }
            do {
                let response = try client.send(outbound)
                return ProviderResponse(status: response.status, contentType: response.header("Content-Type"), body: response.body)
            } catch let error as OutboundHTTPError {
                // libcurl's text (host, port, maybe the URL with a key) goes to the log; the page says what happened.
                FileHandle.standardError.write(Data("appsuite: weather provider: \(error.description)\n".utf8))
                throw .unavailable(error.shownText)
            } catch {
                FileHandle.standardError.write(Data("appsuite: weather provider: \(error)\n".utf8))
                throw .unavailable("the server could not be reached")
            }
        }
    }
}
