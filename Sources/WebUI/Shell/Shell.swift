/// The mobile shell: a whole HTML5 document around a page's content.
///
///     let html = Shell.document(context) {
///         listGroup(header: "今日限免") { for deal in deals { listCell(title: deal.name, href: …) } }
///     }
///
/// Output has no inline script, no event-handler attribute and no `style` attribute, so it
/// runs under `script-src 'self'; style-src 'self'`.
public enum Shell {
    /// The rendered document as a `String`.
    public static func document(_ context: PageContext, @HTMLBuilder content: () -> [Node]) -> String {
        String(decoding: documentBytes(context, content: content), as: UTF8.self)
    }

    /// The rendered document as UTF-8 bytes, ready to be a response body.
    public static func documentBytes(_ context: PageContext, @HTMLBuilder content: () -> [Node]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 * 1024)
        out.append(contentsOf: "<!DOCTYPE html>\n".utf8)
        render([html(context, content: content())], into: &out)
        return out
    }

    /// The part of `<head>` that is the same on every page of a language (colour scheme, PWA metadata,
    /// icons, stylesheet, script), rendered once: it is our own constant markup, so `unsafeRaw` is safe.
    private static let staticHead: [Language: String] = Dictionary(uniqueKeysWithValues: Language.allCases.map { language in
        (language, render(fragment {
            meta(.name("color-scheme"), .content("light dark"))
            meta(.name("theme-color"), .media("(prefers-color-scheme: light)"), .content("#f2f2f7"))
            meta(.name("theme-color"), .media("(prefers-color-scheme: dark)"), .content("#000000"))
            meta(.name("mobile-web-app-capable"), .content("yes"))
            meta(.name("apple-mobile-web-app-capable"), .content("yes"))
            meta(.name("apple-mobile-web-app-status-bar-style"), .content("default"))
            meta(.name("apple-mobile-web-app-title"), .content(Strings.appName(language)))
            meta(.name("format-detection"), .content("telephone=no"))
            link(.rel("manifest"), .href(WebAssets.manifestPath))
            link(.rel("icon"), .href(WebAssets.url("icon.svg")), .type("image/svg+xml"))
            link(.rel("icon"), .href(WebAssets.url("icon-192.png")), .type("image/png"), .sizes("192x192"))
            link(.rel("apple-touch-icon"), .href(WebAssets.url("apple-touch-icon.png")))
            link(.rel("stylesheet"), .href(WebAssets.url("app.css")))
            Node.element("script", [.src(WebAssets.url("app.js")), .defer], [])
        }))
    })

    /// The `<html>` element, for tests or for wrapping differently.
    public static func html(_ context: PageContext, content: [Node]) -> Node {
        let language = context.language
        let hasTabs = !context.tabs.isEmpty
        let bodyClasses = [
            "has-navbar", hasTabs ? "has-tabbar" : nil, context.largeTitle ? "has-large-title" : nil,
            context.user != nil ? "is-signed-in" : nil, context.bodyClass,
        ].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        let documentTitle =
            context.title.isEmpty || context.title == Strings.appName(language)
            ? Strings.appName(language) : context.title + " · " + Strings.appName(language)

        return .element("html", [.lang(language.htmlLang), context.theme.map { .attribute("data-theme", $0.rawValue) } ?? .omitted], fragment {
            Node.element("head", [], fragment {
                meta(.attribute("charset", "utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                Node.element("title", [], [.text(documentTitle)])
                if let description = context.description { meta(.name("description"), .content(description)) }
                Node.unsafeRaw(staticHead[language] ?? "")
                for stylesheet in context.stylesheets { link(.rel("stylesheet"), .href(stylesheet)) }
                for script in context.scripts { Node.element("script", [.src(script), .defer], []) }
            })
            Node.element("body", [.class(bodyClasses)], fragment {
                a(.classes("skip-link", "visually-hidden-focusable"), .href("#content")) { Strings.skipToContent(language) }
                navBar(title: context.title, back: context.back, shortBackLabel: Strings.back(language), trailing: context.trailing,
                       largeTitle: context.largeTitle)
                main(.id("content"), .class("content"), .tabindex(-1)) {
                    if context.largeTitle { h1(.class("large-title")) { context.title } }
                    content
                }
                if hasTabs { tabBar(context.tabs, active: context.activeTab, language: language, inboxBadge: context.inboxBadge) }
                div(.class("toasts"), .attribute("aria-live", "polite"), .ariaLabel(Strings.notifications(language))) {
                    for item in context.toasts { toast(item) }
                }
            })
        })
    }
}

func meta(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("meta"), attributes: attributes, children: [])
}

func link(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("link"), attributes: attributes, children: [])
}
