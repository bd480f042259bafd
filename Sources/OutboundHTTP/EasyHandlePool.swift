import CCurl
import Synchronization

/// A libcurl easy handle. Its connection, DNS and TLS-session caches outlive `curl_easy_reset`, so a handle
/// taken again sends over a kept-alive connection to the same host and port instead of a new one.
/// `@unchecked Sendable`: one thread owns it at a time, handed over through ``EasyHandlePool``'s lock.
final class EasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init?() {
        guard let pointer = curl_easy_init() else { return nil }
        self.pointer = pointer
    }

    deinit { curl_easy_cleanup(pointer) }
}

/// The idle easy handles of one client, kept apart per ``AddressPolicy``: libcurl calls the open-socket
/// callback only for new connections, so a connection opened under `.any` (to an internal host) must never
/// carry a `.publicOnly` request.
final class EasyHandlePool: Sendable {
    /// Idle handles kept per policy; each keeps at most ``connectionsPerHandle`` idle connections.
    static let maximumIdle = 4
    static let connectionsPerHandle = 4

    private let idle = Mutex<[AddressPolicy: [EasyHandle]]>([:])

    /// An idle handle for `policy` (the one used last), or a new one; nil when libcurl cannot make one.
    func take(for policy: AddressPolicy) -> EasyHandle? {
        idle.withLock { $0[policy]?.popLast() } ?? EasyHandle()
    }

    /// Keeps `handle`, whose options the caller has reset, for the next request under `policy`; beyond
    /// ``maximumIdle`` it is closed (with its connections) instead.
    func giveBack(_ handle: EasyHandle, for policy: AddressPolicy) {
        let surplus: EasyHandle? = idle.withLock { idle in
            guard idle[policy, default: []].count < Self.maximumIdle else { return handle }
            idle[policy, default: []].append(handle)
            return nil
        }
        _ = surplus  // released here, outside the lock
    }
}
