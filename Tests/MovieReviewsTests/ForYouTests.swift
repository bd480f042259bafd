import AppHost
import AppSuiteTesting
import Foundation
import Testing

/// 猜你喜欢 on the feed (issue 18 item 8): the Top list, labelled, until a reader rated five films; then
/// item-based CF over the store's stars (their own marks and the imported rated 短评), never a film they
/// marked. On a server of its own (it adds marks, which the Top list counts).
@Suite(.serialized, .requires(.movies)) struct ForYouTests {
    static let built = Result { () throws -> TestServer in try TestServer(transport: .inProcess, importing: [.movies]) }
    var server: TestServer { get throws { try Self.built.get() } }

    /// The films of the 猜你喜欢 row, its `data-source`, in order.
    static func section(_ html: String) -> (source: String?, films: [String]) {
        guard let start = html.range(of: #"<ul class="mv-foryou-list""#) else { return (nil, []) }
        let rest = html[start.lowerBound...]
        let list = rest[..<(rest.range(of: "</ul>")?.upperBound ?? rest.endIndex)]
        let source = list.firstMatch(of: /data-source="([a-z]+)"/).map { String($0.1) }
        return (source, list.matches(of: /href="\/movies\/films\/([^"]+)"/).map { String($0.1) })
    }

    func mark(_ film: String, stars: Int, token: String) throws {
        let reply = try server.send("PUT", "/api/v1/movies/films/\(film)/mark", json: #"{"status":"seen","rating":\#(stars)}"#, token: token)
        #expect(reply.status == 200, "\(reply.text)")
    }

    /// Waits (at most 10 minutes: a debug build on a busy machine) until the server's first 猜你喜欢 model is
    /// built in its work pool: a reader with five ratings gets `pending` until then.
    func waitForTheModel(token: String) throws {
        for _ in 0..<3_000 {
            let reply = try server.get("/api/v1/movies/for-you", token: token)
            #expect(reply.status == 200)
            guard reply.text.contains(#""source":"pending""#) else { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        Issue.record("the 猜你喜欢 model was not built in 10 minutes")
    }

    @Test func theTopListUntilFiveRatingsThenPicksFromRatings() throws {
        let server = try server
        // Signed out: the Top list, saying so.
        let anonymous = try server.get("/movies")
        let cold = Self.section(anonymous.text)
        #expect(cold.source == "top" && cold.films.count == 10)
        #expect(cold.films.first == "1292052")  // 肖申克的救赎, first on the Top list
        #expect(anonymous.text.contains("登录并为 5 部电影评分后"))
        #expect(try server.get("/movies?cursor=1700000000.20").text.contains("mv-foryou") == false)

        // Five ratings: picks of their own.
        let ann = try server.register("foryouann", unique: true)
        let liked = ["25818101", "1652592", "1291838", "35315950"]  // 攻壳机动队, 阿丽塔, 红猪, 灌篮高手
        for film in liked { try mark(film, stars: 5, token: ann.token) }
        try mark("1292052", stars: 4, token: ann.token)
        try waitForTheModel(token: ann.token)
        let four = try server.get("/movies", headers: ["Cookie": ann.cookie])
        #expect(Self.section(four.text).source == "ratings")
        #expect(four.text.contains("根据你评分的 5 部电影"))

        // Four ratings: still the Top list, without the films marked; a fifth (even a low one) switches it.
        let bob = try server.register("foryoubob", unique: true)
        let crime = ["1291841", "1291557", "1291568", "3442220"]  // 教父, 花样年华, 东京物语, 海豚湾
        for film in crime { try mark(film, stars: 5, token: bob.token) }
        let bobCold = try server.get("/movies", headers: ["Cookie": bob.cookie])
        let bobTop = Self.section(bobCold.text)
        #expect(bobTop.source == "top" && bobCold.text.contains("你已评分 4 部"))
        #expect(bobTop.films.count == 10 && Set(bobTop.films).isDisjoint(with: crime))
        try mark("1485260", stars: 2, token: bob.token)  // 本杰明·巴顿奇事
        let bobPicks = Self.section(try server.get("/movies", headers: ["Cookie": bob.cookie]).text)
        let annPicks = Self.section(four.text)
        #expect(bobPicks.source == "ratings" && bobPicks.films.count == 10 && annPicks.films.count == 10)
        #expect(Set(bobPicks.films).isDisjoint(with: crime + ["1485260"]))
        #expect(Set(annPicks.films).isDisjoint(with: liked + ["1292052"]))
        // Different tastes, different picks; and not just the Top list again.
        #expect(bobPicks.films != annPicks.films)
        #expect(annPicks.films != cold.films.filter { !(liked + ["1292052"]).contains($0) })

        // English labels.
        let english = try server.get("/movies", headers: ["Cookie": ann.cookie, "Accept-Language": "en"])
        #expect(english.text.contains("From the 5 films you rated"))
    }

    /// 猜你喜欢 has a page of its own (issue 30), linked from the feed's row: 30 films, saying where they come from —
    /// the Top list signed out, the reader's picks (the row's ten first, none they marked) once they rated five.
    @Test func forYouPageOfItsOwn() throws {
        let server = try server
        #expect(try server.get("/movies").text.contains(#"href="/movies/for-you""#))
        func films(_ html: String) -> (source: String?, films: [String]) {
            guard let start = html.range(of: #"data-list="for-you""#) else { return (nil, []) }
            let list = html[start.lowerBound...].prefix { _ in true }
            let end = list.range(of: "</ul>")?.lowerBound ?? list.endIndex
            let body = list[..<end]
            return (body.firstMatch(of: /data-source="([a-z]+)"/).map { String($0.1) },
                    body.matches(of: /href="\/movies\/films\/([^"]+)"/).map { String($0.1) })
        }
        let anonymous = try server.get("/movies/for-you")
        #expect(anonymous.status == 200)
        let cold = films(anonymous.text)
        #expect(cold.source == "top" && cold.films.count == 30 && cold.films.first == "1292052" && Set(cold.films).count == 30)
        #expect(anonymous.text.contains("登录并为 5 部电影评分后"))
        #expect(try server.get("/movies/for-you", headers: ["Cookie": "lang=en"]).text.contains("Picked for you"))
        let cat = try server.register("foryoucat", unique: true)
        let liked = ["25818101", "1652592", "1291838", "35315950", "1292052"]
        for film in liked { try mark(film, stars: 5, token: cat.token) }
        try waitForTheModel(token: cat.token)
        let own = films(try server.get("/movies/for-you", headers: ["Cookie": cat.cookie]).text)
        let row = Self.section(try server.get("/movies", headers: ["Cookie": cat.cookie]).text)
        #expect(own.source == "ratings" && own.films.count == 30 && Set(own.films).isDisjoint(with: liked))
        #expect(Array(own.films.prefix(10)) == row.films)
    }
}
