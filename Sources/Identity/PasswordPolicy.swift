/// The rules a new password must meet (ASVS 5.0 §6.2, NIST SP 800-63B §5.1.1.2).
///
/// - Length is counted in **Unicode scalars** (code points), as NIST SP 800-63B requires
///   ("each Unicode code point SHALL be counted as a single character"): 8…256. ASVS 6.2.1
///   asks for at least 8 (15 recommended); 6.2.9 for allowing at least 64.
/// - **No composition rules** (no "one digit, one symbol") — ASVS 6.2.5. Any character is
///   allowed, including spaces, emoji and CJK.
/// - The password is checked and later hashed **exactly as typed**: no trimming of leading or
///   trailing spaces, no normalisation, no truncation — ASVS 6.2.8.
/// - Passwords on ``CommonPasswords/list`` (compared case-insensitively for ASCII letters, so
///   `Password` and `PASSWORD` are refused like `password`) are refused — ASVS 6.2.4. The
///   shipped list has a few hundred entries; ASVS asks for the top 3,000.
/// - A password equal to the username (ignoring case) is refused — ASVS 6.2.11
///   (context-specific words).
public enum PasswordPolicy {
    /// Minimum length in Unicode scalars (ASVS 5.0 6.2.1).
    public static let minimumLength = 8
    /// Maximum length in Unicode scalars (≥ 64 per ASVS 5.0 6.2.9; bounds hashing work).
    public static let maximumLength = 256

    /// Throws the first rule `password` breaks.
    /// - Parameter username: the account's username, if known, for the context check.
    /// - Throws: ``IdentityError/passwordTooShort(minimum:)``,
    ///   ``IdentityError/passwordTooLong(maximum:)``, ``IdentityError/passwordTooCommon``,
    ///   ``IdentityError/passwordMatchesUsername``.
    public static func validate(_ password: String, username: String? = nil) throws(IdentityError) {
        let length = password.unicodeScalars.count
        guard length >= minimumLength else { throw .passwordTooShort(minimum: minimumLength) }
        guard length <= maximumLength else { throw .passwordTooLong(maximum: maximumLength) }
        let folded = asciiLowercased(password)
        if CommonPasswords.set.contains(folded) { throw .passwordTooCommon }
        if let username, folded == asciiLowercased(username) { throw .passwordMatchesUsername }
    }

    /// ASCII-only lowercase: leaves every non-ASCII scalar untouched (no locale surprises).
    static func asciiLowercased(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x41 && scalar.value <= 0x5A {
                scalars.append(Unicode.Scalar(scalar.value + 0x20)!)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
