import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Identity
import Storage
import Testing

/// Issue 11 on the live server through the SDK: a reply lands in the author's inbox; a report reaches a moderator,
/// who hides the comment, bans its author and finds both in the audit log.
@Suite(.requires(.gaokao), .requires(.movies)) struct InboxModerationLiveTests {
    @Test func aReplyNotifiesAndAModeratorHidesAReportedComment() async throws {
        let server = try liveServer()
        let recorder = RecordingTransport()
        let alice = server.client(recorder: recorder)
        let bob = server.client(recorder: recorder)
        let mod = server.client(recorder: recorder)
        _ = try await alice.auth.register(username: uniqueName("inbox_a"), password: TestServer.password)
        let bobUser = try await bob.auth.register(username: uniqueName("inbox_b"), password: TestServer.password)
        let modUser = try await mod.auth.register(username: uniqueName("inbox_m"), password: TestServer.password)

        // Not review 7885559, whose comment count MoviesLiveTests checks on the same shared server meanwhile.
        let review = try #require(try await alice.movies.reviews(limit: 5).items.first { $0.id != 7_885_559 })
        let root = try await alice.movies.postComment(onReview: review.id, text: "配乐一响就哭了。")
        let reply = try await bob.movies.postComment(onReview: review.id, text: "我也是，尤其是结尾。", replyingTo: root.id)

        let page = try await alice.inbox.notifications(limit: 5)
        let item = try #require(page.items.first)
        #expect(page.unread == 1 && item.kind == "community.reply" && item.body == "我也是，尤其是结尾。" && item.url == "/comments/\(reply.id)")
        #expect(item.title == "\(bobUser.nickname) 回复了你的评论" && !item.read)
        try await alice.inbox.markRead(id: item.id)
        #expect(try await alice.inbox.notifications().unread == 0)
        #expect(try await alice.inbox.markAllRead().unread == 0)
        let kinds = try await alice.inbox.setPreference(kind: "community.reply", inbox: true, push: false)
        #expect(kinds.items.first { $0.kind == "community.reply" }?.push == false)
        #expect(try await alice.inbox.preferences().items.count == kinds.items.count)
        #expect(await failure { () async throws(AppSuiteError) in try await bob.inbox.markRead(id: item.id) }?.status == 404, "not bob's")

        #expect(try await alice.moderation.report(commentID: reply.id, reason: "剧透").reported)
        #expect(await failure { () async throws(AppSuiteError) in try await mod.moderation.queue() }?.status == 403, "not yet a moderator")
        // Roles are granted from the command line (`appsuite user grant`): here straight on the server's database.
        let database = server.database
        let moderator = try #require(try UserStore(database: database, hasher: PasswordHasher()).user(id: modUser.id))
        try RoleStore(database: database).grant(.moderator, to: moderator, now: Int64(Date().timeIntervalSince1970))
        let queued = try #require(try await mod.moderation.queue(limit: 100).items.first { $0.item == String(reply.id) })
        #expect(queued.reports == ["剧透"] && queued.authorId == bobUser.id)
        let hidden = try await mod.moderation.decide(itemID: queued.id, action: "hide")
        #expect(hidden.state == "hidden")
        #expect(try await alice.movies.comments(onReview: review.id).items.first { $0.id == root.id }?.replyCount == 0)
        #expect(try await alice.inbox.notifications().items.first?.kind == "moderation.report-handled")
        let ban = try await mod.moderation.ban(userID: bobUser.id, hours: 2, reason: "剧透")
        #expect(ban.userId == bobUser.id && ban.reason == "剧透")
        #expect(await failure { () async throws(AppSuiteError) in try await bob.movies.postComment(onReview: review.id, text: "再说一次") }?.status == 403)
        let audit = try await mod.moderation.audit(limit: 5).items
        #expect(audit.prefix(2).map(\.action) == ["ban", "hide"] && audit[0].actor == moderator.username)

        // Web Push: a subscription to a name that never resolves, deleted at once (nothing leaves this machine).
        let key = try await alice.push.key()
        #expect(key.publicKey.count == 87, "65 bytes in base64url")
        let stored = try await alice.push.subscribe(NewPushSubscription(
            endpoint: "https://push.invalid/sdk", keys: .init(p256dh: key.publicKey, auth: "AAECAwQFBgcICQoLDA0ODw")))
        #expect(await failure { () async throws(AppSuiteError) in try await alice.push.subscribe(NewPushSubscription(
            endpoint: "https://10.0.0.1/x", keys: .init(p256dh: key.publicKey, auth: "AAECAwQFBgcICQoLDA0ODw"))) }?.status == 422)
        try await alice.push.unsubscribe(id: stored.id)

        let expected = AppSuiteClient.routes.filter {
            $0.path.hasPrefix("/api/v1/inbox") || $0.path.hasPrefix("/api/v1/moderation") || $0.path.hasPrefix("/api/v1/push")
        }
        #expect(expected.count == 13)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }
}
