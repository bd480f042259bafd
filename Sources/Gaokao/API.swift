import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import WebUI

/// The `/api/v1/gaokao/…` handlers: JSON written with `JSONWriter`, errors as RFC 9457 problems.
struct GaokaoAPI: Sendable {
    let store: GaokaoStore
    let authenticator: Authenticator
    let configuration: PredictionConfiguration

    static let noDataType = "urn:appsuite:problem:gaokao-no-data"

    /// Every lookup is public, and so is 我的高考: a signed-out student's profile lives in a cookie.
    func register(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.get("/provinces", limited { _, _ in try provinces() })
        api.anyone.get("/options", limited { request, viewer in try options(request, viewer) })
        api.anyone.get("/rank", limited { request, viewer in try rank(request, viewer) })
        api.anyone.get("/equivalent-score", limited { request, viewer in try equivalentScore(request, viewer) })
        api.anyone.get("/control-lines", limited { request, viewer in try controlLines(request, viewer) })
        api.anyone.get("/admission-lines", limited { request, viewer in try admissionLines(request, viewer) })
        api.anyone.get("/major-lines", limited { request, viewer in try majorLines(request, viewer) })
        api.anyone.get("/prediction", limited { request, viewer in try prediction(request, viewer) })
        api.anyone.get("/recommendations", limited { request, viewer in try recommendations(request, viewer) })
        api.anyone.get("/profile", limited { request, viewer in try getProfile(request, viewer) })
        api.anyone.put("/profile", limited { request, viewer in try putProfile(request, viewer) })
        api.anyone.get("/plan", limited { request, viewer in try getPlan(request, viewer) })
        api.anyone.put("/plan", limited { request, viewer in try putPlan(request, viewer) })
    }

    /// The handler behind the query limits (``Query/checkLimits(language:)``): 422 before it runs.
    private func limited(_ handler: @escaping @Sendable (Request, Viewer) throws -> Response) -> @Sendable (Request, Viewer) throws -> Response {
        Query.limited(handler)
    }

    // MARK: helpers

    private func required(_ query: Query, _ names: [String], language: Language) throws(HTTPError) {
        let missing = names.filter { query.text($0) == nil }
        guard missing.isEmpty else {
            throw .validation(missing.map {
                .init(field: $0, message: language == .zh ? "缺少参数 \($0)。" : "The query parameter \($0) is required.")
            })
        }
    }

    /// A year of ``ExamYears/range`` (422 naming the field otherwise: a year outside the data).
    private func knownYear(_ query: Query, _ name: String = "year", required: Bool = true, language: Language) throws(HTTPError) -> Int? {
        if !required, query.text(name) == nil { return nil }
        let range = ExamYears.range
        guard let value = query.int(name), range.contains(value) else {
            throw .validation([.init(field: name, message: language == .zh
                ? "\(name) 须为 \(range.lowerBound)–\(range.upperBound) 之间的年份（数据覆盖的年份）。"
                : "\(name) must be a year from \(range.lowerBound) to \(range.upperBound) (the years the data cover).")])
        }
        return value
    }

    /// The student's 选科 from the `subjects` parameter, checked for the province, year and 科类 (422 naming
    /// `subjects`); nil when absent.
    private func subjects(_ query: Query, data: GaokaoData, province: String, year: Int, category: String, language: Language)
        throws(HTTPError) -> Set<Subject>?
    {
        switch data.validateSubjects(query.text("subjects"), province: province, year: year, category: category) {
        case .success(let chosen): return chosen
        case .failure(let error): throw .validation([.init(field: error.field, message: language == .zh ? error.zh : error.en)])
        }
    }

    /// A 科类 offered in the province and year (422 naming `category` otherwise).
    private func knownCategory(_ data: GaokaoData, _ query: Query, province: String, year: Int, language: Language) throws(HTTPError) -> String {
        let category = query.text("category") ?? ""
        let offered = data.categories(province: province, year: year)
        guard offered.contains(category) else {
            throw .validation([.init(field: "category", message: language == .zh
                ? "\(province) \(year) 年的科类为：\(offered.joined(separator: "、"))。" : "\(province) \(year) offers: \(offered.joined(separator: ", ")).")])
        }
        return category
    }

    /// A score from 0 to the province-year's maximum (422 naming `score` otherwise).
    private func knownScore(_ query: Query, maximum: Int, language: Language) throws(HTTPError) -> Int {
        guard let score = try query.int("score", in: 0...maximum, language: language) else {
            throw Query.invalid("score", zh: "缺少参数 score。", en: "The query parameter score is required.", language: language)
        }
        return score
    }

    /// A batch the student can fill in that province-year (``GaokaoData/fillableBatches(province:year:category:)``);
    /// 422 naming `batch` otherwise — a batch of older lines only is not silently predicted from.
    private func knownBatch(_ data: GaokaoData, _ query: Query, province: String, year: Int, category: String, language: Language)
        throws(HTTPError) -> String
    {
        let batch = query.text("batch") ?? ""
        let known = data.fillableBatches(province: province, year: year, category: category)
        guard known.contains(BatchNames.standard(batch)) else {
            let list = known
            throw Query.invalid("batch", zh: "\(province) \(year) 年\(category)没有批次 \(batch)（有：\(list.joined(separator: "、"))）。",
                                en: "\(province) \(year) \(category) has no batch \(batch) (it has: \(list.joined(separator: ", "))).", language: language)
        }
        return batch
    }

    private func knownProvince(_ data: GaokaoData, _ name: String, field: String = "province", language: Language) throws(HTTPError) -> ProvinceInfo {
        guard let province = data.province(named: name) else {
            throw .validation([.init(field: field, message: language == .zh ? "未知的省份：\(name)。" : "Unknown province: \(name).")])
        }
        return province
    }

    static func noData(_ detail: String) -> HTTPError {
        HTTPError(.notFound, title: "No data", detail: detail, type: noDataType)
    }

    // MARK: handlers

    func provinces() throws -> Response {
        let data = try store.data()
        return .json { json in
            json.object { json in
                json.array("items") { list in
                    for province in data.provinces {
                        list.object {
                            $0.field("name", province.name)
                            $0.field("code", province.code)
                            $0.field("examModel", province.examModel)
                            $0.field("reformYear", province.reformYear)
                            $0.field("totalScore", province.totalScore)
                            $0.field("rankTableYears", data.rankTableYears(province: province.name))
                            $0.field("hasAdmissionLines", data.admissionProvinces.contains(province.name))
                        }
                    }
                }
            }
        }
    }

    func options(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "year"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        let year = try knownYear(query, language: language)!
        let categories = data.categories(province: province.name, year: year)
        let category = query.text("category") == nil ? categories.first ?? ""
            : try knownCategory(data, query, province: province.name, year: year, language: language)
        return .json { json in
            json.object {
                $0.field("province", province.name)
                $0.field("year", year)
                $0.field("categories", categories)
                $0.field("category", category)
                $0.field("batches", data.batches(province: province.name, year: year, category: category))
                $0.field("maxScore", data.maximumScore(province: province.name, year: year))
            }
        }
    }

    func rank(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "year", "category", "score"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        let year = try knownYear(query, language: language)!
        let category = try knownCategory(data, query, province: province.name, year: year, language: language)
        let score = try knownScore(query, maximum: data.maximumScore(province: province.name, year: year), language: language)
        guard let result = data.rank(province: province.name, year: year, category: category, score: score) else {
            throw Self.noData(language == .zh ? "暂无 \(province.name) \(year) 年\(category)的一分一段表。"
                : "No score–rank table for \(province.name) \(year) \(category).")
        }
        return .json { json in
            json.object {
                $0.field("province", province.name)
                $0.field("year", year)
                $0.field("category", category)
                $0.field("score", score)
                $0.field("rank", result.rank)
                $0.field("rankBest", result.rankBest)
                $0.field("sameScoreCount", result.sameScoreCount)
                $0.field("scoreLow", result.scoreLow)
                $0.field("scoreHigh", result.scoreHigh)
                $0.field("candidates", result.candidates)
                $0.field("outsideTable", result.isOutsideTable)
            }
        }
    }

    func equivalentScore(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "category", "score", "fromYear", "toYear"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        let fromYear = try knownYear(query, "fromYear", language: language)!
        let toYear = try knownYear(query, "toYear", language: language)!
        let category = try knownCategory(data, query, province: province.name, year: fromYear, language: language)
        let score = try knownScore(query, maximum: data.maximumScore(province: province.name, year: fromYear), language: language)
        guard let result = data.equivalentScore(province: province.name, category: category, score: score, fromYear: fromYear, toYear: toYear) else {
            throw Self.noData(language == .zh ? "\(province.name) \(fromYear) 或 \(toYear) 年没有\(category)的一分一段表。"
                : "\(province.name) has no \(category) score–rank table for \(fromYear) or \(toYear).")
        }
        return .json { json in
            json.object {
                $0.field("province", province.name)
                $0.field("category", category)
                $0.field("fromYear", fromYear)
                $0.field("toYear", toYear)
                $0.field("fromScore", score)
                $0.field("rank", result.rank.rank)
                $0.field("score", result.score)
                $0.field("toCategory", result.toCategory)
                if result.mappedCategory {
                    $0.field("warning", language == .zh ? "跨越新高考改革：\(category)按\(result.toCategory)换算，两者考生群体不同，仅供参考。"
                        : "Across the reform: \(category) mapped to \(result.toCategory); different populations, indicative only.")
                }
            }
        }
    }

    func controlLines(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        _ = try knownYear(query, required: false, language: language)
        // Year, 科类 and batch among the province's own 省控线 (tester pass 11, finding 4: 湖南 2025 answered `[]`, and a 科类
        // of another year 200 with nothing): a value they lack is a 422 naming it, as on the page.
        var problems = QueryProblems(language)
        let filter = ControlLineFilter.check(query, data: data, province: province.name, problems: &problems)
        if let error = problems.error { throw error }
        let items = GaokaoQueries.controlLines(data, province: province.name, year: filter.year, category: filter.category, batch: filter.batch)
        return .json(capacity: 4096) { json in
            json.object {
                $0.field("province", province.name)
                $0.array("items") { list in
                    for line in items {
                        list.object {
                            $0.field("year", line.year)
                            $0.field("category", line.category)
                            $0.field("batch", line.batch)
                            $0.field("batchStd", line.batchStd)
                            $0.field("score", line.score)
                        }
                    }
                }
            }
        }
    }

    func admissionLines(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "school"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        _ = try knownYear(query, required: false, language: language)
        var problems = QueryProblems(language)
        let filter = AdmissionFilter.check(query, data: data, province: province.name, problems: &problems)
        if let error = problems.error { throw error }
        var items = GaokaoQueries.admissionLines(data, province: province.name, school: query.text("school")!, year: filter.year,
                                                 category: filter.category, batch: filter.batch)
        let school = query.text("school")!
        if items.isEmpty, data.admissionProvinces.contains(province.name) {
            // A known school without a line for these filters: which of them to widen, and what the school has.
            let all = GaokaoQueries.admissionLines(data, province: province.name, school: school, year: nil, category: nil, batch: nil)
            let field = query.text("batch") != nil ? "batch" : query.text("category") != nil ? "category" : "year"
            let has = Array(NSOrderedSet(array: all.map { "\($0.year) \($0.category) \($0.batch)" })) as? [String] ?? []
            throw Query.invalid(field, zh: "\(school) 在 \(province.name) 没有符合这些条件的投档线；它有：\(has.prefix(12).joined(separator: "、"))。",
                                en: "\(school) has no line in \(province.name) for these filters; it has: \(has.prefix(12).joined(separator: ", ")).",
                                language: language)
        }
        if let group = query.text("group") {
            let groups = Array(Set(items.compactMap(\.groupCode))).sorted()
            items = items.filter { $0.groupCode == group }
            guard !items.isEmpty else {
                throw Query.invalid("group", zh: "\(school) 在这些条件下没有代码为 \(group) 的院校专业组" + (groups.isEmpty ? "。" : "（有：\(groups.prefix(24).joined(separator: "、"))）。"),
                                    en: "\(school) has no group \(group) for these filters" + (groups.isEmpty ? "." : " (it has: \(groups.prefix(24).joined(separator: ", "))))."),
                                    language: language)
            }
        }
        return .json(capacity: 8192) { json in
            json.object {
                $0.field("province", province.name)
                $0.field("covered", data.admissionProvinces.contains(province.name))
                $0.array("items") { list in
                    for line in items { list.object { Self.write(line, to: &$0) } }
                }
            }
        }
    }

    func majorLines(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "school"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        let university = data.university(matching: query.text("school")!)
        let school = university?.name ?? query.text("school")!
        let items = try store.majorLines(province: province.name, school: school, moeCode: university?.moeCode)
        let sources = MajorLineSource.allCases.filter { source in items.contains { $0.source == source } }
        return .json(capacity: 8192) { json in
            json.object {
                $0.field("province", province.name)
                $0.field("school", school)
                $0.field("moeCode", university?.moeCode)
                $0.array("items") { list in
                    for line in items {
                        list.object {
                            $0.field("year", line.year)
                            $0.field("category", line.category)
                            $0.field("batch", line.batch)
                            $0.field("group", line.groupCode)
                            $0.field("subjects", line.subjects)
                            $0.field("majorCode", line.majorCode)
                            $0.field("majorName", line.majorName)
                            $0.field("note", line.note)
                            $0.field("minScore", line.minScore)
                            $0.field("minRank", line.minRank)
                            $0.field("maxScore", line.maxScore)
                            $0.field("admitted", line.admitted)
                            $0.field("source", line.source.rawValue)
                        }
                    }
                }
                $0.array("sources") { list in
                    for source in sources {
                        list.object {
                            $0.field("name", source.rawValue)
                            $0.field("licence", source.licence)
                            $0.field("url", source.url)
                        }
                    }
                }
            }
        }
    }

    static func write(_ line: AdmissionLine, to json: inout JSONWriter) {
        json.field("year", line.year)
        json.field("category", line.category)
        json.field("batch", line.batch)
        json.field("enrollType", line.enrollType)
        json.field("school", line.schoolName)
        json.field("moeCode", line.moeCode)
        json.field("group", line.groupCode)
        json.field("minScore", line.minScore)
        json.field("minRank", line.minRank)
        json.field("avgScore", line.avgScore)
        json.field("maxScore", line.maxScore)
        json.field("planCount", line.planCount)
        json.field("controlLine", line.controlLine)
        json.field("lineDiff", line.lineDiff)
        json.field("tieBreak", line.tieBreak)
        json.field("note", line.scoreNote)
        json.field("source", line.source)
        json.field("sourceTier", line.sourceTier.rawValue)
        json.field("rankBasis", line.rankBasis)
        json.field("groupName", line.groupName)
        json.field("subjects", line.subjects)
    }

    func prediction(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "year", "category", "batch", "school"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        let year = try knownYear(query, language: language)!
        let category = try knownCategory(data, query, province: province.name, year: year, language: language)
        let batch = try knownBatch(data, query, province: province.name, year: year, category: category, language: language)
        let school = query.text("school")!
        // lineYear: a year of the data before the target year (1900 was silently ignored).
        let lineYear = try query.int("lineYear", in: ExamYears.range.lowerBound...(year - 1), language: language)
        if lineYear != nil, query.text("line") == nil {
            throw Query.invalid("line", zh: "给了 lineYear 就须同时给 line（该年的投档线）。", en: "lineYear needs line (that year's line).", language: language)
        }
        var userLine: (line: Int, year: Int)?
        if let line = try query.int("line", in: 0...data.maximumScore(province: province.name, year: lineYear ?? (year - 1)), language: language) {
            userLine = (line, lineYear ?? (year - 1))
        }
        var outcome = GaokaoQueries.predict(data, province: province.name, year: year, category: category, batch: batch, school: school,
                                            userLine: userLine, configuration: configuration)
        if let group = query.text("group") {
            guard let chosen = outcome.groups.first(where: { $0.series?.groupCode == group }) else {
                let known = outcome.groups.compactMap { $0.series?.groupCode }
                throw HTTPError.validation([.init(field: "group", message: language == .zh
                    ? "\(school) 在 \(province.name) \(category) \(batch) 没有代码为 \(group) 的院校专业组" + (known.isEmpty ? "。" : "（有：\(known.joined(separator: "、"))）。")
                    : "\(school) has no group \(group) in \(province.name) \(category) \(batch)" + (known.isEmpty ? "." : " (it has \(known.joined(separator: ", ")))."))])
            }
            outcome.main = chosen
        }
        guard let main = outcome.main else {
            throw Self.noData(language == .zh
                ? "\(province.name) \(category) \(batch) 没有“\(school)”可用的历年投档线；请填写去年的投档线（参数 line）。"
                : "No usable past lines for \(school) in \(province.name) \(category) \(batch); pass last year's line as `line`.")
        }
        return .json { json in
            json.object {
                $0.field("school", school)
                $0.field("risky", main.prediction.risky)
                $0.field("stable", main.prediction.stable)
                $0.field("safe", main.prediction.safe)
                $0.field("method", main.prediction.method.rawValue)
                $0.field("methodLabel", language == .zh ? main.prediction.method.label.zh : main.prediction.method.label.en)
                $0.field("years", main.prediction.years)
                $0.field("predictedRank", main.prediction.predictedRank)
                $0.field("rankTableYear", main.prediction.rankTableYear)
                $0.field("change", main.prediction.change.map(Self.changeCode))
                $0.field("changeYear", main.prediction.change?.year)
                $0.field("group", main.series?.groupCode)
                $0.field("calibrated", main.prediction.calibrated)
                $0.field("lowConfidence", main.prediction.isLowConfidence)
                $0.field("warning", Self.staleWarning(newest: main.prediction.years.max(), year: year, language: language))
                $0.array("groups") { list in
                    for group in outcome.groups {
                        list.object {
                            $0.field("school", group.series?.displayName)
                            $0.field("group", group.series?.groupCode)
                            $0.field("risky", group.prediction.risky)
                            $0.field("stable", group.prediction.stable)
                            $0.field("safe", group.prediction.safe)
                            $0.field("method", group.prediction.method.rawValue)
                            $0.field("years", group.prediction.years)
                        }
                    }
                }
            }
        }
    }

    func recommendations(_ request: Request, _ viewer: Viewer) throws -> Response {
        let language = viewer.language
        let query = Query(request: request)
        try required(query, ["province", "year", "category", "batch", "score"], language: language)
        let data = try store.data()
        let province = try knownProvince(data, query.text("province")!, language: language)
        let year = try knownYear(query, language: language)!
        let category = try knownCategory(data, query, province: province.name, year: year, language: language)
        let subjects = try subjects(query, data: data, province: province.name, year: year, category: category, language: language)
        let score = try knownScore(query, maximum: data.maximumScore(province: province.name, year: year), language: language)
        var target: String?
        if let name = query.text("targetProvince") { target = try knownProvince(data, name, field: "targetProvince", language: language).name }
        var tag: SchoolTag?
        if let text = query.text("tag") {
            guard let known = SchoolTag(rawValue: text) else {
                throw HTTPError.validation([.init(field: "tag", message: language == .zh ? "tag 须为 985、211 或 double-first-class。"
                                                  : "tag must be 985, 211 or double-first-class.")])
            }
            tag = known
        }
        let tendency = try GaokaoQueries.tendency(query, language: language)
        let limit = try query.int("limit", in: 1...200, language: language) ?? 30
        let batch = try knownBatch(data, query, province: province.name, year: year, category: category, language: language)
        let result = data.recommend(province: province.name, year: year, category: category, batch: batch, score: score, tendency: tendency,
                                    targetProvince: target, tag: tag, subjects: subjects, limit: limit, configuration: configuration)
        return .json(capacity: 16 * 1024) { json in
            json.object {
                $0.field("candidateRank", result.candidateRank?.rank)
                $0.field("considered", result.considered)
                $0.array("items") { list in
                    for item in result.items {
                        list.object {
                            $0.field("school", item.series.schoolName)
                            $0.field("group", item.series.groupCode)
                            $0.field("moeCode", item.series.moeCode)
                            $0.field("predictedRank", item.predictedRank)
                            $0.field("predictedScore", item.predictedScore)
                            $0.field("gap", item.gap)
                            $0.field("probability", Double(item.probability.wholePercent) / 100)
                            $0.field("bucket", item.bucket.label.zh)
                            $0.field("bucketCode", item.bucket.rawValue)
                            $0.field("method", item.method.rawValue)
                            $0.field("years", item.years)
                            $0.field("lowConfidence", item.isLowConfidence)
                            $0.field("tags", SchoolTag.of(data.university(of: item.series)).map(\.rawValue))
                            $0.field("rankTableYear", item.rankTableYear)
                            $0.field("groupName", item.series.groupName)
                            $0.field("subjects", item.requirement?.requirement.text)
                            $0.field("subjectsYear", item.requirement?.year)
                            $0.field("change", item.change.map(Self.changeCode))
                            $0.field("changeYear", item.change?.year)
                        }
                    }
                }
                let newest = result.items.flatMap(\.years).max()
                $0.field("newestYear", newest)
                $0.field("warning", GaokaoText.staleData(newestYears: result.items.compactMap { $0.years.max() }, year: year).map { $0(language) })
                $0.field("notice", result.items.isEmpty
                    ? GaokaoText.emptyPicks(result, data: data, province: province.name, year: year, category: category, batch: batch)(language)
                    : GaokaoText.thinPicks(result)?(language))
            }
        }
    }

    /// `batch` or `group`: the wire form of a ``SeriesChange``.
    static func changeCode(_ change: SeriesChange) -> String {
        switch change {
        case .batch: "batch"
        case .group: "group"
        }
    }

    /// The data-age warning (issue 17) when the newest year used is two or more years before `year`.
    static func staleWarning(newest: Int?, year: Int, language: Language) -> String? {
        guard let newest, year - newest >= 2 else { return nil }
        return GaokaoText.staleData(newest: newest, year: year)(language)
    }
}
