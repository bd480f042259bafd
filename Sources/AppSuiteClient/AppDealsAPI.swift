public import AppSuiteAPI

extension AppSuiteClient {
    /// 爱限免 App Deals: the tabs (限免, 降价, 免费, 热榜) with filters and search as of a time, an app with its
    /// price history, and the 专题. Reading needs no sign-in; favourites are ``AppSuiteClient/community`` with app `appdeals`.
    public var appDeals: AppDeals { AppDeals(client: self) }

    /// The methods of ``AppSuiteClient/appDeals``.
    public struct AppDeals: Sendable {
        let client: AppSuiteClient

        static let apps = Endpoint("GET", APIPath.AppDeals.apps)
        static let app = Endpoint("GET", APIPath.AppDeals.app)
        static let topics = Endpoint("GET", APIPath.AppDeals.topics)
        static let topic = Endpoint("GET", APIPath.AppDeals.topic)
        static let endpoints = [apps, app, topics, topic]

        /// A list: 限免, 降价, 免费 (each newest deal first) or 热榜 (our favourites, shares and views of the last 7
        /// days, then rating counts).
        public enum Tab: String, Sendable {
            case limited, sales, free, hot
        }

        /// What to list, filtered; every field nil means the server's default.
        public struct Filter: Sendable, Equatable {
            /// `cn` (default) or `us`.
            public var region: String?
            /// An App Store primary genre (`Games`); an unknown one is a `400` naming the allowed values.
            public var category: String?
            /// `iphone`, `ipad` or `mac`.
            public var device: String?
            /// A search in Chinese, English or mixed names, at most 100 characters.
            public var query: String?
            /// The as-of time: ISO 8601 (`2025-06-01T12:00:00Z`), a UTC date or UTC seconds; nil for the newest data.
            public var at: String?

            public init(region: String? = nil, category: String? = nil, device: String? = nil, query: String? = nil, at: String? = nil) {
                self.region = region
                self.category = category
                self.device = device
                self.query = query
                self.at = at
            }
        }

        /// `GET /api/v1/appdeals/apps`: one page of a tab.
        /// - Parameters:
        ///   - limit: 1–100 apps (20 when nil).
        ///   - cursor: the previous page's `nextCursor` with the same tab and filter; nil for the first page.
        /// - Throws: a `400` problem for an unknown tab value, region, category or device, a bad `at`, or a search over 100 characters.
        public func apps(_ tab: Tab = .limited, filter: Filter = Filter(), limit: Int? = nil, cursor: String? = nil)
            async throws(AppSuiteError) -> DealAppPage {
            try await client.value(.init(Self.apps, query: [
                ("tab", tab.rawValue), ("region", filter.region), ("category", filter.category), ("device", filter.device),
                ("q", filter.query), ("at", filter.at), ("limit", limit.map(String.init)), ("cursor", cursor),
            ]), as: DealAppPage.self)
        }

        /// Every app of a tab, page by page.
        public func allApps(_ tab: Tab = .limited, filter: Filter = Filter(), pageSize: Int? = nil) -> PagedSequence<DealApp> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await apps(tab, filter: filter, limit: pageSize, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `GET /api/v1/appdeals/apps/{id}`: an app (App Store track id) with its price history in `region` up to `at`.
        /// - Throws: a `404` problem for an unknown id, `400` for a bad region or `at`.
        public func app(id: Int64, region: String? = nil, at: String? = nil) async throws(AppSuiteError) -> DealAppDetail {
            try await client.value(.init(Self.app, path: ["id": id], query: [("region", region), ("at", at)]), as: DealAppDetail.self)
        }

        /// `GET /api/v1/appdeals/topics`: the 专题 (each with its first four apps).
        public func topics() async throws(AppSuiteError) -> DealTopicList {
            try await client.value(.init(Self.topics), as: DealTopicList.self)
        }

        /// `GET /api/v1/appdeals/topics/{id}`: one 专题 with all its apps.
        /// - Throws: a `404` problem for an unknown topic.
        public func topic(id: String) async throws(AppSuiteError) -> DealTopic {
            try await client.value(.init(Self.topic, path: ["id": id]), as: DealTopic.self)
        }
    }
}
