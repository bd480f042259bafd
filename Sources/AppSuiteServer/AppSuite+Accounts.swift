public import Identity

extension AppSuite {
    /// Accounts, sessions and roles on this suite's database: for platform commands (`appsuite user …`).
    public var identity: IdentityService { authenticator.identity }
}
