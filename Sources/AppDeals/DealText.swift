import Foundation
import WebUI

/// Words of the 爱限免 pages, Chinese first (the original app's own: 限免, 降价, 免费, 专题, 热榜, 剩余); the
/// English is what English deal sites say. App names stay as the store writes them.
enum DealText {
    static let appTitle = LocalizedText(zh: "爱限免", en: "App Deals")
    static let summary = LocalizedText(zh: "限免、降价和免费应用，来自真实价格记录", en: "Free-for-now and price-drop apps from real price history")

    // MARK: tabs
    static let limited = LocalizedText(zh: "限免", en: "Free now")
    static let sales = LocalizedText(zh: "降价", en: "Price drops")
    static let free = LocalizedText(zh: "免费", en: "Free")
    static let topics = LocalizedText(zh: "专题", en: "Topics")
    static let hot = LocalizedText(zh: "热榜", en: "Popular")
    static let favorites = LocalizedText(zh: "收藏", en: "Favourites")
    static let search = LocalizedText(zh: "搜索", en: "Search")
    static let searchPlaceholder = LocalizedText(zh: "搜索应用名称（中文或英文）", en: "Search app names (Chinese or English)")

    // MARK: rows
    static let game = LocalizedText(zh: "游戏", en: "Game")
    static let app = LocalizedText(zh: "应用", en: "App")
    static let unrated = LocalizedText(zh: "暂无评分", en: "No ratings")
    static func ratingCount(_ count: Int64) -> LocalizedText {
        LocalizedText(zh: "\(count) 个评分", en: count == 1 ? "1 rating" : "\(count) ratings")
    }
    static func stars(_ rating: Double) -> LocalizedText {
        let text = String(format: "%.1f", rating)
        return LocalizedText(zh: "\(text) 星（满分 5 星）", en: "\(text) out of 5 stars")
    }
    static func favoriteCount(_ count: Int64) -> LocalizedText { LocalizedText(zh: "收藏 \(count)", en: "\(count) saved") }
    static func shareCount(_ count: Int64) -> LocalizedText { LocalizedText(zh: "分享 \(count)", en: "\(count) shared") }
    static let remaining = LocalizedText(zh: "剩余", en: "Ends in")
    static let estimated = LocalizedText(zh: "（估计）", en: " (estimate)")
    /// The estimate's own figure and basis (issue 30: the text said 48 h where the estimate used 72 h).
    static func estimateNote(_ estimate: EndEstimate?) -> LocalizedText {
        guard let estimate else {
            return LocalizedText(zh: "苹果不公布限免结束时间：按此前限免的时长估计，每次新价格记录后重新计算。",
                                 en: "Apple does not publish when a free offer ends: estimated from the length of earlier free periods, recomputed on every new price record.")
        }
        let hours = (estimate.median + 1_800) / 3_600
        let (zh, en) = switch estimate.basis {
        case .ownPeriods: ("这个应用此前限免时长的中位数 \(hours) 小时", "the median of this app's earlier free periods, \(hours) h")
        case .allPeriods: ("所有应用此前限免时长的中位数 \(hours) 小时", "the median of all apps' earlier free periods, \(hours) h")
        case .defaultDuration: ("默认 \(hours) 小时（此前没有结束的限免）", "a default of \(hours) h (no earlier free period had ended)")
        }
        return LocalizedText(zh: "苹果不公布限免结束时间：按\(zh)估计，过了就逐日顺延，每次新价格记录后重新计算。",
                             en: "Apple does not publish when a free offer ends: estimated from \(en), extended a day at a time once passed, recomputed on every new price record.")
    }
    static let fakeDiscount = LocalizedText(zh: "先涨后降", en: "Raised before sale")
    static func regularPrice(_ price: String) -> LocalizedText { LocalizedText(zh: "长期售价 \(price)", en: "Usually \(price)") }
    static let catalogueNote = LocalizedText(zh: "美区 2016/17 年价格", en: "US store price, 2016/17")
    /// The lists' date and source line (house rule: data shows its date and source).
    static func dataAsOf(_ time: String) -> LocalizedText {
        LocalizedText(zh: "数据截至 \(time)（北京时间）· 价格来自 App Store", en: "Data as of \(time) (Beijing time) · prices from the App Store")
    }
    /// Beside a countdown: the figure is the time left at the data's time.
    static func countdownAsOf(_ time: String) -> LocalizedText { LocalizedText(zh: " · 截至 \(time)", en: " · as of \(time)") }
    static func since(_ time: String) -> LocalizedText { LocalizedText(zh: "\(time) 起", en: "since \(time)") }
    static let loadMore = LocalizedText(zh: "加载更多", en: "Load more")
    static let end = LocalizedText(zh: "没有更多了", en: "That's all")
    static let hotNote = LocalizedText(
        zh: "按本站近 7 天的收藏、分享和浏览排序；没有这些的应用按评分人数排。中国区没有数据的应用用的是美区 2016/17 年的评分人数，已在旁边标出。",
        en: "Ordered by favourites, shares and views on this site in the last 7 days; apps without any by number of ratings. Where the China store has no data, the counts are the US store's of 2016/17, marked beside them.")
    static let usRatings = LocalizedText(zh: "美区 2016/17 年评分", en: "US ratings, 2016/17")

    // MARK: empty states
    static let noData = LocalizedText(zh: "还没有数据", en: "No data yet")
    static let noDataMessage = LocalizedText(zh: "导入 appstore 数据后这里会显示应用。", en: "Apps appear here once the App Store data is imported.")
    static let nothingHere = LocalizedText(zh: "没有符合条件的应用", en: "No apps match")
    static let nothingHereMessage = LocalizedText(zh: "换个分类、设备或关键词试试。", en: "Try another category, device or search.")
    static let outsideData = LocalizedText(zh: "这个时间没有价格记录", en: "No price records for that time")
    static func outsideDataMessage(_ from: String, _ to: String) -> LocalizedText {
        LocalizedText(zh: "价格记录从 \(from) 到 \(to)。", en: "Price records run from \(from) to \(to).")
    }

    // MARK: bad input (the API's details are the English ones)
    /// `allowedZh`: the allowed values as a Chinese page names them, when not as sent (categories: 图书, not Book).
    static func unknownValue(_ name: String, _ value: String, allowed: [String], allowedZh: [String]? = nil) -> LocalizedText {
        let shown = String(value.prefix(60))
        let zhNames = ["tab": "列表", "region": "商店地区", "category": "分类", "device": "设备"]
        return LocalizedText(zh: "没有\(zhNames[name] ?? name)“\(shown)”；可选：\((allowedZh ?? allowed).joined(separator: "、"))",
                             en: "unknown \(name) \"\(shown)\"; allowed: \(allowed.joined(separator: ", "))")
    }
    static let badTime = LocalizedText(
        zh: "时间格式不对：请用 2025-06-01T12:00:00Z、2025-06-01（UTC）或 UTC 秒数",
        en: "at must be an ISO 8601 time such as 2025-06-01T12:00:00Z, a date such as 2025-06-01 (UTC) or UTC seconds")
    static let badCursor = LocalizedText(zh: "cursor 无效（请使用上一页返回的 nextCursor）", en: "invalid cursor (pass the previous page's nextCursor)")

    // MARK: filters
    static let allCategories = LocalizedText(zh: "全部分类", en: "All categories")
    static let allDevices = LocalizedText(zh: "全部设备", en: "All devices")
    static let category = LocalizedText(zh: "分类", en: "Category")
    static let device = LocalizedText(zh: "设备", en: "Device")
    static let filter = LocalizedText(zh: "筛选", en: "Filter")
    static let deviceNames: [String: LocalizedText] = [
        "iphone": LocalizedText(zh: "iPhone", en: "iPhone"),
        "ipad": LocalizedText(zh: "iPad", en: "iPad"),
        "mac": LocalizedText(zh: "Mac", en: "Mac"),
    ]

    // MARK: detail
    static let detail = LocalizedText(zh: "应用详情", en: "App details")
    static let screenshots = LocalizedText(zh: "截图", en: "Screenshots")
    static let noScreenshots = LocalizedText(zh: "商店没有提供截图", en: "The store lists no screenshots")
    static func screenshot(_ number: Int) -> LocalizedText { LocalizedText(zh: "截图 \(number)", en: "Screenshot \(number)") }
    static let screenshotsSource = LocalizedText(zh: "截图来自 App Store，由本站缓存；暂时无法获取时显示占位图。",
                                                 en: "Screenshots from the App Store, cached by this site; a placeholder shows while one cannot be fetched.")
    static let size = LocalizedText(zh: "大小", en: "Size")
    static let version = LocalizedText(zh: "版本", en: "Version")
    static let seller = LocalizedText(zh: "开发者", en: "Seller")
    /// A seller as stored, where the App Store's placeholder is put in the reader's words (tester 30 #15:
    /// "(individual developer)" on the Chinese page).
    static func sellerName(_ stored: String, _ l: Language) -> String {
        stored == "(individual developer)" ? LocalizedText(zh: "个人开发者", en: "Individual developer")(l) : stored
    }
    static let releaseNotes = LocalizedText(zh: "新功能", en: "What's new")
    static let firstVersion = LocalizedText(zh: "首个版本，没有更新说明", en: "First version: no release notes")
    static let noReleaseNotes = LocalizedText(zh: "没有更新说明", en: "No release notes")
    static let description = LocalizedText(zh: "简介", en: "Description")
    static let priceHistory = LocalizedText(zh: "价格走势", en: "Price history")
    static let noHistory = LocalizedText(zh: "这个应用没有价格记录", en: "No price history for this app")
    static func range(_ low: String, _ high: String) -> LocalizedText { LocalizedText(zh: "最低 \(low) · 最高 \(high)", en: "Lowest \(low) · highest \(high)") }
    static let openInStore = LocalizedText(zh: "在 App Store 中查看", en: "View in the App Store")
    static let share = LocalizedText(zh: "分享", en: "Share")
    static let favorite = LocalizedText(zh: "收藏", en: "Save")
    static let unfavorite = LocalizedText(zh: "取消收藏", en: "Unsave")
    static let favoriteNeedsLogin = LocalizedText(zh: "收藏（需登录）", en: "Save (log in first)")
    static let linkCopied = LocalizedText(zh: "链接已复制：", en: "Link copied: ")

    // MARK: price alerts
    static let priceAlert = LocalizedText(zh: "价格提醒", en: "Price alert")
    static let alertOff = LocalizedText(zh: "关闭", en: "Off")
    static func alertWhen(_ trigger: AlertTrigger) -> LocalizedText {
        switch trigger {
        case .drop: LocalizedText(zh: "降价或限免时提醒", en: "When the price drops")
        case .free: LocalizedText(zh: "仅限免时提醒", en: "Only when it goes free")
        }
    }
    static func alertShort(_ trigger: AlertTrigger) -> LocalizedText {
        switch trigger {
        case .drop: LocalizedText(zh: "降价提醒", en: "Drop alert")
        case .free: LocalizedText(zh: "限免提醒", en: "Free alert")
        }
    }
    static func alertSet(_ trigger: AlertTrigger) -> LocalizedText {
        switch trigger {
        case .drop: LocalizedText(zh: "已收藏，降价或限免时会通知你", en: "Saved: you will be told when the price drops")
        case .free: LocalizedText(zh: "已收藏，限免时会通知你", en: "Saved: you will be told when it goes free")
        }
    }
    static let alertRemoved = LocalizedText(zh: "已关闭价格提醒", en: "Price alert off")
    /// Why an app has no 价格提醒: the poller asks only the China store, and this app has no China price history.
    /// API problems (tester 30 #14: they were English only).
    static func noApp(_ id: Int64) -> LocalizedText { LocalizedText(zh: "没有 id 为 \(id) 的应用。", en: "No app has the id \(id).") }
    static let backToList = LocalizedText(zh: "返回列表", en: "Back to the list")
    static func noTopic(_ id: String) -> LocalizedText { LocalizedText(zh: "没有 id 为 \(id) 的专题。", en: "No topic has the id \(id).") }
    static let badPosition = LocalizedText(zh: "lat 须为 −90 到 90 的纬度，lon 须为 −180 到 180 的经度（度）。",
                                           en: "lat must be a latitude from -90 to 90 and lon a longitude from -180 to 180, in degrees.")
    static func noKnownEnd(_ id: Int64) -> LocalizedText {
        LocalizedText(zh: "应用 \(id) 没有编辑设定的结束时间。", en: "App \(id) has no end set by an editor.")
    }
    static func unknownTrigger(_ given: String, allowed: [String]) -> LocalizedText {
        LocalizedText(zh: "when 不能是“\(given)”，须为 \(allowed.joined(separator: "、")) 之一。",
                      en: "when cannot be “\(given)”; it is one of \(allowed.joined(separator: ", ")).")
    }
    static let alertNotFollowed = LocalizedText(zh: "这款应用不在本站跟踪的中国区价格里，降价或限免时无法提醒。",
                                                en: "This server does not follow this app's China store price, so no price alert can fire for it.")
    static let save = LocalizedText(zh: "保存", en: "Save")

    // MARK: 周边
    static let nearby = LocalizedText(zh: "周边", en: "Nearby")
    static let nearbyLink = LocalizedText(zh: "周边：附近的人在用 ›", en: "Nearby: what people around you use ›")
    static let nearbyIntro = LocalizedText(
        zh: "看看附近的人收藏了哪些应用。位置只按约 1 公里的格子取整使用，不保存精确位置；只有你选择分享时才保存取整后的位置。",
        en: "See which apps people near you saved. Your position is rounded to a cell of about 1 km and never kept precisely; the rounded one is kept only if you choose to share it.")
    static let useMyLocation = LocalizedText(zh: "使用我的位置", en: "Use my location")
    static let latitude = LocalizedText(zh: "纬度", en: "Latitude")
    static let longitude = LocalizedText(zh: "经度", en: "Longitude")
    static let show = LocalizedText(zh: "查看", en: "Show")
    static let shareMine = LocalizedText(zh: "分享我的大致位置", en: "Share my rounded location")
    static let stopSharing = LocalizedText(zh: "停止分享位置", en: "Stop sharing my location")
    static func sharingAt(_ lat: String, _ lon: String) -> LocalizedText {
        LocalizedText(zh: "你正在分享大致位置 \(lat), \(lon)", en: "You share the rounded location \(lat), \(lon)")
    }
    static func nearbyUsers(_ count: Int64) -> LocalizedText {
        LocalizedText(zh: "附近有 \(count) 位分享位置的用户", en: count == 1 ? "1 person nearby shares a location" : "\(count) people nearby share a location")
    }
    static let nobodyNearby = LocalizedText(zh: "附近还没有人分享收藏", en: "Nobody nearby has shared favourites yet")
    static let nobodyNearbyMessage = LocalizedText(zh: "分享你的大致位置并收藏应用，附近的人就能看到。",
                                                   en: "Share your rounded location and save apps, and people near you will see them.")

    // MARK: favourites
    static let edit = LocalizedText(zh: "编辑", en: "Edit")
    static let done = LocalizedText(zh: "完成", en: "Done")
    static func remove(_ name: String) -> LocalizedText { LocalizedText(zh: "删除 \(name)", en: "Remove \(name)") }
    static let noFavorites = LocalizedText(zh: "还没有收藏", en: "No favourites yet")
    static let noFavoritesMessage = LocalizedText(zh: "在应用详情页点“收藏”。", en: "Tap “Save” on an app's page.")

    // MARK: topics
    static let topicLimitedGames = LocalizedText(zh: "本周限免游戏", en: "Games free this week")
    static let topicLimitedGamesSummary = LocalizedText(zh: "原本付费、现在限时免费的游戏。", en: "Paid games that are free for a limited time.")
    static let topicLimitedApps = LocalizedText(zh: "本周限免应用", en: "Apps free this week")
    static let topicLimitedAppsSummary = LocalizedText(zh: "原本付费、现在限时免费的应用。", en: "Paid apps that are free for a limited time.")
    static let topicRealSales = LocalizedText(zh: "真降价", en: "Genuine price drops")
    static let topicRealSalesSummary = LocalizedText(zh: "降价前没有先涨价的应用。", en: "Price drops not preceded by a price rise.")
    static let topicAllTimeLow = LocalizedText(zh: "史低价", en: "All-time lows")
    static let topicAllTimeLowSummary = LocalizedText(zh: "现价是记录以来的最低价。", en: "The current price is the lowest ever recorded.")
    static let noTopics = LocalizedText(zh: "暂时没有专题", en: "No topics right now")
    static func appCount(_ count: Int) -> LocalizedText { LocalizedText(zh: "\(count) 个应用", en: count == 1 ? "1 app" : "\(count) apps") }
    static let generatedTopic = LocalizedText(zh: "自动生成", en: "Generated")

    // MARK: editors' topics
    static let editorTopic = LocalizedText(zh: "编辑推荐", en: "Editor's pick")
    static let newTopic = LocalizedText(zh: "新建专题", en: "New topic")
    static let editTopic = LocalizedText(zh: "编辑专题", en: "Edit topic")
    static let deleteTopic = LocalizedText(zh: "删除专题", en: "Delete topic")
    static let saveTopic = LocalizedText(zh: "保存专题", en: "Save topic")
    static let topicTitleZh = LocalizedText(zh: "标题（中文）", en: "Title (Chinese)")
    static let topicTitleEn = LocalizedText(zh: "标题（英文）", en: "Title (English)")
    static let topicSummaryZh = LocalizedText(zh: "介绍（中文）", en: "Text (Chinese)")
    static let topicSummaryEn = LocalizedText(zh: "介绍（英文，可不填）", en: "Text (English, optional)")
    static let topicPositionLabel = LocalizedText(zh: "排序（小的在前）", en: "Order (smaller first)")
    static let topicCover = LocalizedText(zh: "封面图片", en: "Cover picture")
    static let topicCoverHint = LocalizedText(zh: "JPEG、PNG、WebP、HEIC 等，最大 64 MB、1 亿像素；搜索应用后请重新选择图片。",
                                              en: "JPEG, PNG, WebP, HEIC and more, up to 64 MB and 100 megapixels; pick it again after a search.")
    static let topicApps = LocalizedText(zh: "应用（至少 4 个）", en: "Apps (at least 4)")
    static let topicSearchApps = LocalizedText(zh: "搜索应用并勾选", en: "Search apps to tick")
    static let topicSearchButton = LocalizedText(zh: "搜索", en: "Search")
    static let topicSaved = LocalizedText(zh: "专题已保存", en: "Topic saved")
    static func topicTextLength(_ field: String, _ maximum: Int) -> LocalizedText {
        LocalizedText(zh: "\(field) 需要 1–\(maximum) 个字符", en: "\(field) needs 1–\(maximum) characters")
    }
    static func topicAppCount(_ minimum: Int, _ maximum: Int, _ count: Int) -> LocalizedText {
        LocalizedText(zh: "专题需要 \(minimum)–\(maximum) 个不同的应用（现在 \(count) 个）",
                      en: "a topic needs \(minimum)–\(maximum) distinct apps (it has \(count))")
    }
    static func topicUnknownApps(_ ids: String) -> LocalizedText {
        LocalizedText(zh: "没有这些应用：\(ids)", en: "no such apps: \(ids)")
    }
    static func topicPosition(_ maximum: Int) -> LocalizedText {
        LocalizedText(zh: "排序需在 0–\(maximum) 之间", en: "position must be 0–\(maximum)")
    }
    static let coverUnreadable = LocalizedText(zh: "无法读取这张图片（支持 JPEG、PNG、WebP、GIF、HEIC、AVIF、TIFF）",
                                               en: "this picture cannot be read (JPEG, PNG, WebP, GIF, HEIC, AVIF or TIFF)")
    static let coverTooLarge = LocalizedText(zh: "图片太大（最大 64 MB、1 亿像素）", en: "the picture is too large (at most 64 MB and 100 megapixels)")
    static let knownEnd = LocalizedText(zh: "已知结束时间（北京时间）", en: "Known end (Beijing time)")
    static let clearKnownEnd = LocalizedText(zh: "清除，改用估计", en: "Clear, show the estimate")
    static let knownEndInvalid = LocalizedText(zh: "请填写限免开始后 90 天内的时间", en: "Give a time within 90 days after the free period began")
    static let coverMissing = LocalizedText(zh: "请以 multipart 字段 cover 发送图片", en: "send the picture as the multipart field 'cover'")
}
