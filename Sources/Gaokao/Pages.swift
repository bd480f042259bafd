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
        pages.anyone.get("/control-lines", Query.limited { request, viewer in try controlLines(request, viewer) })
        pages.anyone.get("/admission-lines", Query.limited { request, viewer in try admissionLines(request, viewer) })
        pages.anyone.get("/rank", Query.limited { request, viewer in try rankPage(request, viewer) })
        pages.anyone.get("/recommend", Query.limited { request, viewer in try recommendPage(request, viewer) })
        pages.anyone.get("/predict", Query.limited { request, viewer in try predictPage(request, viewer) })
        pages.anyone.get("/school", Query.limited { request, viewer in try schoolPage(request, viewer) })
        pages.anyone.get("/majors", Query.limited { request, viewer in try majorsPage(request, viewer) })
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
            score: query.text("score") ?? saved.map { String($0.score) },
            subjects: query.text("province") != nil ? request.query.values("subjects").joined(separator: ",")
                : saved?.subjects.map(\.rawValue).joined(separator: ","))
        return profilePage(viewer, data: data, input: input, errors: [], status: .ok,
                           saved: request.query["saved"] == "1" ? saved : nil)
    }

    func saveProfile(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.myGaokao(viewer.language)) }
        let form = request.form()
        let input = ProfileInput(province: form["province"], year: form["year"], category: form["category"], batch: form["batch"], score: form["score"],
                                 subjects: form.values("subjects").joined(separator: ","))
        switch data.validate(input) {
        case .failure(let failure):
            return profilePage(viewer, data: data, input: input, errors: failure.errors, status: .unprocessableContent)
        case .success(let profile):
            // Back to the profile with a confirmation (issue 28: the first save jumped to the welcome carousel of a
            // student who had come straight to 我的高考); saving also counts as having seen the welcome.
            var response = viewer.redirect(to: "/gaokao/profile?saved=1", flash: Toast(GaokaoText.profileSaved(viewer.language), kind: .success))
            try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).save(profile, viewer: viewer, response: &response)
            var welcomed = Cookie(name: Self.welcomeCookie, value: "1", maxAge: 365 * 86_400, isSecure: authenticator.usesSecureCookies)
            welcomed.isHTTPOnly = true
            response.setCookie(welcomed)
            return response
        }
    }

    func profilePage(_ viewer: Viewer, data: GaokaoData, input: ProfileInput, errors: [ProfileFieldError], status: HTTPStatus,
                     saved: GaokaoProfile? = nil) -> Response {
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
        let choices = data.subjectChoices(province: province, year: year, category: category)
        let ticked = Set(SubjectRules.parse((input.subjects ?? "").replacingOccurrences(of: "+", with: ",")) ?? [])
        return page(viewer, title: GaokaoText.myGaokao(l), back: homeBack(l), active: "profile", status: status) {
            if let saved {
                div(.class("gk-notice"), .id("gk-saved"), .role("status")) {
                    p(.class("gk-notice-title")) { GaokaoText.profileSavedTitle(l) }
                    p(.class("gk-notice-body")) { GaokaoText.profileCaption(saved)(l) }
                    a(.href("/gaokao/recommend"), .class("gk-next")) { GaokaoText.profileSavedNext(l) + " ›" }
                }
            }
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
                    subjectsField(choices, ticked: ticked, province: province, year: year, error: error("subjects"), language: l)
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

    /// 选科 as checkboxes (44 px rows): 3+1+2 two of four besides the list's first subject, 3+3 three of six; a note
    /// where the province-year has none.
    func subjectsField(_ choices: (fixed: Subject?, electives: [Subject], count: Int)?, ticked: Set<Subject>, province: String, year: Int,
                       error: String?, language l: Language) -> Node {
        div(.classes("field", "gk-subjects", error != nil ? "has-error" : nil), .id("gk-subjects")) {
            span(.class("field-label")) { GaokaoText.subjectsLabel(l) }
            if let choices {
                div(.class("gk-subject-boxes"), .role("group"), .attribute("aria-label", GaokaoText.subjectsLabel(l))) {
                    for subject in choices.electives {
                        WebUI.label(.class("gk-subject")) {
                            Node.element("input", [.type("checkbox"), .name("subjects"), .value(subject.rawValue),
                                                   Attribute.checked.when(ticked.contains(subject))], [])
                            span { subject.name(l) }
                        }
                    }
                }
                p(.class("field-hint")) { GaokaoText.subjectsHint(fixed: choices.fixed, count: choices.count)(l) }
            } else {
                p(.class("field-hint")) { GaokaoText.noSubjectChoice(province, year)(l) }
            }
            if let error { p(.class("field-error")) { error } }
        }
    }

    // MARK: 省控线

    func controlLines(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.controlLines(l)
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        let query = Query(request: request)
        let profile = try currentProfile(viewer, request, data)
        var problems = QueryProblems(l)
        let province = problems.province(query, data: data) ?? profile?.province ?? Self.defaultProvince
        let years = Array(Set(data.controlLines(province: province).map(\.year))).sorted(by: >)
        let filter = ControlLineFilter.check(query, data: data, province: province, problems: &problems,
                                             defaultYear: request.query["year"] == nil ? years.first { $0 <= 2023 } ?? years.first : nil)
        let (year, category, batch) = (filter.year, filter.category, filter.batch)
        let categories = filter.categories, batches = filter.batches
        let items = problems.isEmpty ? GaokaoQueries.controlLines(data, province: province, year: year, category: category, batch: batch) : []
        return page(viewer, title: title, back: homeBack(l), status: problems.status) {
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
            if !problems.isEmpty {
                problems.alert()
            } else if items.isEmpty {
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
        var problems = QueryProblems(l)
        let province = problems.province(query, data: data) ?? profile?.province ?? covered.first ?? Self.defaultProvince
        let filter = AdmissionFilter.check(query, data: data, province: province, problems: &problems)
        let years = data.admissionYears(province: province)
        let categories = data.admissionCategories(province: province)
        let batches = data.admissionBatches(province: province, category: filter.category)
        let school = query.text("school")
        let items = school.flatMap { school in
            problems.isEmpty ? GaokaoQueries.admissionLines(data, province: province, school: school, year: filter.year,
                                                            category: filter.category, batch: filter.batch) : nil
        } ?? []
        return page(viewer, title: title, back: homeBack(l), status: problems.status) {
            form(.method("get"), .action("/gaokao/admission-lines"), .class("gk-form"), .id("gk-query")) {
                formGroup {
                    Kit.picker(GaokaoText.homeProvince(l), name: "province", options: provinceOptions(data), selected: province, refresh: true)
                    Kit.searchPicker(GaokaoText.school(l), name: "school", value: school, suggestions: data.schoolNames(province: province),
                                     placeholder: GaokaoText.schoolSearchPlaceholder(l))
                    Kit.picker(GaokaoText.year(l), name: "year", options: Kit.options(years.map(String.init), any: GaokaoText.any(l)),
                               selected: filter.year.map(String.init) ?? "")
                    Kit.picker(GaokaoText.category(l), name: "category", options: Kit.options(categories, any: GaokaoText.any(l)), selected: filter.category ?? "")
                    Kit.picker(GaokaoText.batch(l), name: "batch", options: Kit.options(batches, any: GaokaoText.any(l)), selected: filter.batch ?? "")
                }
                button(GaokaoText.search(l))
            }
            if !problems.isEmpty {
                problems.alert()
            } else if !covered.contains(province) {
                emptyState(icon: .info, title: GaokaoText.noSchoolLines(province)(l), message: GaokaoText.coveredProvinces(covered)(l))
            } else if let school {
                let all = items.isEmpty ? GaokaoQueries.admissionLines(data, province: province, school: school, year: nil, category: nil, batch: nil) : []
                if items.isEmpty, !all.isEmpty {
                    emptyState(icon: .search, title: GaokaoText.noLinesMatch(l),
                               message: GaokaoText.filteredOut(school, province: province, all: all, filter: filter)(l))
                } else if items.isEmpty {
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
        var headers = [GaokaoText.yearCategoryBatch(l), GaokaoText.groupOrType(l), GaokaoText.minScore(l)]
        if hasRank { headers.append(GaokaoText.minRank(l)) }
        if hasAvg { headers.append(GaokaoText.averageScore(l)) }
        if hasPlan { headers.append(GaokaoText.plan(l)) }
        headers += [GaokaoText.controlLine(l), GaokaoText.lineDifference(l), GaokaoText.note(l), GaokaoText.source(l)]
        let rows = items.map { line -> [String] in
            // A name that is only a code (广东's `210专业组`) reads as the code does, in the page's language.
            let named = line.groupName.flatMap { name in
                GaokaoText.groupNumber(name).allSatisfy(\.isNumber) ? nil : name.hasPrefix("专业:") ? String(name.dropFirst(3)) : GaokaoText.readableGroup(name, of: line)
            }
            let group = named ?? (line.groupCode ?? line.groupName).map { GaokaoText.groupCode($0)(l) }
            var row = ["\(line.year) · \(line.category) · \(line.batch)",
                       [group, line.subjects.map { GaokaoText.subjectsLabel(l) + " " + (SubjectRequirement(text: $0)?.text(l) ?? $0) }, line.enrollType == "普通类" ? nil : GaokaoText.enrollType(line.enrollType)(l)]
                           .compactMap { $0 }.joined(separator: " · "),
                       line.minScore.map(String.init) ?? (line.scoreNote ?? "—")]
            if hasRank { row.append(Kit.number(line.minRank)) }
            if hasAvg { row.append(line.avgScore.map { String(format: "%.1f", $0) } ?? "—") }
            if hasPlan { row.append(Kit.number(line.planCount)) }
            row += [Kit.number(line.controlLine), line.lineDiff.map(Kit.signed) ?? "—",
                    [line.scoreNote, line.tieBreak.map { GaokaoText.tieBreak($0)(l) }].compactMap { $0 }.joined(separator: GaokaoText.noteSeparator(l)),
                    GaokaoText.provenance(line)(l)]
            return row
        }
        return Kit.stackedTable(headers, rows, caption: "\(items.first?.schoolName ?? "") · \(items.count)")
    }

    // MARK: 一分一段 and 等位分

    func rankPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.scoreRank(l)
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        let query = Query(request: request)
        let profile = try currentProfile(viewer, request, data)
        var problems = QueryProblems(l)
        let province = problems.province(query, data: data) ?? profile?.province ?? Self.defaultProvince
        let year = try query.int("year", in: ExamYears.range, language: l) ?? profile?.year ?? ExamYears.latestWithData
        let categories = data.categories(province: province, year: year)
        let category = problems.choice(query, "category", label: GaokaoText.category, from: categories, scope: "\(province) \(year)")
            ?? (profile?.category).flatMap { categories.contains($0) ? $0 : nil } ?? categories.first ?? ""
        let maximum = data.maximumScore(province: province, year: year)
        let score = try query.int("score", in: 0...maximum, language: l) ?? (request.query["score"] == nil ? profile?.score : nil)
        let result = problems.isEmpty ? score.flatMap { data.rank(province: province, year: year, category: category, score: $0) } : nil
        let hasTable = data.table(province: province, year: year, category: category) != nil
        return page(viewer, title: title, back: homeBack(l), status: problems.status) {
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
            if !problems.isEmpty {
                problems.alert()
            } else if !hasTable {
                emptyState(icon: .info, title: GaokaoText.noTable(province, year, category)(l),
                           message: GaokaoText.tableCoverage(data.tableYears, provinces: data.provinces.map(\.name))(l))
            } else if let score, !(0...maximum).contains(score) {
                div(.classes("gk-alert"), .role("alert")) { p { GaokaoText.scoreOutOfRange(maximum)(l) } }
            } else if let score, let result {
                div(.class("gk-stats"), .id("gk-rank-result")) {
                    stat(GaokaoText.rank(l), String(result.rank))
                    stat(GaokaoText.sameScore(l), result.isOutsideTable ? "—" : String(result.sameScoreCount))
                    stat(GaokaoText.bestInBand(l), String(result.rankBest))
                }
                // A score beyond the table (湖南 2026 物理类 50: "0 同分人数" and 等位分 "1", tester pass 11, finding 7) says so.
                if result.isOutsideTable, let bands = data.table(province: province, year: year, category: category)?.bands,
                    let top = bands.first?.scoreHigh, let bottom = bands.last?.scoreLow
                {
                    div(.class("gk-warning"), .id("gk-outside-table"), .role("note")) {
                        p { GaokaoText.outsideTable(score: score, bottom: bottom, top: top)(l) }
                    }
                }
                p(.class("gk-caption")) {
                    GaokaoText.rankCaption(province, year, category, score: score, candidates: result.candidates)(l)
                    if result.scoreLow != result.scoreHigh { GaokaoText.band(result.scoreLow, result.scoreHigh)(l) }
                }
                let equivalents = data.rankTableYears(province: province).filter { $0 != year }.sorted(by: >).compactMap { other in
                    data.equivalentScore(province: province, category: category, score: score, fromYear: year, toYear: other).map { (other, $0) }
                }
                sectionHeader(GaokaoText.equivalentScores(l))
                if result.isOutsideTable {
                    emptyState(icon: .info, title: GaokaoText.noEquivalentOutside(l))
                } else if equivalents.isEmpty {
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
