import Testing
@testable import WebUI

/// Hostile input → exact output, in text and in attribute position.
struct EscapingTests {
    static let long = String(repeating: "<a&\"'>", count: 5000)

    static let hostile: [(input: String, text: String, attribute: String)] = [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        (
            "\"><img src=x onerror=alert(1)>", "\"&gt;&lt;img src=x onerror=alert(1)&gt;",
            "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
        ),
        ("' onmouseover='alert(1)", "' onmouseover='alert(1)", "&#39; onmouseover=&#39;alert(1)"),
        ("&quot;", "&amp;quot;", "&amp;quot;"),
        ("&amp;", "&amp;amp;", "&amp;amp;"),
        ("'", "'", "&#39;"),
        ("&#x3C;script&#x3E;", "&amp;#x3C;script&amp;#x3E;", "&amp;#x3C;script&amp;#x3E;"),
        ("a < b && c > d", "a &lt; b &amp;&amp; c &gt; d", "a &lt; b &amp;&amp; c &gt; d"),
        ("</textarea><script>x</script>", "&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;", "&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;"),
        ("中文 👩‍👩‍👧 𠀀𝄞 🇨🇳", "中文 👩‍👩‍👧 𠀀𝄞 🇨🇳", "中文 👩‍👩‍👧 𠀀𝄞 🇨🇳"),
        ("", "", ""),
        ("line\nbreak\ttab", "line\nbreak\ttab", "line\nbreak\ttab"),
        (
            long, String(repeating: "&lt;a&amp;\"'&gt;", count: 5000),
            String(repeating: "&lt;a&amp;&quot;&#39;&gt;", count: 5000)
        ),
    ]

    @Test(arguments: 0..<hostile.count)
    func textPosition(_ index: Int) {
        let (input, expected, _) = Self.hostile[index]
        #expect(render(p { input }) == "<p>" + expected + "</p>")
        #expect(render([.text(input)]) == expected)
    }

    @Test(arguments: 0..<hostile.count)
    func attributePosition(_ index: Int) {
        let (input, _, expected) = Self.hostile[index]
        #expect(render(div(.title(input))) == "<div title=\"" + expected + "\"></div>")
        #expect(render(WebUI.input(.value(input))) == "<input value=\"" + expected + "\">")
        #expect(render(span(.attribute("data-x", input)) { "" }) == "<span data-x=\"" + expected + "\"></span>")
    }

    @Test func bytesAndStringAgree() {
        let nodes = [div(.class("a\"b")) { "x < y"; span { "中文" } }, .unsafeRaw("<hr>")]
        var bytes: [UInt8] = [1, 2]
        render(nodes, into: &bytes)
        #expect(Array(bytes.dropFirst(2)) == Array(render(nodes).utf8))
        #expect(render(nodes) == "<div class=\"a&quot;b\">x &lt; y<span>中文</span></div><hr>")
    }

    @Test func unsafeRawIsVerbatim() {
        #expect(render([.unsafeRaw("<b>&amp;</b>")]) == "<b>&amp;</b>")
    }

    static let urls: [(input: String, href: String, src: String)] = [
        ("javascript:alert(1)", "#", "#"),
        ("JavaScript:alert(1)", "#", "#"),
        ("  javascript:alert(1)", "#", "#"),
        ("\u{1}\u{0}javascript:alert(1)", "#", "#"),
        ("java\tscr\nipt:alert(1)", "#", "#"),
        ("JAVASCRIPT:alert(1)", "#", "#"),
        ("vbscript:msgbox", "#", "#"),
        ("data:text/html;base64,PHNjcmlwdD4=", "#", "#"),
        ("data:image/png;base64,iVBORw0K", "#", "data:image/png;base64,iVBORw0K"),
        ("https://example.com/a?b=1&c=2", "https://example.com/a?b=1&amp;c=2", "https://example.com/a?b=1&amp;c=2"),
        ("/deals?page=2", "/deals?page=2", "/deals?page=2"),
        ("mailto:a@example.com", "mailto:a@example.com", "mailto:a@example.com"),
        ("tel:+8610123", "tel:+8610123", "tel:+8610123"),
        ("#top", "#top", "#top"),
        ("javascript", "javascript", "javascript"),
        ("./javascript:alert(1)", "./javascript:alert(1)", "./javascript:alert(1)"),
        ("?q=javascript:alert(1)", "?q=javascript:alert(1)", "?q=javascript:alert(1)"),
        ("\"><script>", "&quot;&gt;&lt;script&gt;", "&quot;&gt;&lt;script&gt;"),
    ]

    @Test(arguments: 0..<urls.count)
    func urlAttributesAreSanitised(_ index: Int) {
        let (input, href, src) = Self.urls[index]
        #expect(render(a(.href(input)) { "x" }) == "<a href=\"\(href)\">x</a>")
        #expect(render(img(.src(input))) == "<img src=\"\(src)\">")
        #expect(render(form(.action(input))) == "<form action=\"\(href)\"></form>")
        // The generic spelling goes through the same check.
        #expect(render(a(.attribute("href", input))) == "<a href=\"\(href)\"></a>")
        #expect(render(button(.attribute("formaction", input))) == "<button formaction=\"\(href)\"></button>")
    }

    @Test func nonURLAttributesKeepJavascriptText() {
        // Only URL attributes are rewritten; elsewhere it is plain (escaped) text.
        #expect(render(div(.title("javascript:alert(1)"))) == "<div title=\"javascript:alert(1)\"></div>")
    }
}
