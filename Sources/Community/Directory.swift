public import Storage

/// How one app describes its items (title, page, picture) to favourites, "my comments" and share links,
/// so the community target shows them without knowing any app. The resolver reads from the database
/// handle it is given; it returns nil for an item that does not exist.
public struct SubjectResolver: Sendable {
    public let resolve: @Sendable (_ db: any SQLExecutor, _ item: String) throws -> SubjectInfo?

    public init(_ resolve: @escaping @Sendable (_ db: any SQLExecutor, _ item: String) throws -> SubjectInfo?) {
        self.resolve = resolve
    }
}

/// The resolvers of every app of one server, by app id, collected when the server is composed.
public struct SubjectDirectory: Sendable {
    private let resolvers: [String: SubjectResolver]

    public init(_ resolvers: [String: SubjectResolver] = [:]) {
        self.resolvers = resolvers
    }

    /// The description of `subject`, or nil when the app is unknown or the item does not exist.
    public func info(_ subject: Subject, db: any SQLExecutor) throws -> SubjectInfo? {
        try resolvers[subject.app]?.resolve(db, subject.item)
    }
}
