import AppHost
import AppSuiteTesting
import Foundation
import HTTPServer
import Identity
import Storage
import Testing
@testable import AppSuiteServer

/// Every page of every app in both languages (issue 9 §5): the real gaokao and movies data imported, a
/// member with a Chinese nickname who has a 我的高考 profile, comments, a reply, a favourite, a share link,
/// a photo and an album, next to a visitor who is not signed in. Each GET page route, signed out and
/// signed in, renders in Chinese without error; in English no CJK character is left outside data (a
/// film title, a school or province name, a review, a nickname … as stored in the database), nor in the
/// toasts and form errors of a few POSTs.
@Suite(.serialized, .requires(.gaokao), .requires(.movies), .requires(.photos), .requires(.weather), .requires(.appstore), .requires(.merchants)) struct BilingualPageTests {
    @Test func everyPageInEnglishShowsNoChineseButDataAndEveryPageRendersInChinese() throws {
        let site = try PageSite()
        let mask = try ContentMask(site.content())
        var problems: [String] = []
        var rendered: [String: Set<String>] = [:]  // route pattern → languages it rendered (200) in
        var dataSegments = 0  // segments of English pages with CJK in them, all of it data when the test passes

        for page in try site.pages() {
            for visitor in [site.visitor, site.member] {
                for language in ["en", "zh"] {
                    let reply = try site.get(page.path, as: visitor, language: language)
                    let label = "\(page.path) [\(visitor.name), \(language)]"
                    if let status = page.status {
                        if reply.status != status { problems.append("\(label): status \(reply.status), expected \(status)") }
                    } else if reply.status != 200 && !(300..<400).contains(reply.status) {
                        problems.append("\(label): status \(reply.status)")
                    }
                    guard !(300..<400).contains(reply.status) else { continue }
                    if reply.status == 200, let pattern = site.pattern(of: page.path) { rendered[pattern, default: []].insert(language) }
                    problems += check(reply, label: label, language: page.isInPageLanguage ? language : nil, mask: mask)
                    if language == "en" { dataSegments += VisibleText.segments(ofHTML: reply.body).filter { $0.unicodeScalars.contains(where: isCJK) }.count }
                }
            }
        }
        for (label, reply) in site.formReplies {
            problems += check(reply, label: label, language: "en", mask: mask)
        }
        let shown = site.formReplies.map { ($0.0, $0.1.text) }
        for (label, words) in [("toast after posting a comment", "Comment posted"), ("toast after editing a comment", "Saved"),
                               ("toast after deleting a comment", "Comment deleted"), ("toast after adding a favourite", "Added to favourites"),
                               ("empty comment", "Write something first"), ("a form without its CSRF token", "Not allowed"),
                               ("a POST to a page that only answers GET", "Not supported")] {
            #expect(shown.contains { $0.0 == label && $0.1.contains(words) }, "\(label): no “\(words)”")
        }

        let missing = site.pagePatterns.filter { rendered[$0] != ["en", "zh"] }
        #expect(missing.isEmpty, "GET page routes the test did not render in both languages: \(missing)")
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
        #expect(rendered.count >= 30, "\(rendered.count) routes rendered")
        #expect(dataSegments > 1_000, "English pages show data in Chinese: \(dataSegments) segments")
    }

    /// An HTML page in `language` (nil: the page's own): the right `<html lang>`, and in English (or in
    /// a page of data) nothing but data in CJK.
    func check(_ reply: RawHTTPClient.Reply, label: String, language: String?, mask: ContentMask) -> [String] {
        guard reply.headers["content-type"]?.hasPrefix("text/html") == true else { return ["\(label): not HTML"] }
        let html = reply.text
        if language == "zh" {
            return html.contains(#"<html lang="zh-Hans""#) ? [] : ["\(label): not a Chinese page"]
        }
        if language == "en", !html.contains(#"<html lang="en""#) { return ["\(label): not an English page"] }
        return mask.leftovers(in: VisibleText.segments(ofHTML: reply.body)).map { "\(label): “\($0.left)” in «\($0.segment.prefix(160))»" }
    }
}

/// The running suite with its data, its two visitors, and the pages to walk.
final class PageSite {
    struct Visitor {
        let name: String
        var cookies: [String: String]
    }

    struct Page {
        let path: String
        /// The status every visitor gets (error pages); nil: 200, or a redirect (to log in) for some visitors.
        var status: Int? = nil
        /// False for a page of data only, whose `<html lang>` is that of the data (the link-preview page).
        var isInPageLanguage = true
    }

    let server: TestServer
    /// The weather provider: Open-Meteo's recorded reply, replayed on a local port.
    let replay: ReplayServer
    var suite: AppSuite { server.suite }
    let visitor: Visitor
    private(set) var member: Visitor
    /// Pages that answered a POST (a toast after a redirect, a form error, an error page), by what was sent.
    private(set) var formReplies: [(String, RawHTTPClient.Reply)] = []
    let review: String, film: String, comment: String, reply: String, shareCode: String, photo: String, album: String
    /// A review the member wrote (its editor is a page) and the member's user id (their movie profile).
    let ownReview: String, memberID: String
    /// Another reader's answer to the member's comment: an inbox item for the member, reported by the member.
    let answer: String
    /// A finished job of the asset slicer (`/slicer/jobs/{id}`).
    let sliceJob: String
    /// An article of 商户 1, which the member owns (its page and its editor are pages).
    let merchantArticle: String

    /// GET routes that are not pages: assets, API, generated pictures, a redirect that only sets a cookie.
    static let notPages: Set<String> = [
        "/healthz", "/api/openapi.json", "/manifest.webmanifest", "/favicon.ico", "/apple-touch-icon.png",
        "/movies/avatars/{file}", "/movies/posters/{file}", "/gaokao/welcome/done", "/appdeals/icons/{file}", "/merchants/photos/{photo}/{file}", "/images/{app}/{item}",
        "/slicer/jobs/{id}/Assets.zip", "/slicer/jobs/{id}/preview/{file}", "/sw.js",
        "/comments/{id}", "/inbox/{id}",  // where a notification leads: redirects to the item
        "/movies/me",  // redirects to the member's own movie profile
        "/gaokao/plan.csv",  // the 志愿表 as a spreadsheet
        "/me/data/export",  // the user's data as a zip
    ]

    /// Every GET route that answers a page.
    var pagePatterns: [String] {
        suite.router.registered.filter { route in
            route.method == .get && !route.pattern.hasPrefix("/api/") && !route.pattern.contains("...}")
                && !Self.notPages.contains(route.pattern)
        }.map(\.pattern)
    }

    init() throws {
        let replay = try ReplayServer(["/v1/forecast": try .file(TestData.folder("weather").appendingPathComponent(
            "fixtures/open_meteo/forecast_enschede_all_sections.json"))])
        self.replay = replay
        let server = try TestServer(importing: SharedDataSet.servedTogether + [.merchants], options: ["weather-provider-url": replay.url])
        self.server = server
        // The first gaokao request builds the in-memory snapshot: wait for it once, with time to spare.
        try server.warm("/api/v1/gaokao/provinces")

        visitor = Visitor(name: "signed out", cookies: ["gk_welcomed": "1"])
        member = Visitor(name: "signed in", cookies: ["gk_welcomed": "1"])

        // The member registers through the form and takes a Chinese nickname.
        let form = try Self.request(server, "GET", "/register", cookies: member.cookies)
        let presessionCookie: String = try #require(form.setCookies["presession"])
        member.cookies["presession"] = presessionCookie
        let registered = try Self.request(server, "POST", "/register", cookies: member.cookies,
                                          form: [("username", "reader"), ("password", "correct horse battery"),
                                                 ("password_confirmation", "correct horse battery"), ("csrf_token", try Self.csrf(form))])
        let sidCookie: String = try #require(registered.setCookies["sid"], "register: \(registered.status)")
        member.cookies["sid"] = sidCookie
        var token = try Self.csrf(try Self.request(server, "GET", "/me", cookies: member.cookies))
        try Self.expectRedirect(try Self.request(server, "POST", "/me/profile", cookies: member.cookies,
                                                 form: [("nickname", "影迷小王"), ("csrf_token", token)]))
        token = try Self.csrf(try Self.request(server, "GET", "/me", cookies: member.cookies))

        // A saved weather place.
        try Self.expectRedirect(try Self.request(server, "POST", "/weather/saved", cookies: member.cookies,
                                                 form: [("place", "110105"), ("csrf_token", token)]))

        // 我的高考: a 四川 理科 student of 2020, where school lines exist.
        try Self.expectRedirect(try Self.request(server, "POST", "/gaokao/profile", cookies: member.cookies, form: [
            ("province", "四川"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批"), ("score", "600"), ("csrf_token", token),
        ]))

        // A review with comments, an anonymous comment, a favourite and a share link; a film with short reviews.
        let feed = try Self.request(server, "GET", "/movies", cookies: member.cookies).text
        let reviewID = try #require(Self.first(#"/movies/reviews/(\d+)"#, in: feed))
        review = reviewID
        let reviewPage = try Self.request(server, "GET", "/movies/reviews/\(review)", cookies: member.cookies).text
        _ = reviewPage
        // The film with the most short reviews (the feed's films may have none).
        film = try #require(try server.suite.database.read { db in
            try db.scalar("SELECT film_id FROM movies_comments WHERE listed = 1 GROUP BY film_id ORDER BY count(*) DESC LIMIT 1", as: String.self)
        })
        // A thread: a comment, a reply, a reply to the reply ("replying to @…"), then a second comment with a
        // reply; the first comment edited, the second deleted (its placeholder stays). Five posts: a minute's limit.
        let english = member.cookies.merging(["lang": "en"]) { $1 }
        var log: [(String, RawHTTPClient.Reply)] = []
        func post(_ text: String, parent: String? = nil, label: String? = nil) throws -> String {
            var fields = [("text", text), ("csrf_token", token)]
            if let parent { fields.append(("parent", parent)) }
            let posted = try Self.request(server, "POST", "/movies/reviews/\(reviewID)/comments", cookies: english, form: fields)
            if let label { log.append((label, try Self.follow(posted, server: server, cookies: english, language: "en"))) }
            return try #require(Self.first(#"#comment-(\d+)"#, in: posted.headers["location"] ?? ""), "comment: \(posted.status) \(posted.text.prefix(300))")
        }
        comment = try post("这篇影评写得真好，谢谢分享！", label: "toast after posting a comment")
        let firstReply = try post("同意，结尾尤其动人。", parent: comment)
        reply = try post("唢呐声一响，眼泪就下来了。", parent: firstReply)
        let doomed = try post("我再补充一点：配乐也很好。")
        _ = try post("说得对！", parent: doomed)
        formReplies = log
        let sixth = try Self.request(server, "POST", "/movies/reviews/\(review)/comments", cookies: english,
                                     form: [("text", Self.typed[2]), ("csrf_token", token)])
        try #require(sixth.status == 422 && sixth.text.contains("commenting too fast"), "\(sixth.status)")
        formReplies.append(("a sixth comment within a minute", sixth))
        let edited = try Self.request(server, "POST", "/movies/comments/\(comment)/edit", cookies: english,
                                      form: [("text", "这篇影评写得真好，谢谢分享！（补充：值得二刷）"), ("csrf_token", token)])
        formReplies.append(("toast after editing a comment", try Self.follow(edited, server: server, cookies: member.cookies, language: "en")))
        let deleted = try Self.request(server, "POST", "/movies/comments/\(doomed)/delete", cookies: english,
                                       form: [("back", "/movies/reviews/\(review)/comments"), ("csrf_token", token)])
        formReplies.append(("toast after deleting a comment", try Self.follow(deleted, server: server, cookies: member.cookies, language: "en")))
        var anonymous = visitor.cookies
        let compose = try Self.request(server, "GET", "/movies/reviews/\(review)/compose", cookies: anonymous)
        let anonymousPresession: String = try #require(compose.setCookies["presession"])
        anonymous["presession"] = anonymousPresession
        try Self.expectRedirect(try Self.request(server, "POST", "/movies/reviews/\(review)/comments", cookies: anonymous,
                                                 form: [("text", "路过，看完很想去看这部电影。"), ("csrf_token", try Self.csrf(compose))]))
        let favorited = try Self.request(server, "POST", "/movies/reviews/\(review)/favorite", cookies: english,
                                         form: [("csrf_token", token)])
        formReplies.append(("toast after adding a favourite", try Self.follow(favorited, server: server, cookies: member.cookies, language: "en")))
        // 影评 written: a mark with stars and a 短评 on the film, then a review of it (its editor and the profile are pages).
        try Self.expectRedirect(try Self.request(server, "POST", "/movies/films/\(film)/mark", cookies: english,
                                                 form: [("status", "seen"), ("rating", "4"), ("comment", "配乐很好。"), ("csrf_token", token)]))
        let written = try Self.request(server, "POST", "/movies/films/\(film)/write", cookies: english,
                                       form: [("title", "我的影评"), ("body", "第一段。\n\n第二段。"), ("rating", "4"), ("action", "publish"),
                                              ("csrf_token", token)])
        ownReview = try #require(Self.first(#"/movies/reviews/(\d+)"#, in: written.headers["location"] ?? ""))
        memberID = String(try #require(try server.suite.authenticator.identity.users.user(username: "reader")).id)
        // 爱限免: 旋转音律 saved (a 10-digit App Store id).
        try Self.expectRedirect(try Self.request(server, "POST", "/appdeals/apps/6466390901/favorite", cookies: member.cookies,
                                                 form: [("csrf_token", token)]))
        let share = try Self.request(server, "GET", "/share/movies/\(review)", cookies: member.cookies).text
        shareCode = try #require(Self.first(#"/s/([A-Za-z0-9_-]+)"#, in: share))

        // A photo (uploaded over the API with the same account) in an album with a Chinese name.
        let bearer = try server.logIn("reader").token
        let picture = try Data(contentsOf: SharedDataSet.photos.url("ordinary/rocket.jpg"))
        let upload = try server.upload("/api/v1/photos", files: [MultipartFile(filename: "火箭.jpg", contentType: "image/jpeg", bytes: [UInt8](picture))],
                                       token: bearer)
        photo = try #require(Self.first(#""id":(\d+)"#, in: upload.text), "upload: \(upload.status) \(upload.text)")
        let created = try Self.request(server, "POST", "/photos/albums", cookies: member.cookies, form: [("name", "旅行"), ("csrf_token", token)])
        album = try #require(Self.first(#"album=(\d+)"#, in: created.headers["location"] ?? ""), "album: \(created.status)")
        try Self.expectRedirect(try Self.request(server, "POST", "/photos/\(photo)/albums", cookies: member.cookies,
                                                 form: [("album", album), ("csrf_token", token)]))

        // Another reader answers the member's comment (the member's inbox has an item); the member reports that
        // answer and is a moderator, so the moderation queue and its audit log have something to show; and an
        // admin, so 爱限免's 专题 editor is a page for them.
        let replier = try server.register("replier", unique: true)
        let answered = try server.send("POST", "/api/v1/movies/reviews/\(review)/comments", json: #"{"text":"写得好，同感！","parentId":\#(comment)}"#,
                                       headers: ["Authorization": "Bearer " + replier.token])
        answer = try #require(Self.first(#""id":(\d+)"#, in: answered.text), "answer: \(answered.status) \(answered.text)")
        let reported = try server.send("POST", "/api/v1/moderation/reports", json: #"{"commentId":\#(answer),"reason":"广告"}"#,
                                       headers: ["Authorization": "Bearer " + bearer])
        try #require(reported.status == 201, "report: \(reported.status) \(reported.text)")
        let identity = server.suite.authenticator.identity
        let reader = try #require(try identity.users.user(username: "reader"))
        try RoleStore(database: identity.users.database).grant(.moderator, to: reader, now: identity.clock.now())
        try RoleStore(database: identity.users.database).grant(.admin, to: reader, now: identity.clock.now())

        // The member owns 商户 1 (as an approved submission makes them) and wrote an article there.
        let readerID = try #require(try identity.users.user(username: "reader")).id
        merchantArticle = String(try #require(try server.suite.database.write { db in
            _ = try db.execute("UPDATE merchants SET owner_id = ? WHERE id = 1", [.integer(readerID)])
            return try db.scalar("INSERT INTO merchants_articles (merchant_id, author_id, title, body, valid_from, valid_until, created_at, updated_at) "
                                 + "VALUES (1, ?, '开业酬宾', '全场八折，欢迎光临。', '2026-12-01', '2026-12-31', 1796097600, 1796097600) RETURNING id",
                                 readerID, as: Int64.self)
        }))

        // A design sliced on the work pool: its job page shows the lint and the slices.
        let design = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 1334"><rect id="btn_ok_nor" width="60" height="60"/></svg>"#
        let sliced = try server.upload("/slicer/jobs", files: [MultipartFile(field: "design", filename: "home.svg", bytes: Array(design.utf8))],
                                       token: bearer)
        sliceJob = try #require(sliced.headers["location"], "slice: \(sliced.status)")
        #expect(try wait(until: { try server.get(sliceJob, token: bearer).text.contains("Assets.zip") }), "the slicing job finishes")

        // Forms answered with a page: their errors must be in the page's language too.
        formReplies += [
            ("empty comment", try Self.request(server, "POST", "/movies/reviews/\(review)/comments", cookies: english,
                                                form: [("text", " "), ("csrf_token", token)])),
            ("empty edit", try Self.request(server, "POST", "/movies/comments/\(comment)/edit", cookies: english,
                                             form: [("text", ""), ("csrf_token", token)])),
            ("我的高考 out of range", try Self.request(server, "POST", "/gaokao/profile", cookies: english, form: [
                ("province", "四川"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批"), ("score", "9999"), ("csrf_token", token),
            ])),
            ("bad nickname", try Self.request(server, "POST", "/me/profile", cookies: english, form: [("nickname", ""), ("csrf_token", token)])),
            ("wrong password", try Self.request(server, "POST", "/me/password", cookies: english, form: [
                ("current_password", "not my password"), ("new_password", "another horse battery"),
                ("new_password_confirmation", "another horse battery"), ("csrf_token", token),
            ])),
            ("a form without its CSRF token", try Self.request(server, "POST", "/movies/reviews/\(review)/favorite", cookies: english, form: [])),
            ("a POST to a page that only answers GET", try Self.request(server, "POST", "/gaokao/about", cookies: english, form: [])),
        ]
    }

    /// The pages to walk: every page route with the member's content, the states that show other words
    /// (empty results, out-of-range input, pickers without data), and error pages.
    func pages() throws -> [Page] {
        func q(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
        let sichuan = q("四川"), science = q("理科"), firstBatch = q("本科一批"), university = q("四川大学")
        let links = try emailLinks()
        return [
            Page(path: "/"), Page(path: "/login"), Page(path: "/register"), Page(path: "/me"), Page(path: "/me/password"), Page(path: "/me/sessions"),
            Page(path: "/me/email"), Page(path: "/me/data"), Page(path: "/forgot-password"), Page(path: "/verify-email?token=expired", status: 410),
            Page(path: "/reset-password?token=expired", status: 410),
            Page(path: "/verify-email?token=\(links.verify)"), Page(path: "/reset-password?token=\(links.reset)"),
            Page(path: "/share/movies/\(review)"), Page(path: "/s/\(shareCode)", isInPageLanguage: false),
            Page(path: "/gaokao"), Page(path: "/gaokao/welcome"), Page(path: "/gaokao/profile"),
            Page(path: "/gaokao/control-lines"), Page(path: "/gaokao/control-lines?province=\(sichuan)&year=2020&category=\(science)"),
            Page(path: "/gaokao/control-lines?province=\(sichuan)&year=2024"),
            Page(path: "/gaokao/admission-lines"), Page(path: "/gaokao/admission-lines?province=\(q("河南"))"),
            Page(path: "/gaokao/admission-lines?province=\(sichuan)&school=\(university)"),
            Page(path: "/gaokao/admission-lines?province=\(sichuan)&school=\(q(Self.typed[0]))", status: 422),  // a school without lines: the page says so
            Page(path: "/gaokao/rank"), Page(path: "/gaokao/rank?province=\(sichuan)&year=2020&category=\(science)&score=600"),
            Page(path: "/gaokao/rank?province=\(sichuan)&year=2020&category=\(science)&score=9999", status: 422),
            Page(path: "/gaokao/rank?province=\(q("西藏"))&year=2020"),
            Page(path: "/gaokao/recommend"), Page(path: "/gaokao/recommend?tendency=\(q("稳妥"))&targetProvince=\(q("北京"))"),
            Page(path: "/gaokao/recommend?tag=double-first-class"),
            Page(path: "/gaokao/predict"), Page(path: "/gaokao/predict?school=\(university)"),
            Page(path: "/gaokao/predict?school=\(q(Self.typed[0]))&line=500"), Page(path: "/gaokao/predict?school=\(university)&line=99999"),
            Page(path: "/gaokao/school?province=\(sichuan)&school=\(university)&category=\(science)&batch=\(firstBatch)"),
            Page(path: "/gaokao/school?province=\(q("广东"))&school=\(q("中山大学"))"),  // 专业 lines (extra/guangdong_major_lines_2021_2024)
            Page(path: "/gaokao/majors"), Page(path: "/gaokao/about"), Page(path: "/gaokao/plan"), Page(path: "/gaokao/plan/print"),
            Page(path: "/movies"), Page(path: "/movies/reviews"), Page(path: "/movies/reviews/\(review)"),
            Page(path: "/movies/reviews/\(review)/comments"), Page(path: "/movies/reviews/\(review)/comments/\(comment)"),
            Page(path: "/movies/reviews/\(review)/compose"), Page(path: "/movies/reviews/\(review)/compose?parent=\(reply)"),
            Page(path: "/movies/comments/\(comment)/edit"), Page(path: "/movies/films"), Page(path: "/movies/films?q=\(q(Self.typed[1]))"),
            Page(path: "/movies/films/\(film)"), Page(path: "/movies/films/\(film)?sort=new"), Page(path: "/movies/more"), Page(path: "/movies/for-you"),
            Page(path: "/movies/top"), Page(path: "/movies/top?genre=\(q("科幻"))&decade=2010&min=8"), Page(path: "/movies?tab=new"),
            Page(path: "/movies/films?genre=\(q("动画"))&decade=2000"), Page(path: "/movies/top?decade=2015", status: 400),
            Page(path: "/movies/films/\(film)/write"), Page(path: "/movies/reviews/\(ownReview)/edit"), Page(path: "/movies/users/\(memberID)"),
            Page(path: "/movies?tab=following"), Page(path: "/movies/users/\(memberID)/following"), Page(path: "/movies/users/\(memberID)/followers"),
            Page(path: "/weather"), Page(path: "/weather/places"), Page(path: "/weather/places?parent=110100"),
            Page(path: "/weather/places?q=\(q("朝阳"))"), Page(path: "/weather/forecast?place=110105"),
            Page(path: "/weather/forecast?place=999999", status: 404), Page(path: "/weather/locate"),
            Page(path: "/weather/locate?lat=52.27&lon=6.87", status: 422), Page(path: "/weather/climate"),
            Page(path: "/weather/climate?place=110000&date=07-15"), Page(path: "/weather/samples"),
            Page(path: "/weather/samples/enschede-open-meteo"), Page(path: "/weather/saved"),
            Page(path: "/appdeals"), Page(path: "/appdeals/sales"), Page(path: "/appdeals/sales?category=Games&device=ipad"),
            Page(path: "/appdeals/free"), Page(path: "/appdeals/hot"), Page(path: "/appdeals/search"),
            Page(path: "/appdeals/search?q=\(q("旋转"))"), Page(path: "/appdeals/search?q=\(q(Self.typed[1]))"),
            Page(path: "/appdeals?at=2020-01-01"), Page(path: "/appdeals/topics"), Page(path: "/appdeals/topics/real-sales"),
            Page(path: "/appdeals/topics/new/edit"),
            Page(path: "/appdeals/apps/6466390901"), Page(path: "/appdeals/apps/1587301632"), Page(path: "/appdeals/apps/6743342476"),
            Page(path: "/appdeals/apps/281656475"), Page(path: "/appdeals/favorites"), Page(path: "/appdeals/favorites?edit=1"),
            Page(path: "/merchants"), Page(path: "/merchants?lat=30.3209&lon=120.1456&radius=5000&sort=rating"),
            Page(path: "/merchants?lat=95&lon=0", status: 422), Page(path: "/merchants/search?q=\(q("麥當勞"))"),
            Page(path: "/merchants/shake?go=1"), Page(path: "/merchants/1?lat=31.2304&lon=121.4737"), Page(path: "/merchants/add"),
            Page(path: "/merchants/1/articles/\(merchantArticle)"), Page(path: "/merchants/1/articles/\(merchantArticle)/edit"),
            Page(path: "/merchants/1/write"), Page(path: "/merchants/1/articles/999999", status: 404),
            Page(path: "/appdeals?tab=x&category=nope", status: 422),
            Page(path: "/appdeals/nearby"), Page(path: "/appdeals/nearby?lat=39.9042&lon=116.4074"),
            Page(path: "/appdeals/nearby?lat=north&lon=1", status: 422),
            Page(path: "/photos"), Page(path: "/photos/trash"), Page(path: "/photos/places"),
            Page(path: "/photos?album=\(album)"), Page(path: "/photos/\(photo)"), Page(path: "/photos/\(photo)/edit"),
            Page(path: "/slicer"), Page(path: sliceJob),
            Page(path: "/inbox"), Page(path: "/inbox/settings"), Page(path: "/comments/\(answer)/report"),
            Page(path: "/admin/moderation"), Page(path: "/admin/moderation/audit"),
            Page(path: "/movies/reviews/999999999", status: 404), Page(path: "/no/such/page", status: 404),
            Page(path: "/movies/reviews/\(review)/comments?cursor=%E2%9C%97", status: 400),
        ]
    }

    /// A working verification link (the member's new address) and reset link (another account's verified one),
    /// made through Identity as the mail would carry them.
    func emailLinks() throws -> (verify: String, reset: String) {
        let identity = suite.authenticator.identity
        let now = identity.clock.now()
        let member = try #require(try identity.users.user(username: "reader"))
        let verify = try identity.emails.setEmail(userID: member.id, email: "reader@example.com", currentPassword: "correct horse battery", now: now)
        let other = try server.register("resetter", unique: true)
        let otherUser = try #require(try identity.users.user(username: other.username))
        try identity.emails.verify(token: try identity.emails.setEmail(userID: otherUser.id, email: "resetter@example.com",
                                                                        currentPassword: other.password, now: now).value, now: now)
        let reset = try #require(try identity.emails.requestReset(email: "resetter@example.com", clientAddress: nil, now: now))
        return (verify.value, reset.token.value)
    }

    /// The route pattern a path (query dropped) is served by, among the page routes.
    func pattern(of path: String) -> String? {
        let parts = path.split(separator: "?", maxSplits: 1).first.map { $0.split(separator: "/") } ?? []
        // The router prefers a literal segment to a parameter (`/merchants/add` before `/merchants/{id}`): so does this.
        return pagePatterns.filter { pattern in
            let segments = pattern.split(separator: "/")
            return segments.count == parts.count && zip(segments, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }.min { $0.filter { $0 == "{" }.count < $1.filter { $0 == "{" }.count }
    }

    /// Every text the pages may show as data, split the way pages show lists (`|`, `;`) and paragraphs.
    func content() throws -> [String] {
        let queries: [(sql: String, separators: Set<Character>)] = [
            ("SELECT name, full_name FROM gaokao_provinces", []),
            ("SELECT name, aliases FROM gaokao_categories UNION ALL SELECT batch_std, aliases FROM gaokao_batches", [";"]),
            ("SELECT name, province, city, authority, level, ownership FROM gaokao_universities", []),
            ("SELECT DISTINCT province, category, batch, batch_std, enroll_type, school_name, tie_break, score_note FROM gaokao_admission_lines", []),
            ("SELECT DISTINCT province, category, batch FROM gaokao_control_lines UNION SELECT DISTINCT province, category, '' FROM gaokao_score_rank", []),
            ("SELECT major_name, discipline, class_name FROM gaokao_majors", []),
            ("SELECT DISTINCT category, batch, subjects, major_name, note FROM gaokao_major_lines", []),
            ("SELECT title, original_title, directors, actors, regions, languages, release_date, summary FROM movies_films", ["|", "\n"]),
            ("SELECT author, title, body, summary FROM movies_reviews", ["\n"]),
            ("SELECT author, content FROM movies_comments", []),
            ("SELECT body, CASE WHEN user_id IS NULL THEN '' ELSE author_name END FROM community_comments", []),
            ("SELECT reason FROM moderation_reports", []),
            ("SELECT c.reply_to_name FROM community_comments c JOIN community_comments p ON p.id = c.parent_id WHERE p.user_id IS NOT NULL", []),
            ("SELECT title FROM community_favorites", []),
            ("SELECT username, nickname, substr(nickname, 1, 1) FROM users", []),
            ("SELECT filename FROM photos_photos UNION ALL SELECT name FROM photos_albums", []),
            ("SELECT name, province, city, weather_name FROM weather_places", []),
            ("SELECT name, english_name, genres_zh, description, release_notes, seller FROM appdeals_apps", ["|", "\n"]),
            ("SELECT title_zh, title_en, summary_zh, summary_en FROM appdeals_topics", ["\n"]),
            ("SELECT name, name_en, cuisine, address, city, price_text, notes FROM merchants", []),
            ("SELECT author, body FROM merchants_reviews", ["\n"]),
            ("SELECT name, address FROM merchants_submissions", []),
            ("SELECT alt FROM merchants_photos WHERE alt IS NOT NULL", []),
            ("SELECT title, body FROM merchants_articles", []),
        ]
        return try suite.database.read { db in
            var values: [String] = []
            for query in queries {
                for row in try db.query(query.sql) {
                    for index in 0..<row.columnCount {
                        guard case .text(let text) = row[index] else { continue }
                        values.append(text)
                        if !query.separators.isEmpty { values += text.split(whereSeparator: query.separators.contains).map(String.init) }
                    }
                }
            }
            return values + Self.typed
        }
    }

    /// What the test types into search fields: pages echo it back as the visitor's own words.
    static let typed = ["没有这所大学", "没有这样的电影", "还有一句。"]

    // MARK: HTTP

    func get(_ path: String, as visitor: Visitor, language: String) throws -> RawHTTPClient.Reply {
        try Self.request(server, "GET", path, cookies: visitor.cookies.merging(["lang": language]) { $1 })
    }

    static func request(_ server: TestServer, _ method: String, _ path: String, cookies: [String: String] = [:],
                        form: [(String, String)]? = nil) throws -> RawHTTPClient.Reply {
        var headers: [String: String] = [:]
        if !cookies.isEmpty { headers["Cookie"] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        var body: [UInt8] = []
        if let form {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
            body = Array(form.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8)
        }
        return try server.request(method, path, headers: headers, body: body)
    }

    /// The page a POST redirected to, with the one-time message it carries.
    static func follow(_ reply: RawHTTPClient.Reply, server: TestServer, cookies: [String: String], language: String) throws -> RawHTTPClient.Reply {
        let location = try #require(reply.headers["location"], "no redirect: \(reply.status)")
        let flash = try #require(reply.setCookies["flash"], "no message after \(location)")
        return try request(server, "GET", location, cookies: cookies.merging(["lang": language, "flash": flash]) { $1 })
    }

    static func expectRedirect(_ reply: RawHTTPClient.Reply, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(reply.status == 303, "expected 303, got \(reply.status): \(reply.text.prefix(300))", sourceLocation: sourceLocation)
    }

    static func csrf(_ reply: RawHTTPClient.Reply) throws -> String {
        try #require(TestServer.csrfToken(in: reply.text), "no CSRF token in the page (\(reply.status))")
    }

    static func first(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
