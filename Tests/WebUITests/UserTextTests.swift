import Testing
import WebUI

/// The one character rule for stored user text, on the exact inputs of issue 8 item 6 and their kin.
struct UserTextTests {
    @Test("refused in any text: NUL and other controls, bidirectional controls, invisible characters", arguments: [
        ("nul\u{0}x", UserText.Refusal.Kind.control, "\u{0}" as Unicode.Scalar, 4),
        ("bell\u{7}", .control, "\u{7}", 5),
        ("del\u{7F}", .control, "\u{7F}", 4),
        ("next\u{85}line", .control, "\u{85}", 5),
        ("evil\u{202E}gpj.exe", .bidiControl, "\u{202E}", 5),
        ("\u{2066}isolate\u{2069}", .bidiControl, "\u{2066}", 1),
        ("a\u{202A}b", .bidiControl, "\u{202A}", 2),
        ("\u{200F}admin", .bidiControl, "\u{200F}", 1),
        ("ar\u{61C}", .bidiControl, "\u{61C}", 3),
        ("zero\u{200B}width", .invisible, "\u{200B}", 5),
        ("non\u{200C}joiner", .invisible, "\u{200C}", 3),  // a non-joiner extends the "n" before it
        ("ad\u{200D}min", .invisible, "\u{200D}", 2),  // the joiner joins "d" into one character: position 2
        ("word\u{2060}joiner", .invisible, "\u{2060}", 5),
        ("\u{FEFF}bom", .invisible, "\u{FEFF}", 1),
        ("soft\u{AD}hyphen", .invisible, "\u{AD}", 5),
        ("\u{3164}", .invisible, "\u{3164}", 1),
        ("\u{115F}\u{1160}", .invisible, "\u{115F}", 1),
        ("braille\u{2800}blank", .invisible, "\u{2800}", 8),
        ("\u{FFA0}x", .invisible, "\u{FFA0}", 1),
    ])
    func refusedEverywhere(_ text: String, _ kind: UserText.Refusal.Kind, _ scalar: Unicode.Scalar, _ position: Int) {
        for lines in [UserText.Lines.single, .multiple] {
            let refusal = UserText.refusal(text, lines: lines)
            #expect(refusal == UserText.Refusal(kind: kind, scalar: scalar, position: position), "\(lines)")
        }
    }

    @Test("line breaks and tabs: allowed in multi-line text, refused in single-line text")
    func lineBreaks() {
        // U+2028 as in the real Douban comment c002720 ("太煽情啊😂\u{2028}还有那些").
        for text in ["first\nsecond", "windows\r\nline", "tab\there", "cr\ronly", "太煽情啊😂\u{2028}还有那些", "段\u{2029}落"] {
            #expect(UserText.refusal(text, lines: .multiple) == nil, "\(text.debugDescription)")
            #expect(UserText.refusal(text, lines: .single)?.kind == .lineBreak, "\(text.debugDescription)")
        }
        #expect(UserText.refusal("a\u{2028}b", lines: .single) == .init(kind: .lineBreak, scalar: "\u{2028}", position: 2))
    }

    @Test("allowed and kept: any script, emoji sequences with joiners, markup, quotes", arguments: [
        "小明 🐼", "《肖申克的救赎》真好看！！！", "<script>alert(1)</script>", "robert'); DROP TABLE users;--",
        "👨‍👩‍👧 family", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 flag", "❤️ 1️⃣", "Ünal Renée", "עברית ومرحبا", "   ", "",
    ])
    func allowed(_ text: String) {
        #expect(UserText.refusal(text, lines: .single) == nil)
        #expect(UserText.refusal(text, lines: .multiple) == nil)
        #expect(UserText.removingRefused(text, lines: .single) == text)
    }

    @Test("messages say what and why, in Chinese and English")
    func messages() throws {
        let bidi = try #require(UserText.refusal("evil\u{202E}gpj.exe", lines: .single))
        #expect(bidi.message.zh == "第 5 个字符是文字方向控制符（U+202E），它会让文字的显示顺序与实际内容不同，请删除后再试。")
        #expect(bidi.message.en
                == "Character 5 is a text-direction control (U+202E), which makes text display in a different order from what it holds; remove it and try again.")
        let nul = try #require(UserText.refusal("\u{0}", lines: .multiple))
        #expect(nul.codePoint == "U+0000")
        #expect(nul.message.en.contains("control character (U+0000)"))
        let invisible = try #require(UserText.refusal("x\u{200B}", lines: .multiple))
        #expect(invisible.message.zh.contains("不可见字符（U+200B）"))
        #expect(UserText.refusal("a\nb", lines: .single)?.message.en.hasPrefix("This field takes a single line") == true)
    }

    @Test("removingRefused drops exactly the refused characters")
    func removing() {
        #expect(UserText.removingRefused("invoice\u{202E}fdp.exe", lines: .single) == "invoicefdp.exe")
        #expect(UserText.removingRefused("a\u{0}b\u{200B}c\nd\te", lines: .single) == "abcde")
        #expect(UserText.removingRefused("a\u{0}b\nc", lines: .multiple) == "ab\nc")
        #expect(UserText.removingRefused("👨‍👩‍👧 ok\u{200D}", lines: .single) == "👨‍👩‍👧 ok")
    }
}
