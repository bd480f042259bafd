import AppSuiteTesting
import Community
import Foundation
import HTTPServer
import WebUI
import Identity
import Notifications
import Storage
import Synchronization
import Testing

/// Comment rules (keyset pages, totals, replies, notifications, bans, rate limits, the spam check) on a temporary database
/// with subjects named after real reviews and texts from the real data.
@Suite struct CommentRulesTests {
    @Test(.requires(.movies)) func keysetPagesHaveNoDuplicatesOrGapsWhileCommentsArrive() throws {
        let database = try CommunityDatabase.make()
        let store = CommentStore(database: database, policy: CommunityDatabase.relaxed())
        let subject = Subject(app: "movies", item: "7885559")
        let texts = try RealComments.texts(400)
        var original: [Int64] = []
        for (index, text) in texts.prefix(95).enumerated() {
            original.append(try store.post(subject, author: .user(id: Int64(index % 7 + 1), name: "u\(index % 7)"), text: text).id)
        }
        let stop = Atomic<Bool>(false)
        let writer = Thread {
            var index = 95
            while !stop.load(ordering: .relaxed), index < texts.count {
                _ = try? store.post(subject, author: .user(id: Int64(100 + index % 5), name: "w"), text: texts[index])
                index += 1
            }
        }
        writer.start()
        var seen: [Int64] = []
        var cursor: String?
        repeat {
            let page = try store.page(subject, cursor: cursor, limit: 20)
            seen += page.items.map(\.id)
            cursor = page.nextCursor
            // Keep inserting between pages even if the writer thread has not run yet.
            _ = try store.post(subject, author: .user(id: 999, name: "late"), text: "新评论 \(seen.count) \(UUID())")
        } while cursor != nil
        stop.store(true, ordering: .relaxed)
        // Everything that existed when paging started appears exactly once, in order; nothing is skipped.
        let fromBefore = seen.filter { original.contains($0) }
        #expect(fromBefore == original.reversed())
        #expect(Set(seen).count == seen.count)
        #expect(seen.first.map { $0 >= original.last! } == true)
    }

    @Test(.requires(.movies)) func totalAndListComeFromOneSnapshotWhileCommentsArrive() throws {
        let database = try CommunityDatabase.make()
        let store = CommentStore(database: database, policy: CommunityDatabase.relaxed())
        let subject = Subject(app: "movies", item: "7889015")
        let texts = try RealComments.texts(90)
        let writer = Thread {
            for (index, text) in texts.enumerated() { _ = try? store.post(subject, author: .user(id: Int64(index + 1), name: "w"), text: text) }
        }
        writer.start()
        for _ in 0..<300 {
            let page = try store.page(subject, cursor: nil, limit: 100)
            #expect(page.total == page.items.count)
        }
    }

    @Test(.requires(.movies)) func totalEqualsWhatPagingToTheEndShowsAfterDeletes() throws {
        let database = try CommunityDatabase.make()
        let store = CommentStore(database: database, policy: CommunityDatabase.relaxed())
        let subject = Subject(app: "movies", item: "7887414")
        let texts = try RealComments.texts(60)
        var roots: [Community.Comment] = []
        for index in 0..<30 { roots.append(try store.post(subject, author: .user(id: 1, name: "甲"), text: texts[index])) }
        for index in 30..<60 {
            let parent = roots[index % 10]
            try store.post(subject, author: .user(id: 2, name: "乙"), text: texts[index], parentID: parent.id)
        }
        #expect(try store.count(subject) == 60)
        // Delete a root that has replies: it stays as a placeholder and its replies stay.
        try store.delete(roots[0].id, userID: 1)
        // Delete a root without replies: it disappears.
        try store.delete(roots[25].id, userID: 1)
        #expect(throws: CommentError.notYours) { try store.delete(roots[1].id, userID: 2) }
        var counted = 0
        var placeholders = 0
        var cursor: String?
        repeat {
            let page = try store.page(subject, cursor: cursor, limit: 7)
            for item in page.items {
                counted += (item.isDeleted ? 0 : 1) + item.replyCount
                if item.isDeleted {
                    placeholders += 1
                    #expect(item.text.isEmpty)
                    #expect(item.replyCount == 3)
                    #expect(item.replies.count == 3)
                }
                #expect(item.id != roots[25].id)
            }
            #expect(page.total == 58)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(counted == 58)
        #expect(placeholders == 1)
        // Deleting a reply lowers both the subject total and the root's reply count.
        let firstPage = try store.page(subject, cursor: nil, limit: 100)
        let reply = try #require(firstPage.items.first { $0.id == roots[1].id }?.replies.first)
        try store.delete(reply.id, userID: 2)
        #expect(try store.count(subject) == 57)
        #expect(try store.comment(roots[1].id)?.replyCount == 2)
    }

    @Test func repliesToRepliesAttachToTheRootAndNameWhomTheyAnswer() throws {
        let store = CommentStore(database: try CommunityDatabase.make(), policy: CommunityDatabase.relaxed())
        let subject = Subject(app: "movies", item: "1")
        let root = try store.post(subject, author: .anonymous(device: "d1"), text: "主评论")
        #expect(throws: CommentError.loginRequired) { try store.post(subject, author: .anonymous(device: "d1"), text: "x", parentID: root.id) }
        let first = try store.post(subject, author: .user(id: 1, name: "甲"), text: "一楼回复", parentID: root.id)
        let second = try store.post(subject, author: .user(id: 2, name: "乙"), text: "回复甲", parentID: first.id)
        #expect(first.rootID == root.id && first.replyToName == nil)
        #expect(second.rootID == root.id && second.parentID == first.id && second.replyToName == "甲")
        #expect(throws: CommentError.parentNotFound) {
            try store.post(Subject(app: "movies", item: "2"), author: .user(id: 1, name: "甲"), text: "跨主题", parentID: root.id)
        }
        let edited = try store.edit(first.id, userID: 1, text: "改过的回复")
        #expect(edited.text == "改过的回复" && edited.editedAt != nil)
        #expect(throws: CommentError.notYours) { try store.edit(first.id, userID: 2, text: "不是我的") }
    }

    /// Issue 11: a reply tells the author of the comment it answers (not oneself, not an anonymous author), in the
    /// same transaction; a banned user cannot post until the ban ends.
    @Test(.requires(.movies)) func aReplyNotifiesTheAuthorAndABannedUserCannotPost() throws {
        let database = try CommunityDatabase.make()
        let clock = Atomic<Int64>(1_800_000_000)
        let store = CommentStore(database: database, policy: CommunityDatabase.relaxed(), now: { clock.load(ordering: .relaxed) })
        let users = UserStore(database: database, hasher: PasswordHasher())
        let alice = try users.register(username: "alice", password: "a long passphrase", now: 1_800_000_000)
        let bob = try users.register(username: "bob", password: "a long passphrase", now: 1_800_000_000)
        let moderator = try users.register(username: "mod", password: "a long passphrase", now: 1_800_000_000)
        let texts = try RealComments.texts(6)
        let subject = Subject(app: "movies", item: "7885559")
        let inbox = Inbox(database: database)

        let root = try store.post(subject, author: .user(id: alice.id, name: alice.nickname), text: texts[0])
        let reply = try store.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[1], parentID: root.id)
        let items = try inbox.page(userID: alice.id, cursor: nil, limit: 10).items
        #expect(items.count == 1)
        #expect(items.first?.kind == NotificationKind.reply.id && items.first?.actor == "bob" && items.first?.link == "/comments/\(reply.id)")
        #expect(items.first?.body == String(texts[1].prefix(200)))
        _ = try store.post(subject, author: .user(id: alice.id, name: alice.nickname), text: texts[2], parentID: reply.id)
        #expect(try inbox.unreadCount(userID: bob.id) == 1, "bob hears that alice answered his reply")
        _ = try store.post(subject, author: .user(id: alice.id, name: alice.nickname), text: texts[3], parentID: root.id)
        #expect(try inbox.unreadCount(userID: alice.id) == 1, "answering oneself notifies nobody")
        let anonymous = try store.post(subject, author: .anonymous(device: "d"), text: texts[4])
        _ = try store.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[5], parentID: anonymous.id)
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM notifications", as: Int.self) } == 2)

        let roles = RoleStore(database: database)
        try roles.grant(.moderator, to: moderator, now: clock.load(ordering: .relaxed))
        let ban = try roles.ban(bob, for: 3_600, reason: "刷屏", actor: moderator, now: clock.load(ordering: .relaxed))
        #expect(throws: CommentError.banned(until: ban.until, reason: "刷屏")) {
            try store.post(subject, author: .user(id: bob.id, name: bob.nickname), text: "我又来了")
        }
        #expect(CommentError.banned(until: ban.until, reason: "刷屏").httpError(.zh).status == .forbidden)
        #expect(CommentError.banned(until: ban.until, reason: "刷屏").message(.zh).hasPrefix("你已被禁言至"))
        clock.add(3_600, ordering: .relaxed)
        #expect(try store.post(subject, author: .user(id: bob.id, name: bob.nickname), text: "我又来了").text == "我又来了")
    }

    @Test(.requires(.movies)) func rateLimitsRepeatedTextAndLinkFloods() throws {
        let clock = Atomic<Int64>(1_700_000_000)
        let store = CommentStore(database: try CommunityDatabase.make(), now: { clock.load(ordering: .relaxed) })
        let subject = Subject(app: "movies", item: "7885559")
        let texts = try RealComments.texts(40)
        for index in 0..<5 { try store.post(subject, author: .anonymous(device: "phone"), text: texts[index]) }
        #expect(throws: CommentError.rateLimited(retryAfter: 60)) { try store.post(subject, author: .anonymous(device: "phone"), text: texts[5]) }
        // Another device behind the same address is not affected.
        try store.post(subject, author: .anonymous(device: "other"), text: texts[6])
        clock.add(61, ordering: .relaxed)
        let first = try store.post(subject, author: .anonymous(device: "phone"), text: texts[7])
        // Submitted twice at once (double tap): the first comment comes back, nothing new is stored.
        #expect(try store.post(subject, author: .anonymous(device: "phone"), text: texts[7]).id == first.id)
        clock.add(30, ordering: .relaxed)
        // What the spam check flags is held for a moderator, not refused (issue 11 item 3): stored, shown to no one.
        let visible = try store.count(subject)
        #expect(try store.post(subject, author: .anonymous(device: "phone"), text: texts[7]).isHeld)
        #expect(try store.post(subject, author: .anonymous(device: "phone"), text: "  " + texts[7].uppercased() + "\n").isHeld)
        let flood = try store.post(subject, author: .user(id: 5, name: "spam"), text: "看片 http://a.example https://b.example www.c.example")
        #expect(flood.isHeld && flood.isDeleted && flood.text.hasPrefix("看片"))
        #expect(try store.count(subject) == visible)
        #expect(try store.page(subject, cursor: nil, limit: 100).items.allSatisfy { !$0.isHeld })
        #expect(throws: CommentError.emptyText) { try store.post(subject, author: .user(id: 5, name: "x"), text: " \n\u{3000}") }
        #expect(throws: CommentError.tooLong(max: 2_000)) { try store.post(subject, author: .user(id: 5, name: "x"), text: String(repeating: "长", count: 2_001)) }
        // The same text from three people within an hour is a flood on this subject.
        for user in 10..<13 { try store.post(subject, author: .user(id: Int64(user), name: "u"), text: "好看好看好看") }
        #expect(try store.post(subject, author: .user(id: 20, name: "u"), text: "好看好看好看").isHeld)
    }

    @Test(.requires(.movies)) func anonymousCommentsAreCappedPerAddressWhateverTheCookie() throws {
        var policy = CommentPolicy()
        policy.anonymousPerAddressPerHour = 4
        let store = CommentStore(database: try CommunityDatabase.make(), policy: policy)
        let subject = Subject(app: "movies", item: "7885559")
        let texts = try RealComments.texts(10)
        for index in 0..<4 { try store.post(subject, author: .anonymous(device: "fresh\(index)"), text: texts[index], address: "10.0.0.1") }
        #expect(throws: CommentError.rateLimited(retryAfter: 3_600)) {
            try store.post(subject, author: .anonymous(device: "fresh9"), text: texts[5], address: "10.0.0.1")
        }
        // Signed-in users behind the same address are not counted against it.
        try store.post(subject, author: .user(id: 1, name: "甲"), text: texts[6], address: "10.0.0.1")
        try store.post(subject, author: .anonymous(device: "x"), text: texts[7], address: "10.0.0.2")
    }

    @Test(.requires(.movies)) func contentRulesAcceptEveryRealComment() throws {
        // No false positives on the 8,026 real comments, including the 22 the DMR authors labelled spam:
        // those look like normal text (research §3.4), so content rules alone do not catch them.
        let store = CommentStore(database: try CommunityDatabase.make())
        let rows = try RealComments.rows()
        let refused = rows.filter { store.contentProblem($0["content"] ?? "") != nil }
        #expect(refused.isEmpty, "\(refused.prefix(3).map { $0["comment_id"] ?? "" })")
        #expect(rows.filter { $0["is_spam"] == "1" }.count == 22)
    }
}
