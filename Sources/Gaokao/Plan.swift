import Foundation
import HTTPServer
import Identity
import WebUI

/// One school (or 院校专业组) on a student's 志愿表, in the student's order.
public struct PlanEntry: Sendable, Hashable {
    /// The name as published in the school lines.
    public var school: String
    /// The 院校专业组 code, `""` for none.
    public var group: String

    public init(school: String, group: String) {
        self.school = school
        self.group = group
    }
}

/// Limits of a 志愿表 (what a client may send).
enum PlanLimits {
    /// 志愿 per list: the largest parallel-choice list of the provinces in the data has 45 (院校专业组 modes);
    /// 30 typical names keep the signed-out cookie under 4 KB (long names hit ``maximumCookieBytes`` first).
    static let maximumEntries = 30
    /// Bytes of the percent-encoded `gk_plan` value: browsers keep cookies up to 4,096 bytes with name and
    /// attributes (RFC 6265 §6.1) and silently drop a larger one, which would lose the list.
    static let maximumCookieBytes = 3_800
    /// Characters of a school name (the longest published name is 38) and of a group code.
    static let maximumSchoolLength = 60
    static let maximumGroupLength = 10
}

/// What is wrong with an entry or a list.
enum PlanProblem: Error, Equatable {
    case full
    case badEntry
    /// A signed-out list that would not fit the `gk_plan` cookie (``PlanLimits/maximumCookieBytes``).
    case tooLargeForCookie

    func text(_ language: Language) -> String {
        switch self {
        case .full:
            language == .zh ? "志愿表最多 \(PlanLimits.maximumEntries) 个志愿。" : "A list holds at most \(PlanLimits.maximumEntries) choices."
        case .badEntry:
            language == .zh ? "院校名须为 1–\(PlanLimits.maximumSchoolLength) 个字符，专业组代码至多 \(PlanLimits.maximumGroupLength) 个字符。"
                : "A school name has 1–\(PlanLimits.maximumSchoolLength) characters and a group code at most \(PlanLimits.maximumGroupLength)."
        case .tooLargeForCookie:
            language == .zh ? "本浏览器里的志愿表已存满（院校名较长时不到 \(PlanLimits.maximumEntries) 个），登录后可保存到账号。"
                : "The list kept in this browser is full (fewer than \(PlanLimits.maximumEntries) choices when names are long); sign in to keep it in your account."
        }
    }
}

extension PlanEntry {
    /// The entry trimmed and checked against ``PlanLimits``.
    static func validated(school: String?, group: String?) throws(PlanProblem) -> PlanEntry {
        let name = (school ?? "").trimmingCharacters(in: .whitespaces)
        let code = (group ?? "").trimmingCharacters(in: .whitespaces)
        guard (1...PlanLimits.maximumSchoolLength).contains(name.count), code.count <= PlanLimits.maximumGroupLength,
            !name.contains(where: { $0.isNewline || $0 == "\t" }), !code.contains(where: { $0.isNewline || $0 == "\t" })
        else { throw .badEntry }
        return PlanEntry(school: name, group: code)
    }

    /// A whole list: every entry valid, at most ``PlanLimits/maximumEntries``, duplicates dropped (first kept).
    /// The entries sent more than once (nil: invalid, checked elsewhere), each with its 1-based positions, in first-seen order.
    static func repeats(_ entries: [PlanEntry?]) -> [(entry: PlanEntry, positions: [Int])] {
        var positions: [PlanEntry: [Int]] = [:]
        var order: [PlanEntry] = []
        for (index, entry) in entries.enumerated() {
            guard let entry else { continue }
            if positions[entry] == nil { order.append(entry) }
            positions[entry, default: []].append(index + 1)
        }
        return order.compactMap { entry in positions[entry]!.count > 1 ? (entry, positions[entry]!) : nil }
    }

    static func validatedList(_ pairs: [(school: String?, group: String?)]) throws(PlanProblem) -> [PlanEntry] {
        guard pairs.count <= PlanLimits.maximumEntries else { throw .full }
        var result: [PlanEntry] = []
        for pair in pairs {
            let entry = try validated(school: pair.school, group: pair.group)
            if !result.contains(entry) { result.append(entry) }
        }
        return result
    }
}

/// The signed-out 志愿表: the `gk_plan` cookie, entries `school\tgroup` joined by newlines, percent-encoded; a first
/// line `@` + ``ProfileCookie`` (the one line without a tab: every entry has one, so a school named `@…` stays a
/// school) is the profile the list was built for.
enum PlanCookie {
    static let name = "gk_plan"

    static func encode(_ entries: [PlanEntry], profile: GaokaoProfile? = nil) -> String {
        let lines = (profile.map { ["@" + ProfileCookie.encode($0)] } ?? []) + entries.map { $0.school + "\t" + $0.group }
        return percentEncode(lines.joined(separator: "\n"))
    }

    /// The profile line of a cookie, as stored (validated by the reader); nil without one.
    static func profile(_ raw: String) -> String? {
        let text = FormData.parse(urlEncoded: "v=" + raw)["v"] ?? ""
        guard let first = text.split(separator: "\n").first, first.hasPrefix("@"), !first.contains("\t") else { return nil }
        return String(first.dropFirst())
    }

    /// Nil entries are dropped: a cookie is input too.
    static func decode(_ raw: String) -> [PlanEntry] {
        let text = FormData.parse(urlEncoded: "v=" + raw)["v"] ?? ""
        let lines = text.split(separator: "\n")
        let entries = lines.first.map { $0.hasPrefix("@") && !$0.contains("\t") } == true ? lines.dropFirst() : lines[...]
        let pairs = entries.prefix(PlanLimits.maximumEntries).map { line -> (school: String?, group: String?) in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts.first, parts.count > 1 ? parts[1] : "")
        }
        return pairs.compactMap { try? PlanEntry.validated(school: $0.school, group: $0.group) }
    }
}

/// Where the 志愿表 lives: the account when signed in, else the `gk_plan` cookie.
struct PlanSource {
    let store: GaokaoStore
    var isSecure = false

    func entries(for viewer: Viewer, request: Request) throws -> [PlanEntry] {
        if let user = viewer.user { return try store.plan(userID: user.id) }
        return request.cookies[PlanCookie.name].map(PlanCookie.decode) ?? []
    }

    /// The profile the list was built for (or last re-scored for), when it is still a valid profile; nil without one.
    func profile(for viewer: Viewer, request: Request, data: GaokaoData) throws -> GaokaoProfile? {
        let stored = try viewer.user.map { try store.planProfile(userID: $0.id) } ?? request.cookies[PlanCookie.name].flatMap(PlanCookie.profile)
        guard let stored, let input = ProfileCookie.decode(stored), case .success(let profile) = data.validate(input) else { return nil }
        return profile
    }

    /// Throws ``PlanProblem/tooLargeForCookie`` when a signed-out list would not fit its cookie.
    func checkFits(_ entries: [PlanEntry], profile: GaokaoProfile?, viewer: Viewer) throws(PlanProblem) {
        if viewer.user == nil, PlanCookie.encode(entries, profile: profile).utf8.count > PlanLimits.maximumCookieBytes { throw .tooLargeForCookie }
    }

    /// Saves the list with the profile it is for.
    func save(_ entries: [PlanEntry], profile: GaokaoProfile?, viewer: Viewer, response: inout Response) throws {
        if let user = viewer.user {
            try store.savePlan(entries, profile: profile, userID: user.id, now: Int64(Date().timeIntervalSince1970))
        } else {
            var cookie = Cookie(name: PlanCookie.name, value: PlanCookie.encode(entries, profile: profile), maxAge: 365 * 86_400, isSecure: isSecure)
            cookie.isHTTPOnly = true
            response.setCookie(cookie)
        }
    }
}

/// One 志愿 evaluated for the student: its chance now, its bucket and what the chance rests on.
struct PlanRow: Sendable {
    var entry: PlanEntry
    var series: SchoolSeries?
    /// Nil when the school has no usable lines for the student's 生源地 and 科类.
    var chance: Double?
    /// Nil outside every band (below 10%).
    var bucket: Bucket?
    var predictedScore: Int?
    var years: [Int]
    var method: PredictionMethod?
    /// Why the school has no chance although it has lines: it no longer files in this batch or group.
    var retired: SeriesChange?
}

/// The risk check of a 志愿表 (issues 17 and 28): how many 冲/稳/保, and the chance that at least one 保 (and at least
/// one 志愿) admits, as a range. The schools are not independent (a province's lines move together in a year, the
/// shock ``ProvinceYearShocks`` measures), and admissions driven by one shared shock are positively dependent, so
/// the chance that at least one admits lies between the largest single chance (lines moving exactly together) and
/// 1 − Π(1 − pᵢ) (independent schools); the page states both and why.
struct PlanRisk: Sendable {
    var rows: [PlanRow]
    var counts: [Bucket: Int]
    var chanceAnySafe: Double?
    var chanceAny: Double?
    var chanceAnySafeLow: Double?
    var chanceAnyLow: Double?
    /// The newest data year behind the chances.
    var newestYear: Int?
}

extension GaokaoData {
    /// Evaluates `entries` for `profile`: each school is looked up in the profile's batch, else in any batch of its
    /// 生源地 and 科类, and predicted like ``recommend(province:year:category:batch:score:tendency:targetProvince:limit:configuration:)``.
    func planRisk(_ entries: [PlanEntry], profile: GaokaoProfile?, configuration: PredictionConfiguration) -> PlanRisk {
        var rows: [PlanRow] = []
        for entry in entries {
            guard let profile else {
                rows.append(PlanRow(entry: entry, years: []))
                continue
            }
            let preferred = filingSeries(province: profile.province, category: profile.category, batchStd: BatchNames.standard(profile.batch))
            let others = seriesBatches(province: profile.province, category: profile.category)
                .filter { $0 != BatchNames.standard(profile.batch) }
                .flatMap { schoolSeries(province: profile.province, category: profile.category, batchStd: $0) }
            let series = (preferred + others).first { $0.schoolName == entry.school && ($0.groupCode ?? "") == entry.group }
            var row = PlanRow(entry: entry, series: series, years: [])
            if let series, case .retired(let change) = series.availability(before: profile.year) { row.retired = change }
            if let series {
                let vocationalFirst = configuration.lineDifferenceFirstForVocational && series.isVocational
                for method in vocationalFirst ? [PredictionMethod.lineDifference, .rank] : [.rank, .lineDifference] {
                    guard let forecast = forecast(series, year: profile.year, method: method, model: errorModel, configuration: configuration)
                    else { continue }
                    let chance = forecast.chance(score: profile.score)
                    row.chance = chance
                    row.bucket = configuration.bucket(chance: chance)
                    row.predictedScore = forecast.line(atLeast: configuration.lineLevels.stable)
                    row.years = forecast.years
                    row.method = method
                    break
                }
            }
            rows.append(row)
        }
        var counts: [Bucket: Int] = [:]
        for row in rows { if let bucket = row.bucket { counts[bucket, default: 0] += 1 } }
        func anyAdmits(_ chances: [Double]) -> Double? {
            chances.isEmpty ? nil : 1 - chances.reduce(1) { $0 * (1 - $1) }
        }
        let safe = rows.filter { $0.bucket == .safe }.compactMap(\.chance), all = rows.compactMap(\.chance)
        return PlanRisk(rows: rows, counts: counts, chanceAnySafe: anyAdmits(safe), chanceAny: anyAdmits(all), chanceAnySafeLow: safe.max(),
                        chanceAnyLow: all.max(), newestYear: rows.flatMap(\.years).max())
    }
}

/// The 志愿表 as CSV (RFC 4180, UTF-8 with a byte-order mark so that spreadsheet programs read the Chinese).
/// A cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so that spreadsheets show it as text
/// instead of running it as a formula (OWASP "CSV Injection"); no published school name starts so.
enum PlanCSV {
    static func render(_ risk: PlanRisk, profile: GaokaoProfile?) -> [UInt8] {
        func field(_ raw: String) -> String {
            let text = raw.first.map { "=+-@\t\r".contains($0) } == true ? "'" + raw : raw
            return text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        var lines = ["序号,院校,专业组,生源地,年份,科类,批次,冲稳保,录取概率,预测线,依据年份,方法"]
        for (index, row) in risk.rows.enumerated() {
            let chance = row.chance.map { "\($0.wholePercent)%" } ?? ""
            let years = row.years.sorted().map(String.init).joined(separator: " ")
            let year = profile.map { String($0.year) } ?? ""
            let batch = row.series?.batch ?? profile?.batch ?? ""
            var cells: [String] = [String(index + 1), row.entry.school, row.entry.group, profile?.province ?? "", year]
            cells += [profile?.category ?? "", batch, row.bucket?.label.zh ?? "", chance]
            cells += [row.predictedScore.map(String.init) ?? "", years, row.method?.label.zh ?? ""]
            lines.append(cells.map(field).joined(separator: ","))
        }
        return [0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }
}
