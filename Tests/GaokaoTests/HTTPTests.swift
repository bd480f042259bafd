import AppSuiteTesting
import Foundation
import Testing

/// The API contract and the pages over real HTTP, on the fixture's server with the real data.
@Suite("Gaokao over HTTP", .requires(.gaokao))
struct HTTPTests {
    func get(_ path: String, _ query: [(String, String)] = [], headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        try GaokaoFixture.get().server.get(path + Self.encode(query), headers: headers)
    }

    static func encode(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return "?" + query.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
    }

    @Test("GET rank and equivalent-score")
    func rank() throws {
        let reply = try get("/api/v1/gaokao/rank", [("province", "河南"), ("year", "2023"), ("category", "理科"), ("score", "600")])
        #expect(reply.status == 200)
        let body = try reply.json()
        #expect(body["rank"] as? Int == 21_690)
        #expect(body["sameScoreCount"] as? Int == 669)
        let equivalent = try get("/api/v1/gaokao/equivalent-score",
                                 [("province", "河南"), ("category", "理科"), ("score", "600"), ("fromYear", "2023"), ("toYear", "2022")]).json()
        #expect(equivalent["score"] as? Int == 589)
        let missing = try get("/api/v1/gaokao/rank", [("province", "新疆"), ("year", "2023"), ("category", "理科"), ("score", "600")])
        #expect(missing.status == 404)
        #expect(missing.text.contains("gaokao-no-data"))
        let invalid = try get("/api/v1/gaokao/rank", [("province", "河南"), ("year", "2023")])
        #expect(invalid.status == 422)
        #expect(invalid.text.contains("\"field\":\"category\""))
    }

    @Test("GET control-lines, admission-lines, prediction, recommendations")
    func queries() throws {
        let lines = try get("/api/v1/gaokao/control-lines", [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批")]).json()
        let items = try #require(lines["items"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["score"] as? Int == 514)
        // A year without 省控线 in the data is a 422 naming `year` (tester pass 11, finding 4), not an empty list.
        let none = try get("/api/v1/gaokao/control-lines", [("province", "河南"), ("year", "2024"), ("category", "理科")])
        #expect(none.status == 422 && none.text.contains(#""field":"year""#))

        let school = try get("/api/v1/gaokao/admission-lines",
                             [("province", "四川"), ("school", "10610"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批")]).json()
        let rows = try #require(school["items"] as? [[String: Any]])
        #expect(rows.contains { $0["minScore"] as? Int == 638 && $0["minRank"] as? Int == 8_497 && $0["enrollType"] as? String == "普通类" })

        let prediction = try get("/api/v1/gaokao/prediction",
                                 [("province", "四川"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批"), ("school", "四川大学")]).json()
        // The 20/50/80% quantiles around the actual 2020 line (638), from 2019 and 2018; not stale, two years.
        let risky = try #require(prediction["risky"] as? Int), stable = try #require(prediction["stable"] as? Int)
        let safe = try #require(prediction["safe"] as? Int)
        #expect(risky < stable && stable < safe && risky <= 638 && 638 <= safe)
        #expect(prediction["method"] as? String == "rank")
        #expect(prediction["years"] as? [Int] == [2019, 2018])
        #expect(prediction["calibrated"] as? Bool == true)
        #expect(prediction["lowConfidence"] as? Bool == false)
        #expect(prediction["warning"] is NSNull)
        // 郑州大学 for a 河南 2023 student: the newest line is 2021's (the authority's 投档 PDF in extra/school_lines_2021_2025),
        // two years old, so the warning says so; the predicted rank is the stable line's in the 2023 table.
        let stale = try get("/api/v1/gaokao/prediction",
                            [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "郑州大学")]).json()
        #expect((stale["years"] as? [Int])?.first == 2021)
        #expect((stale["warning"] as? String)?.contains("2021") == true)
        let steady = try #require(stale["stable"] as? Int)
        let steadyRank = try get("/api/v1/gaokao/rank", [("province", "河南"), ("year", "2023"), ("category", "理科"), ("score", String(steady))]).json()
        #expect(stale["predictedRank"] as? Int == steadyRank["rank"] as? Int && stale["rankTableYear"] as? Int == 2023)

        let unknown = try get("/api/v1/gaokao/prediction",
                              [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "福耀科技大学")])
        #expect(unknown.status == 404)
        let entered = try get("/api/v1/gaokao/prediction",
                              [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "福耀科技大学"), ("line", "589")]).json()
        #expect(entered["method"] as? String == "userLine")
        #expect(entered["calibrated"] as? Bool == false)
        let outOfRange = try get("/api/v1/gaokao/prediction",
                                 [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "福耀科技大学"), ("line", "800")])
        #expect(outOfRange.status == 422)
        #expect(outOfRange.text.contains("0–750") || outOfRange.text.contains("0 and 750"))

        let picks = try get("/api/v1/gaokao/recommendations",
                            [("province", "四川"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批"), ("score", "600"), ("tendency", "稳妥")]).json()
        let picked = try #require(picks["items"] as? [[String: Any]])
        #expect(!picked.isEmpty)
        #expect(picked.allSatisfy { $0["bucket"] as? String == "稳" && ["rank", "lineDifference"].contains($0["method"] as? String) })
        // 稳 means a 50–80% chance (PredictionConfiguration.stableChance), rounded to 0.01, at or above the median line.
        #expect(picked.allSatisfy { ($0["probability"] as? Double).map { (0.50...0.80).contains($0) } == true })
        #expect(picked.allSatisfy { ($0["gap"] as? Int ?? -1) >= 0 })
        #expect(picked.allSatisfy { $0["school"] is String && $0["predictedRank"] is Int && $0["predictedScore"] is Int && $0["gap"] is Int })
    }

    @Test("PUT profile: 422 names the field and the allowed range; 200 sets the cookie when signed out")
    func profile() throws {
        let server = try GaokaoFixture.get().server
        let bad = try server.send("PUT", "/api/v1/gaokao/profile", json: #"{"province":"上海","year":2024,"category":"综合","batch":"本科批","score":700}"#,
                                  headers: ["Accept-Language": "zh-CN"])
        #expect(bad.status == 422)
        #expect(bad.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        #expect(bad.text.contains("\"field\":\"score\""))
        #expect(bad.text.contains("0–660"))
        let good = try server.send("PUT", "/api/v1/gaokao/profile", json: #"{"province":"四川","year":2020,"category":"理科","batch":"本科一批","score":600}"#)
        #expect(good.status == 200)
        #expect(good.text.contains("\"rank\":26236"))
        #expect(good.text.contains("\"storedIn\":\"cookie\""))
        #expect(good.setCookies["gk_profile"] != nil)
    }

    /// The pages check the query as the API does: a 30,000-character school name took 2.2 s to render (an outside
    /// test pass); now it is a 422 page at once, in the reader's language.
    @Test func aPageRefusesAnOverlongParameter() throws {
        let server = try GaokaoFixture.get().server
        let long = String(repeating: "x", count: 30_000)
        let page = try server.get("/gaokao/school?province=%E6%B9%96%E5%8D%97&school=" + long, headers: ["Cookie": "lang=zh"])
        #expect(page.status == 422 && page.text.contains("最长 64 个字符") && !page.text.contains(long))
        #expect(try server.get("/gaokao/school?province=%E6%B9%96%E5%8D%97&school=" + String(repeating: "x", count: 64)).status != 422)
    }

    @Test("志愿表 signed out: PUT keeps it in the cookie, the risk check counts 冲/稳/保, CSV and the pages show it")
    func plan() throws {
        let server = try GaokaoFixture.get().server
        let profile = "gk_profile=" + "四川|2020|理科|本科一批|600".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        // A repeated item is a 422 listing it (tester pass 11, finding 6: it was merged silently).
        let repeated = try server.send("PUT", "/api/v1/gaokao/plan",
                                       json: #"{"items":[{"school":"四川大学"},{"school":"西南交通大学","group":""},{"school":"四川大学"},{"school":"福建福耀科技大学"}]}"#,
                                       headers: ["Cookie": profile + "; lang=zh"])
        #expect(repeated.status == 422 && repeated.text.contains("志愿重复：四川大学（第 1、3 项）"), "\(repeated.text)")
        let saved = try server.send("PUT", "/api/v1/gaokao/plan",
                                    json: #"{"items":[{"school":"四川大学"},{"school":"西南交通大学","group":""},{"school":"福建福耀科技大学"}]}"#,
                                    headers: ["Cookie": profile])
        #expect(saved.status == 200)
        let json = try saved.json()
        let items = try #require(json["items"] as? [[String: Any]])
        // A school without lines in the profile's province (福建福耀科技大学 has 2025 lines in
        // 广西 and 湖南 only) stays, without a chance; one the data does not have at all is refused (PlanLimitTests).
        #expect(items.map { $0["school"] as? String } == ["四川大学", "西南交通大学", "福建福耀科技大学"])
        #expect(items[0]["probability"] is Double && items[1]["probability"] is Double && items[2]["probability"] is NSNull)
        let buckets = items.compactMap { $0["bucketCode"] as? String }
        #expect((json["risky"] as? Int ?? -1) + (json["stable"] as? Int ?? -1) + (json["safe"] as? Int ?? -1) == buckets.count)
        #expect(json["storedIn"] as? String == "cookie")
        let cookie = try #require(saved.setCookies["gk_plan"])
        let both = profile + "; gk_plan=" + cookie
        let again = try get("/api/v1/gaokao/plan", headers: ["Cookie": both]).json()
        #expect((again["items"] as? [[String: Any]])?.count == 3)
        // A re-score alone keeps the list (it emptied it: an outside test pass); [] empties it on purpose.
        for body in [#"{"rescore":true}"#, "{}", #"{"items":null,"rescore":true}"#] {
            let rescored = try server.send("PUT", "/api/v1/gaokao/plan", json: body, headers: ["Cookie": both])
            let kept = try rescored.json()["items"] as? [[String: Any]]
            #expect(rescored.status == 200 && kept?.count == 3, "\(body)")
        }
        let emptied = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[]}"#, headers: ["Cookie": both]).json()["items"] as? [[String: Any]]
        #expect(emptied?.isEmpty == true)
        let tooMany = try server.send("PUT", "/api/v1/gaokao/plan",
                                      json: #"{"items":["# + (1...31).map { #"{"school":"学校\#($0)"}"# }.joined(separator: ",") + "]}")
        #expect(tooMany.status == 422 && tooMany.text.contains("\"field\":\"items\""))
        let csv = try get("/gaokao/plan.csv", headers: ["Cookie": both])
        #expect(csv.status == 200 && csv.headers["content-type"] == "text/csv; charset=utf-8")
        #expect(csv.text.contains("序号,院校,专业组,生源地,年份,科类,批次,冲稳保,录取概率,预测线,依据年份,方法"))
        #expect(csv.text.contains("1,四川大学,,四川,2020,理科,本科一批,"))
        let page = try get("/gaokao/plan", headers: ["Cookie": both + "; gk_welcomed=1"])
        #expect(page.status == 200 && page.text.contains("西南交通大学") && page.text.contains("gk-plan-counts"))
        let print = try get("/gaokao/plan/print", headers: ["Cookie": both])
        #expect(print.status == 200 && print.text.contains("data-print"))
    }

    @Test("a school page in a 院校专业组 province adds each group of the student's batch, which the 志愿表 evaluates")
    func schoolPageAddsGroups() throws {
        let server = try GaokaoFixture.get().server
        let profile = "gk_profile=" + "上海|2023|综合|本科批|500".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let page = try get("/gaokao/school", [("province", "上海"), ("school", "南京信息工程大学"), ("category", "综合"), ("batch", "本科批")],
                           headers: ["Cookie": profile + "; gk_welcomed=1"])
        #expect(page.status == 200)
        // It added the school without a group, which matched no 上海 line since 2017: no chance on the list.
        #expect(page.text.contains(#"name="group" value="03""#) && page.text.contains("加入志愿表：03组"))
        #expect(!page.text.contains(#"name="group" value="""#))
        let saved = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[{"school":"南京信息工程大学","group":"03"}]}"#,
                                    headers: ["Cookie": profile])
        let items = try #require(try saved.json()["items"] as? [[String: Any]])
        #expect(items.first?["probability"] is Double && items.first?["batch"] as? String == "本科批")
        // A province without groups (四川) still gets one button for the school.
        let sichuan = try get("/gaokao/school", [("province", "四川"), ("school", "四川大学")],
                              headers: ["Cookie": "gk_profile=" + "四川|2020|理科|本科一批|600".addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "; gk_welcomed=1"])
        #expect(sichuan.text.components(separatedBy: "gk-plan-add").count == 2 && sichuan.text.contains(#"name="group" value="""#))
    }

    @Test("我的高考 on the account: bearer PUT and GET; a cookie-session page POST without the CSRF token is refused")
    func accountProfile() throws {
        let server = try GaokaoFixture.get().server
        let account = try server.register("gk", unique: true)
        let token = account.token
        let auth = account.bearer
        #expect(try get("/api/v1/gaokao/profile", headers: auth).status == 404)
        let saved = try server.send("PUT", "/api/v1/gaokao/profile", json: #"{"province":"海南","year":2023,"category":"综合","batch":"本科批","score":880}"#,
                                    token: token)
        #expect(saved.status == 200)
        #expect(saved.text.contains("\"storedIn\":\"account\""))
        #expect(saved.setCookies["gk_profile"] == nil)
        let read = try get("/api/v1/gaokao/profile", headers: auth).json()
        #expect(read["province"] as? String == "海南")
        #expect(read["score"] as? Int == 880)
        #expect(read["maxScore"] as? Int == 900)
        let forged = try server.request(
            "POST", "/gaokao/profile",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "sid=" + token],
            body: Array("province=%E6%B2%B3%E5%8D%97&year=2023&category=%E7%90%86%E7%A7%91&batch=%E6%9C%AC%E7%A7%91%E4%B8%80%E6%89%B9&score=600".utf8))
        #expect(forged.status == 403)
    }

    @Test("pages: welcome once, then the home page; no-data pages are normal pages")
    func pages() throws {
        let first = try get("/gaokao")
        #expect(first.status == 303)
        #expect(first.headers["location"] == "/gaokao/welcome")
        let welcome = try get("/gaokao/welcome")
        #expect(welcome.status == 200)
        #expect(welcome.text.contains("跳过"))
        let home = try get("/gaokao", headers: ["Cookie": "gk_welcomed=1"])
        #expect(home.status == 200)
        #expect(home.text.contains("省控线查询"))
        // 河南 has school lines now (extra/school_lines_2016_2020 and 2021_2025: 3,040 names; 5 more only spelled their
        // brackets the other way, tester 31a #2).
        let henan = try get("/gaokao/admission-lines", [("province", "河南")], headers: ["Cookie": "gk_welcomed=1"])
        #expect(henan.status == 200)
        #expect(!henan.text.contains("暂无河南的院校投档线"))
        #expect(henan.text.contains("河南收录了 3040 所院校的投档线"))
        let noTable = try get("/gaokao/rank", [("province", "新疆"), ("year", "2023"), ("category", "理科"), ("score", "500")])
        #expect(noTable.status == 200)
        #expect(noTable.text.contains("暂无新疆 2023 年理科的一分一段表"))
        let rank = try get("/gaokao/rank", [("province", "河南"), ("year", "2023"), ("category", "理科"), ("score", "600")])
        #expect(rank.text.contains("21690"))
        let about = try get("/gaokao/about")
        #expect(about.text.contains("luanche/gaokao-data"))
    }
}
