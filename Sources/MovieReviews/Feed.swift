import Foundation
import WebUI

/// One card of the 首页 feed.
enum FeedCard: Sendable {
    case review(Review)
    case short(ShortComment, filmID: String, filmTitle: String)
    /// A film many people here marked in the last seven days, with how many.
    case film(Film, marks: Int)

    var filmID: String {
        switch self {
        case .review(let review): review.filmID
        case .short(_, let filmID, _): filmID
        case .film(let film, _): film.id
        }
    }

    /// Tells apart cards of one kind: a review's id, a 短评's, a film's.
    var id: String {
        switch self {
        case .review(let review): String(review.id)
        case .short(let comment, _, _): comment.id
        case .film(let film, _): film.id
        }
    }
}

/// The 首页 feed (issue 18 item 3): hot long reviews, hot 短评 across films and films rising in marks this
/// week (our own signals), mixed so that no more than two cards in a row are about one film.
///
/// **最有用 score** (reviews and 短评): `(有用 − 没用) ÷ (1 + age in days ÷ 30)`, the age taken at the time the
/// feed was first opened (the cursor keeps it, so later pages rank the same way). A month halves an item's
/// weight and a year divides it by 13, so an old favourite stays visible without winning forever.
///
/// **新鲜 slots**: a review or 短评 written here starts with no votes, so it scores 0 below every imported item
/// with one 有用 and would never be shown. So the 4th card of every page (``freshSlots``) is the newest review
/// written on this server in the last ``freshDays`` days that is not in the feed yet, and the 5th the newest
/// such 短评; a slot takes the usual card when there is none (or it would make three of one film in a row).
/// Both are read at the feed's `now`, so a cursor's later pages rank the same way.
enum MovieFeed {
    static let pageSize = 20
    /// The places in each page (0-based) kept for the newest review and 短评 written here.
    static let freshSlots = (review: 3, short: 4)
    /// How long an item written here may take a 新鲜 slot.
    static let freshDays: Int64 = 7
    /// Cards in all (ten pages); the 影评 tab lists every review.
    static let length = 200

    static func helpfulScore(useful: Int, useless: Int, postedAt: Int64, now: Int64) -> Double {
        Double(useful - useless) / (1 + Double(max(0, now - postedAt)) / (30 * 86_400))
    }

    /// The feed at `now`: reviews and 短评 ranked by ``helpfulScore(useful:useless:postedAt:now:)``, the 短评
    /// taken film by film (each film's best first, then each film's second …), rising films as they come;
    /// then mixed in the rhythm review, 短评, 短评, film, skipping ahead in a list whenever its next card
    /// would make three of one film in a row; the 新鲜 slots (``freshSlots``) of each page before the rhythm.
    static func mix(reviews: [Review], shorts: [(comment: ShortComment, filmID: String, filmTitle: String)], rising: [(film: Film, marks: Int)],
                    now: Int64) -> [FeedCard] {
        let rankedReviews = reviews.sorted {
            (helpfulScore(useful: $0.useful ?? 0, useless: $0.useless ?? 0, postedAt: $0.publishedAt, now: now), $1.id)
                > (helpfulScore(useful: $1.useful ?? 0, useless: $1.useless ?? 0, postedAt: $1.publishedAt, now: now), $0.id)
        }.map(FeedCard.review)
        let scored = shorts.sorted {
            (helpfulScore(useful: $0.comment.votes ?? 0, useless: 0, postedAt: $0.comment.createdAt, now: now), $1.comment.seq)
                > (helpfulScore(useful: $1.comment.votes ?? 0, useless: 0, postedAt: $1.comment.createdAt, now: now), $0.comment.seq)
        }
        // Round-robin over films, so the 短评 come from many films.
        var byFilm: [String: [FeedCard]] = [:]
        var filmOrder: [String] = []
        for item in scored {
            if byFilm[item.filmID] == nil { filmOrder.append(item.filmID) }
            byFilm[item.filmID, default: []].append(.short(item.comment, filmID: item.filmID, filmTitle: item.filmTitle))
        }
        var rankedShorts: [FeedCard] = []
        var round = 0
        while rankedShorts.count < scored.count {
            for film in filmOrder where round < byFilm[film]?.count ?? 0 { rankedShorts.append(byFilm[film]![round]) }
            round += 1
        }
        var queues = [rankedReviews, rankedShorts, rising.map { FeedCard.film($0.film, marks: $0.marks) }]
        let since = now - freshDays * 86_400
        let fresh = [reviews.filter { $0.userID != nil && $0.publishedAt > since }
                        .sorted { ($0.publishedAt, $0.id) > ($1.publishedAt, $1.id) }.map(FeedCard.review),
                     shorts.filter { $0.comment.userID != nil && $0.comment.createdAt > since }
                        .sorted { ($0.comment.createdAt, $0.comment.seq) > ($1.comment.createdAt, $1.comment.seq) }
                        .map { FeedCard.short($0.comment, filmID: $0.filmID, filmTitle: $0.filmTitle) }]
        let rhythm = [0, 1, 1, 0, 1, 2]
        var feed: [FeedCard] = []
        var step = 0
        while feed.count < length, queues.contains(where: { !$0.isEmpty }) {
            let blocked = feed.count >= 2 && feed[feed.count - 1].filmID == feed[feed.count - 2].filmID ? feed.last?.filmID : nil
            // A 新鲜 slot: the newest item written here still waiting in its ranked list (so never shown twice).
            let slot = feed.count % pageSize
            if let kind = slot == freshSlots.review ? 0 : slot == freshSlots.short ? 1 : nil,
               let item = fresh[kind].first(where: { item in item.filmID != blocked && queues[kind].contains { $0.id == item.id } }),
               let index = queues[kind].firstIndex(where: { $0.id == item.id }) {
                feed.append(queues[kind].remove(at: index))
                continue
            }
            let preferred = rhythm[step % rhythm.count]
            step += 1
            // The preferred list first, then the others, so one list running dry does not stop the feed.
            for queue in [preferred] + [0, 1, 2].filter({ $0 != preferred }) where !queues[queue].isEmpty {
                guard let index = queues[queue].firstIndex(where: { $0.filmID != blocked }) else { continue }
                feed.append(queues[queue].remove(at: index))
                break
            }
            if step > length * 4 { break }
        }
        return feed
    }

    /// Where the feed's cards come from, said on its first page (issue 30): the imported long reviews cover one film
    /// (百鸟朝凤, the data's limit), so the sentence names the films they cover and how many there are, apart from the
    /// reviews written here and the films of the 短评; the feed ends when its lists run out, never refilled with repeats.
    static func sources(of feed: [FeedCard]) -> LocalizedText {
        var importedFilms: [String] = []
        var imported = 0, own = 0
        var shortFilms = Set<String>()
        for card in feed {
            switch card {
            case .review(let review) where review.userID == nil:
                imported += 1
                if !importedFilms.contains(review.filmTitle) { importedFilms.append(review.filmTitle) }
            case .review: own += 1
            case .short(_, let filmID, _): shortFilms.insert(filmID)
            case .film: break
            }
        }
        let zhFilms = importedFilms.map { "《\($0)》" }.joined(separator: "、")
        let enFilms = importedFilms.joined(separator: ", ")
        let zhReviews = imported == 0 ? "" : importedFilms.count == 1
            ? "豆瓣长影评只有\(zhFilms)一部电影（公开数据所限），这里有其中 \(imported) 篇；"
            : "豆瓣长影评来自 \(importedFilms.count) 部电影（\(zhFilms)），这里有 \(imported) 篇；"
        let enReviews = imported == 0 ? "" : importedFilms.count == 1
            ? "the Douban long reviews cover one film only, \(enFilms) (the public data's limit): \(imported) of them here; "
            : "the Douban long reviews cover \(importedFilms.count) films (\(enFilms)): \(imported) here; "
        return LocalizedText(
            zh: "来源：" + zhReviews + "本站用户的影评 \(own) 篇；短评是豆瓣热门短评和本站短评，来自 \(shortFilms.count) 部电影。推荐共 \(feed.count) 条，不重复。",
            en: "Sources: " + enReviews + (own == 1 ? "1 review" : "\(own) reviews") + " by users here; short reviews from Douban's hot lists and this site, on "
                + (shortFilms.count == 1 ? "1 film. " : "\(shortFilms.count) films. ")
                + "\(feed.count) cards in all, none repeated.")
    }

    /// `"<snapshot seconds>.<offset>"`.
    static func cursor(now: Int64, offset: Int) -> String { "\(now).\(offset)" }
}
