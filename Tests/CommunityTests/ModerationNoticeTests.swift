import AppSuiteTesting
import Community
import Foundation
import Identity
import Notifications
import Storage
import Testing
import WebUI

/// Issue 30, tester pass 11 items 3 and 11: a moderation notice says which comment (its first words), where it was
/// posted and why, and leads there; a reader's reported comments are known, so the page says 已举报; notices stored
/// before the notes read as before.
@Suite(.requires(.movies)) struct ModerationNoticeTests {
    let database: any Database
    let comments: CommentStore
    let queue: ModerationQueue
    let inbox: Inbox
    let moderator: User, alice: User, bob: User
    let texts: [String]
    let subject = Subject(app: "movies", item: "7885559")
    static let now: Int64 = 1_800_000_000

    init() throws {
        database = try CommunityDatabase.make()
        comments = CommentStore(database: database, policy: CommunityDatabase.relaxed(), now: { Self.now })
        let directory = SubjectDirectory(["movies": SubjectResolver { _, item in
            SubjectInfo(title: "肖申克的救赎", path: "/movies/reviews/\(item)", commentsPath: "/movies/reviews/\(item)/comments")
        }])
        queue = ModerationQueue(database: database, directory: directory, now: { Self.now })
        inbox = Inbox(database: database)
        let users = UserStore(database: database, hasher: PasswordHasher())
        moderator = try users.register(username: "mod", password: "a long passphrase", now: Self.now)
        alice = try users.register(username: "alice", password: "a long passphrase", now: Self.now)
        bob = try users.register(username: "bob", password: "a long passphrase", now: Self.now)
        try RoleStore(database: database).grant(.moderator, to: moderator, now: Self.now)
        texts = try RealComments.texts(3)
    }

    @Test func aHiddenCommentsNoticeQuotesItAndLeadsToWhereItWas() throws {
        let comment = try comments.post(subject, author: .user(id: alice.id, name: alice.nickname), text: texts[0])
        let item = try queue.report(commentID: comment.id, reporter: bob, reason: "广告")
        #expect(try queue.reported(by: bob.id, among: [comment.id, 999]) == [comment.id])
        #expect(try queue.reported(by: alice.id, among: [comment.id]).isEmpty)
        try queue.decide(item.id, .hide(), actor: moderator)
        let notice = try #require(try inbox.page(userID: alice.id, cursor: nil, limit: 5).items.first)
        #expect(notice.kind == NotificationKind.commentHidden.id && notice.link == "/movies/reviews/7885559/comments")
        let excerpt = texts[0].count > 80 ? String(texts[0].prefix(79)) + "…" : texts[0]
        let kinds = NotificationKinds()
        #expect(kinds.detail(kind: notice.kind, body: notice.body, .zh)
                == "“\(excerpt)” · 发表在：肖申克的救赎。它不符合社区规则，其他人已看不到。")
        #expect(kinds.detail(kind: notice.kind, body: notice.body, .en).hasPrefix("“\(excerpt)” · Posted on: 肖申克的救赎. It broke"))
        // A notice stored before notes (an empty body) reads as it did.
        #expect(kinds.detail(kind: notice.kind, body: "", .zh) == "它不符合社区规则，其他人已看不到。")
    }

    @Test func aRejectedCommentsNoticeGivesTheReason() throws {
        let comment = try comments.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[1])
        let item = try queue.report(commentID: comment.id, reporter: alice, reason: "人身攻击")
        try queue.decide(item.id, .reject(reason: "请文明发言"), actor: moderator)
        let told = try #require(try inbox.page(userID: bob.id, cursor: nil, limit: 5).items.first)
        let detail = NotificationKinds().detail(kind: told.kind, body: told.body, .zh)
        #expect(detail.hasSuffix(" · 发表在：肖申克的救赎 · 原因：请文明发言") && detail.hasPrefix("“"), "\(detail)")
        #expect(NotificationKinds().detail(kind: told.kind, body: told.body, .en).hasSuffix(" · Posted on: 肖申克的救赎 · Reason: 请文明发言"))
        // A reason stored as plain text before notes is shown as stored.
        #expect(NotificationKinds().detail(kind: told.kind, body: "请文明发言", .zh) == "请文明发言")
    }

    @Test func anApprovedSubmissionLeadsToThePublishedItem() throws {
        let reviewer = SubmissionReviewer({ _, _, _ in }, published: { _, item throws(StorageError) in "/merchants/\(item)" })
        let withReviewer = ModerationQueue(database: database, reviewers: ["merchants": reviewer], now: { Self.now })
        let id = try database.write { db in
            try ModerationQueue.submit(app: "merchants", item: "42", author: alice.id, title: "步行面馆", excerpt: "餐馆", db: db, now: Self.now)
        }
        try withReviewer.decide(id, .approve, actor: moderator)
        let notice = try #require(try inbox.page(userID: alice.id, cursor: nil, limit: 5).items.first)
        #expect(notice.kind == NotificationKind.submissionApproved.id && notice.link == "/merchants/42")
        #expect(NotificationKinds().headline(kind: notice.kind, actor: notice.actor, .zh) == "你的投稿已通过：步行面馆")
    }

    /// Tester 30 #3: a rejected merchant photo was announced as "你的投稿未通过：Korean Food" linking the inbox itself.
    /// The notice names what it was and leads to the merchant, in the reader's language.
    @Test func aRejectedPhotoIsNamedAsAPhotoAndLeadsToItsMerchant() throws {
        let reviewer = SubmissionReviewer({ _, _, _ in }, label: { _ in LocalizedText(zh: "商户照片", en: "Merchant photo") },
                                          published: { _, _ throws(StorageError) in "/merchants/1134" })
        let withReviewer = ModerationQueue(database: database, reviewers: ["merchants": reviewer], now: { Self.now })
        let id = try database.write { db in
            try ModerationQueue.submit(app: "merchants", item: "photo:9", author: alice.id, title: "Korean Food", excerpt: "", db: db, now: Self.now)
        }
        try withReviewer.decide(id, .reject(reason: "照片与商户无关"), actor: moderator)
        let notice = try #require(try inbox.page(userID: alice.id, cursor: nil, limit: 5).items.first)
        #expect(notice.kind == NotificationKind.submissionRejected.id && notice.link == "/merchants/1134")
        let kinds = NotificationKinds()
        #expect(kinds.headline(kind: notice.kind, actor: notice.actor, .zh) == "你的商户照片未通过（Korean Food）")
        #expect(kinds.headline(kind: notice.kind, actor: notice.actor, .en) == "Your merchant photo was rejected (Korean Food)")
        #expect(kinds.detail(kind: notice.kind, body: notice.body, .zh) == "原因：照片与商户无关")
        // A long title is cut to the inbox's 60 characters and still reads.
        let long = NotificationKind.itemSubject(LocalizedText(zh: "新商户", en: "New merchant"), title: String(repeating: "面", count: 80))
        #expect(long.count <= 60 && kinds.headline(kind: NotificationKind.submissionApproved.id, actor: long, .zh).hasSuffix("面…）"))
    }
}
