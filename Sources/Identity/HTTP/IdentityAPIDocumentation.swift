import AppSuiteAPI
public import HTTPServer

extension IdentityRoutes {
    /// The OpenAPI description of every account API route, and the schemas they use.
    public static let apiOperations: [APIOperation] = [
        APIOperation(.post, APIPath.register, summary: "Create an account and sign in", tag: "Accounts",
                     requestBody: .ref(Credentials.self),
                     responses: [.init(201, "Created and signed in", schema: .ref(LoginResponse.self)),
                                 .init(409, "Username taken", schema: .reference("Problem"), mediaType: "application/problem+json"),
                                 .init(422, "Invalid username or password", schema: .reference("Problem"), mediaType: "application/problem+json"),
                                 .init(429, "Too many registrations from this address", schema: .reference("Problem"), mediaType: "application/problem+json")]),
        APIOperation(.post, APIPath.login, summary: "Sign in; returns a bearer token and sets the session cookie", tag: "Accounts",
                     requestBody: .ref(Credentials.self),
                     responses: [.init(200, "Signed in", schema: .ref(LoginResponse.self)),
                                 .init(401, "Unknown user or wrong password (the same answer)", schema: .reference("Problem"), mediaType: "application/problem+json"),
                                 .init(429, "Too many failed attempts; see Retry-After", schema: .reference("Problem"), mediaType: "application/problem+json")]),
        APIOperation(.post, APIPath.logout, summary: "End the current session (server-side)", tag: "Accounts",
                     responses: [.init(204, "Signed out")], requiresAuthentication: true),
        APIOperation(.get, APIPath.me, summary: "The signed-in user", tag: "Accounts",
                     responses: [.init(200, "The user", schema: .ref(UserProfile.self)),
                                 .init(401, "Not signed in", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.patch, APIPath.me, summary: "Change the nickname", tag: "Accounts",
                     requestBody: .ref(NicknameChange.self),
                     responses: [.init(200, "The updated user", schema: .ref(UserProfile.self)),
                                 .init(422, "Invalid nickname", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.put, APIPath.password, summary: "Change the password; ends the user's other sessions", tag: "Accounts",
                     requestBody: .ref(PasswordChange.self),
                     responses: [.init(204, "Changed"),
                                 .init(401, "Wrong current password", schema: .reference("Problem"), mediaType: "application/problem+json"),
                                 .init(422, "New password not allowed", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.put, APIPath.avatar, summary: "Upload an avatar (cropped to 256×256 JPEG)", tag: "Accounts",
                     requestBody: .object([("avatar", .string(format: "binary"))], required: ["avatar"]),
                     requestMediaType: "multipart/form-data",
                     responses: [.init(200, "The updated user", schema: .ref(UserProfile.self)),
                                 .init(413, "Larger than the upload limit", schema: .reference("Problem"), mediaType: "application/problem+json"),
                                 .init(422, "Not a usable image", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.get, APIPath.sessions, summary: "The user's signed-in sessions (devices), most recently seen first", tag: "Accounts",
                     responses: [.init(200, "At most 100 sessions", schema: .ref(SessionList.self)),
                                 .init(401, "Not signed in", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.delete, APIPath.sessions, summary: "Sign out every other session of the user", tag: "Accounts",
                     responses: [.init(204, "The other sessions ended"),
                                 .init(401, "Not signed in", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.delete, APIPath.session, summary: "Sign out one session of the user (its SessionInfo id)", tag: "Accounts",
                     parameters: [.init("id", in: .path, description: "SessionInfo.id: 16 hexadecimal digits")],
                     responses: [.init(204, "The session ended"),
                                 .init(401, "Not signed in", schema: .reference("Problem"), mediaType: "application/problem+json"),
                                 .init(404, "No such session of this user", schema: .reference("Problem"), mediaType: "application/problem+json")],
                     requiresAuthentication: true),
    ]

    /// The account models (`AppSuiteAPI`), as components of the document.
    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(Credentials.self, overriding: [
            "username": .string(description: "Letters (incl. Chinese), digits, _ . -; 3–32 columns, a Chinese character counts 2", minLength: 2, maxLength: 32),
            "password": .string(description: "8–256 characters, not a very common password", minLength: 8, maxLength: 256),
        ]),
        JSONSchema.component(UserProfile.self, overriding: ["avatarURL": .string(description: "/media/avatars/…, a 256×256 JPEG")]),
        JSONSchema.component(LoginResponse.self),
        JSONSchema.component(NicknameChange.self, overriding: [
            "nickname": .string(description: "1–32 characters, no control or invisible characters", minLength: 1, maxLength: 32),
        ]),
        JSONSchema.component(SessionInfo.self, overriding: [
            "id": .string(description: "16 hexadecimal digits; not the session token", minLength: 16, maxLength: 16),
        ]),
        JSONSchema.component(SessionList.self),
        JSONSchema.component(PasswordChange.self, overriding: [
            "newPassword": .string(description: "8–256 characters, not a very common password", minLength: 8, maxLength: 256),
        ]),
    ]
}
