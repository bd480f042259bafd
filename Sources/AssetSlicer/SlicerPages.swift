import AppHost
import Foundation
import HTTPServer
import Identity
import Imaging
import WebUI

/// Words of the `/slicer` pages.
enum SlicerText {
    static let title = LocalizedText(zh: "切图", en: "Asset Slicer")
    static let intro = LocalizedText(
        zh: "上传设计稿：PNG 切图（可多选）、SVG（带 id 的图层即切图）、PDF 或带命名图层的 PSD。得到 @1x/@2x/@3x 切图、AppIcon、启动图和 Xcode 的 Assets.xcassets，并按设计规范检查命名与尺寸。",
        en: "Upload a design: PNG exports (several at once), an SVG (elements with ids are the slices), a PDF or a PSD with named layers. Get @1x/@2x/@3x slices, an AppIcon set, launch images and an Xcode Assets.xcassets, with a lint of the naming and size rules.")
    static let upload = LocalizedText(zh: "上传设计稿", en: "Upload a design")
    static let design = LocalizedText(zh: "设计稿文件", en: "Design files")
    static let scale = LocalizedText(zh: "设计稿倍率", en: "Design scale")
    static let scale1 = LocalizedText(zh: "@1x（375 宽）", en: "@1x (375 wide)")
    static let scale2 = LocalizedText(zh: "@2x（750 宽，iPhone 6）", en: "@2x (750 wide, iPhone 6)")
    static let scale3 = LocalizedText(zh: "@3x（1242 宽）", en: "@3x (1242 wide)")
    static let appIcon = LocalizedText(zh: "App 图标原图（可选，正方形 1024）", en: "App icon master (optional, square 1024)")
    static let legacy = LocalizedText(zh: "同时生成旧版图标尺寸（180…29、114、57、512）", en: "Also the legacy icon sizes (180…29, 114, 57, 512)")
    static let launch = LocalizedText(zh: "启动图原图（可选）", en: "Launch image master (optional)")
    static let start = LocalizedText(zh: "开始切图", en: "Slice")
    static let limits = LocalizedText(zh: "最多 \(SlicerPages.maximumFiles) 个文件、共 64 MB；每张图最多 4000 万像素，每边最多 4096 像素，最多 500 个切图。",
                                      en: "Up to \(SlicerPages.maximumFiles) files and 64 MB in all; 40 megapixels per picture, 4096 px per side, 500 slices.")
    /// The job page's way back after a failure that would only repeat: another design, not the same one again.
    static let uploadAnother = LocalizedText(zh: "上传其他设计稿", en: "Upload another design")
    static let recent = LocalizedText(zh: "最近的任务", en: "Recent jobs")
    static let serverStopped = LocalizedText(zh: "处理它的服务器已停止，请重新上传", en: "the server slicing it stopped; upload it again")
    static let queued = LocalizedText(zh: "排队中…", en: "Queued…")
    static let running = LocalizedText(zh: "切图中", en: "Slicing")
    static let failed = LocalizedText(zh: "失败", en: "Failed")
    static let download = LocalizedText(zh: "下载 Assets.xcassets（zip）", en: "Download Assets.xcassets (zip)")
    static let lint = LocalizedText(zh: "设计规范检查", en: "Design lint")
    /// After a scale made by enlarging a smaller bitmap.
    static let enlarged = LocalizedText(zh: "放大", en: "enlarged")
    static let slices = LocalizedText(zh: "切图", en: "Slices")
    static let clean = LocalizedText(zh: "没有发现问题。", en: "No findings.")
    static let chooseDesign = LocalizedText(zh: "请选择设计稿文件。", en: "Choose a design file.")
    static let reload = LocalizedText(zh: "刷新", en: "Refresh")
    static let helperMissing = LocalizedText(zh: "服务器无法启动切图进程，请稍后重试", en: "the server cannot start its slicing process; try again later")
    static let helperFailed = LocalizedText(zh: "切图进程意外停止（设计稿可能需要过多内存），请检查设计稿",
                                            en: "the slicing process stopped unexpectedly (the design may need too much memory); check the design")
    static let busy = LocalizedText(zh: "服务器太忙，10 分钟内没能开始切图，请重新上传", en: "the server was too busy to start slicing within 10 minutes; upload it again")
    static let notStored = LocalizedText(zh: "结果无法保存，请稍后重试", en: "the results cannot be stored; try again later")

    static func overCPU(_ seconds: Int) -> LocalizedText {
        LocalizedText(zh: "已停止：切图用完了 \(seconds) 秒的 CPU 时间上限，请简化设计稿（滤镜、页数、图层）",
                      en: "stopped: slicing used its \(seconds) s of CPU time; simplify the design (filters, pages, layers)")
    }

    static func overTime(_ seconds: Int) -> LocalizedText {
        LocalizedText(zh: "已停止：切图超过 \(seconds) 秒的时间上限", en: "stopped: slicing took over its \(seconds) s")
    }

    static let error = LocalizedText(zh: "错误", en: "error")
    static let warning = LocalizedText(zh: "警告", en: "warning")
    /// The rules by their ids (``LintFinding/rule``).
    static let rules: [String: LocalizedText] = [
        "name": LocalizedText(zh: "命名", en: "name"), "kind": LocalizedText(zh: "类型前缀", en: "kind"),
        "state": LocalizedText(zh: "状态后缀", en: "state"), "odd-size": LocalizedText(zh: "奇数尺寸", en: "odd size"),
        "tap-target": LocalizedText(zh: "点击区域", en: "tap target"), "tab-size": LocalizedText(zh: "标签栏图标", en: "tab icons"),
        "missing-state": LocalizedText(zh: "缺少状态", en: "missing state"), "not-png": LocalizedText(zh: "非 PNG", en: "not PNG"),
        "icon-alpha": LocalizedText(zh: "图标透明", en: "icon alpha"), "icon-corners": LocalizedText(zh: "图标圆角", en: "icon corners"),
        "upscale": LocalizedText(zh: "放大", en: "upscale"), "design-width": LocalizedText(zh: "设计稿宽度", en: "design width"),
        "read": LocalizedText(zh: "读取", en: "read"),
    ]

    static func done(_ slices: Int, _ errors: Int, _ warnings: Int, _ language: Language) -> String {
        language == .zh ? "\(slices) 个切图；\(errors) 个错误，\(warnings) 个警告"
            : "\(slices) slice\(slices == 1 ? "" : "s"); \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }
}

/// The pages under `/slicer` (signed-in users): the upload form with recent jobs, a job's page (progress,
/// then the lint, the slices and the zip), the zip and the slices' previews.
struct SlicerPages: Sendable {
    let jobs: SlicerJobs
    static let assets = AppAssets(appID: "slicer", directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
    /// Most design files one upload takes; with the form's other fields it stays within ``MultipartForm/maximumParts``.
    static let maximumFiles = 300
    /// What uploads may be: bytes per file as the multipart limit, pixels and sides well under Photo Studio's.
    static let limits = SlicerLimits(maximumSlices: 500, maximumSide: 4_096, image: ImageLimits(maximumPixels: 40_000_000, maximumBytes: 64 << 20))
    static let designExtensions: Set<String> = ["svg", "pdf", "psd", "png", "jpg", "jpeg"]
    static let masterExtensions: Set<String> = ["svg", "png", "jpg", "jpeg"]

    func register(into pages: inout RouteGroup<SessionGuard>) {
        pages.get("") { _, member in try home(member.viewer, user: member.user) }
        pages.post("/jobs") { request, member in
            let viewer = member.viewer
            do {
                let id = try create(request, userID: member.user.id)
                return viewer.redirect(to: "/slicer/jobs/\(id)")
            } catch let error as SlicerError {
                return viewer.redirect(to: "/slicer", flash: Toast(error.message(viewer.language), kind: .error))
            } catch let error as WorkPoolError {
                return viewer.redirect(to: "/slicer", flash: Toast(error.httpError.detail ?? error.httpError.title, kind: .error))
            } catch let error as QuotaExceeded {
                return viewer.redirect(to: "/slicer", flash: Toast(error.message(viewer.language), kind: .error))
            } catch where DiskFull.isDiskFull(error) {
                return viewer.redirect(to: "/slicer", flash: Toast(DiskFull().httpError.detail ?? "", kind: .error))
            }
        }
        pages.get("/jobs/{id}") { request, member in
            let job = try find(request, member.user)
            return jobPage(member.viewer, job)
        }
        pages.get("/jobs/{id}/Assets.zip") { request, member in
            let job = try find(request, member.user)
            guard case let .finished(summary) = job.state else { throw HTTPError.notFound() }
            let path = jobs.folder(job.id).appendingPathComponent("Assets.zip").path
            return Response(headers: ["Content-Type": "application/zip", "Content-Disposition": "attachment; filename=\"Assets.zip\"",
                                      "Cache-Control": "private, no-store"],
                            body: .file(path: path, size: summary.zipSize))
        }
        pages.get("/jobs/{id}/preview/{file}") { request, member in
            let job = try find(request, member.user)
            let file = try request.parameter("file")
            // Only the names of the job's own slices ([a-z0-9_]) are looked up: nothing else on disk is reachable.
            guard case let .finished(summary) = job.state,
                  summary.slices.contains(where: { file == $0.name + ".png" || file == $0.name + ".jpg" }) else { throw HTTPError.notFound() }
            let path = jobs.folder(job.id).appendingPathComponent("preview/\(file)").path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) else { throw HTTPError.notFound() }
            return Response(headers: ["Content-Type": file.hasSuffix(".png") ? "image/png" : "image/jpeg", "Cache-Control": "private, max-age=3600"],
                            body: .file(path: path, size: size))
        }
    }

    func find(_ request: Request, _ user: User) throws -> SlicerJobs.Job {
        let id = try request.parameter("id")
        guard let job = try jobs.job(id, userID: user.id) else { throw HTTPError.notFound() }
        return job
    }

    // MARK: upload

    /// Copies the upload into the job's folder and queues the job; returns its id.
    func create(_ request: Request, userID: Int64) throws -> String {
        let form = request.form()
        let designs = request.uploadedFiles.filter { $0.fieldName == "design" && !($0.filename.isEmpty && $0.size == 0) }
        guard !designs.isEmpty else { throw SlicerError.invalidArgument(SlicerText.chooseDesign) }
        guard designs.count <= Self.maximumFiles else {
            throw SlicerError.overLimit("\(designs.count) files; at most \(Self.maximumFiles)")
        }
        var options = SliceOptions(limits: Self.limits)
        if let scale = form["scale"] {
            guard let value = Int(scale), (1...3).contains(value) else { throw SlicerError.invalidArgument(LocalizedText(zh: "设计稿倍率须为 @1x、@2x 或 @3x", en: "the design scale must be @1x, @2x or @3x")) }
            options.designScale = value
        }
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let folder = jobs.folder(id)
        let names = try designs.map { try Self.safeName($0.filename) }
        let extensions = names.map { ($0 as NSString).pathExtension.lowercased() }
        guard extensions.allSatisfy(Self.designExtensions.contains) else {
            throw SlicerError.unreadableDesign(file: names[extensions.firstIndex { !Self.designExtensions.contains($0) } ?? 0], layer: nil,
                                               detail: "not a design this tool reads (.png, .jpg, .svg, .pdf or .psd)")
        }
        if designs.count > 1, !extensions.allSatisfy(BitmapDesign.extensions.contains) {
            throw SlicerError.invalidArgument(LocalizedText(zh: "多个文件须全是 PNG 或 JPEG 切图；SVG、PDF 或 PSD 只能单独上传",
                                                             en: "several files must all be PNG or JPEG exports; an SVG, PDF or PSD goes alone"))
        }
        let input = designs.count == 1 ? folder.appendingPathComponent("design").appendingPathComponent(names[0]) : folder.appendingPathComponent("design")
        do {
            for (file, name) in zip(designs, names) {
                try Self.copy(file, to: folder.appendingPathComponent("design").appendingPathComponent(name))
            }
            func master(_ field: String) throws -> URL? {
                guard let file = request.uploadedFiles.first(where: { $0.fieldName == field && $0.size > 0 }) else { return nil }
                let name = try Self.safeName(file.filename)
                guard Self.masterExtensions.contains((name as NSString).pathExtension.lowercased()) else {
                    throw SlicerError.unreadableDesign(file: name, layer: nil, detail: "a master is PNG, JPEG or SVG")
                }
                let url = folder.appendingPathComponent(field).appendingPathComponent(name)
                try Self.copy(file, to: url)
                return url
            }
            let request = SliceRequest(input: input, options: options, appIcon: try master("app_icon"), legacyIcons: form["legacy_icons"] != nil,
                                       launchImage: try master("launch"))
            try jobs.start(id: id, userID: userID, design: designs.count == 1 ? names[0] : "\(designs.count) PNG", request: request)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return id
    }

    /// The last path component of an uploaded file's name, without control characters; names a slice, so
    /// Chinese and spaces are kept for the lint to report.
    static func safeName(_ filename: String) throws -> String {
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
        guard !clean.isEmpty, !clean.hasPrefix("."), clean.utf8.count <= 200 else {
            throw SlicerError.invalidArgument(LocalizedText(zh: "文件名为空、以点开头或太长：\(clean.prefix(40))", en: "a file name is empty, hidden or too long: \(clean.prefix(40))"))
        }
        return clean
    }

    static func copy(_ file: UploadedFile, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: url.path) { throw SlicerError.invalidArgument(LocalizedText(zh: "有两个文件都叫 \(url.lastPathComponent)", en: "two files are named \(url.lastPathComponent)")) }
            try FileManager.default.copyItem(atPath: file.temporaryPath, toPath: url.path)
        } catch let error as SlicerError {
            throw error
        } catch where DiskFull.isDiskFull(error) {
            throw DiskFull()
        } catch {
            throw SlicerError.outputNotWritable(path: url.lastPathComponent, detail: "the upload cannot be stored")
        }
    }

    // MARK: pages

    func home(_ viewer: Viewer, user: User) throws -> Response {
        let language = viewer.language
        let recent = try jobs.list(userID: user.id)
        return viewer.page(title: SlicerText.title(language), back: BackLink(href: "/", label: Strings.home(language)), activeTab: "home",
                           bodyClass: "slicer-app", stylesheets: [Self.assets.url("slicer.css")]) {
            p(.class("slicer-intro")) { SlicerText.intro(language) }
            postForm(action: "/slicer/jobs", csrfToken: viewer.csrfToken, multipart: true, attributes: [.id("slicer-form")]) {
                formGroup(header: SlicerText.upload(language), footer: SlicerText.limits(language)) {
                    div(.class("field")) {
                        label(.class("field-label"), .for("slicer-design")) { SlicerText.design(language) }
                        input(.class("field-input"), .id("slicer-design"), .type("file"), .name("design"), .flag("multiple"), .flag("required"),
                              .accept(".png,.jpg,.jpeg,.svg,.pdf,.psd,image/png,image/jpeg,image/svg+xml,application/pdf"))
                    }
                    div(.class("field")) {
                        label(.class("field-label"), .for("slicer-scale")) { SlicerText.scale(language) }
                        select(.class("field-input"), .id("slicer-scale"), .name("scale")) {
                            option(.value("2"), .flag("selected")) { SlicerText.scale2(language) }
                            option(.value("3")) { SlicerText.scale3(language) }
                            option(.value("1")) { SlicerText.scale1(language) }
                        }
                    }
                    div(.class("field")) {
                        label(.class("field-label"), .for("slicer-icon")) { SlicerText.appIcon(language) }
                        input(.class("field-input"), .id("slicer-icon"), .type("file"), .name("app_icon"), .accept(".png,.jpg,.jpeg,.svg"))
                    }
                    div(.classes("field", "field-check")) {
                        input(.id("slicer-legacy"), .type("checkbox"), .name("legacy_icons"), .value("1"))
                        label(.for("slicer-legacy")) { SlicerText.legacy(language) }
                    }
                    div(.class("field")) {
                        label(.class("field-label"), .for("slicer-launch")) { SlicerText.launch(language) }
                        input(.class("field-input"), .id("slicer-launch"), .type("file"), .name("launch"), .accept(".png,.jpg,.jpeg,.svg"))
                    }
                }
                div(.class("form-actions")) { button(SlicerText.start(language), icon: .grid) }
            }
            if !recent.isEmpty {
                listGroup(header: SlicerText.recent(language)) {
                    for job in recent {
                        listCell(title: job.design, subtitle: status(job, language), detail: BeijingTime.dateTime(Int64(job.created.timeIntervalSince1970)),
                                 href: "/slicer/jobs/\(job.id)")
                    }
                }
            }
        }
    }

    func status(_ job: SlicerJobs.Job, _ language: Language) -> String {
        switch job.state {
        case .queued: SlicerText.queued(language)
        case let .running(done, total): "\(SlicerText.running(language)) \(done)/\(total)"
        case let .finished(summary):
            SlicerText.done(summary.slices.count, summary.lint.filter { $0.level == .error }.count,
                            summary.lint.filter { $0.level == .warning }.count, language)
        case let .failed(failure): "\(SlicerText.failed(language)): \(failure.message(language))"
        }
    }

    /// The findings as a list that fits a phone: level and rule, the slice, the message and the fix.
    func findingsList(_ findings: [LintFinding], _ language: Language) -> Node {
        ul(.class("slicer-lint")) {
            for finding in findings {
                li(.class("lint-" + finding.level.rawValue)) {
                    div(.class("lint-head")) {
                        span(.class("lint-level")) { (finding.level == .error ? SlicerText.error : SlicerText.warning)(language) }
                        span(.class("lint-rule")) { SlicerText.rules[finding.rule]?(language) ?? finding.rule }
                        span(.class("lint-subject")) { finding.subjectName(language) }
                    }
                    p(.class("lint-message")) {
                        finding.message(language)
                        if let suggestion = finding.suggestion { " → "; code { suggestion } }
                    }
                }
            }
        }
    }

    func jobPage(_ viewer: Viewer, _ job: SlicerJobs.Job) -> Response {
        let language = viewer.language
        var pending = false
        if case .queued = job.state { pending = true }
        if case .running = job.state { pending = true }
        return viewer.page(title: job.design, back: BackLink(href: "/slicer", label: SlicerText.title(language)), activeTab: "home",
                           bodyClass: "slicer-app", stylesheets: [Self.assets.url("slicer.css")], scripts: pending ? [Self.assets.url("slicer.js")] : []) {
            switch job.state {
            case .queued, .running:
                div(.class("slicer-progress"), .id("slicer-progress"), .attribute("data-running", "1")) {
                    p { status(job, language) }
                    if case let .running(done, total) = job.state, total > 0 {
                        progress(.attribute("max", String(total)), .value(String(done))) { "\(done)/\(total)" }
                    } else {
                        progress()
                    }
                    button(SlicerText.reload(language), style: .secondary, href: "/slicer/jobs/\(job.id)", fullWidth: false)
                }
            case let .failed(failure):
                errorState(language: language, title: SlicerText.failed(language), message: failure.message(language),
                           retryHref: failure.retry ? "/slicer" : nil)
                if !failure.retry {
                    div(.class("form-actions")) { button(SlicerText.uploadAnother(language), style: .secondary, href: "/slicer", fullWidth: false) }
                }
            case let .finished(summary):
                p(.class("slicer-summary")) { status(job, language) }
                div(.class("form-actions")) {
                    button(SlicerText.download(language), href: "/slicer/jobs/\(job.id)/Assets.zip", icon: .share)
                }
                sectionHeader(SlicerText.lint(language))
                if summary.findings.isEmpty {
                    p(.class("slicer-clean")) { SlicerText.clean(language) }
                } else {
                    findingsList(summary.lint, language)
                }
                sectionHeader(SlicerText.slices(language))
                ul(.class("slicer-grid")) {
                    for slice in summary.slices {
                        li {
                            if let preview = slice.preview {
                                img(.src("/slicer/jobs/\(job.id)/preview/\(slice.name).\(preview)"), .alt(slice.name),
                                    .attribute("width", String(slice.pointWidth)), .attribute("height", String(slice.pointHeight)))
                            }
                            code { slice.name }
                            span(.class("slicer-size")) {
                                "\(slice.pointWidth)×\(slice.pointHeight) pt · " + slice.scales.map { scale in
                                    "@\(scale)x" + (slice.enlarged?.contains(scale) == true ? " " + SlicerText.enlarged(language) : "")
                                }.joined(separator: " ")
                            }
                        }
                    }
                }
            }
        }
    }
}
