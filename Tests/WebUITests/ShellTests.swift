import Foundation
import Testing
@testable import WebUI

struct ShellTests {
    static let pages: [String] = [
        SamplePages.launcher(.zh), SamplePages.launcher(.en, theme: .dark), SamplePages.detail(.zh), SamplePages.detail(.en),
    ]

    /// Replaces asset hashes so the golden document survives CSS edits.
    static func normalised(_ html: String) -> String {
        html.replacing(/\?v=[0-9a-f]{10}/, with: "?v=HASH")
    }

    @Test func goldenSmallPage() {
        let context = PageContext(
            language: .zh, title: "限免 <今日>", back: BackLink(href: "/", label: "首页"),
            tabs: [TabItem(id: "home", href: "/", icon: .home, label: Strings.home), TabItem(id: "me", href: "/me", icon: .person, label: Strings.me)],
            activeTab: "me", toasts: [Toast("已保存", kind: .success)])
        let html = Self.normalised(Shell.document(context) { p { "你好 & <b>" } })
        let expected = """
            <!DOCTYPE html>
            <html lang="zh-Hans"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\
            <title>限免 &lt;今日&gt; · AppSuite</title><meta name="color-scheme" content="light dark">\
            <meta name="theme-color" media="(prefers-color-scheme: light)" content="#f2f2f7">\
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#000000">\
            <meta name="mobile-web-app-capable" content="yes"><meta name="apple-mobile-web-app-capable" content="yes">\
            <meta name="apple-mobile-web-app-status-bar-style" content="default"><meta name="apple-mobile-web-app-title" content="AppSuite">\
            <meta name="format-detection" content="telephone=no"><link rel="manifest" href="/manifest.webmanifest">\
            <link rel="icon" href="/assets/icon.svg?v=HASH" type="image/svg+xml">\
            <link rel="icon" href="/assets/icon-192.png?v=HASH" type="image/png" sizes="192x192">\
            <link rel="apple-touch-icon" href="/assets/apple-touch-icon.png?v=HASH">\
            <link rel="stylesheet" href="/assets/app.css?v=HASH"><script src="/assets/app.js?v=HASH" defer></script></head>\
            <body class="has-navbar has-tabbar"><a class="skip-link visually-hidden-focusable" href="#content">跳到正文</a>\
            <header class="navbar"><div class="navbar-inner"><div class="navbar-leading"><a class="navbar-back" href="/" data-back>\
            \(Icon.chevronLeft.svg)<span class="navbar-back-label" data-short="返回">首页</span></a></div>\
            <h1 class="navbar-title">限免 &lt;今日&gt;</h1><div class="navbar-trailing"></div></div></header>\
            <main id="content" class="content" tabindex="-1"><p>你好 &amp; &lt;b&gt;</p></main>\
            <nav class="tabbar" aria-label="主导航"><ul class="tabbar-items" role="list">\
            <li><a class="tab" href="/">\(Icon.home.svg)<span class="tab-label">首页</span></a></li>\
            <li><a class="tab is-active" href="/me" aria-current="page">\(Icon.person.svg)<span class="tab-label">我的</span></a></li></ul></nav>\
            <div class="toasts" aria-live="polite" aria-label="通知"><div class="toast toast-success" role="status" data-toast>\
            \(Icon.check.svg)<span class="toast-message">已保存</span></div></div></body></html>
            """
        #expect(html == expected)
    }

    @Test(arguments: 0..<pages.count)
    func documentIsCSPClean(_ index: Int) throws {
        let html = Self.pages[index]
        // Every <script> has a src, and loads from our own assets.
        let scripts = html.matches(of: /<script[^>]*>/).map { String($0.output) }
        #expect(scripts.count == 1)
        for tag in scripts { #expect(tag.contains(" src=\"/assets/app.js?v=")) }
        #expect(html.firstMatch(of: /<script>/) == nil)
        // No inline styles, no style elements, no event handlers, no javascript: URLs.
        #expect(!html.contains("style="))
        #expect(!html.contains("<style"))
        #expect(html.firstMatch(of: /\son[a-z]+=/) == nil)
        #expect(!html.lowercased().contains("javascript:"))
    }

    @Test func documentHead() {
        let html = SamplePages.launcher(.en, theme: .dark)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" data-theme=\"dark\"><head><meta charset=\"utf-8\">"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">"))
        #expect(html.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
        #expect(html.contains("<link rel=\"apple-touch-icon\" href=\"/assets/apple-touch-icon.png?v="))
        #expect(html.contains("<h1 class=\"large-title\">AppSuite</h1>"))
        #expect(html.contains("<title>AppSuite</title>"))
        #expect(html.contains("class=\"has-navbar has-tabbar has-large-title is-signed-in\""))
        #expect(html.contains("href=\"/?lang=zh\""))
        // Bytes and string forms agree.
        let context = PageContext(language: .zh, title: "t")
        #expect(Shell.documentBytes(context) { "x" } == Array(Shell.document(context) { "x" }.utf8))
    }

    @Test func formsCarryCSRFToken() {
        let html = SamplePages.detail(.zh)
        let forms = html.matches(of: /<form[^>]*>(<input[^>]*>)?/)
        #expect(forms.count == 1)
        for form in forms { #expect(form.output.1 == "<input type=\"hidden\" name=\"csrf_token\" value=\"tok-123\">") }
        #expect(SamplePages.launcher(.zh).contains("<form class=\"cell-form\" method=\"post\" action=\"/logout\" data-confirm=\"确定要这样做吗？\"><input type=\"hidden\" name=\"csrf_token\" value=\"tok-123\">"))
    }

    @Test func themeCookie() {
        #expect(Theme(cookie: "dark") == .dark)
        #expect(Theme(cookie: "light") == .light)
        #expect(Theme(cookie: "\"><x") == nil)
        #expect(Theme(cookie: nil) == nil)
    }
}
