import Foundation
import Markdown
import Testing

/// The safe subset: real CommonMark rendered by libcmark, and what an attacker would try (script tags, event
/// handlers, `javascript:` and `data:` links, entity-encoded schemes, images, huge and deeply nested sources).
struct MarkdownTests {
    static func html(_ source: String) throws -> String { try Markdown.render(source).html }

    @Test func rendersCommonMark() throws {
        let source = """
            # 双十二限时优惠

            全场 **八折**，*工作日* 下午茶 `¥39` 起。

            1. 拿铁
            2. 美式

            - 会员再减 5 元
            - 详见 [活动规则](https://example.com/rules?a=1&b=2 "规则")

            > 每桌限用一张。

            ```
            a < b && c
            ```

            ---
            第一行\\
            第二行
            """
        let html = try Self.html(source)
        #expect(html.contains("<h2>双十二限时优惠</h2>"), "headings move one level down")
        #expect(!html.contains("<h1>"))
        #expect(html.contains("<p>全场 <strong>八折</strong>，<em>工作日</em> 下午茶 <code>¥39</code> 起。</p>"))
        #expect(html.contains("<ol>\n<li>拿铁</li>\n<li>美式</li>\n</ol>"))
        #expect(html.contains(#"<li>详见 <a rel="nofollow noopener ugc" href="https://example.com/rules?a=1&amp;b=2" title="规则">活动规则</a></li>"#))
        #expect(html.contains("<blockquote>\n<p>每桌限用一张。</p>\n</blockquote>"))
        #expect(html.contains("<pre><code>a &lt; b &amp;&amp; c\n</code></pre>"))
        #expect(html.contains("<hr />"))
        #expect(html.contains("第一行<br />\n第二行"))
        let summary = try Markdown.render(source).summary
        #expect(summary.hasPrefix("双十二限时优惠 全场 八折，工作日 下午茶 ¥39 起。 拿铁 美式 会员再减 5 元 详见 活动规则 每桌限用一张。 a < b && c 第一行 第二行"),
                "\(summary)")
    }

    @Test func rawHTMLIsOmitted() throws {
        let attacks = [
            "<script>alert(1)</script>",
            "hello <script>alert(1)</script> world",
            "<img src=x onerror=alert(1)>",
            "text <img src=x onerror=alert(1)> more",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<a href=\"javascript:alert(1)\">x</a>",
            "<svg onload=alert(1)>",
            "<style>body{display:none}</style>",
            "<div onclick=\"alert(1)\">**bold**</div>",
        ]
        for attack in attacks {
            let html = try Self.html(attack)
            for bad in ["<script", "<img", "<iframe", "<svg", "<style", "<div", "onerror", "onload", "onclick", "javascript:"] {
                #expect(!html.lowercased().contains(bad), "\(attack) → \(html)")
            }
            #expect(html.contains("<!-- raw HTML omitted -->"), "\(attack) → \(html)")
        }
        #expect(try Self.html("hello <b>x</b> world") == "<p>hello <!-- raw HTML omitted -->x<!-- raw HTML omitted --> world</p>\n")
    }

    @Test func entitiesStayText() throws {
        #expect(try Self.html("&lt;script&gt;alert(1)&lt;/script&gt;") == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n")
        #expect(try Self.html("&#60;img src=x onerror=alert(1)&#62;") == "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n")
        #expect(try Self.html("`<script>`") == "<p><code>&lt;script&gt;</code></p>\n")
        #expect(try Self.html("\"quotes\" & 'apostrophes'") == "<p>&quot;quotes&quot; &amp; 'apostrophes'</p>\n")
    }

    @Test func unsafeLinksBecomeText() throws {
        let refused = [
            "[click](javascript:alert(1))", "[click](JavaScript:alert(1))", "[click](&#106;avascript:alert(1))",
            "[click](<java\tscript:alert(1)>)", "[click](java%0Ascript:alert(1))", "[click](vbscript:msgbox)",
            "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "[click](data:image/png;base64,iVBORw0KGgo=)",
            "[click](file:///etc/passwd)", "[click](//evil.example/x)", "[click](/\\evil.example)", "[click](ftp://example.com)",
            "<javascript:alert(1)>", "[click][ref]\n\n[ref]: javascript:alert(1)",
        ]
        for source in refused {
            let html = try Self.html(source)
            #expect(!html.contains("<a ") && !html.contains("href"), "\(source) → \(html)")
        }
        #expect(try Self.html("[click](javascript:alert(1))") == "<p>click</p>\n")
        #expect(try Self.html("<javascript:alert(1)>") == "<p>javascript:alert(1)</p>\n", "an autolink of a refused scheme stays text")
        let kept = ["https://example.com/a", "http://example.com", "mailto:shop@example.com", "tel:+862112345678", "/merchants/12"]
        for url in kept {
            #expect(try Self.html("[x](\(url))") == "<p><a rel=\"nofollow noopener ugc\" href=\"\(url)\">x</a></p>\n", "\(url)")
        }
        #expect(try Self.html("<https://example.com>") == "<p><a rel=\"nofollow noopener ugc\" href=\"https://example.com\">https://example.com</a></p>\n")
        // An attribute cannot be broken out of: quotes in a URL are percent-encoded.
        let quoted = try Self.html("[x](https://example.com/\"onmouseover=alert(1))")
        #expect(!quoted.contains("\" onmouseover") && !quoted.contains("\"onmouseover"), "\(quoted)")
    }

    @Test func imagesBecomeTheirDescription() throws {
        #expect(try Self.html("![门头照片](https://example.com/a.jpg)") == "<p>门头照片</p>\n")
        #expect(try Self.html("![x](data:image/png;base64,iVBORw0KGgo=)") == "<p>x</p>\n")
        #expect(try Self.html("![*店内* 环境](/media/a.jpg \"t\")") == "<p><em>店内</em> 环境</p>\n")
        #expect(try Self.html("[![logo](https://example.com/l.png)](https://example.com)")
                == "<p><a rel=\"nofollow noopener ugc\" href=\"https://example.com\">logo</a></p>\n")
        #expect(try Self.html("![a](x) ![b](y) ![c](z)") == "<p>a b c</p>\n")
    }

    @Test func limits() throws {
        let exactly = String(repeating: "好", count: Markdown.maxSourceBytes / 3) + "ab"  // 3-byte characters
        #expect(exactly.utf8.count == Markdown.maxSourceBytes)
        #expect(try Markdown.render(exactly).html.hasPrefix("<p>好好"))
        #expect(throws: MarkdownError.tooLong(bytes: Markdown.maxSourceBytes + 1, maximum: Markdown.maxSourceBytes)) {
            try Markdown.render(exactly + "c")
        }
        #expect(throws: MarkdownError.tooLong(bytes: 60_000, maximum: Markdown.maxSourceBytes)) {
            try Markdown.render(String(repeating: "好", count: 20_000))
        }

        let quotes = String(repeating: ">", count: Markdown.maxNesting) + " deep"
        #expect(try Self.html(quotes).components(separatedBy: "<blockquote>").count == Markdown.maxNesting + 1)
        #expect(throws: MarkdownError.tooDeep(maximum: Markdown.maxNesting)) { try Markdown.render(">" + quotes) }
        #expect(throws: MarkdownError.tooDeep(maximum: Markdown.maxNesting)) { try Markdown.render(String(repeating: ">", count: 19_000)) }
        let lists = (0..<40).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n")
        #expect(throws: MarkdownError.tooDeep(maximum: Markdown.maxNesting)) { try Markdown.render(lists) }
        let mixed = String(repeating: "> - ", count: 2_000) + "x"
        #expect(throws: MarkdownError.tooDeep(maximum: Markdown.maxNesting)) { try Markdown.render(mixed) }
    }

    /// Inputs that are slow in naive parsers: each finishes and renders what CommonMark says.
    @Test func pathologicalInputs() throws {
        let brackets = try Self.html(String(repeating: "[", count: 19_000) + "a" + String(repeating: "]", count: 900))
        #expect(brackets.hasPrefix("<p>[[[") && brackets.contains("a]]]"))
        let emphasis = try Self.html(String(repeating: "*a ", count: 6_000))
        #expect(emphasis.hasPrefix("<p>*a *a"))
        let openers = try Self.html(String(repeating: "**_", count: 6_000) + "x")
        #expect(openers.hasSuffix("x</p>\n"))
        let links = try Self.html(String(repeating: "[a](b ", count: 3_000))
        #expect(!links.contains("<a "))
        let backticks = try Self.html(String(repeating: "`a", count: 9_000))
        #expect(backticks.hasPrefix("<p><code>a</code>a<code>a</code>"))
        let entities = try Self.html(String(repeating: "&#x", count: 6_000))
        #expect(entities.hasPrefix("<p>&amp;#x&amp;#x"))
        let items = try Self.html((0..<2_000).map { "\($0 + 1). x" }.joined(separator: "\n"))
        #expect(items.components(separatedBy: "<li>").count == 2_001)
    }

    @Test func summaryIsPlainAndCut() throws {
        #expect(try Markdown.render("**Hello** [world](javascript:x)\n\n![pic](y)").summary == "Hello world pic")
        #expect(try Markdown.render("# 标题\n正文").summary == "标题 正文")
        let long = try Markdown.render(String(repeating: "优惠 ", count: 200)).summary
        #expect(long.count == Markdown.summaryLength && long.hasSuffix("…"))
        #expect(try Markdown.render("").html.isEmpty)
        #expect(try Markdown.render("").summary.isEmpty)
    }
}
