import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// Issue 11: a review or an owner's reply the spam check holds is not lost from its author's view: the form's toast
/// and the merchant's page say "你的评论正在等待审核" to the author and to no one else.
@Suite(.requires(.merchants)) struct MerchantAwaitingReviewTests {
    @Test func aHeldReviewIsShownToItsAuthorAsAwaitingReview() throws {
        let server = try MerchantsServer.get()
        let author = try server.register("mxheld", unique: true), reader = try server.register("mxreader", unique: true)
        let merchant = try #require(try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").decode(MerchantList.self).items.first)
        let path = "/merchants/\(merchant.id)"
        let cookie = ["Cookie": author.cookie]
        let csrf = try #require(TestServer.csrfToken(in: try server.get(path, headers: cookie).text))
        let flood = "优惠 http://a.example https://b.example www.c.example"
        let posted = try server.postForm(path + "/reviews", [("csrf_token", csrf), ("stars", "5"), ("text", flood)], headers: cookie)
        #expect(posted.status == 303, "\(posted.text.prefix(300))")
        let flash = try #require(posted.setCookies.first { $0.value.hasPrefix("info%7C") }?.value.removingPercentEncoding)
        #expect(flash == "info|你的评论正在等待审核，通过后才会显示。")

        let mine = try server.get(path, headers: cookie).text
        #expect(mine.contains("你的评论正在等待审核") && mine.contains(flood))
        let english = try server.get(path, headers: ["Cookie": author.cookie, "Accept-Language": "en"]).text
        #expect(english.contains("Your comment is awaiting review"))
        for page in [try server.get(path, token: reader.token).text, try server.get(path).text] {
            #expect(!page.contains(flood) && !page.contains("awaiting review") && !page.contains("等待审核"))
        }
    }
}
