import AppSuiteTesting
import Foundation
@testable import PhotoStudio
import Testing
import WebUI

/// Issue 8 item 6 for Photo Studio: album names follow the shared ``UserText`` rule (refused with the reason in
/// both languages); file names from the device lose the refused characters instead of failing the upload.
struct HiddenCharacterTests {
    @Test("album names: NUL, bidi overrides and zero-width characters are refused and nothing is stored")
    func albumNames() throws {
        let fixture = try Fixture()
        for (name, kind) in [("家人\u{0}", UserText.Refusal.Kind.control), ("旅行\u{202E}gpj", .bidiControl),
                             ("\u{2066}猫\u{2069}", .bidiControl), ("相\u{200B}册", .invisible), ("两\n行", .lineBreak)] {
            #expect(throws: AlbumNameError.self) { try fixture.library.createAlbum(userID: fixture.alice, name: name) }
            do {
                _ = try AlbumName.validated(name)
            } catch {
                let refusal = try #require(UserText.refusal(name, lines: .single))
                #expect(refusal.kind == kind)
                #expect(error.message.zh == "相册名称：" + refusal.message.zh)
                #expect(error.message.en == "Album name: " + refusal.message.en)
            }
        }
        #expect(try fixture.library.albums(userID: fixture.alice).isEmpty)
        #expect(try fixture.library.createAlbum(userID: fixture.alice, name: " 👨‍👩‍👧 一家人 ").name == "👨‍👩‍👧 一家人")
        #expect(throws: AlbumNameError.self) { try fixture.library.createAlbum(userID: fixture.alice, name: String(repeating: "长", count: 41)) }
    }

    @Test("file names: control, bidi and invisible characters are dropped from the name shown")
    func fileNames() {
        #expect(PhotoLibrary.cleanFilename("holiday\u{202E}gpj.exe") == "holidaygpj.exe")
        #expect(PhotoLibrary.cleanFilename("\u{200B}\u{FEFF}IMG_0001\u{2066}.JPG") == "IMG_0001.JPG")
        #expect(PhotoLibrary.cleanFilename("\u{202E}\u{200B}") == "photo")
        #expect(PhotoLibrary.cleanFilename("全家福 👨‍👩‍👧.heic") == "全家福 👨‍👩‍👧.heic")
    }

    @Test("the album API answers 422 with the reason in the viewer's language")
    func albumAPI() throws {
        let server = try TestServer()
        let token = try server.register("hidden").token
        let body = Array(#"{"name":"旅行\u202Egpj"}"#.utf8)
        let headers = ["Content-Type": "application/json", "Accept-Language": "en"]
        let refused = try server.request("POST", "/api/v1/photos/albums", token: token, headers: headers, body: body)
        #expect(refused.status == 422)
        let errors = try #require(try refused.json()["errors"] as? [[String: Any]])
        #expect(errors.first?["field"] as? String == "name")
        #expect(errors.first?["message"] as? String
                == "Album name: Character 3 is a text-direction control (U+202E), which makes text display in a different order from what it holds; remove it and try again.")
        let zh = try server.request("POST", "/api/v1/photos/albums", token: token, headers: ["Content-Type": "application/json"], body: body)
        #expect(try zh.json()["detail"] as? String == "相册名称：第 3 个字符是文字方向控制符（U+202E），它会让文字的显示顺序与实际内容不同，请删除后再试。")
        let albums = try server.request("GET", "/api/v1/photos/albums", token: token).json()
        #expect((albums["items"] as? [Any])?.isEmpty == true)
    }
}
