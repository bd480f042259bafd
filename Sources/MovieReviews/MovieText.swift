import Foundation
import WebUI

/// Words of the 影评 pages, Chinese first. The English is what an English-language film site says
/// ("Reviews", "Short reviews", "Helpful"); film titles, names and review texts stay as written.
enum MovieText {
    // MARK: tabs and titles
    static let appTitle = LocalizedText(zh: "影评", en: "Movie Reviews")
    static let summary = LocalizedText(zh: "影评、电影库和短评", en: "Reviews, films and short reviews")
    static let home = LocalizedText(zh: "首页", en: "Home")
    // API problems (tester 30 #14: they were English only).
    static let invalidCursor = LocalizedText(zh: "cursor 无效：请使用上一页返回的 nextCursor。", en: "Invalid cursor: use the nextCursor of the previous page.")
    static let invalidDecade = LocalizedText(zh: "decade 须为 1930、1940 … 2020 之一。", en: "decade is one of 1930, 1940 … 2020.")
    static let invalidMinimum = LocalizedText(zh: "min 须为 0 到 10 的豆瓣评分。", en: "min is a Douban score from 0 to 10.")
    static func unknownGenre(_ genre: String) -> LocalizedText {
        LocalizedText(zh: "没有类型“\(genre)”，须为豆瓣的类型之一，如 剧情。", en: "No genre “\(genre)”; use one of Douban's genres, e.g. 剧情.")
    }
    static let reviews = LocalizedText(zh: "影评", en: "Reviews")
    static let review = LocalizedText(zh: "影评", en: "Review")
    static let films = LocalizedText(zh: "电影", en: "Films")
    static let more = LocalizedText(zh: "更多", en: "More")

    // MARK: lists
    static let featuredReview = LocalizedText(zh: "精选影评", en: "Featured review")
    static let featured = LocalizedText(zh: "精选", en: "Featured")
    static let latestReviews = LocalizedText(zh: "最新影评", en: "Latest reviews")
    static let noReviews = LocalizedText(zh: "还没有影评", en: "No reviews yet")
    static let noReviewsMessage = LocalizedText(zh: "导入数据后这里会显示影评。", en: "Reviews appear here once the data is imported.")
    static let loadMore = LocalizedText(zh: "加载更多", en: "Load more")
    static let end = LocalizedText(zh: "没有更多了", en: "That's all")
    /// The film a review is about, in a list's byline.
    /// An author as pages show them: an imported author (no account here, `userID` nil) is a pseudonym of the dataset
    /// (`user_00155`, ../shared/data/movies/SOURCES.md: every author of the Douban sources was pseudonymised), so
    /// pages say 豆瓣用户 / Douban user instead of the id; an account's author is its nickname as stored.
    static func author(_ author: String, userID: Int64?) -> LocalizedText {
        userID == nil ? importedAuthor : LocalizedText(zh: author, en: author)
    }
    static let importedAuthor = LocalizedText(zh: "豆瓣用户", en: "Douban user")
    static func reviewOf(_ film: String) -> LocalizedText { LocalizedText(zh: "评《\(film)》", en: "on \(film)") }
    /// A film title standing alone (the banner, a review's film link).
    static func filmTitle(_ film: String) -> LocalizedText { LocalizedText(zh: "《\(film)》", en: film) }
    static func poster(_ film: String) -> LocalizedText { LocalizedText(zh: "《\(film)》海报", en: "Poster of \(film)") }
    static func commentCount(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "评论 \(count)", en: count == 1 ? "1 comment" : "\(count) comments")
    }

    // MARK: stars
    static let unrated = LocalizedText(zh: "未评分", en: "Not rated")
    /// Douban's words for 1–5 stars.
    static let ratingWords: [Int: LocalizedText] = [
        1: LocalizedText(zh: "很差", en: "Awful"),
        2: LocalizedText(zh: "较差", en: "Poor"),
        3: LocalizedText(zh: "还行", en: "OK"),
        4: LocalizedText(zh: "推荐", en: "Recommended"),
        5: LocalizedText(zh: "力荐", en: "Must-see"),
    ]
    static func stars(_ count: Int) -> LocalizedText {
        let word = ratingWords[count]
        return LocalizedText(zh: "\(count) 星" + (word.map { " " + $0.zh } ?? ""),
                             en: (count == 1 ? "1 star" : "\(count) stars") + (word.map { ", " + $0.en } ?? ""))
    }

    /// A film's 0–10 score as half stars: "4.5 星（8.9 分）".
    static func starsOfTen(_ rating: Double, halves: Int) -> LocalizedText {
        let stars = halves % 2 == 0 ? String(halves / 2) : String(format: "%.1f", Double(halves) / 2)
        let score = String(format: "%.1f", rating)
        return LocalizedText(zh: "\(stars) 星（\(score) 分）", en: "\(stars) of 5 stars (\(score) of 10)")
    }

    // MARK: writing
    static let ratingRange = LocalizedText(zh: "评分是 1 到 5 星。", en: "A rating is 1 to 5 stars.")
    static let markStatus = LocalizedText(zh: "标记只能是“想看”(wish) 或“看过”(seen)。", en: "A mark is \"want to see\" (wish) or \"seen\" (seen).")
    static let ratingNeedsSeen = LocalizedText(zh: "看过才能评分。", en: "Only a film you have seen can be rated.")
    static let voteValue = LocalizedText(zh: "投票只能是“有用”或“没用”（评论只能点赞）。", en: "A vote is \"helpful\" or \"not helpful\" (comments take likes only).")
    static let emptyField = LocalizedText(zh: "不能为空。", en: "This cannot be empty.")
    static func tooLong(_ limit: Int) -> LocalizedText { LocalizedText(zh: "最多 \(limit) 字。", en: "At most \(limit) characters.") }
    static let badDate = LocalizedText(zh: "日期应为不晚于今天的 YYYY-MM-DD。", en: "The date must be YYYY-MM-DD, not after today.")
    static let notYours = LocalizedText(zh: "只能修改自己写的内容。", en: "You can only change what you wrote.")
    static let ownItem = LocalizedText(zh: "不能给自己写的内容投票。", en: "You cannot vote on what you wrote.")
    static let tooManyVotes = LocalizedText(zh: "投票太频繁了，请稍后再试。", en: "Too many votes; try again in a minute.")
    static let tooManyFollows = LocalizedText(zh: "关注和取消关注太频繁了，请一分钟后再试。", en: "Too many follows and unfollows; try again in a minute.")

    static let spoilerWarning = LocalizedText(zh: "这篇影评可能有剧透", en: "This review may contain spoilers")

    static let wantToSee = LocalizedText(zh: "想看", en: "Want to see")
    static let seenIt = LocalizedText(zh: "看过", en: "Seen it")
    static let writeShort = LocalizedText(zh: "写短评", en: "Short review")
    static let markThisFilm = LocalizedText(zh: "标记这部电影", en: "Mark this film")
    static let yourMark = LocalizedText(zh: "我的标记", en: "My mark")
    static let yourStars = LocalizedText(zh: "我的评分", en: "My rating")
    static let starsOnTenPoint = LocalizedText(zh: "1–5 星，计入豆瓣式 10 分制（星数 × 2）。", en: "1–5 stars, counted on Douban's 10-point scale (stars × 2).")
    static let markedOn = LocalizedText(zh: "日期", en: "Date")
    static let shortComment = LocalizedText(zh: "短评（最多 350 字）", en: "Short review (up to 350 characters)")
    static let shortPlaceholder = LocalizedText(zh: "写下你的短评…", en: "Your short review…")
    static let removeMark = LocalizedText(zh: "删除标记", en: "Remove")
    static let markSaved = LocalizedText(zh: "已保存标记", en: "Mark saved")
    static let markRemoved = LocalizedText(zh: "已删除标记和短评", en: "Mark and short review removed")
    static let writeReview = LocalizedText(zh: "写影评", en: "Write a review")
    static let editReview = LocalizedText(zh: "编辑影评", en: "Edit review")
    static let reviewTitle = LocalizedText(zh: "标题", en: "Title")
    static let reviewBody = LocalizedText(zh: "正文", en: "Review")
    static let paragraphsHint = LocalizedText(zh: "空行分段。", en: "A blank line starts a new paragraph.")
    static let hasSpoilers = LocalizedText(zh: "有剧透", en: "Contains spoilers")
    static let saveDraft = LocalizedText(zh: "存草稿", en: "Save draft")
    static let publish = LocalizedText(zh: "发布", en: "Publish")
    static let draftSaved = LocalizedText(zh: "草稿已保存", en: "Draft saved")
    static func draftSavedAt(_ time: String) -> LocalizedText { LocalizedText(zh: "草稿保存于 \(time)", en: "Draft saved \(time)") }
    static let reviewPublished = LocalizedText(zh: "影评已发布", en: "Review published")
    static let reviewDeleted = LocalizedText(zh: "影评已删除", en: "Review deleted")
    static let deleteReviewConfirm = LocalizedText(zh: "删除这篇影评？", en: "Delete this review?")
    static let useful = LocalizedText(zh: "有用", en: "Helpful")
    static func shortOn(_ film: String) -> LocalizedText { LocalizedText(zh: "短评《\(film)》", en: "short review of \(film)") }
    static func risingThisWeek(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "本周 \(count) 人标记", en: count == 1 ? "1 mark this week" : "\(count) marks this week")
    }
    static let allReviews = LocalizedText(zh: "全部影评", en: "All reviews")
    static func likes(_ count: Int) -> LocalizedText { LocalizedText(zh: "赞 \(count)", en: "Like \(count)") }
    static let useless = LocalizedText(zh: "没用", en: "Not helpful")
    static func localRating(_ score: Double, count: Int) -> LocalizedText {
        let text = String(format: "%.1f", score)
        return LocalizedText(zh: "本站 \(count) 人评分 \(text)", en: "\(text) from \(count) rating\(count == 1 ? "" : "s") here")
    }
    static let myMovies = LocalizedText(zh: "我的电影", en: "My films")
    static let myMoviesDetail = LocalizedText(zh: "看过、想看、影评和草稿", en: "Seen, want to see, reviews and drafts")
    static let myDrafts = LocalizedText(zh: "草稿（仅自己可见）", en: "Drafts (only you see them)")
    static let untitled = LocalizedText(zh: "无标题", en: "Untitled")
    static let nothingYet = LocalizedText(zh: "还没有。", en: "Nothing yet.")
    static func seenHeader(_ count: Int) -> LocalizedText { LocalizedText(zh: "看过 \(count)", en: "Seen (\(count))") }
    static func wishHeader(_ count: Int) -> LocalizedText { LocalizedText(zh: "想看 \(count)", en: "Want to see (\(count))") }
    static func profileCounts(seen: Int, wish: Int, rated: Int, reviews: Int, shorts: Int) -> LocalizedText {
        LocalizedText(zh: "看过 \(seen) · 想看 \(wish) · 评分 \(rated) · 影评 \(reviews) · 短评 \(shorts)",
                      en: "\(seen) seen · \(wish) to see · \(rated) rated · \(reviews) review\(reviews == 1 ? "" : "s") · "
                          + "\(shorts) short review\(shorts == 1 ? "" : "s")")
    }

    // MARK: a review
    static let smallerText = LocalizedText(zh: "缩小字号", en: "Smaller text")
    static let largerText = LocalizedText(zh: "放大字号", en: "Larger text")
    static let beijingTime = LocalizedText(zh: "北京时间", en: "Beijing time")
    static let viewPoster = LocalizedText(zh: "查看大图", en: "View poster")
    static let posterLabel = LocalizedText(zh: "海报", en: "Poster")
    static func foundHelpful(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(count) 人觉得有用", en: count == 1 ? "1 person found this helpful" : "\(count) people found this helpful")
    }
    static let otherReviews = LocalizedText(zh: "切换影评", en: "Other reviews")
    static let previous = LocalizedText(zh: "‹ 上一篇", en: "‹ Previous")
    static let next = LocalizedText(zh: "下一篇 ›", en: "Next ›")
    static let writeCommentEllipsis = LocalizedText(zh: "写评论…", en: "Add a comment…")
    static let writeComment = LocalizedText(zh: "写评论", en: "Add a comment")
    static func commentsLabel(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "评论 \(count) 条", en: count == 1 ? "1 comment" : "\(count) comments")
    }
    static let favorite = LocalizedText(zh: "收藏", en: "Add to favourites")
    static let unfavorite = LocalizedText(zh: "取消收藏", en: "Remove from favourites")
    static let favoriteNeedsLogin = LocalizedText(zh: "收藏（需登录）", en: "Add to favourites (log in first)")
    static let linkCopied = LocalizedText(zh: "链接已复制：", en: "Link copied: ")
    static let favorited = LocalizedText(zh: "已收藏", en: "Added to favourites")
    static let unfavorited = LocalizedText(zh: "已取消收藏", en: "Removed from favourites")

    // MARK: comments
    static let comments = LocalizedText(zh: "评论", en: "Comments")
    static func totalComments(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "共 \(count) 条评论", en: count == 1 ? "1 comment" : "\(count) comments")
    }
    static let noComments = LocalizedText(zh: "还没有评论", en: "No comments yet")
    static let firstComment = LocalizedText(zh: "来写第一条评论吧。", en: "Be the first to comment.")
    static let replies = LocalizedText(zh: "回复", en: "Replies")
    static let moreReplies = LocalizedText(zh: "更多回复", en: "More replies")
    static func allReplies(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "查看全部 \(count) 条回复", en: "View all \(count) replies")
    }
    static let deletedComment = LocalizedText(zh: "该评论已删除", en: "This comment was deleted")
    /// The letter on an anonymous commenter's avatar.
    static let anonymousInitial = LocalizedText(zh: "匿", en: "?")
    static let anonymous = LocalizedText(zh: "匿名用户", en: "Anonymous")
    static func replyingTo(_ name: String) -> LocalizedText { LocalizedText(zh: "回复 @\(name)", en: "replying to @\(name)") }
    static func replyTo(_ name: String) -> LocalizedText { LocalizedText(zh: "回复 \(name)", en: "Reply to \(name)") }
    static let edited = LocalizedText(zh: "已编辑", en: "edited")
    static let reply = LocalizedText(zh: "回复", en: "Reply")
    static let deleteConfirm = LocalizedText(zh: "删除这条评论？", en: "Delete this comment?")
    static let comment = LocalizedText(zh: "评论", en: "Comment")
    static let editComment = LocalizedText(zh: "编辑评论", en: "Edit comment")
    static func quotedReply(_ name: String, _ text: String) -> LocalizedText {
        LocalizedText(zh: "回复 @\(name)：\(text)", en: "Replying to @\(name): \(text)")
    }
    static func commentOn(_ title: String) -> LocalizedText { LocalizedText(zh: "评论《\(title)》", en: "Comment on \"\(title)\"") }
    static let anonymousNotice = LocalizedText(
        zh: "未登录时将以“匿名用户”发表；回复、收藏和分享需要登录。",
        en: "Without logging in you post as \"Anonymous\"; replying, favourites and sharing need an account.")
    static let commentPlaceholder = LocalizedText(zh: "写下你对这篇影评的看法…", en: "What do you think of this review?")
    static func replyPlaceholder(_ name: String) -> LocalizedText { LocalizedText(zh: "回复 @\(name)…", en: "Reply to @\(name)…") }
    static let post = LocalizedText(zh: "发表", en: "Post")
    static let posted = LocalizedText(zh: "评论已发表", en: "Comment posted")
    static let deleted = LocalizedText(zh: "评论已删除", en: "Comment deleted")
    static let saved = LocalizedText(zh: "已保存", en: "Saved")

    // MARK: films
    static let searchPlaceholder = LocalizedText(zh: "搜索片名或导演", en: "Search titles or directors")
    static let searchFilms = LocalizedText(zh: "搜索电影", en: "Search films")
    static let noFilms = LocalizedText(zh: "没有找到电影", en: "No films found")
    static let tryAnotherSearch = LocalizedText(zh: "换个关键词试试。", en: "Try other words.")
    static let tryAnotherFilter = LocalizedText(zh: "放宽筛选条件试试。", en: "Try a wider filter.")

    // MARK: Top list and filters
    static let topList = LocalizedText(zh: "电影 Top 榜", en: "Top films")
    static let topListLink = LocalizedText(zh: "Top 榜（加权评分）", en: "Top films (weighted rating)")
    /// How the Top list ranks, with its C and m (``TopList``).
    static func topFormula(mean: Double, votes: Double, films: Int) -> LocalizedText {
        let c = String(format: "%.2f", mean)
        let m = Int(votes.rounded()).formatted()
        return LocalizedText(
            zh: "按加权评分排序（IMDb 公式）：WR = v/(v+m)·R + m/(v+m)·C。R 为影片平均分、v 为评分人数（豆瓣评分与本站星级×2 合计）；"
                + "C = \(c)：本库 \(films.formatted()) 部有豆瓣评分影片的平均分；m = \(m)：它们评分人数的中位数。数据：豆瓣（2025 年抓取）与本站用户评分。",
            en: "Ranked by weighted rating (IMDb's formula): WR = v/(v+m)·R + m/(v+m)·C. R is a film's mean score and v its votes (Douban's "
                + "plus this site's stars ×2); C = \(c), the mean Douban score of the \(films.formatted()) rated films here; m = \(m), the median of "
                + "their vote counts. Data: Douban (scraped 2025) and this site's ratings.")
    }
    static func place(_ place: Int) -> LocalizedText { LocalizedText(zh: "第 \(place) 名", en: "No. \(place)") }
    static func topVotes(mean: Double, votes: Int) -> LocalizedText {
        let score = String(format: "%.1f", mean)
        return LocalizedText(zh: "\(score) 分 · \(votes.formatted()) 人评价", en: "\(score) from \(votes.formatted()) votes")
    }
    static let filter = LocalizedText(zh: "筛选", en: "Filter")
    static let genre = LocalizedText(zh: "类型", en: "Genre")
    static let allGenres = LocalizedText(zh: "全部类型", en: "All genres")
    static let decade = LocalizedText(zh: "年代", en: "Decade")
    static let allYears = LocalizedText(zh: "全部年代", en: "All years")
    static let minimumScore = LocalizedText(zh: "最低评分", en: "Lowest score")
    static let anyScore = LocalizedText(zh: "不限评分", en: "Any score")
    static func decadeName(_ decade: Int) -> LocalizedText { LocalizedText(zh: "\(decade) 年代", en: "\(decade)s") }
    static func atLeast(_ score: Double) -> LocalizedText {
        let text = FilmFilter.number(score)
        return LocalizedText(zh: "\(text) 分以上", en: "\(text)+")
    }
    static let recommendedTab = LocalizedText(zh: "推荐", en: "Highlights")
    static let latestTab = LocalizedText(zh: "最新", en: "Latest")
    static let followingTab = LocalizedText(zh: "关注的人", en: "Following")
    static let follow = LocalizedText(zh: "关注", en: "Follow")
    static let unfollow = LocalizedText(zh: "已关注 · 取消关注", en: "Following · Unfollow")
    static func followed(_ name: String) -> LocalizedText { LocalizedText(zh: "已关注 \(name)", en: "You now follow \(name)") }
    static func unfollowed(_ name: String) -> LocalizedText { LocalizedText(zh: "已取消关注 \(name)", en: "You no longer follow \(name)") }
    static let cannotFollowSelf = LocalizedText(zh: "不能关注自己", en: "You cannot follow yourself")
    static func followLimit(_ limit: Int) -> LocalizedText {
        LocalizedText(zh: "最多关注 \(limit) 人，请先取消关注一些人", en: "You can follow at most \(limit) people; unfollow someone first")
    }
    static func followingCount(_ count: Int) -> LocalizedText { LocalizedText(zh: "关注 \(count)", en: "\(count) following") }
    static func followerCount(_ count: Int) -> LocalizedText { LocalizedText(zh: "粉丝 \(count)", en: "\(count) follower\(count == 1 ? "" : "s")") }
    static func followingOf(_ name: String) -> LocalizedText { LocalizedText(zh: "\(name) 关注的人", en: "Followed by \(name)") }
    static func followersOf(_ name: String) -> LocalizedText { LocalizedText(zh: "\(name) 的粉丝", en: "Followers of \(name)") }
    static func followedSince(_ date: String) -> LocalizedText { LocalizedText(zh: "\(date) 关注", en: "Since \(date)") }
    static let noFollowing = LocalizedText(zh: "还没有关注任何人", en: "Not following anyone yet")
    static let noFollowers = LocalizedText(zh: "还没有粉丝", en: "No followers yet")
    static let followingEmpty = LocalizedText(zh: "你还没有关注任何人", en: "You don't follow anyone yet")
    static let followingEmptyMessage = LocalizedText(zh: "在影评或短评作者的主页点「关注」，他们写的影评和短评会按时间出现在这里。",
                                                     en: "Tap Follow on a writer's profile; their reviews and short reviews will appear here, newest first.")
    static let followingQuiet = LocalizedText(zh: "你关注的人还没有写影评或短评", en: "The people you follow have not written anything yet")
    static let followingSignIn = LocalizedText(zh: "登录后可以关注其他影迷，在这里按时间读他们的影评和短评。",
                                               en: "Sign in to follow other film fans and read their reviews here, newest first.")
    static let signIn = LocalizedText(zh: "登录", en: "Sign in")
    static let feedTabs = LocalizedText(zh: "首页分栏", en: "Home tabs")
    static let forYou = LocalizedText(zh: "猜你喜欢", en: "Picked for you")
    static let forYouAll = LocalizedText(zh: "全部", en: "See all")
    static let forYouColdStart = LocalizedText(zh: "猜你喜欢 · 先看 Top 榜", en: "Picked for you · Top films for now")
    static func forYouFromRatings(_ rated: Int) -> LocalizedText {
        LocalizedText(zh: "根据你评分的 \(rated) 部电影，与口味相近的观众的评分推算（基于物品的协同过滤）。",
                      en: "From the \(rated) films you rated and the ratings of viewers with similar taste (item-based collaborative filtering).")
    }
    static let forYouPending = LocalizedText(zh: "正在根据大家的评分计算推荐，稍后刷新即可看到；现在显示 Top 榜。",
                                             en: "Your picks are being worked out from everyone's ratings; refresh in a moment. Until then, the Top list.")
    static func forYouNeedsRatings(_ rated: Int, minimum: Int) -> LocalizedText {
        LocalizedText(zh: "你已评分 \(rated) 部，评满 \(minimum) 部后这里按你的口味推荐；现在显示 Top 榜。",
                      en: "You have rated \(rated) of the \(minimum) films needed for picks of your own; until then, the Top list.")
    }
    static func forYouSignIn(_ minimum: Int) -> LocalizedText {
        LocalizedText(zh: "登录并为 \(minimum) 部电影评分后，这里按你的口味推荐；现在显示 Top 榜。",
                      en: "Sign in and rate \(minimum) films for picks of your own; until then, the Top list.")
    }
    /// The genres offered in the filter: the library's common ones, most films first (movies.csv, 2,065 rated films).
    static let filterGenres = ["剧情", "动作", "喜剧", "爱情", "冒险", "奇幻", "动画", "犯罪", "惊悚", "科幻", "悬疑", "古装", "家庭", "恐怖",
                               "战争", "历史", "传记", "武侠", "同性", "音乐", "运动", "歌舞", "灾难", "儿童", "西部", "纪录片"]
    static func minutes(_ count: Int) -> LocalizedText { LocalizedText(zh: "\(count) 分钟", en: "\(count) min") }
    static func ratingCount(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(count) 人评分", en: count == 1 ? "1 rating" : "\(count) ratings")
    }
    static let noRating = LocalizedText(zh: "暂无评分", en: "No rating yet")
    static let incompleteFilm = LocalizedText(zh: "资料不全：只知道片名（来自导入的短评）", en: "Incomplete: only the title is known (from imported short reviews)")
    static let directors = LocalizedText(zh: "导演", en: "Director")
    static let cast = LocalizedText(zh: "主演", en: "Cast")
    static let released = LocalizedText(zh: "上映", en: "Released")
    /// One rating per reader and film, the latest counts (issue 30): said when a new rating replaced a different one.
    static func ratingReplaced(_ now: Int, was earlier: Int) -> LocalizedText {
        LocalizedText(zh: "你对这部电影的评分改为 \(now) 星（原来是 \(earlier) 星）：每人每部电影只有一个评分，以最新一次为准，短评和影评的星级也随之更新。",
                      en: "Your rating of this film is now \(now) stars (it was \(earlier)): one rating per reader and film, the latest counts, and your short comment and reviews show it too.")
    }
    /// Above the editor's stars when the reader has rated the film already.
    static func ratingCountsLatest(_ earlier: Int) -> LocalizedText {
        LocalizedText(zh: "你已给这部电影评了 \(earlier) 星。这里选的星级会成为你唯一的评分（以最新一次为准），短评的星级也会随之更新。",
                      en: "You rated this film \(earlier) stars. Stars chosen here become your one rating of it (the latest counts), your short comment's too.")
    }
    /// The date of a film whose year is the original's while Douban lists a later China release (issue 30).
    static let releasedInChina = LocalizedText(zh: "中国大陆上映", en: "Released in China")
    /// A film whose listed year was a China release and whose original year the data does not give.
    static let yearUnknown = LocalizedText(zh: "原始年份不详", en: "Original year unknown")
    static let regions = LocalizedText(zh: "地区", en: "Country")
    static let languages = LocalizedText(zh: "语言", en: "Language")
    static let shortAverage = LocalizedText(zh: "短评均分", en: "Short reviews")
    static func averageStars(_ average: Double, count: Int) -> LocalizedText {
        let stars = String(format: "%.2f", average)
        return LocalizedText(zh: "\(stars) 星（\(count) 条有星评价）", en: "\(stars) stars on average (\(count) rated)")
    }
    static func reviewsHeader(_ count: Int) -> LocalizedText { LocalizedText(zh: "影评 \(count)", en: "Reviews (\(count))") }
    static let all = LocalizedText(zh: "全部", en: "See all")
    static func shortReviewsHeader(_ count: Int) -> LocalizedText { LocalizedText(zh: "短评 \(count)", en: "Short reviews (\(count))") }
    static let popular = LocalizedText(zh: "热门", en: "Popular")
    static let newest = LocalizedText(zh: "最新", en: "Newest")
    static let sort = LocalizedText(zh: "排序", en: "Sort")
    static let noShortReviews = LocalizedText(zh: "还没有短评", en: "No short reviews yet")
    static func helpful(_ count: Int) -> LocalizedText { LocalizedText(zh: "有用 \(count)", en: "Helpful \(count)") }

    /// Douban's genres: `剧情|爱情` → `Drama / Romance`. A genre not in the table is shown as written.
    static func genres(_ list: String, _ language: Language) -> String {
        list.split(separator: "|").map { genre in genreNames[String(genre)]?(language) ?? String(genre) }.joined(separator: " / ")
    }

    static let genreNames: [String: LocalizedText] = [
        "剧情": "Drama", "喜剧": "Comedy", "动作": "Action", "爱情": "Romance", "奇幻": "Fantasy", "冒险": "Adventure",
        "犯罪": "Crime", "动画": "Animation", "惊悚": "Thriller", "悬疑": "Mystery", "科幻": "Sci-fi", "古装": "Period",
        "家庭": "Family", "恐怖": "Horror", "战争": "War", "历史": "History", "传记": "Biography", "武侠": "Wuxia",
        "音乐": "Music", "同性": "LGBTQ+", "歌舞": "Musical", "真人秀": "Reality", "运动": "Sport", "纪录片": "Documentary",
        "灾难": "Disaster", "儿童": "Kids", "短片": "Short", "西部": "Western", "情色": "Erotic", "脱口秀": "Talk show",
        "黑色电影": "Film noir",
    ].reduce(into: [:]) { table, entry in table[entry.key] = LocalizedText(zh: entry.key, en: entry.value) }

    // MARK: more
    static let account = LocalizedText(zh: "账号", en: "Account")
    static let myFavorites = LocalizedText(zh: "我的收藏", en: "My favourites")
    static let noFavorites = LocalizedText(zh: "还没有收藏。在影评页点 ♡ 收藏。", en: "No favourites yet. Tap ♡ on a review to keep it here.")
    static let myComments = LocalizedText(zh: "我的评论", en: "My comments")
    static let noMyComments = LocalizedText(zh: "还没有评论。", en: "No comments yet.")
    static let loginBenefits = LocalizedText(zh: "登录后可以回复评论、收藏和分享影评。", en: "Log in to reply to comments, keep favourites and share reviews.")
    static let about = LocalizedText(zh: "关于", en: "About")
    static let aboutData = LocalizedText(
        zh: "影评与短评来自豆瓣公开数据集（作者已匿名化），版权归原作者所有，仅作演示。",
        en: "Reviews and short reviews come from public Douban data sets (authors pseudonymised). Copyright stays with their authors; shown for demonstration only.")
}
