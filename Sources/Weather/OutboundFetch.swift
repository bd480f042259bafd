import Foundation

/// Interim until `OutboundHTTP` is merged (about 17:35 UTC): no request leaves the machine.
enum OutboundFetch {
    static func make() -> ProviderFetch {
        { _ throws(ProviderError) in throw .unavailable("outbound HTTP is not built into this server") }
    }
}
