import Identity
import Testing
import WebUI

@Suite("Username and Nickname")
struct UsernameTests {
    @Test("accepted usernames", arguments: ["alice", "张伟", "王小明", "li.ming_01", "user-1", "Ünal", "さくら", "김민준", "abc", "x2y"])
    func accepted(_ name: String) throws {
        try Username.validate(name)
    }

    @Test("SQL- and script-looking usernames are refused by the charset, with a readable message",
          arguments: ["robert'); DROP TABLE users;--", "<script>", "<script>alert(1)</script>"])
    func injectionLooking(_ name: String) {
        #expect(throws: IdentityError.usernameInvalidCharacters) { try Username.validate(name) }
        let error = IdentityError.usernameInvalidCharacters
        #expect(error.messageKey == "identity.username.invalidCharacters")
        #expect(error.message(.chinese) == "用户名只能包含字母（含中文）、数字以及 _ . -，并以字母或数字开头。")
        #expect(error.message(.english).hasPrefix("Usernames may contain only letters"))
        #expect(error.field == "username")
    }

    @Test("other refused characters", arguments: [
        "a b", "ａｄｍｉｎ" /* full-width look-alike */, "_abc", ".abc", "😀abc", "abc😀", "tab\tname",
        "\u{301}abc" /* starts with a combining mark */, "ab\u{200B}c", "a@b.com",
    ])
    func refused(_ name: String) {
        #expect(throws: IdentityError.usernameInvalidCharacters) { try Username.validate(name) }
    }

    @Test("length is 3…32 columns after NFC; a CJK character counts 2")
    func length() throws {
        try Username.validate("张伟")
        #expect(throws: IdentityError.usernameLength(minimum: 3, maximum: 32)) { try Username.validate("张") }
        #expect(throws: IdentityError.usernameLength(minimum: 3, maximum: 32)) {
            try Username.validate(String(repeating: "中", count: 17))
        }
        #expect(throws: IdentityError.usernameLength(minimum: 3, maximum: 32)) { try Username.validate("ab") }
        #expect(throws: IdentityError.usernameLength(minimum: 3, maximum: 32)) { try Username.validate("") }
        try Username.validate(String(repeating: "a", count: 32))
        #expect(throws: IdentityError.usernameLength(minimum: 3, maximum: 32)) {
            try Username.validate(String(repeating: "a", count: 33))
        }
        try Username.validate("e\u{301}e\u{301}e\u{301}")   // 6 scalars typed, 3 after NFC
        try Username.validate(String(repeating: "中", count: 16))
    }

    @Test("the comparison key folds case and Unicode normalisation")
    func key() {
        #expect(Username.key(for: "Alice") == Username.key(for: "ALICE"))
        #expect(Username.key(for: "Alice") == "alice")
        #expect(Username.key(for: "Ren\u{E9}e") == Username.key(for: "RENE\u{301}E"))
        #expect(Username.key(for: "Иван") == Username.key(for: "иван"))
        #expect(Username.key(for: "alice") != Username.key(for: "alice2"))
    }

    @Test("nicknames: anything printable is kept verbatim", arguments: [
        "robert'); DROP TABLE users;--", "<script>alert(1)</script>", "小明 🐼", "  padded  ", "\"quoted\" & 'single'",
    ])
    func nicknameAccepted(_ nickname: String) throws {
        try Nickname.validate(nickname)
    }

    @Test("nicknames: control, bidi override, empty, blank and too long are refused")
    func nicknameRefused() {
        #expect(throws: IdentityError.nicknameInvalidCharacters(.init(kind: .lineBreak, scalar: "\n", position: 2))) {
            try Nickname.validate("a\nb")
        }
        #expect(throws: IdentityError.nicknameInvalidCharacters(.init(kind: .bidiControl, scalar: "\u{202E}", position: 5))) {
            try Nickname.validate("evil\u{202E}gpj.exe")
        }
        #expect(throws: IdentityError.nicknameInvalidCharacters(.init(kind: .control, scalar: "\u{0}", position: 4))) {
            try Nickname.validate("nul\u{0}x")
        }
        #expect(throws: IdentityError.nicknameInvalidCharacters(.init(kind: .invisible, scalar: "\u{200B}", position: 1))) {
            try Nickname.validate("\u{200B}admin")
        }
        #expect(IdentityError.nicknameInvalidCharacters(.init(kind: .bidiControl, scalar: "\u{202E}", position: 5)).message(.chinese)
                == "昵称：第 5 个字符是文字方向控制符（U+202E），它会让文字的显示顺序与实际内容不同，请删除后再试。")
        #expect(throws: IdentityError.nicknameLength(maximum: 32)) { try Nickname.validate("") }
        #expect(throws: IdentityError.nicknameLength(maximum: 32)) { try Nickname.validate("   ") }
        #expect(throws: IdentityError.nicknameLength(maximum: 32)) { try Nickname.validate(String(repeating: "长", count: 33)) }
    }
}
