import AppHost
import Foundation
import HTTPServer
import Identity
import WebUI

/// 学校推荐 and 投档线预测.
extension GaokaoPages {
    // MARK: 学校推荐

    func needsProfile(_ viewer: Viewer, title: String, active: String) -> Response {
        let l = viewer.language
        return page(viewer, title: title, back: homeBack(l), active: active) {
            emptyState(icon: .person, title: GaokaoText.fillInFirst(l),
                       message: GaokaoText.fillInFirstMessage(l),
                       action: LinkAction(label: GaokaoText.fillIn(l), href: "/gaokao/profile"))
        }
    }

    /// The batches the profile's province-year and 科类 fill (``GaokaoData/fillableBatches(province:year:category:)``,
    /// the profile's own first when it is not among them), and the one asked for by `?batch=` when it is among them;
    /// another `?batch=` adds a problem naming the field (issue 28: it silently showed the profile's batch).
    func batchChoice(_ query: Query, profile: GaokaoProfile, data: GaokaoData, problems: inout QueryProblems) -> (batches: [String], batch: String) {
        var batches = data.fillableBatches(province: profile.province, year: profile.year, category: profile.category)
        if !batches.contains(profile.batch) { batches.insert(profile.batch, at: 0) }
        let chosen = problems.choice(query, "batch", label: GaokaoText.batch, from: batches,
                                     scope: "\(profile.province) \(profile.year) \(profile.category)",
                                     matches: { batches.contains(BatchNames.standard($0)) })
        return (batches, chosen.map(BatchNames.standard) ?? profile.batch)
    }

    func recommendPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let title = GaokaoText.recommend(l)
        guard let data = try loadedData() else { return notImported(viewer, title: title) }
        guard let profile = try currentProfile(viewer, request, data) else { return needsProfile(viewer, title: title, active: "recommend") }
        let query = Query(request: request)
        var problems = QueryProblems(l)
        let (batches, batch) = batchChoice(query, profile: profile, data: data, problems: &problems)
        let tendency = try GaokaoQueries.tendency(query, language: l)
        let target = try query.choice("targetProvince", from: data.provinces.map(\.name), language: l)
        let tag = try query.choice("tag", from: SchoolTag.allCases.map(\.rawValue), language: l).flatMap(SchoolTag.init(rawValue:))
        let covered = data.admissionProvinces.contains(profile.province)
        let result = data.recommend(province: profile.province, year: profile.year, category: profile.category, batch: batch,
                                    score: profile.score, tendency: tendency, targetProvince: target, tag: tag,
                                    subjects: profile.subjectFilter, limit: 30, configuration: configuration)
        let planned = Set(try planSource.entries(for: viewer, request: request))
        let tendencies: [(String, String)] = [("", GaokaoText.allTendencies(l))] + Bucket.allCases.map { ($0.tendency.zh, $0.tendency.text(l)) }
        return page(viewer, title: title, back: homeBack(l), active: "recommend", status: problems.status) {
            p(.class("gk-caption")) {
                GaokaoText.profileCaption(profile)(l)
                if let rank = result.candidateRank { GaokaoText.rankSuffix(rank.rank, tableYear: profile.year)(l) }
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
            if !problems.isEmpty {
                problems.alert()
            } else if !covered {
                emptyState(icon: .info, title: GaokaoText.noSchoolLines(profile.province)(l),
                           message: GaokaoText.picksNeedLines(data.admissionProvinces)(l))
            } else if result.items.isEmpty {
                emptyState(icon: .search, title: GaokaoText.noSchoolFits(l),
                           message: GaokaoText.emptyPicks(result, data: data, province: profile.province, year: profile.year,
                                                          category: profile.category, batch: batch)(l),
                           action: LinkAction(label: GaokaoText.admissionLines(l),
                                              href: "/gaokao/admission-lines?province=\(percentEncode(profile.province))"))
            } else {
                if let stale = GaokaoText.staleData(newestYears: result.items.compactMap { $0.years.max() }, year: profile.year) {
                    div(.class("gk-warning"), .id("gk-stale"), .role("note")) { p { stale(l) } }
                }
                if let missing = GaokaoText.requirementsMissing(result, province: profile.province) {
                    div(.class("gk-warning"), .id("gk-subjects-missing"), .role("note")) { p { missing(l) } }
                }
                if let thin = GaokaoText.thinPicks(result) {
                    div(.class("gk-warning"), .id("gk-thin"), .role("note")) { p { thin(l) } }
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
                                            span(.class("cell-title")) { GaokaoText.unitLabel(item.series)(l) }
                                            span(.class("cell-subtitle")) { GaokaoText.recommendation(item)(l) }
                                            if let newest = GaokaoText.newestLine(item) {
                                                span(.classes("cell-subtitle", "gk-newest")) { newest(l) }
                                            }
                                            span(.classes("cell-subtitle", "gk-pick-notes")) { GaokaoText.pickNotes(item, tags: SchoolTag.of(data.university(of: item.series)))(l) }
                                            if let change = item.change {
                                                span(.classes("cell-subtitle", "gk-change")) { GaokaoText.change(change)(l) }
                                            }
                                        }
                                        span(.class("cell-accessory")) { badge(GaokaoText.chance(bucket, item.probability)(l), tint: bucket.tint) }
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
        var problems = QueryProblems(l)
        let (batches, batch) = batchChoice(query, profile: profile, data: data, problems: &problems)
        let school = query.text("school")
        let lineYear = profile.year - 1
        let maximum = data.maximumScore(province: profile.province, year: lineYear)
        let lineText = query.text("line")
        let line = lineText.flatMap { Int($0) }
        let lineError = lineText != nil && (line == nil || !(0...maximum).contains(line!))
        let outcome = school.flatMap { school in problems.isEmpty ? school : nil }.map {
            GaokaoQueries.predict(data, province: profile.province, year: profile.year, category: profile.category, batch: batch, school: $0,
                                  userLine: lineError ? nil : line.map { ($0, lineYear) }, configuration: configuration)
        }
        let names = data.filingSeries(province: profile.province, category: profile.category, batchStd: BatchNames.standard(batch)).map(\.schoolName)
        return page(viewer, title: title, back: homeBack(l), active: "predict", status: problems.status) {
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
            if !problems.isEmpty { problems.alert() }
            if let school, let outcome {
                if let main = outcome.main {
                    section(.class("gk-prediction"), .id("gk-prediction")) {
                        h2(.class("gk-h2")) { main.series.map { GaokaoText.unitLabel($0)(l) } ?? school }
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
                        if let change = main.prediction.change {
                            div(.class("gk-warning"), .id("gk-change"), .role("note")) { p { GaokaoText.change(change)(l) } }
                        }
                        p(.class("gk-caption")) {
                            GaokaoText.methodAndYears(main.prediction)(l)
                            if let rank = main.prediction.predictedRank, let tableYear = main.prediction.rankTableYear {
                                GaokaoText.predictedRank(rank, tableYear: tableYear)(l)
                            }
                            GaokaoText.againstSteady(score: profile.score, difference: profile.score - main.prediction.stable)(l)
                        }
                        if outcome.groups.count > 1 {
                            Kit.dataTable([GaokaoText.group(l), GaokaoText.risky(l), GaokaoText.steady(l), GaokaoText.safe(l), GaokaoText.dataYears(l)],
                                          outcome.groups.map { group in
                                              [group.series.map { GaokaoText.unitLabel($0)(l) } ?? school, String(group.prediction.risky),
                                               String(group.prediction.stable), String(group.prediction.safe), GaokaoText.years(group.prediction.years)(l)]
                                          }, scrollHint: GaokaoText.scrollHint(l))
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
}
