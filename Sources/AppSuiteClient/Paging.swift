/// Every item of a keyset-paged list, fetching the next page (`?cursor=`) only when the last one is used up;
/// ends after the page without `nextCursor`. Each iteration starts from the first page again.
///
/// ```swift
/// for try await review in client.movies.allReviews() { print(review.title) }
/// ```
///
/// Throws ``AppSuiteError``; a server that answers a cursor already sent as the next one (a loop, `A → A` or
/// `A → B → A`) is an ``AppSuiteError/unexpectedResponse(_:)``. Cancelling the iterating task stops it with ``AppSuiteError/cancelled``.
public struct PagedSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// What iterating throws.
    public typealias Failure = AppSuiteError
    /// One page: its items and the cursor of the next, nil on the last.
    typealias Fetch = @Sendable (_ cursor: String?) async throws(AppSuiteError) -> (items: [Element], nextCursor: String?)

    let fetch: Fetch

    init(_ fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    /// An iterator from the first page.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(fetch: fetch) }

    /// Walks the pages; not to be shared between tasks.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// What ``next()`` throws.
        public typealias Failure = AppSuiteError
        let fetch: Fetch
        var buffer: [Element] = []
        var index = 0
        var cursor: String?
        var started = false
        /// Every cursor sent so far in this iteration.
        var sentCursors: Set<String> = []

        /// The next item, fetching the next page when needed; nil after the last page.
        public mutating func next() async throws(AppSuiteError) -> Element? {
            while index == buffer.count {
                if started && cursor == nil { return nil }
                if Task.isCancelled { throw .cancelled }
                let sent = cursor
                let page = try await fetch(sent)
                if let sent { sentCursors.insert(sent) }
                if let next = page.nextCursor, sentCursors.contains(next) {
                    throw .unexpectedResponse(.init(status: 200, mediaType: "application/json",
                                                    reason: "a new cursor, not one already sent (\(next))", bodyPrefix: ""))
                }
                started = true
                buffer = page.items
                index = 0
                cursor = page.nextCursor
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}
