import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Storage
import Testing

/// Tester 30 (issue 30) findings on merchant fields: #6 a phone that is not a number (`abc<script>`) was stored and
/// linked as the empty `tel:` with a person icon; #7 the review form chose ★★★★★ for the reader; #9 `24/7` shown raw,
/// "—" beside 营业时间未知, and `每天 10:00-10:00` accepted as open all day.
@Suite(.requires(.merchants)) struct FieldCheckTests {
    /// Every phone of the imported OSM data is a number; what the tester typed is not.
    @Test func phoneNumbersAreNumbers() throws {
        var phones: [String] = []
        for file in ["osm_yangtze_delta_pois.csv", "osm_hong_kong_pois.csv"] {
            phones += try SharedDataSet.merchants.rows(file).compactMap { $0["phone"] }.filter { !$0.isEmpty }
        }
        #expect(phones.count == 53 + 169)
        let unread = phones.filter { PhoneNumber($0) == nil }
        #expect(unread.isEmpty, "\(unread)")
        #expect(PhoneNumber("+8657187018888ext1777")?.telURI == "tel:+8657187018888;ext=1777")
        #expect(PhoneNumber("+86 (21) 5065 7391")?.telURI == "tel:+862150657391")
        #expect(PhoneNumber("021-5950 3093 转 8021")?.telURI == "tel:02159503093;ext=8021")
        #expect(PhoneNumber("0571 8718 0209 分机 12")?.telURI == "tel:057187180209;ext=12")
        for refused in ["abc<script>", "not a phone <b>", "12", "1234567890123456", "021+6217", "021-6217 9797 转", "电话 021-6217", "021；6217"] {
            #expect(PhoneNumber(refused) == nil, "\(refused)")
        }
    }

    @Test func aPhoneThatIsNotANumberIsRefusedInTheAPIAndTheForm() throws {
        let server = try MerchantsServer.get()
        let alice = try server.register("mxphone", unique: true)
        let input = MerchantSubmissionInput(name: "电话小馆", category: "cafe", lat: 31.2312, lon: 121.4741, phone: "abc<script>")
        let refused = try server.send("POST", "/api/v1/merchants/submissions", json: SubmissionTests.json(input), token: alice.token)
        #expect(refused.status == 422 && refused.text.contains("\"field\":\"phone\"") && refused.text.contains("这不是电话号码"), "\(refused.text)")
        let english = try server.send("POST", "/api/v1/merchants/submissions", json: SubmissionTests.json(input), token: alice.token,
                                      headers: ["Cookie": "lang=en", "Accept-Language": "en"])
        #expect(english.status == 422 && english.text.contains("This is not a phone number"), "\(english.text)")
        let form = try server.postForm("/merchants/add", [("name", "电话小馆"), ("category", "cafe"), ("lat", "31.2312"), ("lon", "121.4741"),
                                                          ("phone", "not a phone <b>")], token: alice.token)
        #expect(form.status != 303 && form.text.contains("这不是电话号码") && !form.text.contains("<b>"), "\(form.status) \(form.text.prefix(400))")
    }

    /// A stored phone that is not a number (imported before the check) is shown, never linked; a number dials.
    @Test func onlyANumberIsADialableRowWithAPhoneIcon() throws {
        let server = try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let ids = try server.suite.database.read { db in
            try db.query("SELECT id FROM merchants ORDER BY id LIMIT 2").map { try $0.get("id", as: Int64.self) }
        }
        try server.suite.database.write { db in
            try db.execute("UPDATE merchants SET phone = ? WHERE id = ?", "abc<script>", ids[0])
            try db.execute("UPDATE merchants SET phone = ? WHERE id = ?", "021-6217 9797 转 801", ids[1])
        }
        let bad = try server.get("/merchants/\(ids[0])").text
        #expect(bad.contains("abc&lt;script&gt;") && !bad.contains("href=\"tel:") && !bad.contains("<script>"))
        let good = try server.get("/merchants/\(ids[1])").text
        #expect(good.contains(#"href="tel:02162179797;ext=801""#) && good.contains("icon-phone"))
        #expect(!good.contains("icon-person"))
    }

    /// No star is chosen for the reader; a review without stars is saved without a rating, as Movies does.
    @Test func theReviewFormChoosesNoStarsAndAReviewWithoutStarsHasNoRating() throws {
        let server = try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let bob = try server.register("bob")
        let merchant = try #require(try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").decode(MerchantList.self).items.first)
        let page = try server.get("/merchants/\(merchant.id)", token: bob.token).text
        let start = try #require(page.range(of: "mx-stars-input")), end = try #require(page.range(of: "</fieldset>", range: start.upperBound..<page.endIndex))
        let form = String(page[start.lowerBound..<end.lowerBound])
        #expect(form.contains(#"name="stars""#) && !form.contains("checked") && page.contains("你的评分（可不选）"))
        let before = try server.get("/api/v1/merchants/\(merchant.id)").decode(MerchantDetail.self).ratingDistribution
        let posted = try server.postForm("/merchants/\(merchant.id)/reviews", [("text", "只写几句，不打分")], token: bob.token)
        #expect(posted.status == 303)
        let after = try server.get("/merchants/\(merchant.id)").text
        #expect(after.contains("只写几句，不打分"))
        #expect(try server.get("/api/v1/merchants/\(merchant.id)").decode(MerchantDetail.self).ratingDistribution == before)
        // Stars that are given still count, and nonsense stars are refused.
        #expect(try server.postForm("/merchants/\(merchant.id)/reviews", [("stars", "9"), ("text", "九星")], token: bob.token).status == 303)
        #expect(!(try server.get("/merchants/\(merchant.id)").text.contains("九星")))
    }

    /// #8: 只看营业中 at 0 coverage is disabled like the sorts, and the empty result says why.
    @Test func openNowIsDisabledWhereNoMerchantHasHours() throws {
        let server = try MerchantsServer.get()
        let page = try server.get("/merchants?lat=39.9&lon=116.4&radius=2000&category=cafe&openNow=true").text
        let box = try #require(page.range(of: #"name="openNow""#).map { String(page[$0.lowerBound...].prefix { $0 != ">" }) })
        #expect(box.contains("disabled") && !box.contains("checked"), "\(box)")
        #expect(page.contains("（0 家有营业时间）") && page.contains("这个范围内没有商户有营业时间数据"))
        #expect(page.contains(#"href="/merchants?lat=39.9&amp;lon=116.4&amp;radius=2000&amp;category=cafe""#))
    }

    /// #10: search results say where their distances are measured from.
    @Test func searchSaysWhereDistancesAreFrom() throws {
        let server = try MerchantsServer.get()
        let q = "%E9%BA%A6%E5%BD%93%E5%8A%B3"  // 麦当劳
        #expect(try server.get("/merchants/search?q=" + q).text.contains("距离从上海人民广场算起（未提供定位）"))
        #expect(try server.get("/merchants/search?q=\(q)&lat=31.2304&lon=121.4737").text.contains("距离从你的位置（31.23040, 121.47370）算起"))
        #expect(try server.get("/merchants/search?q=" + q, headers: ["Accept-Language": "en"]).text.contains("Distances from People&#39;s Square, Shanghai")
                || (try server.get("/merchants/search?q=" + q, headers: ["Accept-Language": "en"]).text.contains("Distances from People's Square, Shanghai")))
    }

    @Test func hoursSayOpen24HoursOnceAndAnEmptyRangeIsRefused() throws {
        let server = try MerchantsServer.get()
        let allDay = try #require(try server.suite.database.read { db in
            try db.scalar("SELECT id FROM merchants WHERE opening_hours = '24/7' ORDER BY id", as: Int64.self)
        })
        let zh = try server.get("/merchants/\(allDay)").text
        #expect(zh.contains(#"<span class="cell-subtitle">24 小时</span>"#) && !zh.contains(">24/7<"))
        #expect(try server.get("/merchants/\(allDay)", headers: ["Accept-Language": "en"]).text.contains(#"<span class="cell-subtitle">Open 24 hours</span>"#))
        let unknown = try #require(try server.suite.database.read { db in
            try db.scalar("SELECT id FROM merchants WHERE opening_hours IS NULL ORDER BY id", as: Int64.self)
        })
        let page = try server.get("/merchants/\(unknown)").text
        #expect(page.contains(#"<span class="cell-subtitle">营业时间未知</span>"#) && !page.contains(#"<span class="cell-subtitle">—</span>"#))

        #expect(OpeningHours.read("每天 10:00-10:00") == .failure(.emptyRange))
        #expect(OpeningHours.read("Mo-Su 11:00-15:00, 22:00-22:00") == .failure(.emptyRange))
        #expect(OpeningHours("Mo-Su 00:00-24:00")?.isAlwaysOpen == true && OpeningHours("24小时")?.isAlwaysOpen == true)
        #expect(OpeningHours("每天 10:00-22:00")?.isAlwaysOpen == false)
        let alice = try server.register("mxhours", unique: true)
        let input = MerchantSubmissionInput(name: "零点小馆", category: "cafe", lat: 31.2312, lon: 121.4741, openingHours: "每天 10:00-10:00")
        let refused = try server.send("POST", "/api/v1/merchants/submissions", json: SubmissionTests.json(input), token: alice.token)
        #expect(refused.status == 422 && refused.text.contains("\"field\":\"openingHours\"") && refused.text.contains("同一时刻"), "\(refused.text)")
    }
}
