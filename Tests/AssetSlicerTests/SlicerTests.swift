import AppHost
@testable import AssetSlicer
import Foundation
import Imaging
import Testing
import WebUI

@Suite struct SlicerTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334" viewBox="0 0 750 1334">
          <rect width="750" height="1334" fill="#f4f4f4"/>
          <g id="btn_sure_nor"><rect x="100" y="200" width="60" height="60" rx="8" fill="#1e88e5"/></g>
          <g id="btn_sure_pressed"><rect x="200" y="200" width="60" height="60" rx="8" fill="#1565c0"/></g>
          <g id="tab_home_nor"><circle cx="100" cy="1280" r="25" fill="#888888"/></g>
          <g id="tab_home_selected"><circle cx="200" cy="1280" r="25" fill="#e53935"/></g>
          <g id="tab_me_nor"><circle cx="300" cy="1280" r="30" fill="#888888"/><g id="inner"><rect x="300" y="1280" width="1" height="1"/></g></g>
          <g id="确定 按钮"><rect x="300" y="400" width="200" height="88" fill="#43a047"/></g>
          <rect id="img_banner" x="0" y="500" width="750" height="300" fill="#ffb300"/>
          <defs><linearGradient id="grad1"/></defs>
        </svg>
        """

    @Test func svgIdsAreSlicesRenderedAtEachScale() throws {
        let files = try Fixtures()
        try files.write("home.svg", Self.svg)
        let result = try SliceJob.run(SliceRequest(input: files.url("home.svg")))
        #expect(result.slices.map(\.name).sorted() == ["btn_sure_nor", "btn_sure_pressed", "img_banner", "img_que_ding_an_niu",
                                                        "tab_home_nor", "tab_home_selected", "tab_me_nor"])
        let button = try #require(result.slices.first { $0.name == "btn_sure_nor" })
        // 60 px at @2x is 30 pt: padded with transparency to the 44 pt tap target, centred.
        #expect(button.tapPadded && button.pointWidth == 44 && button.pointHeight == 44)
        #expect(button.files.map(\.fileName) == ["btn_sure_nor.png", "btn_sure_nor@2x.png", "btn_sure_nor@3x.png"])
        #expect(button.files.map { [$0.image.width, $0.image.height] } == [[44, 44], [88, 88], [132, 132]])
        let twice = try Imaging.decodeRGBA(button.files[1].image.bytes)
        #expect(twice.pixel(x: 0, y: 0)[3] == 0, "padding is transparent")
        #expect(twice.pixel(x: 44, y: 44) == [30, 136, 229, 255], "#1e88e5 in the middle")
        #expect(twice.pixel(x: 13, y: 44)[3] == 0 && twice.pixel(x: 15, y: 44)[3] == 255, "content 60 px wide from x = 14")
        let thrice = try Imaging.decodeRGBA(button.files[2].image.bytes)
        #expect(thrice.pixel(x: 21, y: 66)[3] == 255 && thrice.pixel(x: 19, y: 66)[3] == 0, "drawn at @3x: 90 px from x = 21")
        let banner = try #require(result.slices.first { $0.name == "img_banner" })
        #expect(banner.files.map { [$0.image.width, $0.image.height] } == [[375, 150], [750, 300], [1125, 450]])
        #expect(!(try Imaging.decodeRGBA(banner.files[0].image.bytes)).hasTransparency)
    }

    @Test func svgLintFindsNamesTabSizesAndMissingStates() throws {
        let files = try Fixtures()
        try files.write("home.svg", Self.svg)
        let result = try SliceJob.run(SliceRequest(input: files.url("home.svg")))
        #expect(result.hasErrors)
        let rules = result.findings.map { "\($0.level.rawValue) \($0.rule) \($0.subject)" }
        #expect(rules.contains("error name home.svg#确定 按钮"))
        #expect(result.findings.first { $0.rule == "name" }?.suggestion == "img_que_ding_an_niu")
        #expect(rules.contains("error tab-size tab bar"))
        #expect(result.findings.first { $0.rule == "tab-size" }?.message.en == "tab icons of unequal size: 25×25 pt: tab_home_nor, tab_home_selected; 30×30 pt: tab_me_nor")
        #expect(rules.contains("warning missing-state tab_me"))
        #expect(rules.contains("warning tap-target home.svg#btn_sure_nor"))
        #expect(!rules.contains { $0.contains("design-width") }, "750 px is an @2x design")
        let stated3 = try SliceJob.lint(SliceRequest(input: files.url("home.svg"), options: SliceOptions(designScale: 3)))
        let width = try #require(stated3.first { $0.rule == "design-width" })
        #expect(width.message.en.contains("looks like an @2x design (375 pt), try --design-scale 2"))
        #expect(width.message.zh == "设计稿宽 750 px，按 @3x 是 250 pt，不是手机屏宽；看起来是 @2x 设计稿（375 pt），请选 @2x（--design-scale 2）")
    }

    @Test func pngFolderDownscalesInLinearLightAndLeavesOutUpscales() throws {
        let files = try Fixtures()
        try FileManager.default.createDirectory(atPath: files.path("pngs"), withIntermediateDirectories: true)
        // @3x export: the other scales are made from it.
        try files.run("convert", ["-size", "90x90", "xc:none", "-fill", "#ff0000", "-draw", "rectangle 15,15 74,74", "pngs/ico_star_nor@3x.png"])
        // Design-scale file, 45×44 px: odd, so padded to 46×44 (23×22 pt); there is no @3x source.
        try files.run("convert", ["-size", "45x44", "xc:#00ff00", "pngs/bg_odd.png"])
        // Black and white stripes one pixel wide: halved in linear light they are 188, not 128.
        try files.run("convert", ["-size", "2x2", "xc:black", "-fill", "white", "-draw", "line 1,0 1,1", "-type", "TrueColor", "pngs/img_stripes@2x.png"])
        let result = try SliceJob.run(SliceRequest(input: files.url("pngs")))
        let star = try #require(result.slices.first { $0.name == "ico_star_nor" })
        #expect(star.files.map { [$0.scale, $0.image.width, $0.image.height] } == [[1, 30, 30], [2, 60, 60], [3, 90, 90]])
        let odd = try #require(result.slices.first { $0.name == "bg_odd" })
        #expect(odd.files.map { [$0.scale, $0.image.width, $0.image.height] } == [[1, 23, 22], [2, 46, 44], [3, 69, 66]], "@3x enlarged 1.5× by default")
        let padded = try Imaging.decodeRGBA(odd.files[1].image.bytes)
        #expect(padded.pixel(x: 45, y: 0)[3] == 0 && padded.pixel(x: 44, y: 0) == [0, 255, 0, 255], "one transparent column on the right")
        #expect(result.findings.contains { $0.rule == "odd-size" && $0.subject == "pngs/bg_odd.png" || $0.subject == "bg_odd.png" })
        #expect(result.findings.contains { $0.rule == "upscale" && $0.message.en == "@3x enlarged from the @2x bitmap (Lanczos-3; written, softer than a native export)" })
        var native = SliceOptions()
        native.allowUpscale = false
        let exported = try SliceJob.run(SliceRequest(input: files.url("pngs"), options: native))
        #expect(try #require(exported.slices.first { $0.name == "bg_odd" }).files.map(\.scale) == [1, 2], "--no-upscale leaves @3x out")
        #expect(exported.findings.contains { $0.rule == "upscale" && $0.message.en.hasPrefix("@3x would enlarge the @2x bitmap; not written (--no-upscale)") })
        let stripes = try #require(result.slices.first { $0.name == "img_stripes" })
        let half = try Imaging.decodeRGBA(try #require(stripes.files.first { $0.scale == 1 }).image.bytes)
        #expect(half.width == 1 && half.height == 1)
        let grey = Int(half.pixel(x: 0, y: 0)[0])
        #expect((180...195).contains(grey), "linear-light mean of black and white is sRGB 188, got \(grey)")
    }

    @Test func jpegOnlyForOpaquePicturesWhereItIsMuchSmaller() throws {
        let files = try Fixtures()
        try FileManager.default.createDirectory(atPath: files.path("pngs"), withIntermediateDirectories: true)
        // Photographic noise: PNG is large, JPEG small. The same picture as an icon stays PNG.
        try files.run("convert", ["-size", "300x300", "plasma:red-blue", "-seed", "7", "pngs/img_photo@3x.png"])
        try files.run("cp", ["pngs/img_photo@3x.png", "pngs/ico_photo@3x.png"])
        let options = SliceOptions(designScale: 3, jpegWhereSmaller: true)
        let result = try SliceJob.run(SliceRequest(input: files.url("pngs"), options: options))
        let photo = try #require(result.slices.first { $0.name == "img_photo" })
        #expect(photo.files.map(\.fileName) == ["img_photo.jpg", "img_photo@2x.jpg", "img_photo@3x.jpg"])
        #expect(photo.files.allSatisfy { $0.image.format == .jpeg })
        let icon = try #require(result.slices.first { $0.name == "ico_photo" })
        #expect(icon.files.allSatisfy { $0.image.format == .png })
        let plain = try SliceJob.run(SliceRequest(input: files.url("pngs"), options: SliceOptions(designScale: 3)))
        #expect(plain.slices.allSatisfy { $0.files.allSatisfy { $0.image.format == .png } }, "PNG unless --jpeg")
    }

    @Test func manyEnlargedScalesAreOneFinding() throws {
        let files = try Fixtures()
        try FileManager.default.createDirectory(atPath: files.path("pngs"), withIntermediateDirectories: true)
        for name in ["ico_a_nor", "ico_b_nor", "ico_c_nor", "ico_d_nor"] {
            try files.run("convert", ["-size", "48x48", "xc:#336699", "pngs/\(name)@2x.png"])
        }
        let findings = try SliceJob.lint(SliceRequest(input: files.url("pngs")))
        let upscales = findings.filter { $0.rule == "upscale" }
        #expect(upscales.count == 1)
        #expect(upscales.first?.subject == LintFinding.wholeDesign && upscales.first?.subjectName(.zh) == "设计稿")
        // Every enlarged file is named (tester 30 #16: "…" left the fourth unnamed).
        #expect(upscales.first?.message.en == "4 scales enlarge a bitmap (ico_a_nor@2x.png, ico_b_nor@2x.png, ico_c_nor@2x.png, ico_d_nor@2x.png); "
                + "written enlarged (Lanczos-3), softer than a native export")
        // Each enlarged @3x is marked in its own row: in the files, report.html (bilingual) and the job page's summary.
        let result = try SliceJob.run(SliceRequest(input: files.url("pngs")))
        #expect(result.slices.count == 4)
        for slice in result.slices {
            #expect(slice.files.map(\.scale) == [1, 2, 3] && slice.files.map(\.enlarged) == [false, false, true], "\(slice.name)")
        }
        let report = SliceReport.html(result, design: "pngs")
        #expect(report.components(separatedBy: "@3x 72×72 png（放大 enlarged）").count == 5, "\(report)")
        #expect(report.contains("设计稿 design") && report.contains("4 处由位图放大而来（ico_a_nor@2x.png, ico_b_nor@2x.png, ico_c_nor@2x.png, ico_d_nor@2x.png）"))
        #expect(report.contains("4 scales enlarge a bitmap"), "both languages, the report having none of its own")
        let summary = SlicerJobs.Summary(slices: result.slices, findings: result.findings, zipSize: 0)
        #expect(summary.slices.allSatisfy { $0.enlarged == [3] })
    }

    @Test func premultipliedResizeKeepsNoFringeFromTransparentPixels() throws {
        // Opaque red next to fully transparent green: a straight-alpha resize would bleed green into the edge.
        var pixels: [UInt8] = []
        for column in 0..<8 { pixels += column < 4 ? [255, 0, 0, 255] : [0, 255, 0, 0] }
        let image = RGBAImage(width: 8, height: 2, pixels: pixels + pixels)
        let half = try Imaging.resizeLinear(image, width: 4, height: 1)
        for x in 0..<4 where half.pixel(x: x, y: 0)[3] > 8 {
            #expect(half.pixel(x: x, y: 0)[1] <= 2, "pixel \(x) is \(half.pixel(x: x, y: 0)): no green")
        }
    }

    @Test func paletteOnlyWhereLossless() throws {
        let flat = RGBAImage(width: 16, height: 16, pixels: [UInt8]((0..<256).flatMap { _ in [200, 10, 10, 255] as [UInt8] }))
        let encoded = try Imaging.encodePNG(flat)
        #expect(try Imaging.decodeRGBA(encoded.bytes) == flat)
        var gradient: [UInt8] = []
        for index in 0..<(64 * 64) { gradient += [UInt8(index % 256), UInt8(index / 16 % 256), UInt8(index * 7 % 256), UInt8(index % 200 + 55)] }
        let many = RGBAImage(width: 64, height: 64, pixels: gradient)
        #expect(try Imaging.decodeRGBA(Imaging.encodePNG(many).bytes) == many, "thousands of colours stay exact")
    }

    @Test func psdNamedLayersAreSlices() throws {
        let files = try Fixtures()
        // A layered PSD written by ImageMagick: the first image is the merged canvas, then named layers with offsets.
        try files.run("convert", [
            "-size", "750x1334", "xc:white",
            "(", "-size", "88x88", "xc:none", "-fill", "#2196f3", "-draw", "circle 44,44 44,4", "-set", "label", "btn_play_nor", "-repage", "+100+200", ")",
            "(", "-size", "60x40", "xc:#ff9800", "-set", "label", "返回 按钮", "-repage", "+300+400", ")",
            "design.psd",
        ])
        let result = try SliceJob.run(SliceRequest(input: files.url("design.psd")))
        #expect(result.slices.map(\.name) == ["btn_play_nor", "img_fan_hui_an_niu"])
        let play = result.slices[0]
        #expect(play.files.map { [$0.image.width, $0.image.height] } == [[44, 44], [88, 88], [132, 132]], "@3x enlarged 1.5× from the @2x layer")
        let twice = try Imaging.decodeRGBA(play.files[1].image.bytes)
        #expect(twice.pixel(x: 44, y: 44) == [33, 150, 243, 255] && twice.pixel(x: 1, y: 1)[3] == 0)
        #expect(result.findings.contains { $0.rule == "name" && $0.subject == "design.psd, layer \"返回 按钮\"" })
        let design = try DesignReader.read(files.url("design.psd"), options: SliceOptions(), meter: SliceMeter(SliceBudget()))
        #expect(design.canvasWidth == 750)
        #expect(design.slices[0].position.map { [$0.x, $0.y] } == [50, 100], "layer offset in points")
    }

    @Test func pdfPagesAreVectorSlicesSizedInPoints() throws {
        let files = try Fixtures()
        try files.write("ico_home.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M2 12 12 2l10 10v10H2z" fill="#000"/></svg>
            """)
        try files.run("rsvg-convert", ["-f", "pdf", "-o", "ico_home.pdf", "ico_home.svg"])
        let result = try SliceJob.run(SliceRequest(input: files.url("ico_home.pdf")))
        let icon = try #require(result.slices.first)
        #expect(icon.name == "ico_home")
        // rsvg-convert writes 24 px as 18 pt (72/96): the page size in points is the icon's size.
        #expect(icon.files.map { [$0.image.width, $0.image.height] } == [[18, 18], [36, 36], [54, 54]])
        let thrice = try Imaging.decodeRGBA(icon.files[2].image.bytes)
        #expect(thrice.pixel(x: 27, y: 40) == [0, 0, 0, 255] && thrice.pixel(x: 2, y: 2)[3] == 0)
    }

    @Test func specSheetListsTextsColoursSizesAndEdgeDistances() throws {
        let files = try Fixtures()
        try files.write("login.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 1334">
              <rect width="750" height="1334" fill="#ffffff"/>
              <text id="txt_title" x="48" y="200" font-size="36" fill="#333333">登录 Sign in</text>
              <g fill="#1e88e5" opacity="0.5"><text x="48" y="1200" style="font-size:28px">忘记<tspan>密码</tspan></text></g>
              <g id="btn_login_nor"><rect x="48" y="600" width="654" height="88" rx="12" fill="#1e88e5"/></g>
            </svg>
            """)
        let result = try SliceJob.run(SliceRequest(input: files.url("login.svg")))
        let html = String(decoding: try #require(result.catalog.files["spec.html"]), as: UTF8.self)
        #expect(html.contains("<td>登录 Sign in</td><td>36 px / 18 pt</td><td>#333333 · RGB(51, 51, 51) · 100%</td>"))
        #expect(html.contains("<td>忘记密码</td><td>28 px / 14 pt</td><td>#1E88E5 · RGB(30, 136, 229) · 50%</td><td>x 24 / y 600</td>"))
        #expect(html.contains("<td>btn_login_nor</td><td>654×88 px / 327×44 pt</td><td>24 / 300 / 24 / 323</td>"), "edges in points")
        let picture = try Imaging.decodeRGBA(try #require(result.catalog.files["spec.png"]))
        #expect(picture.width == 375 && picture.height == 667, "the design at @1x")
        #expect(picture.pixel(x: 200, y: 322) == [30, 136, 229, 255], "the button drawn where the spec says")
        let button = try #require(result.slices.first { $0.name == "btn_login_nor" })
        #expect(button.pointWidth == 327 && button.pointHeight == 44)
    }

    /// Small files that decode to huge pictures: every bitmap of a design is held decoded while it is sliced,
    /// so the headers are checked against a side limit and a budget for the whole design before decoding.
    @Test func bitmapsOverTheSideOrTheDesignsPixelBudgetAreRefusedFromTheHeaders() throws {
        let files = try Fixtures()
        try FileManager.default.createDirectory(atPath: files.path("pngs"), withIntermediateDirectories: true)
        for index in 0..<3 {
            try files.run("convert", ["-size", "100x100", "xc:none", "pngs/bg_blank\(index)@2x.png"])
        }
        let tight = SliceOptions(limits: SlicerLimits(maximumTotalPixels: 25_000))
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("pngs"), options: tight))
            Issue.record("30,000 pixels in all are over a 25,000-pixel budget")
        } catch {
            #expect(error == .overLimit("the pictures up to bg_blank2@2x.png have 30000 pixels in all; at most 25000"), "\(error)")
        }
        #expect(try SliceJob.run(SliceRequest(input: files.url("pngs"), options: SliceOptions(limits: SlicerLimits(maximumTotalPixels: 30_000)))).slices.count == 3)
        try files.run("convert", [
            "-size", "200x100", "xc:white",
            "(", "-size", "100x100", "xc:red", "-set", "label", "ico_a_nor", ")", "(", "-size", "100x100", "xc:blue", "-set", "label", "ico_b_nor", ")",
            "layers.psd",
        ])
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("layers.psd"), options: SliceOptions(limits: SlicerLimits(maximumTotalPixels: 15_000))))
            Issue.record("two 100×100 layers are over a 15,000-pixel budget")
        } catch {
            #expect(error == .overLimit("layers.psd: the layers up to \"ico_b_nor\" have 20000 pixels in all; at most 15000"), "\(error)")
        }
        try files.run("convert", ["-size", "4097x2", "xc:none", "ico_wide@3x.png"])
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("ico_wide@3x.png")))
            Issue.record("a side over 4096 px")
        } catch {
            #expect(error == .overLimit("ico_wide@3x.png is 4097×2 px; each side at most 4096"), "\(error)")
        }
    }

    /// Numbers an SVG may carry that no Int holds (1e300, inf, nan, a zero-width canvas) once crashed the
    /// process where a size or a message turned them into Int; they are no canvas, clamped or printed as such.
    @Test func hugeAndNonFiniteSVGNumbersAreFindingsNotCrashes() throws {
        let files = try Fixtures()
        try files.write("huge.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1e300">
              <rect id="btn_ok_nor" x="10" y="10" width="88" height="88" fill="#1e88e5"/>
            </svg>
            """)
        let huge = try SliceJob.run(SliceRequest(input: files.url("huge.svg")))
        #expect(huge.slices.map(\.name) == ["btn_ok_nor"])
        #expect(huge.findings.contains { $0.rule == "read" && $0.message.en.hasPrefix("no spec sheet: ") }, "no canvas size, so no spec sheet")
        #expect(try DesignReader.read(files.url("huge.svg"), options: SliceOptions(), meter: SliceMeter(SliceBudget())).canvasWidth == nil)
        try files.write("spec.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 1334">
              <rect id="ico_c_nor" width="20" height="20"/><text x="1e300" y="20" font-size="1e300" opacity="1e300" fill="#ff0000">标题</text>
            </svg>
            """)
        let spec = String(decoding: try #require(try SliceJob.run(SliceRequest(input: files.url("spec.svg"))).catalog.files["spec.html"]), as: UTF8.self)
        #expect(spec.contains("1e+300 px / 5e+299 pt") && spec.contains("#FF0000 · RGB(255, 0, 0) · 100%"))
        try files.write("inf.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="inf" height="nan"><rect id="ico_a_nor" width="20" height="20"/></svg>
            """)
        #expect(try SliceJob.run(SliceRequest(input: files.url("inf.svg"))).slices.map(\.name) == ["ico_a_nor"])
        // A page 400,000 px tall at @2x would be a 375×200,000 px spec picture: refused, the slices still made.
        try files.write("long.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 400000"><rect id="ico_b_nor" width="20" height="20"/></svg>
            """)
        let long = try SliceJob.run(SliceRequest(input: files.url("long.svg")))
        #expect(long.slices.count == 1)
        #expect(long.findings.contains { $0.message.en == "no spec sheet: over the limit: long.svg at @1x is 375×200000 px; each side at most 16384 and 40000000 pixels in all" },
                "\(long.findings.map(\.message.en))")
        // An icon master whose canvas is 0 wide: no ratio from it, drawn square.
        try files.write("flat.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 100"><rect width="100" height="100" fill="#3355ff"/></svg>
            """)
        let master = try DesignReader.master(files.url("flat.svg"), side: 1024, limits: SlicerLimits(), meter: SliceMeter(SliceBudget()))
        #expect(master.width == 1024 && master.height == 1024)
        #expect(SpecSheet.describe("#ff0000", opacity: 1e300) == "#FF0000 · RGB(255, 0, 0) · 100%")
        #expect(SpecSheet.describe("#ff0000", opacity: .nan).hasSuffix(" · 100%"))
        #expect(DesignLint.formatted(.infinity) == "inf" && DesignLint.formatted(1e300) == "1e+300" && DesignLint.formatted(22.5) == "22.5")
    }

    @Test func unreadableDesignsNameTheFile() throws {
        let files = try Fixtures()
        try files.write("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"a\">")
        #expect(throws: SlicerError.self) { try SliceJob.run(SliceRequest(input: files.url("broken.svg"))) }
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("broken.svg")))
        } catch {
            #expect(error.description == "broken.svg: not well-formed XML", "\(error)")
            #expect(error.exitCode == .dataError)
        }
        try files.write("fake.psd", "not a photoshop file")
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("fake.psd")))
            Issue.record("a text file is not a PSD")
        } catch {
            #expect(error.description.hasPrefix("fake.psd: "))
        }
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("nothing-here")))
            Issue.record("missing input")
        } catch {
            #expect(error.exitCode == .noInput)
        }
    }
}
