import AppHost
import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Identity
import Storage
import Testing

/// Every Merchants endpoint called through `client.call` on a live server with the real merchant data, at Tuesday 2026-12-01 12:00 in Shanghai.
@Suite(.requires(.merchants), .requires(.photos)) struct MerchantsLiveTests {
    @Test func everyMethod() async throws {
        let server = try TestServer(clock: FixedClock(Date(timeIntervalSince1970: 1_796_097_600)), importing: [.merchants])
        let recorder = RecordingTransport()
        let client = server.client(recorder: recorder)
        let username = uniqueName("mx")
        _ = try await client.auth.register(username: username, password: TestServer.password)
        let first = try await client.call(MerchantEndpoints.nearby, query: .init(lat: 31.2304, lon: 121.4737, limit: 10))
        #expect(first.items.count == 10)
        #expect(first.total > 10)
        let cursor = try #require(first.nextCursor)
        let second = try await client.call(MerchantEndpoints.nearby, query: .init(lat: 31.2304, lon: 121.4737, cursor: cursor, limit: 10))
        #expect(Set(second.items.map(\.id)).isDisjoint(with: first.items.map(\.id)))
        #expect((second.items.first?.distanceMeters ?? 0) >= (first.items.last?.distanceMeters ?? .infinity))
        let found = try await client.call(MerchantEndpoints.search, query: .init(q: "麥當勞", lat: 31.2304, lon: 121.4737))
        #expect(found.total == 63)
        let shaken = try await client.call(MerchantEndpoints.shake, query: .init(lat: 31.2304, lon: 121.4737, radius: 3_000))
        #expect(shaken.openNow == true)
        let converted = try await client.call(MerchantEndpoints.coordinates, query: .init(from: .gcj02, to: .wgs84, lat: 30.316078, lon: 120.149192))
        #expect(abs(converted.lat - 30.318384) < 2e-6 && abs(converted.lon - 120.144464) < 2e-6)
        let detail = try await client.call(MerchantEndpoints.merchant, path: ["id": shaken.id], query: .init(lat: 31.2304, lon: 121.4737))
        #expect(detail.merchant.id == shaken.id)
        #expect(detail.ratingDistribution.count == 5)

        // Add a merchant: queued, and flagged as a duplicate of the one just shaken (same name, a few metres away).
        let queued = try await client.call(MerchantEndpoints.submit, body: MerchantSubmissionInput(name: shaken.name, category: shaken.category,
                                                                                           lat: shaken.lat + 0.0001, lon: shaken.lon))
        #expect(queued.state == "pending")
        #expect(queued.duplicateOf == shaken.id)
        #expect((queued.duplicateDistanceMeters ?? 99) < 15)

        // Photos: an upload is held for review, seen by its uploader alone until a moderator approves it.
        let portrait = SharedDataSet.photos.url("orientation/Portrait_6.jpg")
        let held = try await client.upload(MerchantEndpoints.uploadPhotos, path: ["id": shaken.id], query: NoQuery(),
                                              files: [("photo", UploadFile(file: portrait))])
        #expect(held.items.count == 1 && held.items[0].state == "pending" && held.items[0].height == 1_280)
        let photos = try await client.call(MerchantEndpoints.photos, path: ["id": shaken.id])
        #expect(photos.items.isEmpty && photos.pending.map(\.id) == held.items.map(\.id))
        let notPicture = await failure { () async throws(AppSuiteError) in
            _ = try await client.upload(MerchantEndpoints.uploadPhotos, path: ["id": shaken.id], query: NoQuery(),
                                       files: [("photo", UploadFile(file: SharedDataSet.photos.url("edge/text_not_image.jpg")))])
        }
        #expect(notPicture?.status == 422)

        let bad = await failure { () async throws(AppSuiteError) in _ = try await client.call(MerchantEndpoints.nearby, query: .init(lat: 91, lon: 0)) }
        #expect(bad?.status == 422)

        // Articles: refused before the user owns the merchant; then published, listed, read, replaced and deleted.
        let input = MerchantArticleInput(title: "午市套餐", markdown: "**¥39** 起，含饮品。", validFrom: "2026-12-01", validUntil: "2026-12-31")
        let notOwner = await failure { () async throws(AppSuiteError) in _ = try await client.call(MerchantEndpoints.publish, path: ["id": shaken.id], body: input) }
        #expect(notOwner?.status == 403)
        let user = try #require(try UserStore(database: server.database, hasher: PasswordHasher()).user(username: username))
        try server.database.write { db in _ = try db.execute("UPDATE merchants SET owner_id = ? WHERE id = ?", [.integer(user.id), .integer(shaken.id)]) }
        let article = try await client.call(MerchantEndpoints.publish, path: ["id": shaken.id], body: input)
        #expect(article.html == "<p><strong>¥39</strong> 起，含饮品。</p>\n" && article.state == "running")
        #expect(try await client.call(MerchantEndpoints.articles, path: ["id": shaken.id]).items.map(\.id) == [article.id])
        #expect(try await client.call(MerchantEndpoints.article, path: ["id": shaken.id, "articleID": article.id]).markdown == input.markdown)
        let replaced = try await client.call(MerchantEndpoints.replace, path: ["id": shaken.id, "articleID": article.id],
                                           body: MerchantArticleInput(title: "午市套餐（改）", markdown: "改"))
        #expect(replaced.title == "午市套餐（改）" && replaced.validFrom == nil && replaced.state == nil)
        _ = try await client.call(MerchantEndpoints.delete, path: ["id": shaken.id, "articleID": article.id])
        let gone = await failure { () async throws(AppSuiteError) in _ = try await client.call(MerchantEndpoints.article, path: ["id": shaken.id, "articleID": article.id]) }
        #expect(gone?.status == 404)

        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/merchants/") }
        #expect(expected.count == 13)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }
}
