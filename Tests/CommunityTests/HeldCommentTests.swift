import AppSuiteTesting
import Community
import Foundation
import Identity
import Notifications
import Storage
import Testing

/// Issue 11 item 3: comments the spam check flags, and a new account's first comment with a link, are held in the
/// moderation queue instead of refused; approving shows them (counted, under their root, the parent's author told),
/// rejecting removes them and tells the author.
@Suite struct HeldCommentTests {
    let database: any Database
    let comments: CommentStore
    let queue: ModerationQueue
    let moderator: User, veteran: User, newcomer: User
    let subject = Subject(app: "movies", item: "1292052")
    static let now: Int64 = 1_800_000_000

    init() throws {
        database = try CommunityDatabase.make()
        comments = CommentStore(database: database, now: { Self.now })
        queue = ModerationQueue(database: database, now: { Self.now })
        let users = UserStore(database: database, hasher: PasswordHasher())
        moderator = try users.register(username: "mod", password: "a long passphrase", now: Self.now - 30 * 86_400)
        veteran = try users.register(username: "veteran", password: "a long passphrase", now: Self.now - 30 * 86_400)
        newcomer = try users.register(username: "newcomer", password: "a long passphrase", now: Self.now - 600)
        try RoleStore(database: database).grant(.moderator, to: moderator, now: Self.now)
    }

    func author(_ user: User) -> CommentAuthor { .user(id: user.id, name: user.nickname) }

    @Test func aNewAccountsFirstLinkIsHeldThenApprovedIntoTheThread() throws {
        let top = try comments.post(subject, author: author(veteran), text: "这部片子的配乐是谁做的？")
        // An old account may link; a new account's first comment with a link waits for a moderator.
        #expect(try !comments.post(subject, author: author(veteran), text: "原声在 https://music.example/shawshank").isHeld)
        let held = try comments.post(subject, author: author(newcomer), text: "托马斯·纽曼，见 https://zh.wikipedia.org/wiki/托马斯·纽曼",
                                     parentID: top.id)
        #expect(held.isHeld && held.isDeleted)
        #expect(try comments.count(subject) == 2)
        #expect(try comments.page(subject, cursor: nil, limit: 10).items.first { $0.id == top.id }?.replyCount == 0)
        #expect(try Inbox(database: database).unreadCount(userID: veteran.id) == 0, "no one hears of a held reply")
        let item = try #require(try queue.page(state: .open, before: nil, limit: 10).first)
        #expect(item.kind == "comment" && item.item == String(held.id) && item.authorID == newcomer.id && item.reportCount == 0)
        #expect(item.excerpt.contains("托马斯·纽曼"))
        // Only its author is shown it, as awaiting review, until a moderator decides.
        #expect(try comments.awaitingReview(subject, author: author(newcomer)).map(\.id) == [held.id])
        #expect(try comments.awaitingReview(subject, author: author(veteran)).isEmpty)
        #expect(try comments.awaitingReview(subject, author: .anonymous(device: "any")).isEmpty)

        try queue.decide(item.id, .approve, actor: moderator)
        #expect(try comments.awaitingReview(subject, author: author(newcomer)).isEmpty)
        let shown = try #require(try comments.comment(held.id))
        #expect(!shown.isHeld && !shown.isDeleted)
        #expect(try comments.count(subject) == 3)
        #expect(try comments.page(subject, cursor: nil, limit: 10).items.first { $0.id == top.id }?.replies.map(\.id) == [held.id])
        #expect(try Inbox(database: database).unreadCount(userID: veteran.id) == 1, "the parent's author hears of it on approval")
        // Now the newcomer has a comment: the next link is not a first one.
        #expect(try !comments.post(subject, author: author(newcomer), text: "补充 https://music.example/newman").isHeld)
    }

    @Test func aFloodIsHeldAndARejectionRemovesItAndTellsTheAuthor() throws {
        let flood = try comments.post(subject, author: author(veteran), text: "看片 http://a.example https://b.example www.c.example")
        #expect(flood.isHeld)
        let item = try #require(try queue.page(state: .open, before: nil, limit: 10).first)
        try queue.decide(item.id, .reject(reason: "广告链接"), actor: moderator)
        let removed = try #require(try comments.comment(flood.id))
        #expect(removed.isDeleted && !removed.isHeld && removed.text.isEmpty)
        #expect(try comments.awaitingReview(subject, author: author(veteran)).isEmpty)
        #expect(try comments.count(subject) == 0)
        let told = try Inbox(database: database).unreadCount(userID: veteran.id)
        #expect(told == 1)
    }
}
