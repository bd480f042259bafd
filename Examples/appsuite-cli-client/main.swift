// appsuite-cli-client: a small command-line program on the AppSuiteClient SDK. It signs in to an AppSuite
// server (or registers), prints a Gaokao 一分一段 rank with its 等位分 and 冲/稳/保 schools, and the top of
// the 影评 feed. Run by scripts/example in CI against a live server on the real data.
//
//   APPSUITE_PASSWORD=… appsuite-cli-client --server http://127.0.0.1:8080 --user alice [--register]
//       [--province 四川 --year 2020 --category 理科 --batch 本科一批 --score 600] [--language zh|en] [--session FILE]
//
// The password comes from APPSUITE_PASSWORD only (a command line is visible to other users). With --session the
// sign-in is kept in that file (mode 0600) and reused next time. Exit codes: 0 done, 64 usage, 69 the server
// could not be reached, 1 the server refused (its problem is printed).
import AppSuiteAPI
import AppSuiteClient
import Foundation

struct Options {
    var server: URL
    var user: String
    var register = false
    var province = "四川"
    var year = 2020
    var category = "理科"
    var batch = "本科一批"
    var score = 600
    var language = "zh"
    var session: String?

    static let usage = """
        usage: APPSUITE_PASSWORD=… appsuite-cli-client --server URL --user NAME [--register]
               [--province 四川] [--year 2020] [--category 理科] [--batch 本科一批] [--score 600] [--language zh|en] [--session FILE]
        """

    /// The options of `arguments`, or the reason they are not usable.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var values: [String: String] = [:]
        var register = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--register" {
                register = true
                continue
            }
            guard argument.hasPrefix("--"), let value = rest.popFirst() else { return .failure(UsageError("unexpected \(argument)")) }
            values[String(argument.dropFirst(2))] = value
        }
        guard let server = values.removeValue(forKey: "server").flatMap(URL.init(string:)), server.scheme == "http" || server.scheme == "https"
        else { return .failure(UsageError("--server needs an http(s) URL")) }
        guard let user = values.removeValue(forKey: "user") else { return .failure(UsageError("--user is required")) }
        var options = Options(server: server, user: user, register: register)
        for (name, value) in values {
            switch name {
            case "province": options.province = value
            case "category": options.category = value
            case "batch": options.batch = value
            case "language": options.language = value
            case "session": options.session = value
            case "year", "score":
                // Bounded so that `year - 1` (the 等位分 year) cannot overflow; the server judges the real range.
                let range = name == "year" ? 1900...2100 : 0...1000
                guard let number = Int(value), range.contains(number) else {
                    return .failure(UsageError("--\(name) needs a whole number in \(range.lowerBound)…\(range.upperBound), not \(value)"))
                }
                if name == "year" { options.year = number } else { options.score = number }
            default: return .failure(UsageError("unknown option --\(name)"))
            }
        }
        return .success(options)
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Signs in unless the saved session is still good, then prints what the apps answer.
func run(_ options: Options, password: String?) async throws(AppSuiteError) {
    var configuration = AppSuiteClient.Configuration(baseURL: options.server)
    configuration.language = options.language
    let store: any TokenStore = options.session.map { FileTokenStore(url: URL(fileURLWithPath: $0)) } ?? InMemoryTokenStore()
    let client = AppSuiteClient(configuration: configuration, tokenStore: store)

    let user: UserProfile
    if let saved = client.session.user, saved.username == options.user {
        user = try await client.me.profile()
    } else {
        guard let password else { throw .invalidRequest("set APPSUITE_PASSWORD to sign in as \(options.user)") }
        user = options.register
            ? try await client.auth.register(username: options.user, password: password)
            : try await client.auth.logIn(username: options.user, password: password)
    }
    print("signed in as \(user.nickname) (\(user.username), user \(user.id))")

    let gaokao = client.gaokao
    let rank = try await gaokao.rank(province: options.province, year: options.year, category: options.category, score: options.score)
    print("一分一段 \(rank.province) \(rank.year) \(rank.category) \(rank.score) 分: 位次 \(rank.rank), 同分 \(rank.sameScoreCount) 人, 全省 \(rank.candidates) 人")
    do throws(AppSuiteError) {
        let equivalent = try await gaokao.equivalentScore(province: options.province, category: options.category, score: options.score,
                                                          fromYear: options.year, toYear: options.year - 1)
        print("等位分 \(equivalent.toYear) \(equivalent.toCategory): \(equivalent.score) 分" + (equivalent.warning.map { " (\($0))" } ?? ""))
    } catch where error.status == 404 {
        print("等位分 \(options.year - 1): no table")
    }
    let picks = try await gaokao.recommendations(province: options.province, year: options.year, category: options.category,
                                                 batch: options.batch, score: options.score, limit: 6)
    print("学校推荐 \(options.batch) (\(picks.considered) considered):")
    for pick in picks.items {
        print("  \(pick.bucket) \(pick.school)\(pick.group.map { " (\($0))" } ?? "") 预测 \(pick.predictedScore) 分, 录取概率 \(Int((pick.probability * 100).rounded()))%")
    }

    print("影评 热门:")
    var shown = 0
    for try await review in client.movies.allReviews(pageSize: 5) {
        let stars = review.rating.map { String(repeating: "★", count: min(max($0, 0), 5)) } ?? ""   // 1–5; never trust a count to allocate
        print("  《\(review.film.title)》 \(review.title) \(stars) — \(review.author.name)")
        shown += 1
        if shown == 5 { break }
    }
}

switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    FileHandle.standardError.write(Data("appsuite-cli-client: \(error.message)\n\(Options.usage)\n".utf8))
    exit(64)
case .success(let options):
    do throws(AppSuiteError) {
        try await run(options, password: ProcessInfo.processInfo.environment["APPSUITE_PASSWORD"])
    } catch {
        FileHandle.standardError.write(Data("appsuite-cli-client: \(error)\n".utf8))
        if case .transport = error { exit(69) }
        exit(1)
    }
}
