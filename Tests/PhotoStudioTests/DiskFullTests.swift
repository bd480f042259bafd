import AppSuiteTesting
import Foundation
import Imaging
import PhotoStudio
import Testing

/// Issue 27 item 3: a full disk during an upload answers `507` (`urn:appsuite:problem:disk-full`) and leaves nothing
/// half-written. The server's data directory is on a real 12 MiB tmpfs (mounted for the test, which needs root).
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs needs root")) struct DiskFullTests {
    @Test func uploadsOntoAFullDiskAre507AndLeaveNoPartialFile() throws {
        let mount = NSTemporaryDirectory() + "enospc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=12m", "tmpfs", mount])
        defer {
            try? Self.run("/bin/umount", ["-l", mount])
            try? FileManager.default.removeItem(atPath: mount)
        }
        let directory = TemporaryDirectory(String(mount.dropFirst(NSTemporaryDirectory().count)) + "/data")
        try {
            let server = try TestServer(apps: [PhotoStudioApp()], directory: directory)
            let alice = try server.register("alice").token
            var stored: [Int: [UInt8]] = [:]
            var full: RawHTTPClient.Reply?
            for round in 0..<20 {
                let bytes = try Self.noisePNG(side: 600)  // about 1.1 MB that does not compress
                let reply = try server.uploadPhotos([("noise-\(round).png", bytes)], token: alice)
                if reply.status == 201 {
                    let id = try #require((try reply.json()["items"] as? [[String: Any]])?.first?["id"] as? Int)
                    stored[id] = bytes
                } else {
                    full = reply
                    break
                }
            }
            let refusal = try #require(full, "12 MiB never filled up")
            #expect(refusal.status == 507, "\(refusal.status) \(refusal.text)")
            #expect(try refusal.json()["type"] as? String == "urn:appsuite:problem:disk-full")
            #expect(!refusal.text.contains(server.dataDirectory))

            // Nothing half-written: no staged or uploaded leftovers, every stored photo whole, the database consistent.
            let staging = server.dataDirectory + "/apps/photos/staging"
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).isEmpty)
            // The server removes a request's upload files when the request completes, just after it answers.
            #expect(try wait(until: { ((try? FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/uploads")) ?? []).isEmpty },
                             timeout: .seconds(10), every: .milliseconds(20)), "the upload folder empties")
            let items = try #require(try server.request("GET", "/api/v1/photos?limit=200", token: alice).json()["items"] as? [[String: Any]])
            #expect(Set(items.compactMap { $0["id"] as? Int }) == Set(stored.keys), "exactly the photos answered 201")
            for (id, bytes) in stored {
                #expect(try server.request("GET", "/api/v1/photos/\(id)/original", token: alice).body == bytes)
            }

            // Deleting frees the space: the next upload is stored.
            let first = try #require(stored.keys.min())
            #expect(try server.request("DELETE", "/api/v1/photos/\(first)", token: alice).status == 204)
            #expect(try server.request("DELETE", "/api/v1/photos/trash", token: alice).status == 200, "the trash keeps the file until emptied")
            #expect(try server.uploadPhotos([("after.png", try Self.noisePNG(side: 300))], token: alice).status == 201)
        }()
    }

    static func noisePNG(side: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for index in pixels.indices where index % 4 != 3 { pixels[index] = UInt8.random(in: 0...255) }
        return try Imaging.encodePNG(RGBAImage(width: side, height: side, pixels: pixels)).bytes
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
    }
}
