import AppHost
import HTTPServer
import Identity
import WebUI

/// `/`: one tile per installed app, the signed-in user's greeting, or the way to sign in.
struct Launcher: Sendable {
    let apps: [AppManifest]

    static let greeting = LocalizedText(zh: "你好，", en: "Hello, ")
    static let tagline = LocalizedText(zh: "一个账号，畅用全部应用", en: "One account for every app")
    static let signInPrompt = LocalizedText(zh: "登录后，收藏、评论和设置在所有应用间同步。", en: "Log in to keep favourites, comments and settings across every app.")
    static let appsHeader = LocalizedText(zh: "应用", en: "Apps")
    static let noApps = LocalizedText(zh: "还没有安装应用", en: "No apps installed yet")
    static let noAppsMessage = LocalizedText(zh: "应用上线后会出现在这里。", en: "Apps appear here as soon as they are installed.")

    func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var pages = RouteGroup(prefix: "", kind: .pages, guard: sessionGuard)
        // The signed-out launcher is the same for every visitor of one language and theme, for the life of the process.
        pages.anyone.get("", keep: .until(.process, entries: 8, megabytes: 1)) { _, viewer in page(viewer) }
        router.mount(pages)
    }

    func page(_ viewer: Viewer) -> Response {
        let language = viewer.language
        return viewer.page(title: Strings.appName(language), activeTab: "home", largeTitle: true,
                           trailing: [languageSwitch(language, currentURL: viewer.currentURL), themeToggle(language: language)]) {
            div(.class("launcher")) {
                if let user = viewer.user, let summary = viewer.userSummary {
                    a(.class("launcher-greeting"), .href("/me")) {
                        avatar(summary, size: 44)
                        span(.class("launcher-greeting-text")) {
                            Self.greeting(language)
                            span(.attribute("data-current-user", user.username)) { user.nickname }
                        }
                    }
                } else {
                    div(.class("launcher-welcome")) {
                        p(.class("launcher-tagline")) { Self.tagline(language) }
                        p(.class("launcher-prompt")) { Self.signInPrompt(language) }
                        div(.class("launcher-actions")) {
                            button(Strings.logIn(language), href: "/login", fullWidth: false)
                            button(Strings.register(language), style: .secondary, href: "/register", fullWidth: false)
                        }
                    }
                }
                sectionHeader(Self.appsHeader(language))
                if apps.isEmpty {
                    emptyState(icon: .grid, title: Self.noApps(language), message: Self.noAppsMessage(language))
                } else {
                    tileGrid(apps.map { Tile(href: $0.path, title: $0.title, icon: $0.icon, tint: $0.tint, caption: $0.summary) }, language: language)
                }
            }
        }
    }
}
