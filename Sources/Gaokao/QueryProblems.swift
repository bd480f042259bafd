import HTTPServer
import Identity
import WebUI

/// The values of a query that the data do not have, each message naming its field (label and parameter): a page
/// shows them in an alert instead of results and answers 422, the API answers a 422 problem with every field
/// (``error``) — never a silent default (issue 28:
/// `?batch=` of a batch the province-year lacks showed the profile's batch, an unknown 科类 or year showed every
/// line, an unknown province showed 河南's).
struct QueryProblems {
    let language: Language
    private(set) var messages: [(field: String, text: String)] = []

    init(_ language: Language) { self.language = language }

    var isEmpty: Bool { messages.isEmpty }
    var status: HTTPStatus { isEmpty ? .ok : .unprocessableContent }

    /// The 422 of the API: one problem per field; nil when there is none.
    var error: HTTPError? {
        isEmpty ? nil : .validation(messages.map { .init(field: $0.field, message: $0.text) })
    }

    /// The province `province` names; nil when absent, or unknown (a message listing the provinces).
    mutating func province(_ query: Query, data: GaokaoData) -> String? {
        guard let raw = query.text("province") else { return nil }
        if let known = data.province(named: raw) { return known.name }
        add("province", label: GaokaoText.province, value: raw, scope: language == .zh ? "全部省份" : "any province",
            known: data.provinces.map(\.name))
        return nil
    }

    /// `query`'s `name` when it is one of `allowed`; nil when absent (or 不限/all); else nil and a message naming
    /// the field, the value, where (`scope`, e.g. `河南 2026 物理类`) and what the data have.
    mutating func choice(_ query: Query, _ name: String, label: LocalizedText, from allowed: [String], scope: String,
                         matches: (String) -> Bool = { _ in false }) -> String?
    {
        guard let raw = query.text(name) else { return nil }
        if allowed.contains(raw) || matches(raw) { return raw }
        add(name, label: label, value: raw, scope: scope, known: allowed)
        return nil
    }

    /// An integer `name` of `allowed` (years); nil when absent or empty; else nil and a message as ``choice``.
    mutating func year(_ query: Query, _ name: String = "year", label: LocalizedText, from allowed: [Int], scope: String) -> Int? {
        guard let raw = query.text(name) else { return nil }
        if let value = Int(raw), allowed.contains(value) { return value }
        add(name, label: label, value: raw, scope: scope, known: allowed.map(String.init))
        return nil
    }

    /// A message naming `field` (`label`, parameter `field`), the value the data lack, and the values they have.
    mutating func add(_ field: String, label: LocalizedText, value: String, scope: String, known: [String]) {
        let shown = known.count > 12 ? Array(known.prefix(12)) : known
        let more = known.count > shown.count
        let text = language == .zh
            ? "\(label.zh)（\(field)）“\(value)”：\(scope)的数据里没有。"
                + (known.isEmpty ? "" : "有：\(shown.joined(separator: "、"))\(more ? " 等 \(known.count) 项" : "")。")
            : "\(label.en) (\(field)) “\(value)”: not in the data for \(scope)."
                + (known.isEmpty ? "" : " The data have: \(shown.joined(separator: ", "))\(more ? " and \(known.count - shown.count) more" : "").")
        messages.append((field, text))
    }

    /// The alert listing every message (`#gk-problems`, one `<p data-field>` each).
    func alert() -> Node {
        div(.classes("gk-alert"), .id("gk-problems"), .role("alert")) {
            for message in messages { p(.attribute("data-field", message.field)) { message.text } }
        }
    }
}

/// The filters of 投档线 (`year`, `category`, `batch`, `school`) checked against one home province's lines, for the
/// API and the page alike: each names a value those lines have (the year among the province's years, the 科类
/// among that year's, the batch — standard or published name — among that 科类's, a school with a line), or the
/// filter adds a problem. Nothing is checked in a province without school lines (the answer says so itself).
struct AdmissionFilter {
    var year: Int?
    var category: String?
    var batch: String?

    /// `checksSchool`: false for the school page, which says itself that a school has no lines in the province.
    static func check(_ query: Query, data: GaokaoData, province: String, problems: inout QueryProblems, checksSchool: Bool = true) -> AdmissionFilter {
        let lines = data.admissionLines(province: province)
        guard !lines.isEmpty else { return AdmissionFilter() }
        let year = problems.year(query, label: GaokaoText.year, from: data.admissionYears(province: province), scope: province)
        let inYear = year.map { year in lines.filter { $0.year == year } } ?? lines
        let yearScope = year.map { "\(province) \($0)" } ?? province
        let category = problems.choice(query, "category", label: GaokaoText.category,
                                       from: Array(Set(inYear.map(\.category))).sorted(), scope: yearScope)
        let inScope = category.map { category in inYear.filter { $0.category == category } } ?? inYear
        let scope = category.map { "\(yearScope) \($0)" } ?? yearScope
        let batches = Array(Set(inScope.map(\.batchStd))).sorted { (BatchNames.order($0), $0) < (BatchNames.order($1), $1) }
        let batch = problems.choice(query, "batch", label: GaokaoText.batch, from: batches, scope: scope, matches: { raw in
            batches.contains(BatchNames.standard(raw)) || inScope.contains { $0.batch == raw }
        })
        if checksSchool, let school = query.text("school"),
           GaokaoQueries.admissionLines(data, province: province, school: school, year: nil, category: nil, batch: nil).isEmpty
        {
            problems.add("school", label: GaokaoText.school, value: school,
                         scope: problems.language == .zh ? "\(province)的投档线" : "the lines of \(province)", known: [])
        }
        return AdmissionFilter(year: year, category: category, batch: batch)
    }
}

/// The filters of 省控线 (`year`, `category`, `batch`) checked against one province's own lines, for the API and the
/// page alike: the year among its years, the 科类 among that year's, the batch (standard or published name) among that
/// year's; a value they lack adds a problem.
struct ControlLineFilter {
    var year: Int?
    var category: String?
    var batch: String?
    /// What the pickers offer: the 科类 and batches of `year` (every year when nil).
    var categories: [String]
    var batches: [String]

    /// `defaultYear`: the page's year when the query has no `year` (the API lists every year).
    static func check(_ query: Query, data: GaokaoData, province: String, problems: inout QueryProblems, defaultYear: Int? = nil) -> ControlLineFilter {
        let lines = data.controlLines(province: province)
        let years = Array(Set(lines.map(\.year))).sorted(by: >)
        let year = defaultYear ?? problems.year(query, label: GaokaoText.year, from: years, scope: province)
        let scope = year.map { "\(province) \($0)" } ?? province
        let inYear = lines.filter { year == nil || $0.year == year }
        let categories = Array(Set(inYear.map(\.category))).sorted()
        let category = problems.choice(query, "category", label: GaokaoText.category, from: categories, scope: scope)
        let batches = data.controlLineBatches(province: province, year: year)
        let batch = problems.choice(query, "batch", label: GaokaoText.batch, from: batches, scope: scope,
                                    matches: { raw in inYear.contains { $0.batch == raw } })
        return ControlLineFilter(year: year, category: category, batch: batch, categories: categories, batches: batches)
    }
}

extension GaokaoData {
    /// The years of `lines` (with a score) whose batch has no 省控线 of that province, year and 科类 in the data: their
    /// 省控线 and 线差 show "—" (湖南 2024, 2025).
    func yearsWithoutControlLine(_ lines: [AdmissionLine]) -> [Int] {
        let missing = lines.filter { line in
            line.controlLine == nil && line.minScore != nil
                && !controlLines(province: line.province, year: line.year, category: line.category).contains { $0.batchStd == line.batchStd }
        }
        return Set(missing.map(\.year)).sorted()
    }

    /// The batches a student of `province`, `year` and `category` fills (``batches(province:year:category:)``, from
    /// that year's 省控线 or the newest before it) and the stages of those batches with lines (天津 `本科批次A阶段`):
    /// a batch of older lines only (河南's 本科一批 after the 2025 merge) is not one, so no pick or prediction comes
    /// from a batch the province-year lacks.
    func fillableBatches(province: String, year: Int, category: String) -> [String] {
        let batches = batches(province: province, year: year, category: category)
        let stages = seriesBatches(province: province, category: category).filter { stage in
            stage.hasSuffix("段") && batches.contains { stage != $0 && stage.hasPrefix($0) }
        }
        return batches + stages
    }
}
