import AppSuiteTesting
import Foundation
import Imaging
@testable import PhotoStudio
import Testing
import WebUI

/// Tester 31b #5 and #10: an edit that does not fit was answered with developer English in both languages ("invalid
/// argument: step 1: resize to 100000×133333 is outside 1…16384 pixels per side"). Now each says the step and the limit in
/// the reader's language.
@Suite(.serialized) struct EditRefusalTests {
    @Test func eachStepThatDoesNotFitIsNamedWithItsLimit() throws {
        func refusal(_ edits: [ImageEdit], maximumPixels: Int = 100_000_000) -> EditRefusal? {
            do throws(EditRefusal) {
                try EditRefusal.check(edits, width: 3000, height: 4000, maximumPixels: maximumPixels)
                return nil
            } catch { return error }
        }
        #expect(refusal([.rotate(degrees: 90), .crop(x: 0, y: 0, width: 4000, height: 3000), .resize(width: 800, height: 600)]) == nil)
        let resize = try #require(refusal([.rotate(degrees: 90), .resize(width: 100_000, height: 133_333)]))
        #expect(resize == EditRefusal(step: 2, reason: .resize(width: 100_000, height: 133_333)))
        #expect(resize.message(.zh) == "第 2 步：缩放到 100000×133333 超出了每边 1 到 16384 像素的范围。")
        #expect(resize.message(.en) == "Step 2: resizing to 100000×133333 is outside 1 to 16384 pixels per side.")
        // The crop is checked against the picture as the steps before it left it (4000×3000 after the turn).
        let crop = try #require(refusal([.rotate(degrees: 90), .crop(x: 0, y: 0, width: 3001, height: 4000)]))
        #expect(crop.message(.zh) == "第 2 步：裁剪框 3001×4000（位于 0,0）超出了 4000×3000 的图片。")
        #expect(crop.message(.en) == "Step 2: the 3001×4000 crop at 0,0 does not fit inside the 4000×3000 picture.")
        let pixels = try #require(refusal([.resize(width: 9000, height: 12000)], maximumPixels: 50_000_000))
        #expect(pixels.message(.zh) == "第 1 步：9000×12000 超过了 5000 万像素的上限。")
        #expect(pixels.message(.en) == "Step 1: 9000×12000 is over the limit of 50 megapixels.")
        #expect(refusal([.rotate(degrees: 45)])?.message(.en) == "Step 1: a rotation of 45° is not a multiple of 90°.")
    }

    @Test("the API's 422 for a resize past 16384 px is in the request's language", .requires(.photos))
    func apiRefusalIsLocalized() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let upload = try server.uploadPhotos([("p.jpg", [UInt8](try Data(contentsOf: Corpus.url("orientation/Portrait_6.jpg"))))], token: alice)
        let id = try #require((try upload.json()["items"] as? [[String: Any]])?.first?["id"] as? Int)
        let huge = #"{"operations":[{"op":"resize","width":100000,"height":100000}]}"#
        func message(_ language: String) throws -> String? {
            let reply = try server.send("POST", "/api/v1/photos/\(id)/versions", json: huge, token: alice, headers: ["Accept-Language": language])
            #expect(reply.status == 422)
            return ((try reply.json()["errors"] as? [[String: Any]])?.first)?["message"] as? String
        }
        #expect(try message("zh-CN") == "第 1 步：缩放到 100000×100000 超出了每边 1 到 16384 像素的范围。")
        #expect(try message("en") == "Step 1: resizing to 100000×100000 is outside 1 to 16384 pixels per side.")
    }
}
