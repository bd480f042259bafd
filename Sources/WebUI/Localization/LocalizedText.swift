/// A label in both languages: `Strings.back(language)`.
public struct LocalizedText: Sendable, Hashable {
    public var zh: String
    public var en: String

    public init(zh: String, en: String) {
        self.zh = zh
        self.en = en
    }

    /// The same text in both languages (names, numbers).
    public init(_ both: String) {
        self.init(zh: both, en: both)
    }

    public func callAsFunction(_ language: Language) -> String {
        switch language {
        case .zh: zh
        case .en: en
        }
    }
}

/// The shell's own labels. Apps keep their words in their own catalogues.
public enum Strings {
    public static let appName = LocalizedText(zh: "AppSuite", en: "AppSuite")
    public static let back = LocalizedText(zh: "返回", en: "Back")
    public static let home = LocalizedText(zh: "首页", en: "Home")
    public static let me = LocalizedText(zh: "我的", en: "Me")
    public static let logIn = LocalizedText(zh: "登录", en: "Log in")
    public static let register = LocalizedText(zh: "注册", en: "Register")
    public static let logOut = LocalizedText(zh: "退出登录", en: "Log out")
    public static let loading = LocalizedText(zh: "加载中…", en: "Loading…")
    public static let empty = LocalizedText(zh: "暂无内容", en: "Nothing here yet")
    public static let error = LocalizedText(zh: "出错了", en: "Something went wrong")
    public static let retry = LocalizedText(zh: "重试", en: "Retry")
    public static let more = LocalizedText(zh: "更多", en: "More")
    public static let settings = LocalizedText(zh: "设置", en: "Settings")
    public static let language = LocalizedText(zh: "语言", en: "Language")
    public static let darkMode = LocalizedText(zh: "深色模式", en: "Dark mode")
    public static let search = LocalizedText(zh: "搜索", en: "Search")
    public static let cancel = LocalizedText(zh: "取消", en: "Cancel")
    public static let done = LocalizedText(zh: "完成", en: "Done")
    public static let save = LocalizedText(zh: "保存", en: "Save")
    public static let delete = LocalizedText(zh: "删除", en: "Delete")
    public static let edit = LocalizedText(zh: "编辑", en: "Edit")
    public static let share = LocalizedText(zh: "分享", en: "Share")
    public static let close = LocalizedText(zh: "关闭", en: "Close")
    public static let confirm = LocalizedText(zh: "确定", en: "OK")
    public static let areYouSure = LocalizedText(zh: "确定要这样做吗？", en: "Are you sure?")
    public static let skipToContent = LocalizedText(zh: "跳到正文", en: "Skip to content")
    public static let mainNavigation = LocalizedText(zh: "主导航", en: "Main navigation")
    public static let notifications = LocalizedText(zh: "通知", en: "Notifications")
    public static let required = LocalizedText(zh: "必填", en: "Required")
    public static let notFound = LocalizedText(zh: "页面不存在", en: "Page not found")
    public static let switchLanguage = LocalizedText(zh: "English", en: "中文")
    public static let switchTheme = LocalizedText(zh: "切换深色模式", en: "Toggle dark mode")
    /// The tab bar badge's label for screen readers.
    public static func unreadNotifications(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(count) 条未读通知", en: "\(count) unread notification\(count == 1 ? "" : "s")")
    }
}
