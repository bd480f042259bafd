public import AppSuiteAPI

extension AppSuiteClient {
    /// 商户 Merchants: nearby merchants with filters and keyset pages, search, 摇一摇, one merchant, and the
    /// WGS-84 ⇄ GCJ-02 conversion. Positions are WGS-84 degrees (what CoreLocation gives); prices in fen.
    public var merchants: Merchants { Merchants(client: self) }

    /// The methods of ``AppSuiteClient/merchants``.
    public struct Merchants: Sendable {
        let client: AppSuiteClient

        static let nearby = Endpoint("GET", APIPath.Merchants.nearby)
        static let search = Endpoint("GET", APIPath.Merchants.search)
        static let shake = Endpoint("GET", APIPath.Merchants.shake)
        static let coordinates = Endpoint("GET", APIPath.Merchants.coordinates)
        static let merchant = Endpoint("GET", APIPath.Merchants.merchant)
        static let submit = Endpoint("POST", APIPath.Merchants.submissions)
        static let photos = Endpoint("GET", APIPath.Merchants.photos)
        static let uploadPhotos = Endpoint("POST", APIPath.Merchants.photos)
                static let articles = Endpoint("GET", APIPath.Merchants.articles)
        static let article = Endpoint("GET", APIPath.Merchants.article)
        static let publish = Endpoint("POST", APIPath.Merchants.articles)
        static let replace = Endpoint("PUT", APIPath.Merchants.article)
        static let delete = Endpoint("DELETE", APIPath.Merchants.article)
        static let endpoints = [nearby, search, shake, coordinates, merchant, submit, photos, uploadPhotos, articles, article, publish, replace, delete]

        /// `GET /api/v1/merchants/nearby`: merchants within `radius` metres (1–50,000, default 1,000) of a point, nearest
        /// first unless `sort` is `rating` or `price`; pass the answer's `nextCursor` as `cursor` for the next page.
        /// - Throws: a `422` problem naming the invalid parameter (latitude/longitude out of range, radius over 50 km,
        ///   an unknown category or sort, a cursor from elsewhere).
        public func nearby(lat: Double, lon: Double, radius: Double? = nil, category: String? = nil, openNow: Bool? = nil,
                           minPrice: Int64? = nil, maxPrice: Int64? = nil, minRating: Double? = nil, sort: String? = nil,
                           cursor: String? = nil, limit: Int? = nil) async throws(AppSuiteError) -> MerchantList {
            try await client.value(.init(Self.nearby, query: [
                ("lat", String(lat)), ("lon", String(lon)), ("radius", radius.map { String($0) }), ("category", category),
                ("openNow", openNow.map { String($0) }), ("minPrice", minPrice.map(String.init)), ("maxPrice", maxPrice.map(String.init)),
                ("minRating", minRating.map { String($0) }), ("sort", sort), ("cursor", cursor), ("limit", limit.map(String.init)),
            ]), as: MerchantList.self)
        }

        /// `GET /api/v1/merchants/search`: names, categories and addresses containing `query` (Traditional and Simplified
        /// Chinese alike, Latin case-insensitively), best matches first, then the nearest to `lat`/`lon` when given.
        /// - Throws: a `422` problem for an empty or over-long query (64 characters) or a bad position.
        public func search(_ query: String, lat: Double? = nil, lon: Double? = nil, limit: Int? = nil) async throws(AppSuiteError) -> MerchantList {
            try await client.value(.init(Self.search, query: [("q", query), ("lat", lat.map { String($0) }), ("lon", lon.map { String($0) }),
                                                             ("limit", limit.map(String.init))]), as: MerchantList.self)
        }

        /// `GET /api/v1/merchants/shake`: 摇一摇 — one random merchant open now within the radius, never `previous`.
        /// - Throws: a `404` problem when nothing (else) is open there, `422` for an invalid parameter.
        public func shake(lat: Double, lon: Double, radius: Double? = nil, category: String? = nil, previous: Int64? = nil) async throws(AppSuiteError) -> MerchantSummary {
            try await client.value(.init(Self.shake, query: [("lat", String(lat)), ("lon", String(lon)), ("radius", radius.map { String($0) }),
                                                            ("category", category), ("previous", previous.map(String.init))]), as: MerchantSummary.self)
        }

        /// `GET /api/v1/merchants/coordinates`: converts a point between `wgs84` and `gcj02` (unchanged outside mainland China).
        /// - Throws: a `422` problem for an unknown datum or a bad position.
        public func convert(lat: Double, lon: Double, from: String, to: String) async throws(AppSuiteError) -> MerchantCoordinates {
            try await client.value(.init(Self.coordinates, query: [("from", from), ("to", to), ("lat", String(lat)), ("lon", String(lon))]),
                                   as: MerchantCoordinates.self)
        }

        /// `GET /api/v1/merchants/{id}`: one merchant with its hours, source, licence, rating distribution and imported
        /// reviews; `lat`/`lon` fill in its distance.
        /// - Throws: a `404` problem for an unknown id.
        public func merchant(_ id: Int64, lat: Double? = nil, lon: Double? = nil) async throws(AppSuiteError) -> MerchantDetail {
            try await client.value(.init(Self.merchant, path: ["id": String(id)], query: [("lat", lat.map { String($0) }), ("lon", lon.map { String($0) })]),
                                   as: MerchantDetail.self)
        }

        /// `POST /api/v1/merchants/submissions`: adds a merchant through moderation (signed in); the answer flags a
        /// merchant of the same name within 50 m. The submitter's inbox hears the decision.
        /// - Throws: a `422` problem naming the bad field (a pin outside the covered area is `lat`), `429` with
        ///   `Retry-After` past 10 submissions an hour, `401` when signed out.
        public func submit(_ input: MerchantSubmissionInput) async throws(AppSuiteError) -> MerchantSubmission {
            try await client.value(try AppSuiteClient.Call(Self.submit).json(input), as: MerchantSubmission.self)
        }

        /// `GET /api/v1/merchants/{id}/photos`: the approved photos and the signed-in user's own still held for review.
        /// - Throws: a `404` problem for an unknown id.
        public func photos(_ id: Int64) async throws(AppSuiteError) -> MerchantPhotoList {
            try await client.value(.init(Self.photos, path: ["id": String(id)]), as: MerchantPhotoList.self)
        }

        /// `POST /api/v1/merchants/{id}/photos` (multipart field `photo`): uploads 1–9 pictures (each at most 64 MiB and
        /// 100 megapixels), held for a moderator; the inbox hears the decision.
        /// - Throws: `422` (no photo, more than 9, not a picture, too many pixels), `413` (too large), `429` with
        ///   `Retry-After` past 30 photos an hour, `404` for an unknown id, `401` when signed out.
        public func uploadPhotos(_ id: Int64, _ files: [UploadFile], progress: UploadProgressHandler? = nil) async throws(AppSuiteError) -> MerchantPhotoUpload {
            try await client.upload(.init(Self.uploadPhotos, path: ["id": String(id)]), parts: files.map { ("photo", $0) }, progress: progress,
                                    as: MerchantPhotoUpload.self)
        }

        /// `GET /api/v1/merchants/{id}/articles`: the owner's articles and promotions, newest first (at most 50).
        /// - Throws: a `404` problem for an unknown merchant.
        public func articles(merchant id: Int64) async throws(AppSuiteError) -> MerchantArticleList {
            try await client.value(.init(Self.articles, path: ["id": String(id)]), as: MerchantArticleList.self)
        }

        /// `GET /api/v1/merchants/{id}/articles/{articleID}`: one article, its Markdown and the safe HTML rendered from it.
        /// - Throws: a `404` problem for an unknown merchant or article.
        public func article(_ articleID: Int64, merchant id: Int64) async throws(AppSuiteError) -> MerchantArticle {
            try await client.value(.init(Self.article, path: ["id": String(id), "articleID": String(articleID)]), as: MerchantArticle.self)
        }

        /// `POST /api/v1/merchants/{id}/articles`: publishes an article (the merchant's owner or an admin).
        /// - Throws: `403` (not the owner or an admin, or banned), `409` (50 articles already), `422` naming the bad field
        ///   (title 1–60 characters, Markdown up to 20,000 bytes, days `YYYY-MM-DD`), `429` with `Retry-After` past 5 an hour.
        public func publish(_ input: MerchantArticleInput, merchant id: Int64) async throws(AppSuiteError) -> MerchantArticle {
            try await client.value(try AppSuiteClient.Call(Self.publish, path: ["id": String(id)]).json(input), as: MerchantArticle.self)
        }

        /// `PUT /api/v1/merchants/{id}/articles/{articleID}`: replaces an article's title, text and dates.
        /// - Throws: `403`, `404`, `422` as ``publish(_:merchant:)``.
        public func replace(_ articleID: Int64, with input: MerchantArticleInput, merchant id: Int64) async throws(AppSuiteError) -> MerchantArticle {
            try await client.value(try AppSuiteClient.Call(Self.replace, path: ["id": String(id), "articleID": String(articleID)]).json(input),
                                   as: MerchantArticle.self)
        }

        /// `DELETE /api/v1/merchants/{id}/articles/{articleID}` (the owner, an admin or a moderator).
        /// - Throws: `403` when not allowed, `404` for an unknown article.
        public func deleteArticle(_ articleID: Int64, merchant id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.delete, path: ["id": String(id), "articleID": String(articleID)]))
        }
    }
}
