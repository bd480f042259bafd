import Foundation
import Synchronization

/// What the server accumulates for one request between libmicrohttpd's calls to the access handler.
final class RequestState {
    let startedAt = monotonicNanoseconds()
    let connection: ConnectionState?
    var body: [UInt8] = []
    var multipart: MultipartParser?
    /// Set when the body broke a limit or could not be parsed; answered once the body has been drained.
    var rejection: HTTPError?
    var declaredLength: Int?
    /// Body bytes received so far (all multipart parts together count against the upload limit).
    var receivedBytes = 0
    var headers = HTTPHeaders()
    /// Set while the request's offloaded work runs; holds its response once the connection is resumed.
    var offload: OffloadSlot?
    /// True once the request was offloaded: its completion is counted in `ServerCore.offloads`.
    var isOffloaded = false

    init(connection: ConnectionState?) { self.connection = connection }

    deinit {
        // Temporary upload files live only as long as the request; handlers move what they keep.
        for path in multipart?.temporaryPaths ?? [] { unlink(path) }
    }
}

/// Where offloaded work leaves its response for the suspended connection it resumes.
final class OffloadSlot: Sendable {
    /// The `MHD_Connection` pointer's bits: it stays valid while the connection is suspended.
    private let address: UInt
    let response = Mutex<Response?>(nil)

    init(connection: OpaquePointer) { address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    var connection: OpaquePointer { OpaquePointer(bitPattern: address)! }
}
