import AppSuiteTesting
import Foundation
import Testing

/// Tester 31b #3: the page and the API said "64 MB" whatever `--photos-max-megabytes` set. Every text states the
/// configured limit: the upload form's hint, the reasons photos-upload.js shows (and its `data-max-bytes`, checked in
/// the browser before sending), and the API's 413 in the request's language.
@Suite(.serialized, .requires(.photos)) struct UploadLimitTests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    @Test func aConfiguredLimitIsTheOneEveryTextStates() throws {
        let server = try TestServer(options: ["photos-max-megabytes": "2", "photos-max-megapixels": "50"])
        let alice = try server.register("alice").token
        let nokia = try corpus("ordinary/HMD_Nokia_8.3_5G.jpg")
        #expect(nokia.count > 2 << 20, "the 2.1 MB photo is over the 2 MiB limit")

        let chinese = try server.uploadPhotos([("nokia.jpg", nokia)], token: alice)
        #expect(chinese.status == 413)
        let problem = try chinese.json()
        #expect(problem["type"] as? String == "urn:appsuite:problem:photo-too-large")
        #expect(problem["detail"] as? String == "文件太大（上限 2 MB）")
        let english = try server.upload("/api/v1/photos", files: TestServer.photoFiles([("nokia.jpg", nokia)]), token: alice,
                                        headers: ["Accept-Language": "en"])
        #expect(english.status == 413)
        #expect(try english.json()["detail"] as? String == "image too large: \(nokia.count) bytes, the limit is \(2 << 20) bytes")
        #expect(try server.request("GET", "/api/v1/photos", token: alice).json()["items"].map { ($0 as? [Any])?.count } == 0)

        let page = try server.request("GET", "/photos", token: alice).text
        #expect(page.contains("单个文件最大 2 MB、5000 万像素。"))
        #expect(!page.contains("64 MB") && !page.contains("1 亿像素"), "no default limit is left in the page")
        #expect(page.contains("data-max-bytes=\"\(2 << 20)\""))
        #expect(page.contains("文件太大（上限 2 MB）") && page.contains("像素太多（上限 5000 万像素），未解码即拒绝"))
        let pageEnglish = try server.request("GET", "/photos", token: alice, headers: ["Accept-Language": "en"]).text
        #expect(pageEnglish.contains("up to 2 MB and 50 megapixels each."))
        #expect(pageEnglish.contains("too large (at most 2 MB)"))
    }

    @Test func theDefaultsAreStatedAsBefore() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let page = try server.request("GET", "/photos", token: alice).text
        #expect(page.contains("单个文件最大 64 MB、1 亿像素。") && page.contains("data-max-bytes=\"\(64 << 20)\""))
    }
}
