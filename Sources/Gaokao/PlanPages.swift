import AppHost
import Foundation
import HTTPServer
import Identity
import WebUI

/// The 志愿表 pages: the list with its risk check, one POST for add / move / remove, CSV and a print page.
extension GaokaoPages {
    func registerPlan(into pages: inout RouteGroup<SessionGuard>) {
        pages.anyone.get("/plan") { request, viewer in try planPage(request, viewer) }
        pages.anyone.post("/plan") { request, viewer in try planAction(request, viewer) }
        pages.anyone.get("/plan.csv") { request, viewer in try planCSV(request, viewer) }
        pages.anyone.get("/plan/print") { request, viewer in try planPrint(request, viewer) }
    }

    var planSource: PlanSource { PlanSource(store: store, isSecure: authenticator.usesSecureCookies) }

    /// The small "加入志愿表" form of a pick or a school page; back to `returnTo` afterwards. `namesGroup` puts the
    /// 院校专业组 in the label (a school page with one button per group).
    func addToPlan(_ entry: PlanEntry, returnTo: String, viewer: Viewer, added: Bool, namesGroup: Bool = false) -> Node {
        let l = viewer.language
        let group = namesGroup && !entry.group.isEmpty ? GaokaoText.groupSuffix(entry.group)(l) : ""
        return postForm(action: "/gaokao/plan", csrfToken: viewer.csrfToken, attributes: [.class("gk-plan-add")]) {
            input(.type("hidden"), .name("action"), .value("add"))
            input(.type("hidden"), .name("school"), .value(entry.school))
            input(.type("hidden"), .name("group"), .value(entry.group))
            input(.type("hidden"), .name("return"), .value(returnTo))
            Node.element("button", [.classes("btn", "btn-secondary", "gk-plan-button"), .type("submit"), Attribute.disabled.when(added)],
                         [.text((added ? GaokaoText.inPlan(l) : GaokaoText.addToPlan(l)) + group)])
        }
    }

    /// Only the app's own pages are places to return to.
    static func safeReturn(_ path: String?) -> String {
        guard let path, path.hasPrefix("/gaokao"), !path.contains("//"), !path.contains("\\"), path.count <= 1_000,
            path.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return "/gaokao/plan" }
        return path
    }

    func planAction(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let form = request.form()
        let back = Self.safeReturn(form["return"])
        var entries = try planSource.entries(for: viewer, request: request)
        let data = try loadedData()
        let current = try data.flatMap { try currentProfile(viewer, request, $0) }
        // The list keeps the profile it was built for; it takes the current one when it has none, or on request.
        var profile = try data.flatMap { try planSource.profile(for: viewer, request: request, data: $0) } ?? current
        if form["action"] == "rescore" {
            profile = current
            var response = viewer.redirect(to: back, flash: Toast(GaokaoText.rescored(l), kind: .success))
            try planSource.save(entries, profile: profile, viewer: viewer, response: &response)
            return response
        }
        let entry: PlanEntry
        do { entry = try PlanEntry.validated(school: form["school"], group: form["group"]) } catch {
            return viewer.redirect(to: back, flash: Toast(error.text(l), kind: .error))
        }
        let index = entries.firstIndex(of: entry)
        var message = GaokaoText.planSaved(l)
        switch form["action"] {
        case "add":
            if let data, let unknown = data.unknownPlanItem([entry], profile: profile) {
                return viewer.redirect(to: back, flash: Toast(l == .zh ? unknown.zh : unknown.en, kind: .error))
            }
            if index != nil {
                message = GaokaoText.alreadyInPlan(l)
            } else if entries.count >= PlanLimits.maximumEntries {
                return viewer.redirect(to: back, flash: Toast(PlanProblem.full.text(l), kind: .error))
            } else {
                entries.append(entry)
                message = GaokaoText.addedToPlan(entries.count)(l)
            }
        case "remove":
            if let index { entries.remove(at: index) }
        case "up":
            if let index, index > 0 { entries.swapAt(index, index - 1) }
        case "down":
            if let index, index < entries.count - 1 { entries.swapAt(index, index + 1) }
        default:
            return viewer.redirect(to: back, flash: Toast(GaokaoText.unknownPlanAction(l), kind: .error))
        }
        do { try planSource.checkFits(entries, profile: profile, viewer: viewer) } catch {
            return viewer.redirect(to: back, flash: Toast(error.text(l), kind: .error))
        }
        var response = viewer.redirect(to: back, flash: Toast(message, kind: .success))
        try planSource.save(entries, profile: entries.isEmpty ? nil : profile, viewer: viewer, response: &response)
        return response
    }

    /// The profile a 志愿表 is evaluated for: the one it was built for, else the current one.
    func planProfiles(_ viewer: Viewer, _ request: Request, _ data: GaokaoData) throws -> (plan: GaokaoProfile?, current: GaokaoProfile?) {
        let current = try currentProfile(viewer, request, data)
        return (try planSource.profile(for: viewer, request: request, data: data) ?? current, current)
    }

    func planPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.planTitle(l)
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        let (profile, current) = try planProfiles(viewer, request, data)
        let risk = data.planRisk(try planSource.entries(for: viewer, request: request), profile: profile, configuration: configuration)
        return page(viewer, title: title, back: homeBack(l), active: "plan") {
            p(.class("gk-caption")) {
                if let profile { GaokaoText.planBuiltFor(profile)(l) + " " } else { GaokaoText.planNeedsProfile(l) + " " }
                a(.href("/gaokao/profile")) { GaokaoText.edit(l) }
                " · "
                GaokaoText.planStored(viewer.isSignedIn)(l)
            }
            if let profile, let current, profile != current, !risk.rows.isEmpty {
                div(.class("gk-warning"), .id("gk-plan-changed"), .role("note")) {
                    p { GaokaoText.planProfileChanged(planned: profile, current: current)(l) }
                    postForm(action: "/gaokao/plan", csrfToken: viewer.csrfToken, attributes: [.class("gk-rescore")]) {
                        input(.type("hidden"), .name("action"), .value("rescore"))
                        input(.type("hidden"), .name("return"), .value("/gaokao/plan"))
                        button(GaokaoText.rescore(l), style: .secondary, fullWidth: false)
                    }
                }
            }
            if risk.rows.isEmpty {
                emptyState(icon: .star, title: GaokaoText.emptyPlan(l), message: GaokaoText.emptyPlanMessage(l),
                           action: LinkAction(label: GaokaoText.recommend(l), href: "/gaokao/recommend"))
            } else {
                planSummary(risk, profile: profile, language: l)
                ol(.class("list-group gk-plan"), .id("gk-plan")) {
                    for (index, row) in risk.rows.enumerated() { planRow(row, index: index, count: risk.rows.count, profile: profile, viewer: viewer) }
                }
                div(.classes("gk-actions", "gk-plan-actions")) {
                    button(GaokaoText.exportCSV(l), style: .secondary, href: "/gaokao/plan.csv", fullWidth: false)
                    button(GaokaoText.printPlan(l), style: .secondary, href: "/gaokao/plan/print", fullWidth: false)
                }
                p(.class("gk-footnote")) { GaokaoText.planFootnote(l) }
            }
        }
    }

    func planSummary(_ risk: PlanRisk, profile: GaokaoProfile?, language l: Language) -> Node {
        div(.class("gk-plan-summary")) {
            if let profile, let stale = GaokaoText.staleData(newestYears: risk.rows.compactMap { $0.years.max() }, year: profile.year) {
                div(.class("gk-warning"), .id("gk-stale"), .role("note")) { p { stale(l) } }
            }
            div(.class("gk-stats"), .id("gk-plan-counts")) {
                for bucket in Bucket.allCases { stat(bucket.label.text(l), String(risk.counts[bucket] ?? 0)) }
            }
            if profile != nil {
                div(.class((risk.counts[.safe] ?? 0) == 0 ? "gk-warning" : "gk-notice"), .id("gk-plan-risk")) {
                    if let safe = risk.chanceAnySafe, let low = risk.chanceAnySafeLow {
                        p { GaokaoText.chanceRange(low: low, high: safe, safeOnly: true)(l) }
                    } else {
                        p { GaokaoText.noSafeChoice(l) }
                    }
                    if let any = risk.chanceAny, let low = risk.chanceAnyLow { p { GaokaoText.chanceRange(low: low, high: any, safeOnly: false)(l) } }
                    // The note explains a range's ends: only under a range (tester pass 11, finding 15: it stayed alone
                    // after 重新估算 left no range).
                    if (risk.chanceAnySafe != nil && risk.chanceAnySafeLow != nil) || (risk.chanceAny != nil && risk.chanceAnyLow != nil) {
                        p(.class("gk-range-note")) { GaokaoText.chanceRangeNote(l) }
                    }
                }
            }
        }
    }

    func planRow(_ row: PlanRow, index: Int, count: Int, profile: GaokaoProfile?, viewer: Viewer) -> Node {
        let l = viewer.language
        func move(_ action: String, _ label: String, _ accessible: String, disabled: Bool) -> Node {
            postForm(action: "/gaokao/plan", csrfToken: viewer.csrfToken, attributes: [.class("gk-plan-move")]) {
                input(.type("hidden"), .name("action"), .value(action))
                input(.type("hidden"), .name("school"), .value(row.entry.school))
                input(.type("hidden"), .name("group"), .value(row.entry.group))
                input(.type("hidden"), .name("return"), .value("/gaokao/plan"))
                Node.element("button", [.classes("btn", "btn-plain", "gk-icon-button"), .type("submit"), .attribute("aria-label", accessible),
                                        Attribute.disabled.when(disabled)], [.text(label)])
            }
        }
        let name = GaokaoText.withGroup(row.entry.school, row.entry.group.isEmpty ? nil : row.entry.group)(l)
        let href = profile.map { schoolURL(province: $0.province, school: row.entry.school, category: $0.category, batch: row.series?.batch ?? $0.batch) }
        return li(.classes("cell", "gk-plan-row"), .attribute("data-bucket", row.bucket?.rawValue ?? "")) {
            span(.class("gk-plan-index")) { String(index + 1) }
            div(.class("gk-plan-text")) {
                if let href { a(.href(href), .class("gk-plan-name")) { name } } else { span(.class("gk-plan-name")) { name } }
                span(.class("cell-subtitle")) { GaokaoText.planRowDetail(row)(l) }
            }
            if let chance = row.chance {
                span(.class("gk-plan-badge")) { badge(row.bucket.map { GaokaoText.chance($0, chance)(l) } ?? GaokaoText.longShot(chance)(l), tint: row.bucket?.tint ?? .gray) }
            }
            div(.class("gk-plan-buttons")) {
                move("up", "↑", GaokaoText.moveUp(l), disabled: index == 0)
                move("down", "↓", GaokaoText.moveDown(l), disabled: index == count - 1)
                move("remove", "✕", GaokaoText.removeFromPlan(l), disabled: false)
            }
        }
    }

    func planCSV(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.planTitle(viewer.language)) }
        let profile = try planProfiles(viewer, request, data).plan
        let risk = data.planRisk(try planSource.entries(for: viewer, request: request), profile: profile, configuration: configuration)
        return Response(headers: ["Content-Type": "text/csv; charset=utf-8", "Content-Disposition": "attachment; filename=\"zhiyuan.csv\"",
                                  "Cache-Control": "no-store"],
                        body: .bytes(PlanCSV.render(risk, profile: profile)))
    }

    func planPrint(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.planTitle(l)) }
        let profile = try planProfiles(viewer, request, data).plan
        let risk = data.planRisk(try planSource.entries(for: viewer, request: request), profile: profile, configuration: configuration)
        let rows = risk.rows.enumerated().map { index, row -> [String] in
            [String(index + 1), GaokaoText.withGroup(row.entry.school, row.entry.group.isEmpty ? nil : row.entry.group)(l),
             row.bucket?.label.text(l) ?? "—", row.chance.map { "\($0.wholePercent)%" } ?? "—",
             row.predictedScore.map(String.init) ?? "—", GaokaoText.years(row.years)(l)]
        }
        return page(viewer, title: GaokaoText.printTitle(l), back: BackLink(href: "/gaokao/plan", label: GaokaoText.planTitle(l))) {
            div(.class("gk-print"), .id("gk-print")) {
                if let profile { p(.class("gk-caption")) { GaokaoText.profileCaption(profile)(l) } }
                planSummary(risk, profile: profile, language: l)
                Kit.dataTable([GaokaoText.position(l), GaokaoText.school(l), GaokaoText.bucketWord(l), GaokaoText.chanceWord(l),
                               GaokaoText.steady(l), GaokaoText.dataYears(l)], rows)
                p(.class("gk-footnote")) { GaokaoText.planFootnote(l) }
                Node.element("button", [.classes("btn", "btn-primary", "gk-print-button"), .type("button"), .flag("data-print")],
                             [.text(GaokaoText.printNow(l))])
            }
        }
    }
}

extension Bucket {
    /// The band's colour on every page (tester pass 11, finding 13: 冲 was red on 学校推荐 and orange on the 志愿表):
    /// 冲 red, 稳 blue, 保 green; gaokao.css darkens each so white text on it reaches 4.5:1.
    var tint: Tint {
        switch self {
        case .risky: .red
        case .stable: .blue
        case .safe: .green
        }
    }
}
