import AppSuiteTesting
import HTTPServer
@testable import AssetSlicer
import Foundation
import Testing

/// `/slicer` on a real server: upload a design, the job runs on the work pool, the page shows the lint and
/// the slices, and the zip holds a valid catalog.
@Suite struct SlicerPageTests {
    @Test func uploadSlicesOnTheWorkPoolAndOffersTheZip() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let home = try server.get("/slicer", token: account.token)
        #expect(home.status == 200 && home.text.contains("切图") && home.text.contains("name=\"design\""))

        let upload = try server.upload("/slicer/jobs", files: [
            MultipartFile(field: "design", filename: "home.svg", contentType: "image/svg+xml", bytes: Array(SlicerTests.svg.utf8)),
        ], token: account.token)
        #expect(upload.status == 303)
        let location = try #require(upload.headers["location"])
        #expect(location.wholeMatch(of: /\/slicer\/jobs\/[0-9a-f]{32}/) != nil, "\(location)")
        var page = try server.get(location, token: account.token)
        let finished = try wait(until: {
            page = try server.get(location, token: account.token)
            return page.text.contains("Assets.zip")
        })
        #expect(finished, "the slicing job ends")
        #expect(page.text.contains("7 个切图；2 个错误，3 个警告"))
        #expect(page.text.contains("img_que_ding_an_niu") && page.text.contains("标签栏图标尺寸不一：25×25 pt: tab_home_nor, tab_home_selected; 30×30 pt: tab_me_nor"))
        let preview = try server.get(location + "/preview/btn_sure_nor.png", token: account.token)
        #expect(preview.status == 200 && preview.headers["content-type"] == "image/png")
        #expect(Array(preview.body.prefix(4)) == [0x89, 0x50, 0x4e, 0x47])
        #expect(try server.get(location + "/preview/..%2Fdesign%2Fhome.svg", token: account.token).status == 404)

        let zip = try server.get(location + "/Assets.zip", token: account.token)
        #expect(zip.status == 200 && zip.headers["content-type"] == "application/zip")
        let files = try Fixtures()
        try Data(zip.body).write(to: files.url("Assets.zip"))
        let listing = try files.run("unzip", ["-Z1", "Assets.zip"]).split(separator: "\n").map(String.init)
        #expect(listing.contains("Assets.xcassets/Contents.json"))
        #expect(listing.contains("Assets.xcassets/btn_sure_nor.imageset/btn_sure_nor@3x.png"))
        #expect(listing.contains("report.html") && listing.contains("slices/img_banner@2x.png"))
        let contents = try files.run("unzip", ["-p", "Assets.zip", "Assets.xcassets/img_banner.imageset/Contents.json"])
        #expect(contents.contains("\"filename\" : \"img_banner@3x.png\""))

        // Another account sees none of it.
        let other = try server.register("someone")
        #expect(try server.get(location, token: other.token).status == 404)
        #expect(try server.get(location + "/Assets.zip", token: other.token).status == 404)
        #expect(try server.get("/slicer", token: account.token).text.contains(location))
    }

    @Test func badUploadsAreRefusedWithAMessage() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let text = try server.upload("/slicer/jobs", files: [
            MultipartFile(field: "design", filename: "notes.txt", contentType: "text/plain", bytes: Array("hello".utf8)),
        ], token: account.token)
        #expect(text.status == 303 && text.headers["location"] == "/slicer")
        let mixed = try server.upload("/slicer/jobs", files: [
            MultipartFile(field: "design", filename: "a.svg", bytes: Array(SlicerTests.svg.utf8)),
            MultipartFile(field: "design", filename: "b.png", bytes: [0x89]),
        ], token: account.token)
        #expect(mixed.headers["location"] == "/slicer")
        let none = try server.upload("/slicer/jobs", files: [MultipartFile(field: "other", filename: "x.png", bytes: [1])], token: account.token)
        #expect(none.headers["location"] == "/slicer")

    }

    @Test(.requires(.photos)) func aPNGBombIsRefusedFromItsHeader() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        // 65536 × 65536 in a 510 KB file: refused from the header by the job, never decoded.
        let bytes = [UInt8](try Data(contentsOf: SharedDataSet.photos.url("edge/bomb_png_65536x65536.png")))
        let bomb = try server.upload("/slicer/jobs", files: [MultipartFile(field: "design", filename: "img_bomb@2x.png", bytes: bytes)],
                                     token: account.token)
        let location = try #require(bomb.headers["location"])
        let page = try Self.endedJobPage(server, location, token: account.token)
        // Its one slice cannot be read (a lint finding), so the job has nothing to slice; said in the reader's words.
        #expect(page.text.contains("这个设计稿里没有能切出的图") && !page.text.contains("重试"), "\(page.text.prefix(2000))")
        #expect(!page.text.contains("pixels"), "the library's words stay in the log")
    }

    /// Tester 31c #1: a design that cannot be read fails with the kind's message in the reader's language, never the
    /// library's text, and offers another upload instead of 重试 (the same file would fail again).
    @Test func aBrokenDesignFailsInTheReadersWordsWithoutRetry() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let upload = try server.upload("/slicer/jobs", files: [
            MultipartFile(field: "design", filename: "broken.svg", contentType: "image/svg+xml",
                          bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"a\">".utf8)),
        ], token: account.token)
        let location = try #require(upload.headers["location"])
        let page = try Self.endedJobPage(server, location, token: account.token)
        #expect(page.text.contains("无法读取 broken.svg：文件已损坏，或不是本工具能读的 PNG、JPEG、SVG、PDF 或 PSD"), "\(page.text.prefix(3000))")
        #expect(!page.text.contains("well-formed") && !page.text.contains("重试"))
        #expect(page.text.contains("上传其他设计稿"))
        let english = try server.get(location, token: account.token, headers: ["Accept-Language": "en"])
        #expect(english.text.contains("broken.svg cannot be read: the file is damaged or not a PNG, JPEG, SVG, PDF or PSD this tool reads"))
        #expect(!english.text.contains("well-formed") && english.text.contains("Upload another design"))
        let list = try server.get("/slicer", token: account.token)
        #expect(list.text.contains("失败: 无法读取 broken.svg") && !list.text.contains("well-formed"))
    }

    /// Tester 31c #2: the page's 300 files fit the multipart parser's part limit; a body of more parts than
    /// ``MultipartForm/maximumParts`` is refused with a page that names that limit, not a file size.
    @Test func threeHundredFilesAreTakenAndMorePartsAreRefusedByCount() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        func files(_ count: Int) -> [MultipartFile] {
            (0..<count).map { MultipartFile(field: "design", filename: "ico_n\($0)_nor@2x.png", contentType: "image/png", bytes: [0x89]) }
        }
        let most = try server.upload("/slicer/jobs", files: files(SlicerPages.maximumFiles), token: account.token)
        #expect(most.status == 303)
        #expect(most.headers["location"]?.hasPrefix("/slicer/jobs/") == true, "\(most.status) \(most.headers)")
        let over = try server.upload("/slicer/jobs", files: files(MultipartForm.maximumParts + 1), token: account.token,
                                     headers: ["Accept": "text/html"])
        #expect(over.status == 413)
        #expect(over.text.contains("一次最多提交 \(MultipartForm.maximumParts) 项（文件和表单字段合计）"), "\(over.text.prefix(3000))")
        #expect(!over.text.contains("更小的文件"))
    }

    /// The job page at `location` once the job has stopped running (no `data-running`); an issue when it never does.
    static func endedJobPage(_ server: TestServer, _ location: String, token: String) throws -> RawHTTPClient.Reply {
        var page = try server.get(location, token: token)
        let finished = try wait(until: {
            page = try server.get(location, token: token)
            return !page.text.contains("data-running")
        })
        #expect(finished, "the slicing job ends")
        return page
    }
}
