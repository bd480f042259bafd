import Identity
import Notifications
import Storage
import Testing
import WebUI

/// The inbox store on a real SQLite database: delivery with preferences, pages, unread counts, read marks.
@Suite struct InboxTests {
    let database: SQLiteDatabase
    let inbox: Inbox
    let now: Int64 = 1_800_000_000

    init() throws {
        database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, NotificationSchema.migrations())
        inbox = Inbox(database: database)
    }

    func deliver(_ userID: Int64, _ kind: NotificationKind = .reply, actor: String = "bob", body: String = "同感", link: String = "/comments/1",
                 at time: Int64? = nil) throws -> Int64? {
        try database.write { db in
            try Inbox.deliver(NewNotification(userID: userID, kind: kind, actor: actor, body: body, link: link), db: db, now: time ?? now)
        }
    }

    @Test func deliveredItemsAreListedNewestFirstAndCountedUntilRead() throws {
        let first = try #require(try deliver(7, body: "第一条"))
        let second = try #require(try deliver(7, .reportHandled, actor: NotificationKind.commentSubject("3"), body: "kept"))
        _ = try deliver(8)
        #expect(try inbox.unreadCount(userID: 7) == 2)
        let page = try inbox.page(userID: 7, cursor: nil, limit: 20)
        #expect(page.items.map(\.id) == [second, first] && page.nextCursor == nil)
        #expect(page.items[1].body == "第一条" && page.items[1].kind == "community.reply" && page.items[1].link == "/comments/1")
        #expect(NotificationKinds().headline(kind: page.items[0].kind, actor: page.items[0].actor, .zh) == "你举报的评论已处理")
        #expect(NotificationKinds().headline(kind: page.items[0].kind, actor: page.items[0].actor, .en) == "Your report on a comment was handled")
        #expect(NotificationKinds().detail(kind: page.items[0].kind, body: page.items[0].body, .en) == "No violation found; kept")
        #expect(NotificationKinds().detail(kind: page.items[1].kind, body: page.items[1].body, .en) == "第一条", "user text as stored")
        #expect(NotificationKinds().headline(kind: page.items[1].kind, actor: page.items[1].actor, .en) == "bob replied to your comment")
        #expect(NotificationKinds().headline(kind: "gone.kind", actor: "x", .en) == "Notice: x")

        #expect(try inbox.markRead(first, userID: 8, now: now) == false, "someone else's")
        #expect(try inbox.item(first, userID: 8) == nil)
        #expect(try inbox.markRead(first, userID: 7, now: now + 1))
        #expect(try inbox.unreadCount(userID: 7) == 1)
        #expect(try inbox.item(first, userID: 7)?.readAt == now + 1)
        #expect(try inbox.markAllRead(userID: 7, now: now + 2) == 1)
        #expect(try inbox.unreadCount(userID: 7) == 0)
        #expect(try inbox.unreadCount(userID: 8) == 1)
    }

    @Test func pagesFollowTheCursorAndRefuseForeignOnes() throws {
        for index in 0..<5 { _ = try deliver(1, body: "n\(index)") }
        let one = try inbox.page(userID: 1, cursor: nil, limit: 2)
        let two = try inbox.page(userID: 1, cursor: one.nextCursor, limit: 2)
        let three = try inbox.page(userID: 1, cursor: two.nextCursor, limit: 2)
        #expect((one.items + two.items + three.items).map(\.body) == ["n4", "n3", "n2", "n1", "n0"])
        #expect(three.nextCursor == nil)
        #expect(throws: InboxError.badCursor) { try inbox.page(userID: 1, cursor: "c12", limit: 2) }
        #expect(throws: InboxError.badCursor) { try inbox.page(userID: 1, cursor: "n-5", limit: 2) }
    }

    @Test func preferencesTurnKindsOffAndPushFollowsTheInbox() throws {
        let kinds = NotificationKinds()
        #expect(try inbox.preferences(userID: 3, kinds: kinds).allSatisfy { $0.preference == KindPreference(inbox: true, push: true) })
        try inbox.setPreference(KindPreference(inbox: false, push: true), kind: .reply, userID: 3)
        #expect(try deliver(3) == nil, "the kind is off")
        #expect(try deliver(3, .reportHandled) != nil)
        let stored = try inbox.preferences(userID: 3, kinds: kinds)
        #expect(stored.first { $0.kind == .reply }?.preference == KindPreference(inbox: false, push: false), "no push without the inbox")
        #expect(stored.map(\.kind.id) == ["community.reply", "moderation.report-handled", "moderation.submission-approved", "moderation.submission-rejected",
                                             "moderation.comment-hidden"])
    }

    @Test func aPushDeliveryIsQueuedPerSubscribedDeviceWhenPushIsOn() throws {
        try database.write { db in
            for (index, user) in [5, 5, 6].enumerated() {
                try db.execute("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, language, created_at) VALUES (?, ?, ?, ?, 'zh', ?)",
                               Int64(user), "https://push.example/\(index)", [UInt8](repeating: 4, count: 65), [UInt8](repeating: 1, count: 16), now)
            }
        }
        let id = try #require(try deliver(5))
        let queued = try database.read { try $0.scalar("SELECT count(*) FROM push_deliveries WHERE notification_id = ?", id, as: Int.self) }
        #expect(queued == 2)
        try inbox.setPreference(KindPreference(inbox: true, push: false), kind: .reply, userID: 5)
        let quiet = try #require(try deliver(5))
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM push_deliveries WHERE notification_id = ?", quiet, as: Int.self) } == 0)
    }

    @Test func linksStaySameSiteAndTextsAreCut() throws {
        let id = try #require(try deliver(9, actor: String(repeating: "名", count: 80), body: String(repeating: "字", count: 1_300), link: "//evil.example/x"))
        let item = try #require(try inbox.item(id, userID: 9))
        #expect(item.link == "/inbox" && item.actor.count == 60 && item.body.count == Inbox.maxBody && Inbox.maxBody == 1_000)
        #expect(try inbox.item(try #require(try deliver(9, link: "https://evil.example")), userID: 9)?.link == "/inbox")
        #expect(try inbox.item(try #require(try deliver(9, link: "/\\evil.example")), userID: 9)?.link == "/inbox")
    }

    @Test func onlyTheNewestNotificationsOfAUserAreKept() throws {
        for index in 0..<(Inbox.keptPerUser + 3) { _ = try deliver(4, body: "n\(index)") }
        _ = try deliver(2)
        let count = try database.read { try $0.scalar("SELECT count(*) FROM notifications WHERE user_id = 4", as: Int.self) }
        #expect(count == Inbox.keptPerUser)
        #expect(try inbox.page(userID: 4, cursor: nil, limit: 1).items.first?.body == "n\(Inbox.keptPerUser + 2)")
        #expect(try inbox.unreadCount(userID: 2) == 1)
    }
}
