import AppSuiteTesting
import Foundation
import Synchronization
import Testing

/// Issue 8 item 11: under concurrent uploads of bad files, 5–7 of 96 refusals carried another request's
/// reason (libvips' error buffer is process-wide), and the code was chosen by searching that text.
@Suite(.serialized) struct RefusalTests {
    @Test("96 concurrent bad uploads: each refusal has the status, code and reason the same file gets alone", .requires(.photos))
    func concurrentRefusalsKeepTheirOwnReasons() throws {
        let server = try TestServer()
        let token = try server.register("alice").token
        let names = ["corrupt_header.jpg", "text_not_image.jpg", "one_byte.jpg", "bomb_avif_17000x17000.avif",
                     "bomb_png_65536x65536.png", "bomb_gif_65535x65535.gif", "tiff_float64_2page_unsupported.tif", "zero_byte.jpg"]
        let uploads = try names.map { name in
            TestServer.multipart(TestServer.photoFiles([(name, [UInt8](try Data(contentsOf: Corpus.url("edge/\(name)"))))]))
        }
        @Sendable func outcome(_ reply: RawHTTPClient.Reply?) -> String {
            guard let reply, let object = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any] else { return "no answer" }
            return "\(reply.status) \(object["type"] as? String ?? "-") \(object["detail"] as? String ?? "-")"
        }
        let port = server.port
        @Sendable func send(_ index: Int) -> RawHTTPClient.Reply? {
            try? RawHTTPClient.request(port: port, "POST", "/api/v1/photos",
                                       headers: uploads[index].headers.merging(["Authorization": "Bearer \(token)", "Accept-Language": "en"]) { $1 },
                                       body: uploads[index].body)
        }
        let alone = names.indices.map { outcome(send($0)) }
        #expect(alone[0] == "422 urn:appsuite:problem:photo-corrupt corrupt or truncated image: JPEG: the header cannot be read")
        #expect(alone[3].hasPrefix("422 urn:appsuite:problem:photo-too-many-pixels image has too many pixels: 17000×17000"), "\(alone[3])")
        #expect(Set(alone).count == alone.count - 1, "each file has its own reason (the two unknown formats share one): \(alone)")
        let seen = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 96) { run in
            let result = outcome(send(run % names.count))
            seen.withLock { $0[run] = result }
        }
        let results = seen.withLock { $0 }
        for run in 0..<96 {
            #expect(results[run] == alone[run % names.count], "run \(run) (\(names[run % names.count]))")
        }
        let library = try server.request("GET", "/api/v1/photos", token: token).json()
        #expect((library["items"] as? [Any])?.isEmpty == true, "nothing refused was stored")
    }
}
