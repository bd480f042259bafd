import Foundation
import WebUI

/// Words of 院校专业组, 选科, batch and group changes, empty states and the 志愿表's profile (issue 28).
extension GaokaoText {
    // MARK: 选科
    static let subjectsLabel = LocalizedText(zh: "选科", en: "Subjects")
    static func subjectsHint(fixed: Subject?, count: Int) -> LocalizedText {
        guard let fixed else {
            return LocalizedText(zh: "选 \(count) 门；不填则推荐列出所有专业组及其选科要求。",
                                 en: "Tick \(count); leave empty to see every group with its requirement.")
        }
        return LocalizedText(zh: "首选\(fixed.rawValue)，再选 \(count) 门；不填则推荐列出所有专业组及其选科要求。",
                             en: "\(fixed.name(.en)) is your first subject; tick \(count) more, or leave them empty to see every group with its requirement.")
    }
    static func noSubjectChoice(_ province: String, _ year: Int) -> LocalizedText {
        LocalizedText(zh: "\(province) \(year) 年文理分科，没有选科。", en: "\(province) \(year) has arts/science tracks: no elective subjects.")
    }
    /// A pick's 选科 requirement: published (with its year) or unknown.
    static func requirement(_ found: (requirement: SubjectRequirement, year: Int)?) -> LocalizedText {
        guard let found else { return LocalizedText(zh: "选科要求未收录", en: "subject requirement not in the data") }
        return LocalizedText(zh: "选科 \(found.requirement.text(.zh))（\(found.year) 年）", en: "subjects: \(found.requirement.text(.en)) (\(found.year))")
    }
    static func profileSubjects(_ subjects: [Subject]) -> LocalizedText {
        LocalizedText(zh: " · " + subjects.map { $0.name(.zh) }.joined(separator: "+"), en: " · " + subjects.map { $0.name(.en) }.joined(separator: " + "))
    }

    // MARK: groups and changes
    /// A group's label: `105组`, `专业 01 法学`.
    static func unitLabel(_ series: SchoolSeries) -> LocalizedText {
        if series.isMajor, let name = series.groupName {
            let text = name.dropFirst("专业:".count).trimmingCharacters(in: .whitespaces)
            return LocalizedText(zh: "专业 \(text)", en: "major \(text)")
        }
        return withGroup(series.schoolName, series.groupCode)
    }
    /// A series' 志愿 unit without the school name: `212组` / `group 212`, `专业 01 法学`, or the school as a whole.
    static func unitName(_ series: SchoolSeries) -> LocalizedText {
        if series.isMajor { return unitLabel(series) }
        guard let code = series.groupCode, !code.isEmpty else { return LocalizedText(zh: "全校（院校线）", en: "whole school (school line)") }
        return groupCode(code)
    }
    /// What the school page's prediction is for (issue 28): the unit, and with several groups, that it is the lowest.
    static func predictedUnit(_ series: SchoolSeries?, groups: Int) -> LocalizedText {
        guard let series else { return LocalizedText(zh: "预测对象：你填写的投档线", en: "Predicted from the line you entered") }
        let unit = unitName(series)
        guard groups > 1 else { return LocalizedText(zh: "预测对象：\(unit.zh)", en: "Predicted for: \(unit.en)") }
        return LocalizedText(zh: "预测对象：\(unit.zh)（本批 \(groups) 个志愿单位中预测线最低的一个，各组见下表）",
                             en: "Predicted for: \(unit.en) (the lowest predicted line of its \(groups) units in this batch; each below)")
    }
    static func groupPredictions(_ year: Int) -> LocalizedText {
        LocalizedText(zh: "各专业组 \(year) 年预测线", en: "\(year) predicted lines by group")
    }

    /// The flag of a prediction cut by a change (``SeriesChange``).
    static func change(_ change: SeriesChange) -> LocalizedText {
        switch change {
        case .batch(let year, _):
            LocalizedText(zh: "\(year) 年起改在本批次招生，只用 \(year) 年起的数据", en: "in this batch since \(year): data from \(year) on only")
        case .group(let year):
            LocalizedText(zh: "专业组设置 \(year) 年有变化，只用 \(year) 年起的数据", en: "groups changed in \(year): data from \(year) on only")
        }
    }
    /// Why a school's series is not predicted at all (it left the batch or the group no longer exists).
    static func retired(_ change: SeriesChange) -> LocalizedText {
        switch change {
        case .batch(let year, let batches):
            LocalizedText(zh: "\(year) 年起在\(batches.joined(separator: "、"))招生，不再按本批次预测",
                          en: "files in \(batches.joined(separator: ", ")) since \(year); not predicted for this batch")
        case .group(let year):
            LocalizedText(zh: "\(year) 年已无此专业组，不再预测", en: "this group no longer exists in \(year); not predicted")
        }
    }
    static func rankAndLine(rank: Int?, line: Int, tableYear: Int?) -> LocalizedText {
        let rankText = rank.map(String.init) ?? "—"
        guard let tableYear else { return LocalizedText(zh: "预测线 \(line)", en: "predicted line \(line)") }
        return LocalizedText(zh: "预测线 \(line) ≈ 位次 \(rankText)（\(tableYear) 年一分一段）",
                             en: "predicted line \(line) ≈ rank \(rankText) (\(tableYear) table)")
    }

    /// The human name of a line's `source` (SOURCES.md): who collected it. The tier (``tierText(_:)``) says who
    /// published it. An unknown code is shown as it is.
    static func sourceName(_ source: String) -> LocalizedText {
        switch source {
        case "lgh_site": LocalizedText(zh: "gaokao-zhiyuan-site 汇编", en: "gaokao-zhiyuan-site collection")
        case "labolado": LocalizedText(zh: "labolado 2016–2020 汇编", en: "labolado 2016–2020 collection")
        case "oliver_sc", "oliver_zj", "oliver_sh": LocalizedText(zh: "Oliver666Young 录取线表", en: "Oliver666Young line tables")
        case "keke_sh": LocalizedText(zh: "上海市教育考试院投档线（666keke 转录）", en: "Shanghai exam authority lines (666keke transcription)")
        case "luojike_hn": LocalizedText(zh: "湖南省教育考试院投档线（luojike 转录）", en: "Hunan exam authority lines (luojike transcription)")
        default: LocalizedText(source)
        }
    }

    /// Source and tier together: `gaokao-zhiyuan-site 汇编 · 省考试院`.
    static func sourceAndTier(_ source: String, _ tier: SourceTier) -> LocalizedText {
        let tier = tierText(tier)
        guard !source.isEmpty else { return tier }
        let name = sourceName(source)
        return LocalizedText(zh: "\(name.zh) · \(tier.zh)", en: "\(name.en) · \(tier.en)")
    }

    static func tierText(_ tier: SourceTier) -> LocalizedText {
        switch tier {
        case .provinceOfficial: LocalizedText(zh: "省考试院", en: "province authority")
        case .schoolOfficial: LocalizedText(zh: "高校官网", en: "university page")
        case .thirdParty: LocalizedText(zh: "第三方", en: "third party")
        }
    }

    /// A pick's newest real line among the years its prediction used, with its year, rank and source, so the
    /// student sees the published figure beside the estimate: `2025 年实际线 603 · 位次 16532（gaokao-zhiyuan-site 汇编 · 省考试院）`;
    /// nil when that year has no score.
    static func newestLine(_ item: Recommendation) -> LocalizedText? {
        guard let year = item.years.max(), let point = item.series.points.last(where: { $0.year == year }), let score = point.minScore else { return nil }
        let rank = point.minRank.map { LocalizedText(zh: " · 位次 \($0)", en: " · rank \($0)") } ?? LocalizedText("")
        let source = sourceAndTier(point.source, point.sourceTier)
        // A school line chosen among named sub-lines says which (tester pass 11, finding 1).
        let which: LocalizedText = switch (point.subLines > 1 && item.series.groupCode == nil, point.groupName.map(SubLine.label)) {
        case (true, let label?) where SubLine.kind(point.groupName, school: item.series.schoolName) == .main:
            LocalizedText(zh: " · \(label)（该年 \(point.subLines) 条分类线中的主线）", en: " · \(label) (main of \(point.subLines) sub-lines that year)")
        case (true, let label?):
            LocalizedText(zh: " · \(label)（该年 \(point.subLines) 条分类线中最低的一条）", en: " · \(label) (lowest of \(point.subLines) sub-lines that year)")
        default: LocalizedText("")
        }
        return LocalizedText(zh: "\(year) 年实际线 \(score)\(rank.zh)\(which.zh)（\(source.zh)）",
                             en: "\(year) actual line \(score)\(rank.en)\(which.en) (\(source.en))")
    }

    /// Where a line comes from: source, tier and how its rank was obtained (issue 28: visible on the school page).
    static func provenance(_ line: AdmissionLine) -> LocalizedText {
        let source = sourceAndTier(line.source, line.sourceTier)
        let rank: LocalizedText? = switch line.rankBasis {
        case "native": LocalizedText(zh: "位次为公布值", en: "rank as published")
        case "score-derived": LocalizedText(zh: "位次按当年一分一段换算", en: "rank from that year's table")
        case "score-derived(score_rank.csv)": LocalizedText(zh: "位次按本站一分一段换算", en: "rank from our table")
        default: nil
        }
        return LocalizedText(zh: ([source.zh] + (rank.map { [$0.zh] } ?? [])).joined(separator: " · "),
                             en: ([source.en] + (rank.map { [$0.en] } ?? [])).joined(separator: " · "))
    }

    // MARK: empty states
    /// Why 学校推荐 found nothing and what exists instead (issue 28: never an empty list without a word).
    static func emptyPicks(_ result: RecommendationResult, data: GaokaoData, province: String, year: Int, category: String, batch: String)
        -> LocalizedText
    {
        var zh: [String] = []
        var en: [String] = []
        if result.candidateRank == nil, data.table(province: province, year: year, category: category) == nil {
            zh.append("没有\(province) \(year) 年\(category)的一分一段表，无法按位次换算。")
            en.append("There is no \(province) \(year) \(category) score–rank table to convert ranks with.")
        }
        if result.considered == 0 {
            let others = data.seriesBatches(province: province, category: category).filter { $0 != BatchNames.standard(batch) }
            zh.append("\(province)\(category)没有\(batch)的院校投档线。" + (others.isEmpty ? "" : "有投档线的批次：\(others.joined(separator: "、"))。"))
            en.append("No \(province) \(category) school lines for \(batch)." + (others.isEmpty ? "" : " Batches with lines: \(others.joined(separator: ", "))."))
        } else {
            let earlier = result.lineYears.filter { $0 < year }
            if earlier.isEmpty {
                let listed = years(result.lineYears)
                zh.append("\(batch)的投档线只有 \(listed.zh) 年，没有 \(year) 年之前可用来预测的年份；可在投档线查询中查看这些线。")
                en.append("\(batch) has lines for \(listed.en) only, none before \(year) to predict from; see them under School lines.")
            }
            let breakdown = considered(result)
            zh.append(breakdown.zh)
            en.append(breakdown.en)
        }
        let majors = MajorLineSource.provinces.contains(province)
        if majors {
            zh.append("另有分专业录取线，可在院校页查看。")
            en.append("Lines per major exist too; see the school pages.")
        }
        return LocalizedText(zh: zh.joined(), en: en.joined(separator: " "))
    }

    /// Where the schools considered went: left the batch, no usable earlier line, 选科 not met, outside every band.
    static func considered(_ result: RecommendationResult) -> LocalizedText {
        LocalizedText(
            zh: "在 \(result.considered) 个院校（专业组）中：\(result.retired) 个已不在本批次或专业组招生，\(result.unpredictable) 个没有可用的往年数据，"
                + "\(result.excludedBySubjects) 个选科不符，\(result.outsideBands) 个录取概率不在冲稳保区间（20% 以下或数据不足）。",
            en: "Of \(result.considered) schools or groups: \(result.retired) no longer file in this batch or group, \(result.unpredictable) have no usable "
                + "earlier lines, \(result.excludedBySubjects) need other subjects, \(result.outsideBands) fall outside the bands (below 20%).")
    }

    /// Why a non-empty list is shorter than asked or lacks a band (tester pass 11, finding 2: 河南 2026 600 had 12 picks,
    /// no 稳, and no word why): the counts of ``considered(_:)`` and how many fell in each band; nil for a full list.
    static func thinPicks(_ result: RecommendationResult) -> LocalizedText? {
        let missing = result.tendency == nil ? Bucket.allCases.filter { (result.inBands[$0] ?? 0) == 0 } : []
        guard !result.items.isEmpty, result.items.count < result.requested || !missing.isEmpty else { return nil }
        let breakdown = considered(result)
        let counts = Bucket.allCases.map { (zh: "\($0.label.zh) \(result.inBands[$0] ?? 0) 个", en: "\(result.inBands[$0] ?? 0) \($0.label.en)") }
        var zh = "只找到 \(result.items.count) 个（最多 \(result.requested) 个）。" + breakdown.zh + "在冲稳保区间内的：" + counts.map(\.zh).joined(separator: "、") + "。"
        var en = "Only \(result.items.count) found (up to \(result.requested)). " + breakdown.en + " In the bands: " + counts.map(\.en).joined(separator: ", ") + "."
        if !missing.isEmpty {
            zh += "没有院校落在“" + missing.map(\.label.zh).joined(separator: "”“") + "”区间，所以这一档是空的。"
            en += " No school falls in " + missing.map(\.label.en).joined(separator: " or ") + ", so that band is empty."
        }
        return LocalizedText(zh: zh, en: en)
    }

    /// What the 选科 filter could not check (tester pass 11, finding 3: 湖南's groups carry no requirement, so the filter
    /// changed nothing, silently); nil without a filter or when every group states its requirement.
    static func requirementsMissing(_ result: RecommendationResult, province: String) -> LocalizedText? {
        guard result.filteredBySubjects, result.withoutRequirement > 0 else { return nil }
        let checked = result.subjectsChecked
        let years = years(result.lineYears.filter { $0 >= 2021 })
        if result.withoutRequirement >= checked {
            return LocalizedText(zh: "\(province)这批的投档线（\(years.zh) 年）没有收录各专业组的选科要求，选科筛选对这 \(result.withoutRequirement) 个院校（专业组）不起作用：请到招生章程核对。",
                                 en: "The \(province) lines of this batch (\(years.en)) carry no subject requirements, so the subject filter cannot check these \(result.withoutRequirement) schools or groups: check each admission brochure.")
        }
        return LocalizedText(zh: "\(checked) 个院校（专业组）中 \(result.withoutRequirement) 个没有收录选科要求，未按选科筛掉，标为“选科要求未收录”。",
                             en: "\(result.withoutRequirement) of \(checked) schools or groups have no subject requirement in the data; they are kept and marked so.")
    }

    /// Why 省控线 and 线差 are "—" for some years (tester pass 11, finding 4); nil when no year lacks its line.
    static func missingControlLines(_ province: String, years: [Int]) -> LocalizedText? {
        guard !years.isEmpty else { return nil }
        let list = years.map(String.init)
        return LocalizedText(zh: "省控线、线差为“—”：数据里没有\(province) \(list.joined(separator: "、")) 年这一批次的省控线。",
                             en: "Control line and difference show “—”: the data have no \(province) control line of that batch for \(list.joined(separator: ", ")).")
    }

    static let noLinesMatch = LocalizedText(zh: "筛选后没有投档线", en: "No lines match these filters")
    /// Why a school with lines shows none (tester pass 11, finding 5: a batch filter or one missing year read as "no
    /// lines of this school" or "wrong name"): how many it has, and the year it lacks or the filters that emptied it.
    static func filteredOut(_ school: String, province: String, all: [AdmissionLine], filter: AdmissionFilter) -> LocalizedText {
        let years = Set(all.map(\.year)).sorted(by: >).map(String.init)
        var zh = "“\(school)”在\(province)有 \(all.count) 条投档线，", en = "\(school) has \(all.count) lines in \(province); "
        let scoped = all.filter { line in
            (filter.category == nil || line.category == filter.category)
                && (filter.batch == nil || line.batchStd == BatchNames.standard(filter.batch!) || line.batch == filter.batch)
        }
        if let year = filter.year, !scoped.isEmpty, !scoped.contains(where: { $0.year == year }) {
            let within = [filter.category, filter.batch].compactMap { $0 }.joined(separator: " ")
            let scopedYears = Set(scoped.map(\.year)).sorted(by: >).map(String.init)
            zh += "但数据里没有它 \(year) 年\(within)的线（有 \(scopedYears.joined(separator: "、")) 年）。"
            en += "the data have none for \(year)\(within.isEmpty ? "" : " " + within) (years: \(scopedYears.joined(separator: ", ")))."
        } else {
            let chosen = [filter.year.map(String.init), filter.category, filter.batch].compactMap { $0 }
            zh += "但没有符合“\(chosen.joined(separator: " · "))”的。放宽筛选条件可看到全部。"
            en += "none match “\(chosen.joined(separator: " · "))”. Widen the filters to see them all."
        }
        return LocalizedText(zh: zh, en: en)
    }

    /// A score beyond the 一分一段表 (its bands run from `bottom` to `top`): the rank is the table's end, no 同分人数.
    static func outsideTable(score: Int, bottom: Int, top: Int) -> LocalizedText {
        score < bottom
            ? LocalizedText(zh: "\(score) 分低于一分一段表的范围（表从 \(bottom) 分到 \(top) 分）：位次是表里的总人数，同分人数和等位分无从得知。",
                            en: "\(score) is below the table (it runs from \(bottom) to \(top)): the rank is the table's total; tied count and equivalent scores are unknown.")
            : LocalizedText(zh: "\(score) 分高于一分一段表的范围（表从 \(bottom) 分到 \(top) 分）：位次按表的第一名计，同分人数和等位分无从得知。",
                            en: "\(score) is above the table (it runs from \(bottom) to \(top)): the rank is the table's first; tied count and equivalent scores are unknown.")
    }
    static let noEquivalentOutside = LocalizedText(zh: "分数在一分一段表范围之外，无法换算等位分", en: "The score is outside the table: no equivalent scores")

    static let yearCategoryBatch = LocalizedText(zh: "年份 · 科类 · 批次", en: "Year · track · batch")
    /// A group's published title without what the row already says (tester pass 11, finding 8): a school page's
    /// `华中科技大学2025河南普通批|分类投档 - 护理：物+化` → `分类投档 - 护理：物+化`, `中南大学-湖南-物理类-物理+化学+生物（临床八年）`
    /// → `物理+化学+生物（临床八年）`; a title that is all context stays as it is.
    static func readableGroup(_ name: String, of line: AdmissionLine) -> String {
        if name.contains("|") { return SubLine.label(name) }
        let context: Set<String> = [line.schoolName, line.province, line.category, String(line.year), line.batch]
        let parts = name.components(separatedBy: "-").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count > 1 else { return name }
        let kept = parts.filter { !context.contains($0) }
        return kept.isEmpty ? name : kept.joined(separator: "-")
    }

    // MARK: profile flow
    static let profileSavedTitle = LocalizedText(zh: "已保存我的高考", en: "Your exam is saved")
    static let profileSavedNext = LocalizedText(zh: "去看学校推荐", en: "See school picks")

    // MARK: 志愿表 profile and the at-least-one range
    static func planBuiltFor(_ profile: GaokaoProfile) -> LocalizedText {
        let caption = profileCaption(profile)
        return LocalizedText(zh: "概率按建表时的档案估算：\(caption.zh)", en: "Chances are for the profile the list was built for: \(caption.en)")
    }
    static func planProfileChanged(planned: GaokaoProfile, current: GaokaoProfile) -> LocalizedText {
        LocalizedText(zh: "你的我的高考已改为 \(profileCaption(current).zh)，志愿表仍按 \(profileCaption(planned).zh) 估算。",
                      en: "Your exam is now \(profileCaption(current).en); the list is still evaluated for \(profileCaption(planned).en).")
    }
    static let rescore = LocalizedText(zh: "按现在的我的高考重新估算", en: "Re-evaluate for my current exam")
    static let rescored = LocalizedText(zh: "已按现在的我的高考重新估算", en: "Re-evaluated for your current exam")
    static func chanceRange(low: Double, high: Double, safeOnly: Bool) -> LocalizedText {
        let range = low.wholePercent == high.wholePercent ? "\(high.wholePercent)%" : "\(low.wholePercent)%–\(high.wholePercent)%"
        return safeOnly
            ? LocalizedText(zh: "至少一个“保”志愿录取的概率约 \(range)", en: "Chance that at least one safety admits: about \(range)")
            : LocalizedText(zh: "至少一个志愿录取的概率约 \(range)", en: "Chance that at least one choice admits: about \(range)")
    }
    static let chanceRangeNote = LocalizedText(
        zh: "范围的低端是单个志愿的最高概率（同一年各校投档线同涨同跌时），高端把各校当作相互独立；同省同年的线确实一起波动，真实值在两者之间。",
        en: "The low end is the best single chance (lines moving exactly together); the high end treats schools as independent. Lines of one province move together in a year, so the truth lies between.")
}
