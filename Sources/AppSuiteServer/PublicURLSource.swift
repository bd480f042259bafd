import Synchronization
import WebUI

/// The suite's public base URL as links need it: the configured one, or `http://<host>:<port>` of the port the
/// server really bound (with `--port 0` that is known only once it listens).
final class PublicURLSource: Sendable {
    private let configured: PublicURL?
    private let host: String
    private let boundPort: Atomic<UInt16>

    init(configuration: AppSuiteConfiguration) {
        configured = configuration.publicURL
        host = configuration.host
        boundPort = Atomic(configuration.port)
    }

    /// Called once the server listens.
    func listening(on port: UInt16) { boundPort.store(port, ordering: .releasing) }

    var current: PublicURL { configured ?? PublicURL(listeningOn: host, port: boundPort.load(ordering: .acquiring)) }
}
