import Foundation
import Synchronization

extension TestServer {
    /// The process's one server with every installed app and `data` imported, over a socket: the first
    /// caller builds it (the import is a copy of ``ImportTemplates``' one import per process), later callers get the
    /// same server, and a failure is kept and thrown to each of them. It runs until the process ends, which removes
    /// its data directory. Tests on it share its users and rows, so they make unique names
    /// (``register(_:unique:password:)``). With `.gaokao`, the first caller also waits (up to 10 minutes) for the
    /// server's first Gaokao answer, which builds its in-memory snapshot: a client's 30-second time-out is for a
    /// request, not for that one-time build on a busy machine. Each server with gaokao builds that snapshot (over a
    /// minute of CPU in a debug build), so tests that need gaokao ask for ``SharedDataSet/servedTogether``, one server for all.
    public static func shared(importing data: SharedDataSet...) throws -> TestServer { try shared(importing: data) }

    /// The shared server with every set of ``SharedDataSet/servedTogether`` that is there (`needed`, which must be):
    /// the one server, and the one import of gaokao, for every test that needs gaokao.
    public static func sharedTogether(needing needed: SharedDataSet...) throws -> TestServer {
        for set in needed where !set.isAvailable { throw TestFailure(set.missingReason) }
        return try shared(importing: SharedDataSet.servedTogether.filter { needed.contains($0) || $0.isAvailable })
    }

    /// ``shared(importing:)-(SharedDataSet...)`` with the sets as an array.
    public static func shared(importing data: [SharedDataSet]) throws -> TestServer {
        let sets = SharedDataSet.allCases.filter(data.contains)  // one order, so one server and one template per set of sets
        let key = sets.map(\.rawValue).joined(separator: "+")
        // The process-wide lock only finds the key's slot; the build (an import and, with gaokao, minutes of snapshot)
        // holds that slot alone, so a test asking for another combination does not wait behind it.
        let slot = sharedServers.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = SharedServerSlot()
            slots[key] = slot
            return slot
        }
        return try slot.server.withLock { (built: inout Result<TestServer, TestFailure>?) in
            if let built { return built }
            let server = Result { () throws(TestFailure) -> TestServer in
                do {
                    let server = try TestServer(importing: sets)
                    removeAtExit(server.dataDirectory)
                    if sets.contains(.gaokao) { try server.warm("/api/v1/gaokao/provinces") }
                    return server
                } catch let failure as TestFailure {
                    throw failure
                } catch {
                    throw TestFailure("the shared server with \(key) did not start: \(error)")
                }
            }
            built = server
            return server
        }.get()
    }
}

extension SharedDataSet {
    /// The sets a server imports as one copy (``isTemplated``), in the order of ``allCases``: gaokao, movies, weather and
    /// appstore. Every test that needs gaokao asks for these (`GaokaoFixture`, the SDK's live tests, `BilingualPageTests`
    /// and the contract run with merchants on top, `DataTests`), so a process imports gaokao once.
    public static let servedTogether: [SharedDataSet] = allCases.filter(\.isTemplated)
}

extension TestServer {
    /// Waits up to 10 minutes for a 200 answer to `GET path`: the first request of an app that builds an in-memory
    /// snapshot on it (Gaokao's provinces, App Deals' topics) takes minutes in a debug build on a busy machine, longer
    /// than a client's time-out, so a test waits for that one-time build once. Throws when the answer is not 200.
    public func warm(_ path: String) throws {
        let warm = try RawHTTPClient(port: port, receiveTimeout: 600)
        defer { warm.close() }
        warm.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        guard warm.readReply()?.status == 200 else { throw TestFailure("the server did not answer GET \(path)") }
    }
}

/// One shared server's place: built by the first test that asks, while later ones for the same key wait for it.
private final class SharedServerSlot: Sendable {
    let server = Mutex<Result<TestServer, TestFailure>?>(nil)
}

private let sharedServers = Mutex<[String: SharedServerSlot]>([:])

/// Data directories of the shared servers, which live as long as the process.
private let directoriesToRemove: Mutex<[String]> = {
    atexit(removeDirectoriesAtExit)
    return Mutex([])
}()

private func removeAtExit(_ path: String) { directoriesToRemove.withLock { $0.append(path) } }

/// The `atexit` handler.
private nonisolated func removeDirectoriesAtExit() {
    for path in directoriesToRemove.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
}
