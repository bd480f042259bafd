import Synchronization
public import Storage

/// Apps tell the community target how to describe their items (title, page) so favourites, "my comments"
/// and share links can show them without the community target knowing any app. An app registers a resolver
/// once (in `routes`); the resolver gets the database to read from, so one registration serves every server
/// in the process.
public final class SubjectDirectory: Sendable {
    public typealias Resolver = @Sendable (_ db: any SQLExecutor, _ item: String) throws -> SubjectInfo?

    public static let shared = SubjectDirectory()

    private let resolvers = Mutex<[String: Resolver]>([:])

    public init() {}

    public func register(app: String, _ resolver: @escaping Resolver) {
        resolvers.withLock { $0[app] = resolver }
    }

    /// The description of `subject`, or nil when the app is unknown or the item does not exist.
    public func info(_ subject: Subject, db: any SQLExecutor) throws -> SubjectInfo? {
        guard let resolver = resolvers.withLock({ $0[subject.app] }) else { return nil }
        return try resolver(db, subject.item)
    }
}
