import AppHost
import Foundation
import HTTPServer
import Identity
import WebUI

/// A school's page: its lines in the student's province, trend, prediction and 专业 lines.
extension GaokaoPages {
    // MARK: school detail

    func schoolPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard let data = try loadedData() else { return notImported(viewer, title: GaokaoText.schoolTitle(l)) }
        let query = Query(request: request)
        let school = query.text("school") ?? ""
        let profile = try currentProfile(viewer, request, data)
        var problems = QueryProblems(l)
        let province = problems.province(query, data: data) ?? profile?.province ?? Self.defaultProvince
        let filter = AdmissionFilter.check(query, data: data, province: province, problems: &problems, checksSchool: false)
        let university = data.university(matching: school)
        let lines = problems.isEmpty
            ? GaokaoQueries.admissionLines(data, province: province, school: school, year: filter.year, category: filter.category, batch: filter.batch) : []
        // In a 院校专业组 province (上海 since 2017) a 志愿 is a group: a group-less entry would match none of the
        // student's lines and show no chance, so the page offers each group of the student's batch; else the school.
        // Only the groups still filed for the student's year (issue 28: 湖南 renumbers its groups every year).
        let planEntries: [PlanEntry] = lines.first.map { first in
            let groups = profile.map { profile in
                profile.province != province ? [] : data.filingSeries(province: province, category: profile.category, batchStd: BatchNames.standard(profile.batch))
                    .filter { series in
                        guard series.schoolName == first.schoolName, case .usable = series.availability(before: profile.year) else { return false }
                        return series.points.contains { $0.year < profile.year }
                    }
                    .compactMap(\.groupCode).filter { !$0.isEmpty }
            } ?? []
            return groups.isEmpty ? [PlanEntry(school: first.schoolName, group: "")]
                : Set(groups).sorted().map { PlanEntry(school: first.schoolName, group: $0) }
        } ?? []
        let planned = try planSource.entries(for: viewer, request: request)
        let majorLines = school.isEmpty ? [] : try store.majorLines(province: province, school: university?.name ?? school, moeCode: university?.moeCode)
        // A name that is no school of the data (tester 31c #17: 不存在大学xyz got a page of its own) is a 404 saying so.
        if !school.isEmpty, university == nil, lines.isEmpty, majorLines.isEmpty,
           !data.admissionProvinces.contains(where: { data.schoolNames(province: $0).contains(school) }) {
            let unknown = LocalizedText(zh: "没有这所学校", en: "No such school")
            return page(viewer, title: unknown(l), back: BackLink(href: "/gaokao/recommend", label: GaokaoText.picks(l)), status: .notFound) {
                emptyState(icon: .info, title: unknown(l),
                           message: LocalizedText(zh: "数据里没有名为「\(school)」的学校，请检查校名或从推荐列表进入。",
                                                  en: "The data have no school named “\(school)”; check the name or open it from the picks.")(l))
            }
        }
        return page(viewer, title: school.isEmpty ? GaokaoText.schoolTitle(l) : school, back: BackLink(href: "/gaokao/recommend", label: GaokaoText.picks(l)),
                    status: problems.status) {
            if let university {
                listGroup(header: GaokaoText.aboutSchool(l)) {
                    listCell(title: GaokaoText.location(l), detail: "\(university.province) \(university.city)")
                    listCell(title: GaokaoText.authority(l), detail: university.authority)
                    listCell(title: GaokaoText.level(l), detail: GaokaoText.schoolKind(university.level)(l) + " · " + GaokaoText.schoolKind(university.ownership)(l))
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
            if !problems.isEmpty {
                problems.alert()
            } else if lines.isEmpty {
                sectionHeader(GaokaoText.pastLinesIn(province)(l))
                let all = GaokaoQueries.admissionLines(data, province: province, school: school, year: nil, category: nil, batch: nil)
                if all.isEmpty {
                    emptyState(icon: .info, title: GaokaoText.noLinesIn(province)(l))
                } else {
                    emptyState(icon: .search, title: GaokaoText.noLinesMatch(l),
                               message: GaokaoText.filteredOut(school, province: province, all: all, filter: filter)(l))
                }
            } else {
                trendCharts(lines.filter { $0.enrollType == "普通类" }, batch: filter.batch, language: l)
                // 普通类 first, then each other program type (中外合作办学, 专项 …) apart: their lines are not comparable.
                let types = ["普通类"] + Set(lines.map(\.enrollType)).subtracting(["普通类"]).sorted()
                for type in types {
                    let ofType = lines.filter { $0.enrollType == type }
                    if !ofType.isEmpty {
                        sectionHeader(GaokaoText.pastLinesIn(province)(l) + " · " + GaokaoText.enrollType(type)(l))
                        admissionTable(ofType, language: l)
                    }
                }
                if let note = GaokaoText.missingControlLines(province, years: data.yearsWithoutControlLine(lines)) {
                    p(.class("gk-caption"), .id("gk-no-control")) { note(l) }
                }
            }
            if let profile, profile.province == province, !lines.isEmpty {
                let outcome = GaokaoQueries.predict(data, province: province, year: profile.year, category: profile.category,
                                                    batch: filter.batch.map(BatchNames.standard) ?? profile.batch, school: school, userLine: nil, configuration: configuration)
                if let main = outcome.main {
                    sectionHeader(GaokaoText.yearPrediction(profile.year)(l))
                    // Which 志愿 the figures are for: the group (or 专业, or the school as a whole), and, with several
                    // groups, each one's lines (issue 28: the prediction named no group).
                    p(.class("gk-caption")) { GaokaoText.predictedUnit(main.series, groups: outcome.groups.count)(l) }
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
                    if outcome.groups.count > 1 {
                        let rows = outcome.groups.sorted { $0.prediction.stable < $1.prediction.stable }.map { group -> [String] in
                            [group.series.map { GaokaoText.unitName($0)(l) } ?? "—", String(group.prediction.risky), String(group.prediction.stable),
                             String(group.prediction.safe), group.prediction.years.map(String.init).joined(separator: ", ")]
                        }
                        Kit.dataTable([GaokaoText.groupOrType(l), GaokaoText.risky(l), GaokaoText.steady(l), GaokaoText.safe(l), GaokaoText.dataYears(l)], rows,
                                      caption: GaokaoText.groupPredictions(profile.year)(l), scrollHint: GaokaoText.scrollHint(l))
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

    /// The 专业 lines of one school: a table per source (their ranks differ in kind), the 专业 first (a card's heading on
    /// a phone), then year, 科类, 专业组, 选科, 最低分, rank and the source's (often long) note last, so the lines stay
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
                         line.groupCode.isEmpty ? "—" : GaokaoText.groupCode(line.groupCode)(l), line.subjects.isEmpty ? "—" : SubjectRequirement(text: line.subjects)?.text(l) ?? line.subjects,
                         Kit.number(line.minScore), Kit.number(line.minRank), line.note.isEmpty ? "—" : line.note]
                    }
                    Kit.stackedTable(headers, rows, caption: "\(ofSource[0].schoolName) · \(ofSource.count)")
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
        // Every year from the first to the last, so a year without a line is a gap, not spaced like the others (tester
        // pass 11, finding 9: 中南大学 湖南 2021, 2022, 2024, 2025 equally spaced).
        let known = keys.flatMap { scores[$0]!.keys }
        let years = known.min().map { Array($0...known.max()!) } ?? []
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
}
