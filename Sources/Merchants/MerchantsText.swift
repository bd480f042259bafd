import AppSuiteAPI
import Foundation
import AppSuiteAPI
import Geo
import WebUI

/// Words of the 商户 pages, Chinese first. Names, addresses and reviews are data and appear as written.
enum MerchantsText {
    static let title = LocalizedText(zh: "商户", en: "Merchants")
    static let nearby = LocalizedText(zh: "附近", en: "Nearby")
    static let shake = LocalizedText(zh: "摇一摇", en: "Shake")
    static let search = LocalizedText(zh: "搜索", en: "Search")
    static let filters = LocalizedText(zh: "筛选", en: "Filters")
    static let category = LocalizedText(zh: "分类", en: "Category")
    static let allCategories = LocalizedText(zh: "全部分类", en: "All categories")
    static let radius = LocalizedText(zh: "范围", en: "Radius")
    static let sort = LocalizedText(zh: "排序", en: "Sort")
    static let byDistance = LocalizedText(zh: "离我最近", en: "Nearest")
    static let byRating = LocalizedText(zh: "评分最高", en: "Top rated")
    static let byPrice = LocalizedText(zh: "人均最低", en: "Cheapest")
    static let openNowOnly = LocalizedText(zh: "只看营业中", en: "Open now only")
    /// What a filter reads, counted in the circle: `（12 家有营业时间）`.
    static func withHours(_ count: Int) -> LocalizedText { LocalizedText(zh: "（\(count) 家有营业时间）", en: " (\(count) with hours)") }
    static func withRating(_ count: Int) -> LocalizedText { LocalizedText(zh: "（\(count) 家有评分）", en: " (\(count) rated)") }
    static func withPrice(_ count: Int) -> LocalizedText { LocalizedText(zh: "（\(count) 家有人均）", en: " (\(count) with a price)") }
    static func coverage(_ total: Int, _ l: Language) -> String {
        l == .zh ? "范围内共 \(total) 家；括号里是有这项数据的商户数。" : "\(total) in range; the numbers in brackets have that data."
    }
    static let apply = LocalizedText(zh: "应用", en: "Apply")
    static let open = LocalizedText(zh: "营业中", en: "Open")
    static let closed = LocalizedText(zh: "已打烊", en: "Closed")
    static let hoursUnknown = LocalizedText(zh: "营业时间未知", en: "Hours unknown")
    static let openAllDay = LocalizedText(zh: "24 小时", en: "Open 24 hours")
    static let locate = LocalizedText(zh: "用我的位置", en: "Use my location")
    static let locating = LocalizedText(zh: "正在定位…", en: "Locating…")
    static let locationDenied = LocalizedText(zh: "无法获取位置（未授权或不可用），仍显示下面的位置。",
                                              en: "Your location is unavailable (denied or not supported); showing the position below.")
    static let defaultPosition = LocalizedText(zh: "默认位置：上海人民广场（未提供定位）", en: "Default position: People's Square, Shanghai (no location given)")
    /// Under search results: the point the distances are measured from, the default when no position was given.
    static func distancesFrom(_ position: Coordinate?, _ l: Language) -> String {
        guard let position else {
            return l == .zh ? "距离从上海人民广场算起（未提供定位）" : "Distances from People's Square, Shanghai (no location given)"
        }
        let text = String(format: "%.5f, %.5f", position.latitude, position.longitude)
        return l == .zh ? "距离从你的位置（\(text)）算起" : "Distances from your position (\(text))"
    }
    static let yourPosition = LocalizedText(zh: "当前位置", en: "Your position")
    static let found = LocalizedText(zh: "家商户", en: " merchants")

    /// "共 N 家商户", or "至少 N 家" when the search stopped before counting the whole circle.
    static func count(_ total: Int, atLeast: Bool, _ l: Language) -> String {
        switch (l, atLeast) {
        case (.zh, false): "共 \(total) \(found(l))"
        case (.zh, true): "至少 \(total) \(found(l))"
        case (_, false): "\(total)\(found(l))"
        case (_, true): "At least \(total)\(found(l))"
        }
    }

    /// A read cap stopped the search at `metres` (NearbySearch.Page.searchedRadius).
    static func searchedOnly(_ metres: Double, _ l: Language) -> String {
        l == .zh ? "结果太多，只查找了 \(Int(metres)) 米以内。" : "Too many results: searched within \(Int(metres)) m only."
    }
    static let none = LocalizedText(zh: "这个范围内没有符合条件的商户", en: "No merchant matches within this radius")
    static let noneHint = LocalizedText(zh: "扩大范围或减少筛选条件再试。", en: "Widen the radius or drop a filter.")

    /// The empty list's title and hint: none within the radius, or — when a cap stopped the search at
    /// ``NearbySearch/Page/searchedRadius`` — none within that distance (a wider radius would not help).
    static func empty(_ page: NearbySearch.Page, _ l: Language) -> (title: String, hint: String) {
        guard let searched = page.searchedRadius else { return (none(l), noneHint(l)) }
        return l == .zh ? ("\(Int(searched)) 米以内没有符合条件的商户（商户太多，没有再往外找）", "减少筛选条件，或换个位置再试。")
            : ("No merchant matches within \(Int(searched)) m (too many merchants to look farther)", "Drop a filter or try another place.")
    }
    static let more = LocalizedText(zh: "加载更多", en: "More")
    static let noHoursHere = LocalizedText(zh: "这个范围内没有商户有营业时间数据", en: "No merchant here has opening hours in the data")
    static let noHoursHint = LocalizedText(zh: "所以“只看营业中”找不到任何商户；这不代表它们都已打烊。",
                                           en: "So “Open now only” finds none; it does not mean they are all closed.")
    static let showAllHere = LocalizedText(zh: "显示这个范围内的全部商户", en: "Show every merchant here")
    static let mapTitle = LocalizedText(zh: "周边分布图", en: "Map of the area")
    static let mapNote = LocalizedText(zh: "离线示意图：没有地图底图时按经纬度画出的位置（上为北），点按圆点查看商户。",
                                       en: "Offline plot: positions drawn from their coordinates without map tiles (north up); tap a dot to open it.")
    /// The note under the online map: which system the tiles use (the positions are converted to it).
    static func onlineMapNote(_ datum: Datum, _ l: Language) -> String {
        switch (datum, l) {
        case (.gcj02, .zh): "在线地图（GCJ-02 底图，位置已从 WGS-84 换算），点按标记查看商户。"
        case (.gcj02, _): "Online map (GCJ-02 tiles; positions converted from WGS-84); tap a marker to open it."
        case (_, .zh): "在线地图（WGS-84 底图），点按标记查看商户。"
        default: "Online map (WGS-84 tiles); tap a marker to open it."
        }
    }
    static let searchArea = LocalizedText(zh: "搜索此区域", en: "Search this area")
    static let perPerson = LocalizedText(zh: "人均", en: "per person")
    /// The source's own review count, apart from this site's: `大众点评 3035 条评价`, `3035 reviews on Dianping`.
    static func sourceReviews(_ count: Int64, _ l: Language) -> String {
        l == .zh ? "大众点评 \(count) 条评价" : count == 1 ? "1 review on Dianping" : "\(count) reviews on Dianping"
    }

    /// The licence line of `merchant`'s source in the reader's language (ODbL and CC BY ask for it wherever the data
    /// appears); English is the text stored at import. A source this table does not know reads as stored.
    static func licence(_ merchant: Merchant, _ l: Language) -> String {
        switch merchant.source {
        case "user": submittedByUser(l)
        case "osm": l == .zh ? "© OpenStreetMap 贡献者，ODbL 1.0，https://www.openstreetmap.org/copyright" : merchant.licence
        case "awesome-cn-cafe":
            l == .zh ? "咖啡馆数据：awesome-cn-cafe 贡献者（github.com/ElaWorkshop/awesome-cn-cafe），CC BY 4.0；有改动：字段已统一，评论者账号已化名" : merchant.licence
        case "hmdp": l == .zh ? "黑马点评课程数据（cs001020/hmdp），未声明许可：仅供内部测试，不得公开" : merchant.licence
        default: merchant.licence
        }
    }
    /// `12 人评分`, `1 rating`, `12 ratings`.
    static func ratingCount(_ count: Int64, _ l: Language) -> String {
        l == .zh ? "\(count) 人评分" : count == 1 ? "1 rating" : "\(count) ratings"
    }
    /// The source of a merchant added by a user of this server and approved by a moderator.
    static let submittedByUser = LocalizedText(zh: "本站用户提交", en: "Submitted by a user of this site")
    static let noRating = LocalizedText(zh: "暂无评分", en: "Not rated")
    static let address = LocalizedText(zh: "地址", en: "Address")
    static let phone = LocalizedText(zh: "电话", en: "Phone")
    static let hours = LocalizedText(zh: "营业时间", en: "Hours")
    /// What a sort or filter does with merchants whose data does not say (issue 30: 评分最高 and 只看营业中 misled).
    static func unknownsNotes(sort: NearbySort, openNow: Bool, _ l: Language) -> [String] {
        var notes: [String] = []
        switch sort {
        case .rating: notes.append(l == .zh ? "没有评分的商户排在最后。" : "Merchants without a rating are listed last.")
        case .price: notes.append(l == .zh ? "没有人均价格的商户排在最后。" : "Merchants without a price per person are listed last.")
        case .distance: break
        }
        if openNow {
            notes.append(l == .zh ? "只列出营业时间已知且现在营业的商户；很多商户没有营业时间数据，未列出不代表已打烊。"
                                  : "Only merchants whose hours are known and open now are listed; many have no hours in the data, so a missing one may still be open.")
        }
        return notes
    }
    /// What a queued submission is, in the moderation queue.
    static let newMerchant = LocalizedText(zh: "新商户", en: "New merchant")
    static let merchantPhoto = LocalizedText(zh: "商户照片", en: "Merchant photo")
    static let hoursHint = LocalizedText(zh: "如：每天 10:00-22:00；周一至周五 9:00-18:00，周末休息；24小时",
                                         en: "E.g. Mo-Su 10:00-22:00; Mo-Fr 09:00-18:00; Sa,Su off; 24/7")
    static let hoursUnreadable = LocalizedText(
        zh: "看不懂这个营业时间。请写成「每天 10:00-22:00」「周一至周五 9:00-18:00；周末 10:00-20:00」或「24小时」，不清楚可以留空。",
        en: "These hours could not be read. Write them like “Mo-Su 10:00-22:00”, “Mo-Fr 09:00-18:00; Sa,Su 10:00-20:00” or “24/7”, or leave them empty.")
    static let hoursEmptyRange = LocalizedText(
        zh: "营业时间的开始和结束是同一时刻（如 10:00-10:00），看不出是全天营业还是不营业。全天营业请写「24小时」。",
        en: "A range starts and ends at the same time (like 10:00-10:00), so it is neither open all day nor closed. For all day, write “24/7”.")
    static let phoneUnreadable = LocalizedText(
        zh: "这不是电话号码。只能写数字、空格、+、-、括号，分机写在后面，如「021-6217 9797 转 801」；不清楚可以留空。",
        en: "This is not a phone number. Use digits, spaces, +, - and parentheses, with an extension after “ext”, like “021-6217 9797 ext 801”, or leave it empty.")
    static let distance = LocalizedText(zh: "距离", en: "Distance")
    static let price = LocalizedText(zh: "价格", en: "Price")
    static let details = LocalizedText(zh: "更多信息", en: "More facts")
    static let navigate = LocalizedText(zh: "导航", en: "Directions")
    static let appleMaps = LocalizedText(zh: "苹果地图", en: "Apple Maps")
    static let amap = LocalizedText(zh: "高德地图", en: "Amap")
    static let googleMaps = LocalizedText(zh: "谷歌地图", en: "Google Maps")
    static let navigateNote = LocalizedText(zh: "高德、苹果地图（中国大陆）用 GCJ-02 坐标，谷歌地图用 WGS-84；港澳不偏移。",
                                            en: "Amap and Apple Maps (mainland China) get GCJ-02 coordinates, Google Maps WGS-84; Hong Kong and Macau are not shifted.")
    static let favorite = LocalizedText(zh: "收藏", en: "Favourite")
    static let unfavorite = LocalizedText(zh: "取消收藏", en: "Remove favourite")
    static let favorited = LocalizedText(zh: "已收藏", en: "Saved to favourites")
    static let unfavorited = LocalizedText(zh: "已取消收藏", en: "Removed from favourites")
    static let share = LocalizedText(zh: "分享", en: "Share")
    static let loginToAct = LocalizedText(zh: "登录后收藏、点评", en: "Sign in to save or review")
    static let ratings = LocalizedText(zh: "评分分布", en: "Ratings")
    /// A row label of the rating distribution: `5星`, `1 star`, `2 stars`.
    static func stars(_ count: Int, _ l: Language) -> String {
        l == .zh ? "\(count)星" : "\(count) star\(count == 1 ? "" : "s")"
    }
    static let sourceScore = LocalizedText(zh: "来源评分（大众点评）", en: "Source score (Dianping)")
    static let userReviews = LocalizedText(zh: "用户点评", en: "Reviews")
    static let importedReviews = LocalizedText(zh: "随数据导入的点评", en: "Reviews from the data set")
    static let writeReview = LocalizedText(zh: "写点评", en: "Write a review")
    static let yourRatingOptional = LocalizedText(zh: "你的评分（可不选）", en: "Your rating (optional)")
    static let reviewText = LocalizedText(zh: "点评内容", en: "Your review")
    static let post = LocalizedText(zh: "发布", en: "Post")
    static let posted = LocalizedText(zh: "点评已发布", en: "Review posted")
    static let noReviews = LocalizedText(zh: "还没有点评", en: "No reviews yet")
    static let official = LocalizedText(zh: "商家回复", en: "Owner's reply")
    static let source = LocalizedText(zh: "数据来源", en: "Source")
    static let shakeHint = LocalizedText(zh: "摇一摇手机，或点按钮，随机推荐一家正在营业的商户", en: "Shake your phone or tap the button for a random merchant open now")
    static let shakeButton = LocalizedText(zh: "摇一摇", en: "Shake")
    static let shakeAgain = LocalizedText(zh: "再摇一次", en: "Shake again")
    static let shakeNone = LocalizedText(zh: "附近没有（别的）正在营业的商户", en: "No (other) merchant open nearby")
    static let motionPermission = LocalizedText(zh: "允许使用运动传感器", en: "Allow motion sensor")
    static let searchPlaceholder = LocalizedText(zh: "店名、分类或地址（繁简皆可）", en: "Name, category or address")
    static let searchResults = LocalizedText(zh: "搜索结果", en: "Results")
    static let noResults = LocalizedText(zh: "没有找到", en: "Nothing found")
    static let notFound = LocalizedText(zh: "没有这个商户", en: "No such merchant")
    static let notImported = LocalizedText(zh: "还没有导入商户数据", en: "No merchants imported yet")
    static let notImportedMessage = LocalizedText(zh: "运行 appsuite import merchants ../shared/data/merchants 后再试。",
                                                  en: "Run `appsuite import merchants ../shared/data/merchants`, then reload.")
    static let add = LocalizedText(zh: "添加商户", en: "Add a merchant")
    static let addTitle = LocalizedText(zh: "添加商户", en: "Add a merchant")
    static let addNote = LocalizedText(zh: "提交后由管理员审核，通过或拒绝都会通知你；通过后你就是这家店的店主，可以回复点评。",
                                       en: "A moderator reviews it and you are notified either way; once approved you own it and can answer reviews.")
    static let name = LocalizedText(zh: "店名", en: "Name")
    static let latitude = LocalizedText(zh: "纬度（WGS-84）", en: "Latitude (WGS-84)")
    static let longitude = LocalizedText(zh: "经度（WGS-84）", en: "Longitude (WGS-84)")
    static let pinHint = LocalizedText(zh: "默认是当前位置；须在已知商户 50 公里以内", en: "Your position by default; within 50 km of a known merchant")
    static let pricePerPersonYuan = LocalizedText(zh: "人均（元）", en: "Price per person (yuan)")
    static let submit = LocalizedText(zh: "提交审核", en: "Submit for review")
    static let submitted = LocalizedText(zh: "已提交，等待审核。", en: "Submitted for review.")
    static let duplicateNote = LocalizedText(zh: "附近已有同名商户：", en: "A merchant of the same name is nearby: ")
    static let ownerOnly = LocalizedText(zh: "只有店主可以回复点评。", en: "Only the owner can answer reviews.")
    // MARK: owners' articles
    static let articles = LocalizedText(zh: "商家文章与优惠", en: "Articles and offers")
    static let writeArticle = LocalizedText(zh: "写文章", en: "Write an article")
    static let editArticle = LocalizedText(zh: "编辑文章", en: "Edit the article")
    static let deleteArticle = LocalizedText(zh: "删除文章", en: "Delete the article")
    static let confirmDelete = LocalizedText(zh: "确定删除这篇文章吗？", en: "Delete this article?")
    static let articleDeleted = LocalizedText(zh: "文章已删除", en: "Article deleted")
    static let articlePublished = LocalizedText(zh: "文章已发布", en: "Article published")
    static let articleSaved = LocalizedText(zh: "文章已保存", en: "Article saved")
    static let articleNotFound = LocalizedText(zh: "没有这篇文章", en: "No such article")
    static let writersOnly = LocalizedText(zh: "只有店主或管理员可以写、改、删这家商户的文章。",
                                           en: "Only the owner or an admin can write, change or delete this merchant's articles.")
    static let period = LocalizedText(zh: "活动时间", en: "Offer period")
    static let upcoming = LocalizedText(zh: "未开始", en: "Upcoming")
    static let running = LocalizedText(zh: "进行中", en: "On now")
    static let ended = LocalizedText(zh: "已结束", en: "Ended")
    static let byMerchant = LocalizedText(zh: "商家发布", en: "From the owner")
    static let updated = LocalizedText(zh: "更新于", en: "updated")
    static let articleTitle = LocalizedText(zh: "标题", en: "Title")
    static let articleBody = LocalizedText(zh: "正文（Markdown）", en: "Text (Markdown)")
    static let validFrom = LocalizedText(zh: "活动开始日期", en: "First day of the offer")
    static let validUntil = LocalizedText(zh: "活动结束日期", en: "Last day of the offer")
    static let optionalDate = LocalizedText(zh: "不是限时活动可以不填。", en: "Leave empty when the offer has no dates.")
    static let markdownHint = LocalizedText(
        zh: "支持 Markdown：# 标题、**粗体**、*斜体*、- 列表、> 引用、[链接](https://…)。不显示 HTML 和图片；链接只能是 http(s)、邮件、电话或本站页面。最多 20000 字节。",
        en: "Markdown: # heading, **bold**, *italic*, - lists, > quotes, [links](https://…). HTML and images are not shown; links only to http(s), mail, phone or this site. At most 20,000 bytes.")
    static let articleRules = LocalizedText(
        zh: "店主的文章直接发布，无需审核；每家商户最多 50 篇，每小时最多新发 5 篇。",
        en: "The owner's articles go live at once, without review; at most 50 per merchant and 5 new ones an hour.")
    static let preview = LocalizedText(zh: "预览", en: "Preview")
    static let previewHeader = LocalizedText(zh: "预览（尚未发布）", en: "Preview (not published yet)")
    static let publish = LocalizedText(zh: "发布", en: "Publish")
    static let save = LocalizedText(zh: "保存", en: "Save")
    static let reply = LocalizedText(zh: "商家回复", en: "Reply as owner")
    static let replied = LocalizedText(zh: "已回复", en: "Reply posted")
    static let offline = LocalizedText(zh: "网络已断开，显示的是上次加载的内容。", en: "You are offline; this is what was loaded last.")
    static let requestFailed = LocalizedText(zh: "无法连接服务器，请检查网络后重试。", en: "Cannot reach the server; check the connection and retry.")
    static let retry = LocalizedText(zh: "重试", en: "Retry")
    static let upgrade = LocalizedText(zh: "新版本已发布，刷新页面即可使用。", en: "A new version is out; reload the page to use it.")
    static let reload = LocalizedText(zh: "刷新", en: "Reload")
    static let releaseNotes = LocalizedText(zh: "更新说明", en: "What's new")
    static let photos = LocalizedText(zh: "照片", en: "Photos")
    static let noPhotos = LocalizedText(zh: "还没有照片", en: "No photos yet")
    static let pending = LocalizedText(zh: "待审核", en: "Pending")
    static let pendingNote = LocalizedText(zh: "待审核，只有你能看到", en: "awaiting review, only you can see it")
    static let closePhoto = LocalizedText(zh: "关闭", en: "Close")
    static let addPhotos = LocalizedText(zh: "上传照片", en: "Add photos")
    static let photoAlt = LocalizedText(zh: "照片说明（可选，供读屏使用）", en: "Description (optional, read by screen readers)")
    static let photoLimits = LocalizedText(zh: "每次最多 \(PhotoStore.perUpload) 张，每张不超过 64 MiB、1 亿像素；审核通过后公开。",
                                           en: "Up to \(PhotoStore.perUpload) at a time, each at most 64 MiB and 100 megapixels; shown once a moderator approves them.")
    static let upload = LocalizedText(zh: "上传", en: "Upload")
    static let formPhotos = LocalizedText(zh: "可选，最多 \(PhotoStore.perUpload) 张，随商户一起审核",
                                          en: "Optional, up to \(PhotoStore.perUpload), reviewed with the merchant")

    /// The toast after an upload: `count` photos wait for a moderator.
    static func photosHeld(_ count: Int, _ l: Language) -> String {
        l == .zh ? "已上传 \(count) 张照片，审核通过后公开。" : "\(count) photo\(count == 1 ? "" : "s") uploaded; shown once a moderator approves."
    }

    /// `350 m`, `1.3 km`.
    static func distance(_ metres: Double) -> String {
        metres < 1_000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1_000)
    }

    /// `¥80` from fen.
    static func price(_ fen: Int64) -> String {
        fen % 100 == 0 ? "¥\(fen / 100)" : String(format: "¥%.2f", Double(fen) / 100)
    }

    static func stars(_ rating: Double) -> String { String(format: "%.1f★", rating) }

    /// One of eight compass points for a bearing in degrees (0 = north, clockwise): `东北方向`, `NE`.
    static func direction(_ bearing: Double, _ l: Language) -> String {
        let index = Int(((bearing.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return l == .zh ? ["正北", "东北", "正东", "东南", "正南", "西南", "正西", "西北"][index] + "方向"
            : ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][index]
    }
}
