import AppSuiteTesting
import Foundation
@testable import MovieReviews
import Storage
import Testing

/// Issue 18 item 3: the 首页 feed mixes hot reviews, hot 短评 of many films and rising films, never three
/// cards of one film in a row, though 302 of the reviews are of one film (百鸟朝凤).
@Suite(.requires(.movies)) struct FeedTests {
    @Test func theFeedMixesFilmsAndNeverShowsThreeOfOneInARow() throws {
        let server = try TestServer.shared(importing: .movies)
        var films: [String] = []
        var kinds: [String] = []
        var cursor: String?
        repeat {
            let page = try server.get("/movies" + (cursor.map { "?cursor=" + $0 } ?? ""))
            #expect(page.status == 200)
            for match in page.text.matches(of: /<li class="mv-cell( mv-card-(short|film))?" data-film="([^"]+)"/) {
                films.append(String(match.3))
                kinds.append(match.2.map(String.init) ?? "review")
            }
            cursor = page.text.firstMatch(of: /href="\/movies\?cursor=([0-9.]+)"/).map { String($0.1) }
        } while cursor != nil
        #expect(films.count == MovieFeed.length)
        for index in 2..<films.count {
            #expect(!(films[index] == films[index - 1] && films[index] == films[index - 2]), "three of \(films[index]) at \(index)")
        }
        #expect(Set(films).count > 50, "\(Set(films).count) films")
        #expect(kinds.filter { $0 == "review" }.count >= 50)
        #expect(kinds.filter { $0 == "short" }.count >= 100)
        #expect(kinds.prefix(20).contains("review") && kinds.prefix(20).contains("short"))
    }

    @Test func theHelpfulScoreDecays() {
        let day: Int64 = 86_400
        let now: Int64 = 1_800_000_000
        #expect(MovieFeed.helpfulScore(useful: 10, useless: 0, postedAt: now, now: now) == 10)
        #expect(MovieFeed.helpfulScore(useful: 10, useless: 0, postedAt: now - 30 * day, now: now) == 5)
        #expect(MovieFeed.helpfulScore(useful: 12, useless: 2, postedAt: now - 360 * day, now: now) == 10.0 / 13)
        // A year-old review with 100 votes loses to a week-old one with 20.
        #expect(MovieFeed.helpfulScore(useful: 100, useless: 0, postedAt: now - 365 * day, now: now)
                < MovieFeed.helpfulScore(useful: 20, useless: 0, postedAt: now - 7 * day, now: now))
    }
}
