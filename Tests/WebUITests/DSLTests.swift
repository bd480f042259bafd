import Testing
@testable import WebUI

struct DSLTests {
    @Test func voidElementsHaveNoClosingTag() {
        #expect(render(input(.type("text"), .name("q"))) == "<input type=\"text\" name=\"q\">")
        #expect(render(img(.src("/a.png"), .alt(""))) == "<img src=\"/a.png\" alt=\"\">")
        #expect(render(br()) == "<br>")
        #expect(render(hr()) == "<hr>")
        // Children given to a void element are dropped, never rendered after it.
        #expect(render(Node.element("br", [], [.text("x")])) == "<br>")
        #expect(render(div()) == "<div></div>")
        #expect(render(textarea(.name("t"))) == "<textarea name=\"t\"></textarea>")
    }

    @Test func attributesKeepTheirOrder() {
        let node = div(.attribute("data-z", "1"), .id("a"), .class("b"), .ariaLabel("c"), .attribute("data-a", "2")) {}
        let expected = "<div data-z=\"1\" id=\"a\" class=\"b\" aria-label=\"c\" data-a=\"2\"></div>"
        for _ in 0..<20 { #expect(render(node) == expected) }
    }

    @Test func booleanAttributes() {
        #expect(render(input(.disabled, .required, .autofocus)) == "<input disabled required autofocus>")
        #expect(render(option(.value("a"), .selected.when(false)) { "A" }) == "<option value=\"a\">A</option>")
        #expect(render(option(.value("a"), .selected.when(true)) { "A" }) == "<option value=\"a\" selected>A</option>")
        #expect(render(div(.classes("a", nil, "", "b"))) == "<div class=\"a b\"></div>")
    }

    @Test func builderHandlesControlFlow() {
        let items = ["一", "<二>"]
        let missing: String? = nil
        let present: String? = "有"
        let node = ul {
            for item in items { li { item } }
            if let missing { li { missing } }
            if let present { li { present } } else { li { "无" } }
            if items.isEmpty { li { "空" } } else { li { "\(items.count) 项" } }
            [Node.text("a"), .text("b")]
            "x-y".split(separator: "-")[0]
            Optional<Node>.none
        }
        #expect(render(node) == "<ul><li>一</li><li>&lt;二&gt;</li><li>有</li><li>2 项</li>abx</ul>")
    }

    @Test func nodesAreEquatable() {
        #expect(div(.class("a")) { "x" } == div(.class("a")) { "x" })
        #expect(div(.class("a")) { "x" } != div(.class("b")) { "x" })
        #expect(Node.text("<") != Node.unsafeRaw("<"))
    }

    @Test("void elements and URL attributes are recognised by their exact bytes, whatever the name")
    func nameSetsMatchExactNames() {
        for name: StaticString in ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"] {
            #expect(TagName(name).isVoid, "\(name)")
        }
        // Same first byte and length as a void element, or one byte more or less: not void.
        for name: StaticString in ["bb", "bra", "b", "ima", "inpu", "inputs", "sourcf", "a", "div", "span", "textarea", "select"] {
            #expect(!TagName(name).isVoid, "\(name)")
        }
        for name: StaticString in ["href", "action", "formaction", "cite", "xlink:href"] {
            #expect(AttributeName(name).isURL && !AttributeName(name).allowsDataImage, "\(name)")
        }
        for name: StaticString in ["src", "poster"] { #expect(AttributeName(name).isURL && AttributeName(name).allowsDataImage) }
        for name: StaticString in ["hreg", "srcset", "class", "id", "alt", "actions", "cité", "h", ""] {
            #expect(!AttributeName(name).isURL, "\(name)")
        }
        #expect(TagName("img") == TagName("img") && TagName("img") != TagName("im") && AttributeName("") == Attribute.omitted.name)
        #expect(render(a(.href("javascript:alert(1)"), .attribute("data-href", "javascript:x")) { "x" })
                == "<a href=\"#\" data-href=\"javascript:x\">x</a>")
    }

    @Test("element functions and named attributes carry the flags their names get from the name sets")
    func knownNamesAgreeWithTheNameSets() {
        let elements: [Node] = [
            div(), span(), p(), a(), h1(), h2(), h3(), h4(), ul(), ol(), li(), nav(), header(), main(), footer(), section(),
            article(), aside(), form(), button(), label(), select(), option(), optgroup(), textarea(), fieldset(), legend(),
            table(), thead(), tbody(), tfoot(), tr(), th(), td(), caption(), strong(), em(), small(), code(), pre(), figure(),
            figcaption(), details(), summary(), dl(), dt(), dd(), blockquote(), output(), progress(), meter(), noscript(),
            picture(), input(), img(), br(), hr(), source(), wbr(),
        ]
        #expect(elements.count == 59)
        for node in elements {
            guard case .element(let tag, _, _) = node else { Issue.record("not an element"); continue }
            #expect(tag.isVoid == TagName(tag.name).isVoid, "\(tag)")
        }
        let attributes: [Attribute] = [
            .class("x"), .classes("x"), .id("x"), .href("x"), .src("x"), .alt("x"), .title("x"), .type("x"), .name("x"),
            .value("x"), .placeholder("x"), .action("x"), .method("x"), .for("x"), .rel("x"), .lang("x"), .role("x"),
            .ariaLabel("x"), .ariaCurrent("x"), .ariaDescribedBy("x"), .ariaHidden, .tabindex(1), .autocomplete("x"),
            .inputmode("x"), .enterkeyhint("x"), .minlength(1), .maxlength(1), .min("x"), .max("x"), .step("x"), .pattern("x"),
            .accept("x"), .enctype("x"), .rows(1), .width(1), .height(1), .loading("x"), .decoding("x"), .datetime("x"),
            .content("x"), .media("x"), .sizes("x"), .target("x"), .disabled, .required, .autofocus, .checked, .selected,
            .multiple, .readonly, .hidden, .novalidate, .open, .defer, Attribute.omitted,
        ]
        for attribute in attributes {
            let computed = AttributeName(attribute.name.name)
            #expect(attribute.name.isURL == computed.isURL && attribute.name.allowsDataImage == computed.allowsDataImage, "\(attribute.name)")
        }
        #expect(Attribute.href("x").name.isURL && Attribute.src("x").name.allowsDataImage && !Attribute.class("x").name.isURL)
    }

    @Test("paragraphs: one <p> per line, empty lines dropped, cut as a Character split would cut")
    func paragraphsSplitLines() {
        #expect(render(paragraphs("一\n\n二 <b>\n")) == "<p>一</p><p>二 &lt;b&gt;</p>")
        #expect(render(paragraphs("")) == "")
        #expect(render(paragraphs("\n\n")) == "")
        for text in ["a\r\nb\nc", "\r\n", "x\n\u{301}y", "甲\n乙\r\n\n丙\n", "\nz"] {
            let reference = text.split(separator: "\n", omittingEmptySubsequences: true).map { line in p { String(line) } }
            #expect(paragraphs(text) == reference, "\(text.debugDescription)")
        }
    }

    @Test func iconsAreConstantDecorativeSVG() {
        for symbol in Icon.allCases {
            let svg = render(icon(symbol))
            #expect(svg.hasPrefix("<svg class=\"icon icon-\(symbol.rawValue)\" viewBox=\"0 0 24 24\""))
            #expect(svg.hasSuffix("</svg>"))
            #expect(svg.contains("aria-hidden=\"true\""))
            #expect(!svg.contains("style"))
            #expect(!svg.contains("<script"))
        }
    }

    /// A small fragment, golden: a grouped list with a header, two cells and a footer.
    @Test func goldenListGroup() {
        let html = render(
            listGroup(header: "今日限免", footer: "每小时更新") {
                listCell(title: "Procreate <Pocket>", subtitle: "¥30 → 免费", href: "/deals/1?a=1&b=2", image: .icon(.tag, .orange))
                listCell(title: "设置", detail: "开", accessory: .none)
            })
        let chevron = Icon.chevronRight.svg
        let tag = Icon.tag.svg
        let expected =
            "<section class=\"list-section\"><h2 class=\"list-header\">今日限免</h2><ul class=\"list-group\" role=\"list\">"
            + "<li class=\"cell\"><a class=\"cell-body is-link\" href=\"/deals/1?a=1&amp;b=2\">"
            + "<span class=\"cell-icon tint-orange\">\(tag)</span>"
            + "<span class=\"cell-text\"><span class=\"cell-title\">Procreate &lt;Pocket&gt;</span><span class=\"cell-subtitle\">¥30 → 免费</span></span>"
            + "<span class=\"cell-accessory\">\(chevron)</span></a></li>"
            + "<li class=\"cell\"><div class=\"cell-body\"><span class=\"cell-text\"><span class=\"cell-title\">设置</span></span>"
            + "<span class=\"cell-detail\">开</span></div></li>"
            + "</ul><p class=\"list-footer\">每小时更新</p></section>"
        #expect(html == expected)
    }

    @Test func formFieldWiresLabelsAndErrors() {
        let html = render(
            formField(label: "邮箱", name: "email", type: .email, value: "a\"@b", error: "格式不对", hint: "用于登录",
                      autocomplete: "email", required: true, maxLength: 254))
        #expect(
            html
                == "<div class=\"field has-error\"><label class=\"field-label\" for=\"field-email\">邮箱</label>"
                + "<input class=\"field-input\" id=\"field-email\" name=\"email\" type=\"email\" autocomplete=\"email\" maxlength=\"254\" required"
                + " aria-invalid=\"true\" aria-describedby=\"field-email-error field-email-hint\" value=\"a&quot;@b\">"
                + "<p class=\"field-error\" id=\"field-email-error\">格式不对</p><p class=\"field-hint\" id=\"field-email-hint\">用于登录</p></div>")
        let password = render(formField(label: "密码", name: "password", type: .password, value: "secret"))
        #expect(!password.contains("secret"))
        let area = render(formField(label: "正文", name: "body", type: .textarea, value: "</textarea><b>"))
        #expect(area.contains("<textarea class=\"field-input\" id=\"field-body\" name=\"body\" rows=\"4\">&lt;/textarea&gt;&lt;b&gt;</textarea>"))
    }

    @Test func csrfAndPostForms() {
        #expect(render(csrfField("t\"1")) == "<input type=\"hidden\" name=\"csrf_token\" value=\"t&quot;1\">")
        let html = render(postForm(action: "/logout", csrfToken: "abc", confirm: "确定？") { button("退出登录", style: .destructive) })
        #expect(html.hasPrefix("<form method=\"post\" action=\"/logout\" data-confirm=\"确定？\"><input type=\"hidden\" name=\"csrf_token\" value=\"abc\">"))
        #expect(html.contains("<button class=\"btn btn-destructive btn-block\" type=\"submit\"><span>退出登录</span></button>"))
    }

    @Test func buttonsAndControls() {
        #expect(render(button("去看看", style: .secondary, href: "/x", fullWidth: false)) == "<a class=\"btn btn-secondary\" href=\"/x\"><span>去看看</span></a>")
        #expect(
            render(button("删", style: .destructive, type: "button", confirm: "确定？", disabled: true))
                == "<button class=\"btn btn-destructive btn-block\" data-confirm=\"确定？\" type=\"button\" disabled><span>删</span></button>")
        let seg = render(segmentedControl([Segment(id: "a", href: "?t=a", label: "热门"), Segment(id: "b", href: "?t=b", label: "最新")], selected: "b"))
        #expect(seg == "<nav class=\"segmented\"><a class=\"segment\" href=\"?t=a\">热门</a><a class=\"segment is-selected\" href=\"?t=b\" aria-current=\"page\">最新</a></nav>")
        #expect(render(badge("3")) == "<span class=\"badge tint-red\">3</span>")
    }

    @Test func languageSwitchKeepsTheQuery() {
        #expect(settingQueryItem(in: "/deals?page=2&lang=zh#top", name: "lang", value: "en") == "/deals?page=2&lang=en")
        #expect(settingQueryItem(in: "", name: "lang", value: "en") == "?lang=en")
        #expect(settingQueryItem(in: "/a?language=x", name: "lang", value: "zh") == "/a?language=x&lang=zh")
        let link = render(languageSwitch(.zh, currentURL: "/deals?page=2"))
        #expect(link.contains("href=\"/deals?page=2&amp;lang=en\""))
        #expect(link.contains(">English</a>"))
    }
}
