import Foundation
import Identity
import Testing
import WebUI

@Suite("PasswordHasher")
struct PasswordHasherTests {
    let hasher = PasswordHasher()

    @Test("hash then verify: right password passes, wrong fails")
    func roundTrip() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(hasher.verify("correct horse battery staple", against: hash))
        #expect(!hasher.verify("correct horse battery stapler", against: hash))
        #expect(!hasher.verify("", against: hash))
    }

    @Test("the encoded hash names argon2id and the OWASP parameters m=19456 KiB, t=2, p=1")
    func encodedParameters() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(PasswordHasher.Parameters.owasp.memoryBytes == 19_922_944)
        #expect(PasswordHasher.Parameters.owasp.iterations == 2)
    }

    @Test("same password, different salts")
    func salted() throws {
        let a = try hasher.hash("same password here")
        let b = try hasher.hash("same password here")
        #expect(a != b)
        #expect(hasher.verify("same password here", against: a))
        #expect(hasher.verify("same password here", against: b))
    }

    @Test("needsRehash: false for current parameters, true for weaker ones and for garbage")
    func needsRehash() throws {
        let current = try hasher.hash("some long password")
        #expect(!hasher.needsRehash(current))
        let weak = PasswordHasher(parameters: .init(iterations: 1, memoryBytes: 8 * 1024 * 1024))
        let old = try weak.hash("some long password")
        #expect(old.hasPrefix("$argon2id$v=19$m=8192,t=1,p=1$"))
        #expect(hasher.needsRehash(old))
        #expect(hasher.verify("some long password", against: old))  // still verifies, then gets upgraded
        #expect(hasher.needsRehash("not a hash"))
    }

    @Test("dummyVerify always fails; malformed stored hashes never verify")
    func dummyAndMalformed() {
        #expect(hasher.dummyVerify("anything at all") == false)
        #expect(!hasher.verify("password", against: ""))
        #expect(!hasher.verify("password", against: "$argon2id$v=19$m=19456,t=2,p=1$garbage"))
    }

    @Test("inputs over the byte cap are refused without hashing")
    func oversizedInput() throws {
        let hash = try hasher.hash("reasonable password")
        let huge = String(repeating: "x", count: PasswordHasher.maximumInputBytes + 1)
        #expect(!hasher.verify(huge, against: hash))
        #expect(throws: IdentityError.passwordTooLong(maximum: PasswordPolicy.maximumLength)) { try hasher.hash(huge) }
    }

    @Test("passwords are verified exactly as typed: emoji, trailing space, NFC vs NFD")
    func exactBytes() throws {
        let emoji = "🐼🎋🀄️🍵🌙🔑🔒🏮"
        let emojiHash = try hasher.hash(emoji)
        #expect(hasher.verify(emoji, against: emojiHash))
        #expect(!hasher.verify("🐼🎋🀄️🍵🌙🔑🔒", against: emojiHash))

        let spaced = "trailing space "
        let spacedHash = try hasher.hash(spaced)
        #expect(hasher.verify(spaced, against: spacedHash))
        #expect(!hasher.verify("trailing space", against: spacedHash))
        #expect(!hasher.verify(" trailing space ", against: spacedHash))

        let composed = "caf\u{E9} au lait"       // é as one scalar
        let decomposed = "cafe\u{301} au lait"    // e + combining acute
        #expect(composed == decomposed)           // Swift says canonically equal …
        let composedHash = try hasher.hash(composed)
        #expect(!hasher.verify(decomposed, against: composedHash))  // … but the bytes differ: no normalisation
    }

    @Test("the concurrency bound defaults to cores − 1 (at least 1) and many parallel hashes all succeed")
    func concurrencyBound() async throws {
        #expect(hasher.maximumConcurrentHashes == max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
        let narrow = PasswordHasher(maximumConcurrentHashes: 1)
        #expect(narrow.maximumConcurrentHashes == 1)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let password = "parallel password \(index)"
                    return narrow.verify(password, against: try narrow.hash(password))
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 6))
    }
}

@Suite("PasswordPolicy")
struct PasswordPolicyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let password: String
        let expected: IdentityError?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "7 characters", password: "abcdxyz", expected: .passwordTooShort(minimum: 8)),
        Case(label: "8 characters", password: "abcdxyzw", expected: nil),
        Case(label: "password", password: "password", expected: .passwordTooCommon),
        Case(label: "Password (case-folded)", password: "Password", expected: .passwordTooCommon),
        Case(label: "woaini1314", password: "woaini1314", expected: .passwordTooCommon),
        Case(label: "12345678", password: "12345678", expected: .passwordTooCommon),
        Case(label: "1qaz2wsx", password: "1qaz2wsx", expected: .passwordTooCommon),
        Case(label: "300 characters", password: String(repeating: "ab", count: 150), expected: .passwordTooLong(maximum: 256)),
        Case(label: "256 characters", password: String(repeating: "q", count: 256), expected: nil),
        Case(label: "257 characters", password: String(repeating: "q", count: 257), expected: .passwordTooLong(maximum: 256)),
        Case(label: "8 emoji", password: "🐼🎋🍵🌙🔑🔒🏮🧧", expected: nil),
        Case(label: "8 Chinese characters", password: "我的密码很长很长", expected: nil),
        Case(label: "7 spaces and a letter", password: "       x", expected: nil),
        Case(label: "trailing space kept", password: "abcdefg ", expected: nil),
        Case(label: "only letters, no composition rules", password: "allletterslowercase", expected: nil),
        Case(label: "empty", password: "", expected: .passwordTooShort(minimum: 8)),
    ]

    @Test("policy table", arguments: cases)
    func table(_ c: Case) {
        do {
            try PasswordPolicy.validate(c.password)
            #expect(c.expected == nil, "accepted, expected \(String(describing: c.expected))")
        } catch {
            #expect(error == c.expected)
        }
    }

    @Test("length counts Unicode scalars: a family emoji is 5 scalars but one character")
    func scalarsNotGraphemes() throws {
        let family = "👨‍👩‍👧"  // 5 scalars (3 people + 2 ZWJ), 1 grapheme
        #expect(family.count == 1 && family.unicodeScalars.count == 5)
        #expect(throws: IdentityError.passwordTooShort(minimum: 8)) { try PasswordPolicy.validate(family) }
        try PasswordPolicy.validate(family + "abc")  // 8 scalars
    }

    @Test("a password equal to the username is refused, ignoring case")
    func contextWords() throws {
        #expect(throws: IdentityError.passwordMatchesUsername) {
            try PasswordPolicy.validate("LongUserName", username: "longusername")
        }
        try PasswordPolicy.validate("LongUserName!", username: "longusername")
    }

    @Test("an emoji password passes the policy and is stored and verified exactly")
    func emojiEndToEnd() throws {
        let password = "密码🐼 panda"
        try PasswordPolicy.validate(password)
        let hasher = PasswordHasher()
        let hash = try hasher.hash(password)
        #expect(hasher.verify(password, against: hash))
        #expect(!hasher.verify("密码🐼panda", against: hash))
    }

    @Test("every error has a key and non-empty Chinese and English messages")
    func messages() {
        let errors: [IdentityError] = [
            .passwordTooShort(minimum: 8), .passwordTooLong(maximum: 256), .passwordTooCommon,
            .passwordMatchesUsername, .usernameLength(minimum: 3, maximum: 32), .usernameInvalidCharacters,
            .usernameTaken, .nicknameLength(maximum: 32),
            .nicknameInvalidCharacters(UserText.Refusal(kind: .bidiControl, scalar: "\u{202E}", position: 5)), .invalidAvatarPath,
            .invalidCredentials, .tooManyAttempts(retryAfter: 61), .userNotFound, .hashingFailed,
            .serverSecret("x"), .passwordConfirmationMismatch, .wrongCurrentPassword, .emailInvalid, .emailTaken, .linkInvalid,
            .mailUnavailable,
        ]
        #expect(Set(errors.map(\.messageKey)).count == errors.count)
        for error in errors {
            #expect(error.messageKey.hasPrefix("identity."))
            #expect(!error.message(.chinese).isEmpty && !error.message(.english).isEmpty)
            #expect(error.message(.chinese) != error.message(.english))
        }
        #expect(IdentityError.passwordTooShort(minimum: 8).message(.chinese) == "密码至少需要 8 个字符。")
        #expect(IdentityError.tooManyAttempts(retryAfter: 61).message(.english) == "Too many attempts. Please try again in 2 minutes.")
        #expect(IdentityError.passwordTooShort(minimum: 8).field == "password")
        #expect(IdentityError.invalidCredentials.field == nil)
    }
}
