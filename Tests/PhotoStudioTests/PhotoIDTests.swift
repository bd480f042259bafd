import AppSuiteTesting
import Foundation
import Testing

/// Tester 31b #9: on SQLite a purged photo's id went to the next upload (rocket got chelsea's 90, then coffee got it
/// again), so a stale link, a tab left open or an SDK cache reached another photo, and restoring the purged one answered
/// 200 with the new photo. Ids are never given twice.
@Suite(.serialized, .requires(.photos)) struct PhotoIDTests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    func upload(_ server: TestServer, _ name: String, token: String) throws -> Int {
        let reply = try server.uploadPhotos([(name, try corpus("ordinary/\(name)"))], token: token)
        #expect(reply.status == 201, "\(reply.text)")
        return try #require((try reply.json()["items"] as? [[String: Any]])?.first?["id"] as? Int)
    }

    @Test func aPurgedPhotosIdIsNeverGivenAgain() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bob = try server.register("bob").token
        let kept = try upload(server, "rocket.jpg", token: alice)
        var purged: [Int] = []
        var last = kept
        for name in ["chelsea.png", "coffee.png", "retina.jpg"] {
            let id = try upload(server, name, token: alice)
            #expect(id > last && !purged.contains(id), "\(name) got \(id) after \(purged)")
            #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204)
            #expect(try server.request("DELETE", "/api/v1/photos/trash", token: alice).json()["count"] as? Int == 1)
            purged.append(id)
            last = id
        }
        // The newest id was purged last: the next upload, in another account too, still gets a new one.
        let bobs = try upload(server, "hubble_deep_field.jpg", token: bob)
        #expect(bobs > last)
        for id in purged {
            #expect(try server.request("GET", "/api/v1/photos/\(id)", token: alice).status == 404)
            #expect(try server.request("POST", "/api/v1/photos/\(id)/restore", token: alice).status == 404)
        }
        #expect(try server.request("GET", "/api/v1/photos/\(kept)", token: alice).status == 200)
    }
}
