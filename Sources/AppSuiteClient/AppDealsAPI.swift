public import AppSuiteAPI
public import Foundation

extension AppSuiteClient {
    /// 爱限免 App Deals: the tabs (限免, 降价, 免费, 热榜) with filters and search as of a time, an app with its
    /// price history, and the 专题. Reading needs no sign-in; favourites are ``AppSuiteClient/community`` with app `appdeals`.
    public var appDeals: AppDeals { AppDeals(client: self) }

    /// The methods of ``AppSuiteClient/appDeals``.
    public struct AppDeals: Sendable {
        let client: AppSuiteClient

        static let apps = Route("GET", APIPath.AppDeals.apps)
        static let app = Route("GET", APIPath.AppDeals.app)
        static let topics = Route("GET", APIPath.AppDeals.topics)
        static let topic = Route("GET", APIPath.AppDeals.topic)
        static let nearby = Route("GET", APIPath.AppDeals.nearby)
        static let shareLocation = Route("PUT", APIPath.AppDeals.location)
        static let stopSharingLocation = Route("DELETE", APIPath.AppDeals.location)
        static let alerts = Route("GET", APIPath.AppDeals.alerts)
        static let setAlert = Route("PUT", APIPath.AppDeals.alert)
        static let removeAlert = Route("DELETE", APIPath.AppDeals.alert)
        static let createTopic = Route("POST", APIPath.AppDeals.topics)
        static let updateTopic = Route("PUT", APIPath.AppDeals.topic)
        static let deleteTopic = Route("DELETE", APIPath.AppDeals.topic)
        static let uploadTopicCover = Route("PUT", APIPath.AppDeals.topicCover)
        static let setKnownEnd = Route("PUT", APIPath.AppDeals.appEnd)
        static let clearKnownEnd = Route("DELETE", APIPath.AppDeals.appEnd)
        static let endpoints = [apps, app, topics, topic, nearby, shareLocation, stopSharingLocation, alerts, setAlert, removeAlert,
                                createTopic, updateTopic, deleteTopic, uploadTopicCover, setKnownEnd, clearKnownEnd]

        /// When a price alert notifies: on any drop of the China-store price (降价 or 限免), or only when it drops to free.
        public enum AlertCondition: String, Sendable {
            case drop, free
        }

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

        /// `GET /api/v1/appdeals/nearby`: 周边, apps favourited by users who shared a location within about 1.5 km.
        /// The position is rounded to 0.01° by the server and not stored.
        /// - Throws: a `400` problem for a latitude outside ±90 or a longitude outside ±180.
        public func nearby(lat: Double, lon: Double) async throws(AppSuiteError) -> DealNearby {
            try await client.value(.init(Self.nearby, query: [("lat", String(lat)), ("lon", String(lon))]), as: DealNearby.self)
        }

        /// `PUT /api/v1/appdeals/location`: shares my location for 周边 (signed in); the server keeps it rounded to 0.01°
        /// and answers with what it kept.
        public func shareLocation(lat: Double, lon: Double) async throws(AppSuiteError) -> DealLocation {
            try await client.value(try AppSuiteClient.Call(Self.shareLocation).json(DealLocation(lat: lat, lon: lon)), as: DealLocation.self)
        }

        /// `DELETE /api/v1/appdeals/location`: stops sharing my location (the rounded one is deleted).
        public func stopSharingLocation() async throws(AppSuiteError) {
            try await client.noContent(.init(Self.stopSharingLocation))
        }

        /// `GET /api/v1/appdeals/alerts`: my price alerts (signed in).
        public func alerts() async throws(AppSuiteError) -> DealAlertList {
            try await client.value(.init(Self.alerts), as: DealAlertList.self)
        }

        /// `PUT /api/v1/appdeals/alerts/{id}`: sets my price alert on an app (signed in), saving the app to my favourites
        /// too. The alert arrives in the inbox (and by Web Push) as kind `appdeals.price-drop` or `appdeals.free`.
        /// - Throws: a `404` problem for an unknown app, `401` signed out.
        public func setAlert(id: Int64, when condition: AlertCondition) async throws(AppSuiteError) -> DealAlert {
            try await client.value(try AppSuiteClient.Call(Self.setAlert, path: ["id": id]).json(DealAlertInput(when: condition.rawValue)),
                                   as: DealAlert.self)
        }

        /// `DELETE /api/v1/appdeals/alerts/{id}`: removes my price alert on an app (the favourite stays).
        public func removeAlert(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.removeAlert, path: ["id": id]))
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

        /// `PUT /api/v1/appdeals/apps/{id}/end` (admins): the known end of the app's current 限免 in the China store,
        /// shown with `expiresEstimated: false` until the app's next price change.
        /// - Throws: `409` when the app is not 限免 now, `422` for an end before the free period or over 90 days after it.
        public func setKnownEnd(id: Int64, endsAt: Date) async throws(AppSuiteError) -> DealApp {
            try await client.value(try AppSuiteClient.Call(Self.setKnownEnd, path: ["id": id]).json(DealKnownEndInput(endsAt: endsAt)), as: DealApp.self)
        }

        /// `DELETE /api/v1/appdeals/apps/{id}/end` (admins): clears the known end; the estimate shows again.
        public func clearKnownEnd(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.clearKnownEnd, path: ["id": id]))
        }

        /// `POST /api/v1/appdeals/topics` (admins): adds an editor's 专题, listed before the generated ones.
        /// - Throws: `403` for a non-admin, `422` naming the field (4–50 distinct imported apps, texts of 1–60 / 1–1,000 characters).
        public func createTopic(_ input: DealTopicInput) async throws(AppSuiteError) -> DealTopic {
            try await client.value(try AppSuiteClient.Call(Self.createTopic).json(input), as: DealTopic.self)
        }

        /// `PUT /api/v1/appdeals/topics/{id}` (admins): replaces an editor's 专题's texts, apps and position.
        /// - Throws: `404` for an unknown or generated topic, `403`, `422` as ``createTopic(_:)``.
        public func updateTopic(id: Int64, _ input: DealTopicInput) async throws(AppSuiteError) -> DealTopic {
            try await client.value(try AppSuiteClient.Call(Self.updateTopic, path: ["id": id]).json(input), as: DealTopic.self)
        }

        /// `DELETE /api/v1/appdeals/topics/{id}` (admins): deletes an editor's 专题 and its cover.
        public func deleteTopic(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.deleteTopic, path: ["id": id]))
        }

        /// `PUT /api/v1/appdeals/topics/{id}/cover` (admins, multipart field `cover`): the topic's cover picture, stored
        /// upright as a JPEG of at most 1200 px. - Throws: `422` for an unreadable picture or one over 100 megapixels / 64 MiB.
        public func uploadTopicCover(id: Int64, _ file: UploadFile, progress: UploadProgressHandler? = nil) async throws(AppSuiteError) -> DealTopic {
            try await client.upload(.init(Self.uploadTopicCover, path: ["id": id]), parts: [("cover", file)], progress: progress, as: DealTopic.self)
        }
    }
}
