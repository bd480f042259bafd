import AppSuiteTesting
import Community
import Foundation
import HTTPServer
import Storage
import Synchronization
import Testing
import WebUI

/// Keyset pages beyond the subject's list (``CommentRulesTests``): a thread's replies, a user's own comments across
/// apps, the cursor and limit rules; and the hourly limit. Texts from the real 短评.
@Suite(.requires(.movies)) struct CommentPagingTests {
    @Test func repliesPageOldestFirstAndSkipWhatWasDeleted() throws {
        let store = CommentStore(database: try CommunityDatabase.make(), policy: CommunityDatabase.relaxed())
        let subject = Subject(app: "movies", item: "27060077")
        let texts = try RealComments.texts(41)
        let root = try store.post(subject, author: .user(id: 1, name: "甲"), text: texts[0])
        var replies: [Int64] = []
        for index in 1...40 {
            // Every other reply answers the one before it: all stay under the root.
            let parent = index.isMultiple(of: 2) ? replies.last! : root.id
            replies.append(try store.post(subject, author: .user(id: Int64(2 + index % 3), name: "u\(index % 3)"), text: texts[index],
                                          parentID: parent).id)
        }
        for id in [replies[3], replies[17], replies[39]] { try store.delete(id, userID: try #require(store.comment(id)?.userID)) }
        let shown = replies.filter { ![replies[3], replies[17], replies[39]].contains($0) }
        var seen: [Int64] = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try store.replies(root: root.id, cursor: cursor, limit: 8)
            #expect(page.items.allSatisfy { $0.rootID == root.id && !$0.isDeleted })
            seen += page.items.map(\.id)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil
        #expect(seen == shown && pages == 5)
        let top = try #require(try store.page(subject, cursor: nil, limit: 10).items.first)
        #expect(top.replyCount == 37 && top.replies.map(\.id) == Array(shown.prefix(CommentStore.repliesShown)))
        #expect(try store.count(subject) == 38)
    }

    @Test func aUsersOwnCommentsAcrossAppsNewestFirst() throws {
        let store = CommentStore(database: try CommunityDatabase.make(), policy: CommunityDatabase.relaxed())
        let texts = try RealComments.texts(30)
        var mine: [Int64] = []
        for (index, text) in texts.enumerated() {
            let subject = Subject(app: index.isMultiple(of: 3) ? "merchants" : "movies", item: String(100 + index % 4))
            let author: CommentAuthor = index.isMultiple(of: 5) ? .user(id: 9, name: "别人") : .user(id: 4, name: "我")
            let id = try store.post(subject, author: author, text: text).id
            if index % 5 != 0 { mine.append(id) }
        }
        try store.delete(mine[2], userID: 4)
        mine.remove(at: 2)
        var seen: [Int64] = []
        var cursor: String?
        repeat {
            let page = try store.comments(byUser: 4, cursor: cursor, limit: 7)
            #expect(page.items.allSatisfy { $0.userID == 4 })
            seen += page.items.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == mine.reversed())
        #expect(Set(try store.comments(byUser: 4, cursor: nil, limit: 100).items.map(\.subject.app)) == ["movies", "merchants"])
    }

    @Test(arguments: ["x", "c", "c-5", "c0", "czzzzzzzzzzzzzzzzzzzz", "C1"])
    func aCursorNotMadeByTheStoreIsRefused(_ cursor: String) throws {
        let store = CommentStore(database: try CommunityDatabase.make())
        let subject = Subject(app: "movies", item: "1")
        #expect(throws: CommentError.badCursor) { try store.page(subject, cursor: cursor, limit: 10) }
        #expect(throws: CommentError.badCursor) { try store.replies(root: 1, cursor: cursor, limit: 10) }
        #expect(throws: CommentError.badCursor) { try store.comments(byUser: 1, cursor: cursor, limit: 10) }
    }

    @Test func limitsAreHeldToOneToAHundred() throws {
        let store = CommentStore(database: try CommunityDatabase.make(), policy: CommunityDatabase.relaxed())
        let subject = Subject(app: "movies", item: "19899707")
        for (index, text) in try RealComments.texts(105).enumerated() {
            try store.post(subject, author: .user(id: Int64(index % 9 + 1), name: "u"), text: text)
        }
        #expect(try store.page(subject, cursor: nil, limit: 0).items.count == 1)
        #expect(try store.page(subject, cursor: nil, limit: -3).items.count == 1)
        let most = try store.page(subject, cursor: nil, limit: 500)
        #expect(most.items.count == 100 && most.nextCursor != nil && most.total == 105)
        #expect(try store.page(subject, cursor: most.nextCursor, limit: 100).items.count == 5)
        // The cursor continues after the comment it names, for tools that seek to a depth.
        #expect(try store.page(subject, cursor: CommentStore.cursor(after: most.items[9].id), limit: 3).items.map(\.id)
                    == most.items[10..<13].map(\.id))
    }

    @Test func aSignedInAuthorGetsThirtyAnHourThenWaits() throws {
        let clock = Atomic<Int64>(1_700_000_000)
        let store = CommentStore(database: try CommunityDatabase.make(), now: { clock.load(ordering: .relaxed) })
        let texts = try RealComments.texts(40)
        for index in 0..<30 {
            try store.post(Subject(app: "movies", item: String(index)), author: .user(id: 3, name: "丙"), text: texts[index])
            // Five a minute: step past the minute after every fifth.
            if index % 5 == 4 { clock.add(61, ordering: .relaxed) }
        }
        #expect(throws: CommentError.rateLimited(retryAfter: 3_600)) {
            try store.post(Subject(app: "movies", item: "99"), author: .user(id: 3, name: "丙"), text: texts[30])
        }
        // Another author is not held back; and once the hour since the first has passed, neither is this one.
        try store.post(Subject(app: "movies", item: "99"), author: .user(id: 4, name: "丁"), text: texts[31])
        clock.add(3_600 - 6 * 61 + 1, ordering: .relaxed)
        #expect(try store.post(Subject(app: "movies", item: "99"), author: .user(id: 3, name: "丙"), text: texts[32]).isHeld == false)
        #expect(CommentError.rateLimited(retryAfter: 3_600).httpError(.en).status == .tooManyRequests)
    }
}
