import Foundation
import WebUI

/// Pages that use every component, for the CSP checks and the preview screenshots.
enum SamplePages {
    static let tabs = [
        TabItem(id: "home", href: "/", icon: .home, label: Strings.home),
        TabItem(id: "deals", href: "/deals", icon: .tag, label: LocalizedText(zh: "限免", en: "Deals")),
        TabItem(id: "search", href: "/search", icon: .search, label: Strings.search),
        TabItem(id: "me", href: "/me", icon: .person, label: Strings.me),
    ]

    static let tiles = [
        Tile(href: "/photos", title: LocalizedText(zh: "图片处理器", en: "Photo Studio"), icon: .photo, tint: .pink),
        Tile(href: "/deals", title: LocalizedText(zh: "爱限免", en: "App Deals"), icon: .tag, tint: .orange,
             caption: LocalizedText(zh: "12 条新限免", en: "12 new")),
        Tile(href: "/gaokao", title: LocalizedText(zh: "豹考通", en: "Gaokao"), icon: .school, tint: .indigo),
        Tile(href: "/weather", title: LocalizedText(zh: "天气", en: "Weather"), icon: .cloudSun, tint: .blue),
        Tile(href: "/merchants", title: LocalizedText(zh: "商户", en: "Merchants"), icon: .mapPin, tint: .green),
        Tile(href: "/reviews", title: LocalizedText(zh: "影评", en: "Reviews"), icon: .film, tint: .purple),
    ]

    /// The launcher: large title, tile grid, a list, a toast.
    static func launcher(_ language: Language, theme: Theme? = nil) -> String {
        let context = PageContext(
            language: language, title: Strings.appName(language), largeTitle: true,
            trailing: [themeToggle(language: language), languageSwitch(language, currentURL: "/")],
            tabs: tabs, activeTab: "home", user: UserSummary(nickname: "小明"),
            toasts: [Toast(language == .zh ? "已登录，欢迎回来" : "Welcome back", kind: .success)],
            theme: theme, currentURL: "/")
        return Shell.document(context) {
            tileGrid(tiles, language: language)
            listGroup(header: language == .zh ? "今日推荐" : "Today") {
                listCell(title: "流浪地球 2", subtitle: "郭帆 · 2023 · 科幻", detail: "9.1", href: "/reviews/1",
                         image: .icon(.film, .purple))
                listCell(title: "Procreate Pocket", subtitle: "¥30 → 免费", href: "/deals/2",
                         image: .icon(.tag, .orange), accessory: .badge("限免"))
                listCell(title: "北京 · 晴", subtitle: "空气质量 良", detail: "23°", href: "/weather/beijing",
                         image: .icon(.cloudSun, .blue))
            }
            listGroup(header: Strings.settings(language), footer: language == .zh ? "深色模式也可以跟随系统。" : "Dark mode can follow the system.") {
                listCell(title: Strings.language(language), detail: language == .zh ? "简体中文" : "English",
                         href: "/settings/language", image: .icon(.globe, .gray))
                listCell(title: Strings.darkMode(language), detail: language == .zh ? "跟随系统" : "System",
                         href: "/settings/theme", image: .icon(.moon, .indigo))
                listFormCell(title: Strings.logOut(language), action: "/logout", csrfToken: "tok-123",
                             destructive: true, confirm: Strings.areYouSure(language))
            }
        }
    }

    /// A detail screen: back link, segmented control, empty state, error state, skeleton, a form.
    static func detail(_ language: Language, theme: Theme? = nil) -> String {
        let context = PageContext(
            language: language, title: language == .zh ? "写影评" : "Write a review",
            back: BackLink(href: "/reviews", label: language == .zh ? "影评" : "Reviews"),
            trailing: [navAction(href: "/share", icon: .share, label: Strings.share(language))],
            tabs: tabs, activeTab: "search", csrfToken: "tok-123",
            toasts: [Toast(language == .zh ? "网络不太稳定，稍后再试" : "Network is flaky", kind: .error)],
            description: "AppSuite", theme: theme, currentURL: "/reviews/new?movie=1")
        return Shell.document(context) {
            segmentedControl(
                [Segment(id: "hot", href: "?tab=hot", label: language == .zh ? "热门" : "Popular"),
                 Segment(id: "new", href: "?tab=new", label: language == .zh ? "最新" : "Latest"),
                 Segment(id: "mine", href: "?tab=mine", label: language == .zh ? "我的" : "Mine")],
                selected: "hot")
            postForm(action: "/reviews", csrfToken: context.csrfToken) {
                formGroup(header: language == .zh ? "影评" : "Review") {
                    formField(label: language == .zh ? "标题" : "Title", name: "title", value: "<b>不错</b> & \"好看\"",
                              placeholder: language == .zh ? "一句话说说" : "In one line", required: true, maxLength: 60)
                    formField(label: language == .zh ? "评分" : "Rating", name: "rating", type: .number, value: "11",
                              error: language == .zh ? "评分须在 1 到 10 之间" : "Rating must be 1 to 10", inputMode: "numeric")
                    formField(label: language == .zh ? "正文" : "Text", name: "body", type: .textarea,
                              hint: language == .zh ? "至少 10 个字" : "At least 10 characters", minLength: 10)
                }
                button(language == .zh ? "发布" : "Publish", icon: .check)
            }
            sectionHeader(language == .zh ? "收藏" : "Favourites", actionLabel: Strings.more(language), actionHref: "/favs")
            emptyState(icon: .heart, title: Strings.empty(language),
                       message: language == .zh ? "看到喜欢的电影，点 ♥ 收藏起来。" : "Tap ♥ on a film you like.",
                       action: LinkAction(label: language == .zh ? "去看看" : "Browse", href: "/reviews"))
            errorState(language: language, message: language == .zh ? "服务器暂时不可用。" : "The server is unavailable.",
                       retryHref: "/reviews/new")
            loadingPlaceholder(rows: 2, language: language)
            p { "Badges: " ; badge("3"); " "; badge("NEW", tint: .blue) }
            button(Strings.delete(language), style: .destructive, type: "button", confirm: Strings.areYouSure(language))
            button(Strings.cancel(language), style: .secondary, href: "/reviews")
        }
    }
}
