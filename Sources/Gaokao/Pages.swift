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

    /// Every page is open to signed-out students (their profile lives in a cookie until they sign in).
    func register(into pages: inout RouteGroup<SessionGuard>) {
        pages.anyone.get("") { request, viewer in try home(request, viewer) }
        pages.anyone.get("/welcome") { request, viewer in welcome(request, viewer) }
        pages.anyone.get("/welcome/done") { request, viewer in welcomeDone(request, viewer) }
        pages.anyone.get("/profile") { request, viewer in try profileForm(request, viewer) }
        pages.anyone.post("/profile") { request, viewer in try saveProfile(request, viewer) }
        pages.anyone.get("/control-lines") { request, viewer in try controlLines(request, viewer) }
        pages.anyone.get("/admission-lines") { request, viewer in try admissionLines(request, viewer) }
        pages.anyone.get("/rank") { request, viewer in try rankPage(request, viewer) }
        pages.anyone.get("/recommend") { request, viewer in try recommendPage(request, viewer) }
        pages.anyone.get("/predict") { request, viewer in try predictPage(request, viewer) }
        pages.anyone.get("/school") { request, viewer in try schoolPage(request, viewer) }
        pages.anyone.get("/majors") { request, viewer in try majorsPage(request, viewer) }
        pages.anyone.get("/about") { request, viewer in try aboutPage(request, viewer) }
        registerPlan(into: &pages)
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

    func homeBack(_ language: Language) -> BackLink { BackLink(href: "/gaokao", label: GaokaoText.title(language)) }

    /// The "nothing imported yet" state, shared by every page.
    func notImported(_ viewer: Viewer, title: String) -> Response {
        let l = viewer.language
        return page(viewer, title: title, back: homeBack(l)) {
            emptyState(icon: .info, title: GaokaoText.notImported(l),
                       message: GaokaoText.notImportedMessage(l))
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

    func home(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        if request.cookies[Self.welcomeCookie] == nil { return viewer.redirect(to: "/gaokao/welcome") }
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.title(l)) }
        let profile = try currentProfile(viewer, request, data)
        let notice = try store.notice(province: profile?.province)
        return page(viewer, title: GaokaoText.title(l), back: BackLink(href: "/", label: Strings.home(l)), active: "home") {
            listGroup(header: GaokaoText.myGaokao(l)) {
                if let profile {
                    let rank = data.rank(province: profile.province, year: profile.year, category: profile.category, score: profile.score)
                    listCell(title: "\(profile.province) · \(profile.year) · \(profile.category)",
                             subtitle: "\(profile.batch) · \(GaokaoText.rankWord(l)) \(Kit.number(rank?.rank))",
                             detail: GaokaoText.points(profile.score)(l), href: "/gaokao/profile",
                             image: .icon(.person, .orange))
                } else {
                    listCell(title: GaokaoText.fillInProfile(l),
                             subtitle: GaokaoText.fillInProfileHint(l),
                             href: "/gaokao/profile", image: .icon(.person, .orange))
                }
            }
            if let notice {
                aside(.class("gk-notice"), .attribute("data-notice", profile?.province ?? "")) {
                    p(.class("gk-notice-title")) { notice.title(l) }
                    p(.class("gk-notice-body")) { notice.body(l) }
                    if let href = notice.href { a(.href(href), .rel("noopener")) { href } }
                }
            }
            listGroup(header: GaokaoText.lookUp(l)) {
                listCell(title: GaokaoText.controlLines(l), subtitle: GaokaoText.controlLinesHint(l),
                         href: "/gaokao/control-lines", image: .icon(.grid, .blue))
                listCell(title: GaokaoText.admissionLines(l), subtitle: GaokaoText.admissionLinesHint(l),
                         href: "/gaokao/admission-lines", image: .icon(.school, .indigo))
                listCell(title: GaokaoText.scoreRank(l), subtitle: GaokaoText.scoreRankHint(l),
                         href: "/gaokao/rank", image: .icon(.tag, .teal))
            }
            listGroup(header: GaokaoText.applying(l)) {
                listCell(title: GaokaoText.recommend(l), subtitle: GaokaoText.recommendHint(l),
                         href: "/gaokao/recommend", image: .icon(.star, .orange))
                listCell(title: GaokaoText.prediction(l), subtitle: GaokaoText.predictionHint(l),
                         href: "/gaokao/predict", image: .icon(.search, .green))
                listCell(title: GaokaoText.majors(l), subtitle: GaokaoText.majorsHint(l),
                         href: "/gaokao/majors", image: .icon(.grid, .purple))
                listCell(title: GaokaoText.aboutAndSources(l), href: "/gaokao/about", image: .icon(.info, .gray))
            }
        }
    }

    func welcome(_ request: Request, _ viewer: Viewer) -> Response {
        let l = viewer.language
        let slides = zip([Icon.school, .tag, .star], GaokaoText.slides).map { (icon: $0, title: $1.title, text: $1.text) }
        return page(viewer, title: GaokaoText.welcome(l)) {
            div(.class("gk-welcome"), .flag("data-welcome")) {
                a(.classes("gk-skip", "btn", "btn-plain"), .href("/gaokao/welcome/done")) { GaokaoText.skip(l) }
                ol(.class("gk-slides"), .attribute("aria-label", GaokaoText.introduction(l))) {
                    for (index, slide) in slides.enumerated() {
                        li(.class("gk-slide"), .id("gk-slide-\(index + 1)")) {
                            span(.class("gk-slide-icon")) { icon(slide.icon) }
                            h2(.class("gk-slide-title")) { slide.title(l) }
                            p(.class("gk-slide-text")) { slide.text(l) }
                            if index == slides.count - 1 {
                                button(GaokaoText.getStarted(l), href: "/gaokao/welcome/done", fullWidth: false)
                            } else {
                                a(.class("gk-next"), .href("#gk-slide-\(index + 2)")) { GaokaoText.nextSlide(l) }
                            }
                        }
                    }
                }
                p(.class("gk-dots"), .ariaHidden) { for _ in slides { span(.class("gk-dot")) } }
            }
        }
    }

    func welcomeDone(_ request: Request, _ viewer: Viewer) -> Response {
        var response = viewer.redirect(to: "/gaokao")
        var cookie = Cookie(name: Self.welcomeCookie, value: "1", maxAge: 365 * 86_400, isSecure: authenticator.usesSecureCookies)
        cookie.isHTTPOnly = true
        response.setCookie(cookie)
        return response
    }

    // MARK: 我的高考

    func profileForm(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.myGaokao(viewer.language)) }
        let query = Query(request: request)
        let saved = try currentProfile(viewer, request, data)
        let input = ProfileInput(
            province: query.text("province") ?? saved?.province ?? Self.defaultProvince,
            year: query.text("year") ?? saved.map { String($0.year) } ?? String(ExamYears.latestWithData),
            category: query.text("category") ?? saved?.category, batch: query.text("batch") ?? saved?.batch,
            score: query.text("score") ?? saved.map { String($0.score) })
        return profilePage(viewer, data: data, input: input, errors: [], status: .ok)
    }

    func saveProfile(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.myGaokao(viewer.language)) }
        let form = request.form()
        let input = ProfileInput(province: form["province"], year: form["year"], category: form["category"], batch: form["batch"], score: form["score"])
        switch data.validate(input) {
        case .failure(let failure):
            return profilePage(viewer, data: data, input: input, errors: failure.errors, status: .unprocessableContent)
        case .success(let profile):
            var response = viewer.redirect(to: "/gaokao", flash: Toast(GaokaoText.profileSaved(viewer.language), kind: .success))
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
            errors.first { $0.field == field }.map { $0.text(l) }
        }
        return page(viewer, title: GaokaoText.myGaokao(l), back: homeBack(l), active: "profile", status: status) {
            if !errors.isEmpty {
                div(.classes("gk-alert"), .role("alert")) {
                    for item in errors { p { item.text(l) } }
                }
            }
            postForm(action: "/gaokao/profile", csrfToken: viewer.csrfToken, attributes: [.id("gk-profile-form"), .class("gk-form")]) {
                formGroup(header: GaokaoText.yourExam(l),
                          footer: viewer.isSignedIn ? GaokaoText.savedToAccount(l)
                              : GaokaoText.savedInCookie(l)) {
                    Kit.picker(GaokaoText.homeProvince(l), name: "province", options: provinceOptions(data), selected: province,
                               refresh: true, error: error("province"))
                    Kit.picker(GaokaoText.examYear(l), name: "year",
                               options: ExamYears.range.reversed().map { (String($0), String($0)) }, selected: String(year), refresh: true,
                               error: error("year"))
                    Kit.picker(GaokaoText.category(l), name: "category", options: Kit.options(categories), selected: category,
                               refresh: true, error: error("category"))
                    Kit.picker(GaokaoText.batch(l), name: "batch", options: Kit.options(batches), selected: batch, error: error("batch"))
                    formField(label: GaokaoText.examScore(l), name: "score", type: .number, value: input.score, error: error("score"),
                              hint: GaokaoText.scoreHint(province: province, year: year, maximum: maximum)(l),
                              required: true, inputMode: "numeric")
                }
                div(.class("gk-actions")) {
                    button(GaokaoText.save(l))
                    Node.element("button", [.classes("btn", "btn-plain", "gk-refresh"), .type("submit"), .attribute("formmethod", "get"),
                                            .attribute("formaction", "/gaokao/profile"), .attribute("formnovalidate", "")],
                                 [.text(GaokaoText.updateChoices(l))])
                }
            }
        }
    }

    // MARK: 省控线

    func controlLines(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.controlLines(l)
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
                    Kit.picker(GaokaoText.province(l), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.picker(GaokaoText.year(l), name: "year", options: Kit.options(years.map(String.init), any: GaokaoText.any(l)),
                               selected: year.map(String.init) ?? "", refresh: true)
                    Kit.picker(GaokaoText.category(l), name: "category", options: Kit.options(categories, any: GaokaoText.any(l)), selected: category ?? "")
                    Kit.picker(GaokaoText.batch(l), name: "batch", options: Kit.options(batches, any: GaokaoText.any(l)), selected: batch ?? "")
                }
                button(GaokaoText.search(l))
            }
            if items.isEmpty {
                emptyState(icon: .info, title: GaokaoText.noControlLines(l),
                           message: year == 2024
                               ? GaokaoText.controlLines2024(l)
                               : GaokaoText.noControlLineHint(l))
            } else {
                Kit.dataTable([GaokaoText.year(l), GaokaoText.category(l), GaokaoText.batch(l), GaokaoText.line(l)],
                              items.map { [String($0.year), $0.category, $0.batch, String($0.score)] },
                              caption: GaokaoText.controlLinesCaption(province, items.count)(l))
            }
        }
    }

    // MARK: 投档线

    func admissionLines(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.admissionLines(l)
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
                    Kit.picker(GaokaoText.homeProvince(l), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.searchPicker(GaokaoText.school(l), name: "school", value: school, suggestions: data.schoolNames(province: province),
                                     placeholder: GaokaoText.schoolSearchPlaceholder(l))
                    Kit.picker(GaokaoText.year(l), name: "year", options: Kit.options(years.map(String.init), any: GaokaoText.any(l)),
                               selected: year.map(String.init) ?? "")
                    Kit.picker(GaokaoText.category(l), name: "category", options: Kit.options(categories, any: GaokaoText.any(l)), selected: category ?? "")
                    Kit.picker(GaokaoText.batch(l), name: "batch", options: Kit.options(batches, any: GaokaoText.any(l)), selected: batch ?? "")
                }
                button(GaokaoText.search(l))
            }
            if !covered.contains(province) {
                emptyState(icon: .info, title: GaokaoText.noSchoolLines(province)(l), message: GaokaoText.coveredProvinces(covered)(l))
            } else if let school {
                if items.isEmpty {
                    emptyState(icon: .search, title: GaokaoText.noLinesFor(school)(l),
                               message: GaokaoText.widenFilters(l))
                } else {
                    admissionTable(items, language: l)
                }
            } else {
                emptyState(icon: .school, title: GaokaoText.pickSchool(l),
                           message: GaokaoText.schoolCount(province, data.schoolNames(province: province).count)(l))
            }
        }
    }

    func admissionTable(_ items: [AdmissionLine], language l: Language) -> Node {
        let hasRank = items.contains { $0.minRank != nil }
        let hasAvg = items.contains { $0.avgScore != nil }
        let hasPlan = items.contains { $0.planCount != nil }
        var headers = [GaokaoText.year(l), GaokaoText.category(l), GaokaoText.batch(l), GaokaoText.groupOrType(l),
                       GaokaoText.minScore(l)]
        if hasRank { headers.append(GaokaoText.minRank(l)) }
        if hasAvg { headers.append(GaokaoText.averageScore(l)) }
        if hasPlan { headers.append(GaokaoText.plan(l)) }
        headers += [GaokaoText.controlLine(l), GaokaoText.lineDifference(l), GaokaoText.note(l), GaokaoText.source(l)]
        let rows = items.map { line -> [String] in
            var row = [String(line.year), line.category, line.batch,
                       [line.groupCode.map { GaokaoText.groupCode($0)(l) }, line.enrollType == "普通类" ? nil : line.enrollType].compactMap { $0 }.joined(separator: " "),
                       line.minScore.map(String.init) ?? (line.scoreNote ?? "—")]
            if hasRank { row.append(Kit.number(line.minRank)) }
            if hasAvg { row.append(line.avgScore.map { String(format: "%.1f", $0) } ?? "—") }
            if hasPlan { row.append(Kit.number(line.planCount)) }
            row += [Kit.number(line.controlLine), line.lineDiff.map(Kit.signed) ?? "—",
                    [line.scoreNote, line.tieBreak.map { GaokaoText.tieBreak($0)(l) }].compactMap { $0 }.joined(separator: GaokaoText.noteSeparator(l)),
                    line.source]
            return row
        }
        return Kit.dataTable(headers, rows, caption: "\(items.first?.schoolName ?? "") · \(items.count)", scrollHint: GaokaoText.scrollHint(l))
    }

    // MARK: 一分一段 and 等位分

    func rankPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.scoreRank(l)
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
                    Kit.picker(GaokaoText.province(l), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.picker(GaokaoText.year(l), name: "year", options: ExamYears.range.reversed().map { (String($0), String($0)) },
                               selected: String(year), refresh: true)
                    Kit.picker(GaokaoText.category(l), name: "category", options: Kit.options(categories), selected: category)
                    formField(label: GaokaoText.score(l), name: "score", type: .number, value: score.map(String.init),
                              hint: GaokaoText.scoreRange(maximum)(l), inputMode: "numeric")
                }
                button(GaokaoText.findRank(l))
            }
            if !hasTable {
                emptyState(icon: .info, title: GaokaoText.noTable(province, year, category)(l),
                           message: GaokaoText.tableCoverage(l))
            } else if let score, !(0...maximum).contains(score) {
                div(.classes("gk-alert"), .role("alert")) { p { GaokaoText.scoreOutOfRange(maximum)(l) } }
            } else if let score, let result {
                div(.class("gk-stats"), .id("gk-rank-result")) {
                    stat(GaokaoText.rank(l), String(result.rank))
                    stat(GaokaoText.sameScore(l), String(result.sameScoreCount))
                    stat(GaokaoText.bestInBand(l), String(result.rankBest))
                }
                p(.class("gk-caption")) {
                    GaokaoText.rankCaption(province, year, category, score: score, candidates: result.candidates)(l)
                    if result.scoreLow != result.scoreHigh { GaokaoText.band(result.scoreLow, result.scoreHigh)(l) }
                }
                let equivalents = data.rankTableYears(province: province).filter { $0 != year }.sorted(by: >).compactMap { other in
                    data.equivalentScore(province: province, category: category, score: score, fromYear: year, toYear: other).map { (other, $0) }
                }
                sectionHeader(GaokaoText.equivalentScores(l))
                if equivalents.isEmpty {
                    emptyState(icon: .info, title: GaokaoText.noOtherYear(l))
                } else {
                    Kit.dataTable([GaokaoText.year(l), GaokaoText.category(l), GaokaoText.equivalentScore(l)],
                                  equivalents.map { [String($0.0), $0.1.toCategory + ($0.1.mappedCategory ? GaokaoText.acrossReform(l) : ""), String($0.1.score)] })
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
            emptyState(icon: .person, title: GaokaoText.fillInFirst(l),
                       message: GaokaoText.fillInFirstMessage(l),
                       action: LinkAction(label: GaokaoText.fillIn(l), href: "/gaokao/profile"))
        }
    }

    func recommendPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.recommend(l)
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        guard let profile = try currentProfile(viewer, request, data) else { return needsProfile(viewer, title: title, active: "recommend") }
        let query = Query(request: request)
        var batches = data.admissionBatches(province: profile.province, category: profile.category)
        if !batches.contains(profile.batch) { batches.insert(profile.batch, at: 0) }
        let batch = query.text("batch").flatMap { batches.contains($0) ? $0 : nil } ?? profile.batch
        let tendency = GaokaoQueries.tendency(query.text("tendency"))
        let target = query.text("targetProvince").flatMap { data.province(named: $0)?.name }
        let tag = query.text("tag").flatMap(SchoolTag.init(rawValue:))
        let covered = data.admissionProvinces.contains(profile.province)
        let result = data.recommend(province: profile.province, year: profile.year, category: profile.category, batch: batch,
                                    score: profile.score, tendency: tendency, targetProvince: target, tag: tag, limit: 30,
                                    configuration: configuration)
        let planned = Set(try planSource.entries(for: viewer, request: request))
        let tendencies: [(String, String)] = [("", GaokaoText.allTendencies(l))] + Bucket.allCases.map { ($0.tendency.zh, $0.tendency.text(l)) }
        return page(viewer, title: title, back: homeBack(l), active: "recommend") {
            p(.class("gk-caption")) {
                GaokaoText.profileCaption(profile)(l)
                if let rank = result.candidateRank { GaokaoText.rankSuffix(rank.rank)(l) }
                " "
                a(.href("/gaokao/profile")) { GaokaoText.edit(l) }
            }
            form(.method("get"), .action("/gaokao/recommend"), .class("gk-form"), .id("gk-recommend-form")) {
                formGroup {
                    Kit.picker(GaokaoText.batch(l), name: "batch", options: Kit.options(batches), selected: batch)
                    Kit.picker(GaokaoText.tendency(l), name: "tendency", options: tendencies, selected: tendency?.tendency.zh ?? "")
                    Kit.picker(GaokaoText.schoolLocation(l), name: "targetProvince",
                               options: [("", GaokaoText.any(l))] + provinceOptions(data), selected: target ?? "")
                    Kit.picker(GaokaoText.schoolTier(l), name: "tag",
                               options: [("", GaokaoText.any(l))] + SchoolTag.allCases.map { ($0.rawValue, GaokaoText.tag($0)(l)) },
                               selected: tag?.rawValue ?? "")
                }
                button(GaokaoText.recommendButton(l))
            }
            if !covered {
                emptyState(icon: .info, title: GaokaoText.noSchoolLines(profile.province)(l),
                           message: GaokaoText.picksNeedLines(data.admissionProvinces)(l))
            } else if result.items.isEmpty {
                emptyState(icon: .search, title: GaokaoText.noSchoolFits(l),
                           message: GaokaoText.noneInBands(result.considered)(l))
            } else {
                if let newest = result.items.flatMap(\.years).max(), profile.year - newest >= 2 {
                    div(.class("gk-warning"), .id("gk-stale"), .role("note")) { p { GaokaoText.staleData(newest: newest, year: profile.year)(l) } }
                }
                for bucket in Bucket.allCases {
                    let items = result.items.filter { $0.bucket == bucket }
                    if !items.isEmpty {
                        listGroup(header: GaokaoText.bucketHeader(bucket, count: items.count)(l)) {
                            for item in items {
                                let entry = PlanEntry(school: item.series.schoolName, group: item.series.groupCode ?? "")
                                li(.classes("cell", "gk-pick")) {
                                    a(.classes("cell-body", "is-link"),
                                      .href(schoolURL(province: profile.province, school: item.series.schoolName, category: profile.category, batch: batch))) {
                                        span(.class("cell-text")) {
                                            span(.class("cell-title")) { GaokaoText.withGroup(item.series.schoolName, item.series.groupCode)(l) }
                                            span(.class("cell-subtitle")) { GaokaoText.recommendation(item)(l) }
                                            let tags = SchoolTag.of(data.university(of: item.series))
                                            if !tags.isEmpty {
                                                span(.classes("cell-subtitle", "gk-tags")) { tags.map { GaokaoText.tag($0)(l) }.joined(separator: " · ") }
                                            }
                                        }
                                        span(.class("cell-accessory")) { badge(GaokaoText.chance(bucket, item.probability)(l)) }
                                    }
                                    addToPlan(entry, returnTo: viewer.currentURL, viewer: viewer, added: planned.contains(entry))
                                }
                            }
                        }
                    }
                }
                p(.class("gk-footnote")) {
                    GaokaoText.chanceFootnote(l)
                }
            }
        }
    }

    func schoolURL(province: String, school: String, category: String, batch: String) -> String {
        "/gaokao/school?province=\(percentEncode(province))&school=\(percentEncode(school))&category=\(percentEncode(category))&batch=\(percentEncode(batch))"
    }

    // MARK: 投档线预测

    func predictPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.prediction(l)
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
                a(.href("/gaokao/profile")) { GaokaoText.edit(l) }
            }
            form(.method("get"), .action("/gaokao/predict"), .class("gk-form"), .id("gk-predict-form")) {
                formGroup {
                    Kit.picker(GaokaoText.batch(l), name: "batch", options: Kit.options(batches), selected: batch)
                    Kit.searchPicker(GaokaoText.school(l), name: "school", value: school, suggestions: Array(Set(names)).sorted(),
                                     placeholder: GaokaoText.schoolSearchShort(l))
                    formField(label: GaokaoText.lastYearsLine(l), name: "line", type: .number,
                              value: lineText, error: lineError ? GaokaoText.lineOutOfRange(maximum)(l) : nil,
                              hint: GaokaoText.lineHint(lineYear, maximum)(l), inputMode: "numeric")
                }
                button(GaokaoText.predictButton(l))
            }
            if let school, let outcome {
                if let main = outcome.main {
                    section(.class("gk-prediction"), .id("gk-prediction")) {
                        h2(.class("gk-h2")) { main.series.map { GaokaoText.withGroup($0.schoolName, $0.groupCode)(l) } ?? school }
                        div(.class("gk-stats")) {
                            stat(GaokaoText.risky(l), String(main.prediction.risky))
                            stat(GaokaoText.steady(l), String(main.prediction.stable))
                            stat(GaokaoText.safe(l), String(main.prediction.safe))
                        }
                        if let newest = main.prediction.years.max(), profile.year - newest >= 2 {
                            div(.class("gk-warning"), .id("gk-stale"), .role("note")) { p { GaokaoText.staleData(newest: newest, year: profile.year)(l) } }
                        }
                        if main.prediction.isLowConfidence {
                            div(.class("gk-warning"), .role("note")) { p { GaokaoText.lowConfidence(l) } }
                        }
                        p(.class("gk-caption")) {
                            GaokaoText.methodAndYears(main.prediction)(l)
                            if let rank = main.prediction.predictedRank { GaokaoText.predictedRank(rank)(l) }
                            GaokaoText.againstSteady(score: profile.score, difference: profile.score - main.prediction.stable)(l)
                        }
                        if outcome.groups.count > 1 {
                            Kit.dataTable([GaokaoText.group(l), GaokaoText.risky(l), GaokaoText.steady(l), GaokaoText.safe(l)],
                                          outcome.groups.map { [$0.series.map { GaokaoText.withGroup($0.schoolName, $0.groupCode)(l) } ?? school, String($0.prediction.risky), String($0.prediction.stable), String($0.prediction.safe)] })
                        }
                        if main.series != nil {
                            a(.href(schoolURL(province: profile.province, school: main.series!.schoolName, category: profile.category, batch: batch))) {
                                GaokaoText.pastLinesLink(l)
                            }
                        }
                    }
                } else {
                    emptyState(icon: .info, title: GaokaoText.noUsableLines(school)(l),
                               message: GaokaoText.enterLastLine(lineYear: lineYear, maximum: maximum, year: profile.year)(l))
                }
            }
        }
    }

    // MARK: school detail

    func schoolPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.schoolTitle(l)) }
        let query = Query(request: request)
        let school = query.text("school") ?? ""
        let province = data.province(named: query.text("province") ?? "")?.name ?? Self.defaultProvince
        let university = data.university(matching: school)
        let lines = GaokaoQueries.admissionLines(data, province: province, school: school, year: nil, category: query.text("category"), batch: query.text("batch"))
        let profile = try currentProfile(viewer, request, data)
        // In a 院校专业组 province (上海 since 2017) a 志愿 is a group: a group-less entry would match none of the
        // student's lines and show no chance, so the page offers each group of the student's batch; else the school.
        let planEntries: [PlanEntry] = lines.first.map { first in
            let groups = profile.map { profile in
                profile.province != province ? [] : data.schoolSeries(province: province, category: profile.category, batchStd: BatchNames.standard(profile.batch))
                    .filter { $0.schoolName == first.schoolName }.compactMap(\.groupCode).filter { !$0.isEmpty }
            } ?? []
            return groups.isEmpty ? [PlanEntry(school: first.schoolName, group: "")]
                : Set(groups).sorted().map { PlanEntry(school: first.schoolName, group: $0) }
        } ?? []
        let planned = try planSource.entries(for: viewer, request: request)
        let majorLines = school.isEmpty ? [] : try store.majorLines(province: province, school: university?.name ?? school, moeCode: university?.moeCode)
        return page(viewer, title: school.isEmpty ? GaokaoText.schoolTitle(l) : school, back: BackLink(href: "/gaokao/recommend", label: GaokaoText.picks(l))) {
            if let university {
                listGroup(header: GaokaoText.aboutSchool(l)) {
                    listCell(title: GaokaoText.location(l), detail: "\(university.province) \(university.city)")
                    listCell(title: GaokaoText.authority(l), detail: university.authority)
                    listCell(title: GaokaoText.level(l), detail: "\(university.level) · \(university.ownership)")
                    listCell(title: GaokaoText.code(l), detail: university.schoolCode ?? university.moeCode ?? "—")
                }
                p(.class("gk-badges")) {
                    if university.is985 { badge("985", tint: .red) }
                    if university.is211 { badge("211", tint: .orange) }
                    if university.isDoubleFirstClass { badge(GaokaoText.doubleFirstClass(l), tint: .blue) }
                }
            }
            for entry in planEntries {
                addToPlan(entry, returnTo: viewer.currentURL, viewer: viewer, added: planned.contains(entry), namesGroup: true)
            }
            if lines.isEmpty {
                sectionHeader(GaokaoText.pastLinesIn(province)(l))
                emptyState(icon: .info, title: GaokaoText.noLinesIn(province)(l))
            } else {
                trendCharts(lines.filter { $0.enrollType == "普通类" }, batch: query.text("batch"), language: l)
                // 普通类 first, then each other program type (中外合作办学, 专项 …) apart: their lines are not comparable.
                let types = ["普通类"] + Set(lines.map(\.enrollType)).subtracting(["普通类"]).sorted()
                for type in types {
                    let ofType = lines.filter { $0.enrollType == type }
                    if !ofType.isEmpty {
                        sectionHeader(GaokaoText.pastLinesIn(province)(l) + " · " + (type == "普通类" ? GaokaoText.ordinaryType(l) : type))
                        admissionTable(ofType, language: l)
                    }
                }
            }
            if let profile, profile.province == province, !lines.isEmpty {
                let outcome = GaokaoQueries.predict(data, province: province, year: profile.year, category: profile.category,
                                                    batch: query.text("batch") ?? profile.batch, school: school, userLine: nil, configuration: configuration)
                if let main = outcome.main {
                    sectionHeader(GaokaoText.yearPrediction(profile.year)(l))
                    div(.class("gk-stats")) {
                        stat(GaokaoText.risky(l), String(main.prediction.risky))
                        stat(GaokaoText.steady(l), String(main.prediction.stable))
                        stat(GaokaoText.safe(l), String(main.prediction.safe))
                    }
                    p(.class("gk-caption")) {
                        GaokaoText.methodYears(main.prediction)(l)
                        if main.prediction.isLowConfidence { " · " + GaokaoText.lowConfidence(l) }
                    }
                    if let newest = main.prediction.years.max(), profile.year - newest >= 2 {
                        div(.class("gk-warning"), .role("note")) { p { GaokaoText.staleData(newest: newest, year: profile.year)(l) } }
                    }
                }
            }
            sectionHeader(GaokaoText.majorLinesIn(province)(l))
            if majorLines.isEmpty {
                emptyState(icon: .grid, title: GaokaoText.noMajorData(l),
                           message: GaokaoText.noMajorDataMessage(l),
                           action: LinkAction(label: GaokaoText.majors(l), href: "/gaokao/majors"))
            } else {
                majorLineTables(majorLines, language: l)
            }
        }
    }

    /// The 专业 lines of one school: a table per source (their ranks differ in kind), the 专业 in the sticky first
    /// column, then year, 科类, 专业组, 选科, 最低分, rank and the source's (often long) note last, so the lines stay
    /// on a phone's first screen; under each table its source, licence, years and rows.
    func majorLineTables(_ lines: [MajorLine], language l: Language) -> Node {
        div(.class("gk-major-lines")) {
            for source in MajorLineSource.allCases {
                let ofSource = lines.filter { $0.source == source }
                if !ofSource.isEmpty {
                    let headers = [GaokaoText.major(l), GaokaoText.year(l), GaokaoText.category(l), GaokaoText.groupOrType(l), GaokaoText.subjects(l),
                                   GaokaoText.minScore(l), source == .guangdong ? GaokaoText.averageRankAtMin(l) : GaokaoText.minRank(l),
                                   GaokaoText.note(l)]
                    let rows = ofSource.map { line -> [String] in
                        [line.majorName, String(line.year), [line.category, line.batch].filter { !$0.isEmpty }.joined(separator: " "),
                         line.groupCode.isEmpty ? "—" : GaokaoText.groupCode(line.groupCode)(l), line.subjects.isEmpty ? "—" : line.subjects,
                         Kit.number(line.minScore), Kit.number(line.minRank), line.note.isEmpty ? "—" : line.note]
                    }
                    Kit.dataTable(headers, rows, caption: "\(ofSource[0].schoolName) · \(ofSource.count)", scrollHint: GaokaoText.scrollHint(l))
                    p(.class("gk-caption")) {
                        GaokaoText.majorLineSource(source, years: Array(Set(ofSource.map(\.year))).sorted(), rows: ofSource.count)(l) + " "
                        a(.href(source.url), .rel("noopener")) { source.url }
                    }
                }
            }
        }
    }

    /// The school page's trend: 最低分 and 最低位次 by year from the 普通类 lines (several rows of a year: the lowest
    /// score, the worst rank), one line per 科类 (at most four): of `batch` when it has lines, else of the batch with
    /// the most years.
    func trendCharts(_ lines: [AdmissionLine], batch: String?, language l: Language) -> Node {
        struct Key: Hashable { var category: String, batch: String }
        var scores: [Key: [Int: Int]] = [:]
        var ranks: [Key: [Int: Int]] = [:]
        for line in lines {
            let key = Key(category: line.category, batch: line.batch)
            if let score = line.minScore { scores[key, default: [:]][line.year] = Swift.min(score, scores[key]?[line.year] ?? .max) }
            if let rank = line.minRank { ranks[key, default: [:]][line.year] = Swift.max(rank, ranks[key]?[line.year] ?? 0) }
        }
        var perCategory: [String: Key] = [:]
        for key in scores.keys.sorted(by: { ($0.category, $0.batch) < ($1.category, $1.batch) }) {
            guard let chosen = perCategory[key.category] else {
                perCategory[key.category] = key
                continue
            }
            let preferred = (key.batch == batch ? 1 : 0, scores[key]!.count) > (chosen.batch == batch ? 1 : 0, scores[chosen]!.count)
            if preferred { perCategory[key.category] = key }
        }
        let keys = perCategory.values.sorted { ($0.category, $0.batch) < ($1.category, $1.batch) }.prefix(4)
        let years = Set(keys.flatMap { scores[$0]!.keys }).sorted()
        let tints: [Tint] = [.blue, .orange, .green, .purple]
        func series(_ values: [Key: [Int: Int]]) -> [ChartSeries] {
            keys.enumerated().compactMap { index, key in
                guard let byYear = values[key] else { return nil }
                return ChartSeries(name: "\(key.category) \(key.batch)", values: years.map { byYear[$0].map(Double.init) }, tint: tints[index])
            }
        }
        let rankSeries = series(ranks)
        return div(.class("gk-trend")) {
            if years.count >= 2 {
                sectionHeader(GaokaoText.trend(l))
                lineChart(series(scores), labels: years.map(String.init), caption: GaokaoText.minScoreTrend(l))
                if !rankSeries.isEmpty {
                    lineChart(rankSeries, labels: years.map(String.init), caption: GaokaoText.minRankTrend(l))
                }
            }
        }
    }

    // MARK: majors and about

    func majorsPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.majors(l)
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        var disciplines: [String] = []
        var byDiscipline: [String: [Major]] = [:]
        for major in data.majors {
            if byDiscipline[major.discipline] == nil { disciplines.append(major.discipline) }
            byDiscipline[major.discipline, default: []].append(major)
        }
        return page(viewer, title: title, back: homeBack(l)) {
            p(.class("gk-caption")) { GaokaoText.catalogue(data.majors.count)(l) }
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

    func aboutPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let imported = try store.database.read { db in
            try db.scalar("SELECT value FROM gaokao_meta WHERE key = 'imported_at'", as: String.self)
        }.flatMap { Int64($0) }
        return page(viewer, title: GaokaoText.about(l), back: homeBack(l)) {
            p(.class("gk-caption")) {
                GaokaoText.aboutText(l)
            }
            listGroup(header: GaokaoText.dataSources(l),
                      footer: imported.map { GaokaoText.importedAt(l) + BeijingTime.dateTime($0) + GaokaoText.beijingTime(l) }) {
                for source in GaokaoText.sources { listCell(title: source.what(l), subtitle: source.years(l) + " · " + source.source(l)) }
            }
            listGroup(header: GaokaoText.methods(l)) {
                listCell(title: GaokaoText.rankMethod(l),
                         subtitle: GaokaoText.rankMethodText(l))
                listCell(title: GaokaoText.lineMethod(l),
                         subtitle: GaokaoText.lineMethodText(l))
                listCell(title: GaokaoText.recommendHint(l),
                         subtitle: GaokaoText.bandsText(l))
            }
        }
    }
}
