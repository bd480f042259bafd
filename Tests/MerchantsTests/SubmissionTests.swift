import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Identity
@testable import Merchants
import Testing

@Suite(.requires(.merchants)) struct SubmissionTests {
    static func json(_ input: MerchantSubmissionInput) throws -> String {
        String(decoding: try APICoding.makeEncoder().encode(input), as: UTF8.self)
    }

    /// Add a merchant → the moderation queue (flagged when it duplicates a neighbour) → approved → published, owned
    /// by the submitter, who is notified and may answer a review as 商家回复; rejected → notified with the reason.
    /// Pins outside the covered area and the 11th submission of an hour are refused.
    @Test func submissionThroughModerationToAnOfficialReply() throws {
        let server = try TestServer(apps: [MerchantsApp()], clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let alice = try server.register("alice"), moderator = try server.register("mod"), bob = try server.register("bob")
        let users = UserStore(database: server.suite.database, hasher: PasswordHasher())
        try RoleStore(database: server.suite.database).grant(.moderator, to: try #require(try users.user(username: "mod")), now: 1_796_097_600)

        // The hours as people write them (issue 30: 每天 10:00-22:00 was accepted and then shown as 营业时间未知).
        let new = MerchantSubmissionInput(name: "测试小馆", category: "restaurant", lat: 31.2312, lon: 121.4741, address: "人民大道 1 号",
                                          openingHours: "每天 10:00-22:00", pricePerPerson: 4_500)
        let queued = try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(new), token: alice.token)
        #expect(queued.status == 201, "\(queued.text)")
        let submission = try queued.decode(MerchantSubmission.self)
        #expect(submission.state == "pending" && submission.duplicateOf == nil)
        // Not visible before a moderator approves it.
        #expect(try server.get("/api/v1/merchants/search?q=%E6%B5%8B%E8%AF%95%E5%B0%8F%E9%A6%86").decode(MerchantList.self).total == 0)

        // The same name as a real merchant 10 m away: flagged.
        let neighbour = try #require(try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").decode(MerchantList.self).items.first)
        let twin = MerchantSubmissionInput(name: neighbour.name, category: neighbour.category, lat: neighbour.lat + 0.00009, lon: neighbour.lon)
        let flagged = try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(twin), token: bob.token).decode(MerchantSubmission.self)
        #expect(flagged.duplicateOf == neighbour.id)
        #expect(abs((flagged.duplicateDistanceMeters ?? 0) - 10) < 0.5)

        // Outside the covered area, bad fields, signed out.
        let far = try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(MerchantSubmissionInput(name: "南极", category: "cafe", lat: -75, lon: 0)),
                                  token: alice.token)
        #expect(far.status == 422 && far.text.contains("\"field\":\"lat\""))
        for (input, field) in [(MerchantSubmissionInput(name: "", category: "cafe", lat: 31.23, lon: 121.47), "name"),
                               (MerchantSubmissionInput(name: "x", category: "bank", lat: 31.23, lon: 121.47), "category"),
                               (MerchantSubmissionInput(name: "x", category: "cafe", lat: 31.23, lon: 121.47, phone: String(repeating: "1", count: 40)), "phone"),
                               (MerchantSubmissionInput(name: "x", category: "cafe", lat: 31.23, lon: 121.47, openingHours: "每天10点到22点"), "openingHours")] {
            let refused = try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(input), token: alice.token)
            #expect(refused.status == 422 && refused.text.contains("\"field\":\"\(field)\""), "\(field): \(refused.text)")
        }
        #expect(try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(new)).status == 401)

        // The moderator sees both, the twin flagged, and approves alice's.
        let queue = try server.get("/api/v1/moderation/queue", token: moderator.token).decode(ModerationQueuePage.self).items.filter { $0.app == "merchants" }
        #expect(queue.count == 2)
        #expect(queue.first { $0.item == String(flagged.id) }?.excerpt.contains("可能重复") == true)
        let item = try #require(queue.first { $0.item == String(submission.id) })
        // The queue page names the item in the reader's words only (issue 30: "新商户 New merchant: …" in both).
        let queuePage = try server.get("/admin/moderation", token: moderator.token).text
        #expect(queuePage.contains("新商户 · 商户 · 测试小馆") && !queuePage.contains("New merchant"), "\(queuePage.prefix(3_000))")
        let queuePageEnglish = try server.get("/admin/moderation", token: moderator.token, headers: ["Cookie": "lang=en", "Accept-Language": "en"]).text
        #expect(queuePageEnglish.contains("New merchant · Merchants · 测试小馆") && !queuePageEnglish.contains("新商户"))
        // The duplicate flag in the reader's language only (issue 30: "⚠️ 可能重复 Possible duplicate" in both).
        let distance = Int((flagged.duplicateDistanceMeters ?? 0).rounded())
        #expect(queuePage.contains("⚠️ 可能重复：\(neighbour.name) #\(neighbour.id)，相距 \(distance) 米") && !queuePage.contains("Possible duplicate"))
        #expect(queuePageEnglish.contains("⚠️ Possible duplicate: \(neighbour.name) #\(neighbour.id), \(distance) m away")
                && !queuePageEnglish.contains("可能重复"))
        let decided = try server.send("POST", "/api/v1/moderation/items/\(item.id)/decision", json: #"{"action":"approve"}"#, token: moderator.token)
        #expect(decided.status == 200, "\(decided.text)")
        let found = try server.get("/api/v1/merchants/search?q=%E6%B5%8B%E8%AF%95%E5%B0%8F%E9%A6%86").decode(MerchantList.self)
        let published = try #require(found.items.first)
        #expect(published.sourceId == "user:\(submission.id)" && published.pricePerPerson == 4_500)
        let publishedDetail = try server.get("/api/v1/merchants/\(published.id)").decode(MerchantDetail.self)
        #expect(publishedDetail.openingHours == "每天 10:00-22:00" && publishedDetail.hoursKnown && publishedDetail.merchant.openNow == true)
        let inbox = try server.get("/api/v1/inbox", token: alice.token).decode(InboxPage.self)
        #expect(inbox.items.contains { $0.kind == "moderation.submission-approved" })
        let twinItem = try #require(queue.first { $0.item == String(flagged.id) })
        #expect(try server.send("POST", "/api/v1/moderation/items/\(twinItem.id)/decision", json: #"{"action":"reject","reason":"重复"}"#,
                                token: moderator.token).status == 200)
        #expect(try server.get("/api/v1/inbox", token: bob.token).decode(InboxPage.self).items.contains { $0.kind == "moderation.submission-rejected" })

        // Bob reviews it; alice, the owner, answers; bob may not answer as owner.
        #expect(try server.postForm("/merchants/\(published.id)/reviews", [("stars", "5"), ("text", "新开的，很好吃")], token: bob.token).status == 303)
        let page = try server.get("/merchants/\(published.id)", token: alice.token).text
        let commentID = try #require(page.range(of: "/reviews/").map { page[$0.upperBound...].prefix { $0.isNumber } }.map(String.init))
        #expect(try server.postForm("/merchants/\(published.id)/reviews/\(commentID)/reply", [("text", "谢谢光临")], token: bob.token).status == 403)
        #expect(try server.postForm("/merchants/\(published.id)/reviews/\(commentID)/reply", [("text", "谢谢光临")], token: alice.token).status == 303)
        let answered = try server.get("/merchants/\(published.id)").text
        #expect(answered.contains("mx-official") && answered.contains("谢谢光临"))
        // One language per screen (issue 30): the source and the counts in the reader's words, singular in English.
        // No internal account id (`user:2`) on the page (issue 30, tester pass 11 item 4).
        #expect(answered.contains("数据来源：本站用户提交") && !answered.contains("Submitted by") && answered.contains("1 人评分"))
        #expect(!answered.contains("user:"), "\(answered)")
        let english = try server.get("/merchants/\(published.id)", headers: ["Cookie": "lang=en"]).text
        #expect(english.contains("Source: Submitted by a user of this site") && !english.contains("本站用户提交") && !english.contains("user:"))
        #expect(english.contains(" · 1 rating<") && !english.contains("1 ratings"), "\(english)")
        // Tester 31c #3: the lists' source footer too, in the reader's language only.
        let search = "/merchants/search?q=%E6%B5%8B%E8%AF%95%E5%B0%8F%E9%A6%86"
        let listed = try server.get(search).text
        #expect(listed.contains("mx-attribution") && listed.contains("<p>本站用户提交</p>") && !listed.contains("Submitted by"), "\(listed)")
        let listedEnglish = try server.get(search, headers: ["Cookie": "lang=en"]).text
        #expect(listedEnglish.contains("<p>Submitted by a user of this site</p>") && !listedEnglish.contains("本站用户提交"))

        // Ten an hour: alice has one; nine more pass, the eleventh is refused with Retry-After.
        for index in 0..<9 {
            let more = MerchantSubmissionInput(name: "小店 \(index)", category: "shop", lat: 31.22 + Double(index) * 0.001, lon: 121.47)
            #expect(try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(more), token: alice.token).status == 201)
        }
        let eleventh = try server.send("POST", "/api/v1/merchants/submissions", json: Self.json(new), token: alice.token)
        #expect(eleventh.status == 429)
        #expect(eleventh.headers["retry-after"] == "3600")
    }
}
