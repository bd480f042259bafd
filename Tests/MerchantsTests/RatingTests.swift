import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Community
import Foundation
@testable import Merchants
import Testing

@Suite(.requires(.merchants)) struct RatingTests {
    /// The source's score weighs as many votes as the reviews it rests on; users' stars one each.
    @Test func combinedRating() {
        let four = RatingSummary(distribution: [0, 0, 0, 1, 0])
        #expect(Standing.combined(source: nil, sourceWeight: 0, users: RatingSummary()) == nil)
        #expect(Standing.combined(source: nil, sourceWeight: 0, users: four) == 4)
        #expect(Standing.combined(source: 4.9, sourceWeight: 0, users: RatingSummary()) == 4.9)
        #expect(abs((Standing.combined(source: 4.9, sourceWeight: 9_529, users: four) ?? 0) - (4.9 * 9_529 + 4) / 9_530) < 1e-12)
        #expect(Standing.combined(source: 3, sourceWeight: 0, users: RatingSummary(distribution: [0, 0, 0, 0, 1])) == 4)
    }

    /// Rated reviews through Community: one rating per user (a second replaces the first), the distribution in the
    /// detail, the rating sort and the refusal of a rating outside 1–5 or without a user.
    @Test func ratedReviewsMoveTheDistributionAndTheSort() throws {
        let server = try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let comments = CommentStore(database: server.suite.database)
        let hongKong = "lat=22.2819&lon=114.1582&radius=300"
        let before = try server.get("/api/v1/merchants/nearby?\(hongKong)&sort=rating").decode(MerchantList.self)
        #expect(before.items.allSatisfy { $0.rating == nil })
        let target = try #require(before.items.last)
        let subject = MerchantsApp.subject(target.id)
        try comments.post(subject, author: .user(id: 1, name: "甲"), text: "很好吃", stars: 5)
        try comments.post(subject, author: .user(id: 2, name: "乙"), text: "一般", stars: 2)
        try comments.post(subject, author: .user(id: 2, name: "乙"), text: "再来一次，好多了", stars: 4)
        #expect(throws: CommentError.invalidRating) { try comments.post(subject, author: .user(id: 3, name: "丙"), text: "六星", stars: 6) }
        #expect(throws: CommentError.invalidRating) { try comments.post(subject, author: .anonymous(device: String(repeating: "a", count: 32)), text: "匿名", stars: 3) }
        let detail = try server.get("/api/v1/merchants/\(target.id)").decode(MerchantDetail.self)
        #expect(detail.ratingDistribution == [0, 0, 0, 1, 1])
        #expect(detail.merchant.rating == 4.5)
        #expect(detail.merchant.reviewCount == 2)
        let after = try server.get("/api/v1/merchants/nearby?\(hongKong)&sort=rating").decode(MerchantList.self)
        #expect(after.items.first?.id == target.id)
        #expect(after.items.first?.rating == 4.5)
    }
}
