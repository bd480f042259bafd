import Foundation
import Synchronization

extension TestServer {
    /// The process's one server with every installed app and `data` imported, over a socket: the first
    /// caller builds it (the import runs once per process), later callers get the same server, and a
    /// failure is kept and thrown to each of them. It runs until the process ends, which removes its data
    /// directory. Tests on it share its users and rows, so they make unique names
    /// (``register(_:unique:password:)``). With `.gaokao`, the first caller also waits (up to 10 minutes) for the
    /// server's first Gaokao answer, which builds its in-memory snapshot: a client's 30-second time-out is for a
    /// request, not for that one-time build on a busy machine.
    public static func shared(importing data: SharedDataSet...) throws -> TestServer {
        let key = Set(data).map(\.rawValue).sorted().joined(separator: "+")
        return try sharedServers.withLock { servers in
            if let server = servers[key] { return server }
            let server = Result { () throws(TestFailure) -> TestServer in
                do {
                    let server = try TestServer(importing: data)
                    removeAtExit(server.dataDirectory)
                    if data.contains(.gaokao) { try warmGaokao(server) }
                    return server
                } catch let failure as TestFailure {
                    throw failure
                } catch {
                    throw TestFailure("the shared server with \(key) did not start: \(error)")
                }
            }
            servers[key] = server
            return server
        }.get()
    }
}

/// The first Gaokao request, which builds the snapshot the later ones read.
private func warmGaokao(_ server: TestServer) throws {
    let warm = try RawHTTPClient(port: server.port, receiveTimeout: 600)
    defer { warm.close() }
    warm.send("GET /api/v1/gaokao/provinces HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    guard warm.readReply()?.status == 200 else { throw TestFailure("the shared server did not answer /api/v1/gaokao/provinces") }
}

private let sharedServers = Mutex<[String: Result<TestServer, TestFailure>]>([:])

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
