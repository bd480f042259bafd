@testable import APIKit
import Testing

/// A query declared the way the apps declare theirs: every kind of field the reader offers.
private struct PlaceQuery: QueryDecodable, Equatable {
    enum Sort: String, CaseIterable, QueryChoice, Encodable { case distance, rating }

    var lat: Double
    var lon: Double
    var radius: Double
    var q: String?
    var sort: Sort?
    var openNow: Bool?
    var limit: Int
    var id: [Int64]
    var minPrice: Int64?
    var maxPrice: Int64?

    init(lat: Double, lon: Double, radius: Double = 1_000, q: String? = nil, sort: Sort? = nil, openNow: Bool? = nil, limit: Int = 20,
         id: [Int64] = [], minPrice: Int64? = nil, maxPrice: Int64? = nil) {
        (self.lat, self.lon, self.radius, self.q, self.sort, self.openNow, self.limit, self.id, self.minPrice, self.maxPrice)
            = (lat, lon, radius, q, sort, openNow, limit, id, minPrice, maxPrice)
    }

    init(from query: inout QueryReader) throws(QueryError) {
        lat = try query.required("lat", in: -90...90, "WGS-84 latitude, degrees")
        lon = try query.required("lon", in: -180...180, "WGS-84 longitude, degrees")
        radius = try query.value("radius", in: 1...50_000, default: 1_000, "metres")
        q = try query.text("q", maxLength: 8, "words")
        sort = try query.optional("sort", "order")
        openNow = try query.optional("openNow", "only open now")
        limit = try query.value("limit", in: 1...50, default: 20, "page size")
        id = try query.list("id", in: 1...Int64.max, maxCount: 3, "merchant ids")
        minPrice = try query.optional("minPrice", in: 0...100_000_000, "fen")
        maxPrice = try query.optional("maxPrice", in: 0...100_000_000, "fen")
        try query.check((minPrice ?? 0) <= (maxPrice ?? .max), "maxPrice", zh: "maxPrice 不能小于 minPrice。", en: "maxPrice must not be below minPrice.")
    }
}

@Suite struct QueryDecodingTests {
    private func decode(_ text: String) throws(QueryError) -> PlaceQuery {
        let pairs = text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        return try PlaceQuery(pairs: pairs)
    }

    private func refusal(_ text: String) -> QueryError? {
        do { _ = try decode(text); return nil } catch { return error }
    }

    @Test func readsEveryKindOfField() throws {
        let query = try decode("lat=31.2304&lon=121.4737&radius=500&q=咖啡&sort=rating&openNow=1&limit=5&id=3&id=9&minPrice=100&maxPrice=5000&unknown=x")
        #expect(query == PlaceQuery(lat: 31.2304, lon: 121.4737, radius: 500, q: "咖啡", sort: .rating, openNow: true, limit: 5, id: [3, 9],
                                    minPrice: 100, maxPrice: 5000))
    }

    @Test func absentAndEmptyFieldsTakeTheirDefaults() throws {
        #expect(try decode("lat=0&lon=0&limit=&q=") == PlaceQuery(lat: 0, lon: 0))
    }

    @Test func eachBadFieldIsNamedWithItsRule() {
        #expect(refusal("lon=1") == QueryError("lat", .missing))
        #expect(refusal("lat=91&lon=0") == QueryError("lat", .outOfRange("-90.0", "90.0")))
        #expect(refusal("lat=nan&lon=0") == QueryError("lat", .notANumber))
        #expect(refusal("lat=1e999&lon=0") == QueryError("lat", .notANumber))
        #expect(refusal("lat=1&lat=2&lon=0") == QueryError("lat", .repeated))
        #expect(refusal("lat=1&lon=0&limit=2.5") == QueryError("limit", .notAWholeNumber))
        #expect(refusal("lat=1&lon=0&limit=51") == QueryError("limit", .outOfRange("1", "50")))
        #expect(refusal("lat=1&lon=0&q=123456789") == QueryError("q", .tooLong(8)))
        #expect(refusal("lat=1&lon=0&q=a\u{202E}b") == QueryError("q", .controlCharacter))
        #expect(refusal("lat=1&lon=0&q=a\u{0}b") == QueryError("q", .controlCharacter))
        #expect(refusal("lat=1&lon=0&sort=price") == QueryError("sort", .notOneOf(["distance", "rating"])))
        #expect(refusal("lat=1&lon=0&openNow=yes") == QueryError("openNow", .notOneOf(["true", "false"])))
        #expect(refusal("lat=1&lon=0&id=1&id=2&id=3&id=4") == QueryError("id", .tooMany(3)))
        #expect(refusal("lat=1&lon=0&id=0") == QueryError("id", .outOfRange("1", String(Int64.max))))
        #expect(refusal("lat=1&lon=0&minPrice=9&maxPrice=8")?.field == "maxPrice")
        #expect(refusal("lat=" + String(repeating: "1", count: 40) + "&lon=0") == QueryError("lat", .notANumber))
    }

    @Test func messagesAreInTheCallersLanguage() {
        let error = QueryError("limit", .outOfRange("1", "50"))
        #expect(error.message(chinese: true) == "limit 须在 1 到 50 之间。")
        #expect(error.message(chinese: false) == "limit must be from 1 to 50.")
        #expect(QueryError("sort", .notOneOf(["a", "b"])).message(chinese: true) == "sort 须为 a、b 之一。")
    }

    @Test func theDeclarationIsRecordedInOrder() {
        let fields = PlaceQuery.fields
        #expect(fields.map(\.name) == ["lat", "lon", "radius", "q", "sort", "openNow", "limit", "id", "minPrice", "maxPrice"])
        #expect(fields[0] == QueryField(name: "lat", kind: .number(min: -90, max: 90), isRequired: true, maxCount: nil, defaultValue: nil,
                                        description: "WGS-84 latitude, degrees"))
        #expect(fields[2].defaultValue == "1000.0")
        #expect(fields[4].kind == .choice(["distance", "rating"]))
        #expect(fields[6] == QueryField(name: "limit", kind: .integer(min: 1, max: 50), isRequired: false, maxCount: nil, defaultValue: "20",
                                        description: "page size"))
        #expect(fields[7].maxCount == 3)
    }

    @Test func whatTheClientSendsDecodesToTheSameValue() throws {
        let query = PlaceQuery(lat: 31.2304, lon: -0.1, q: "咖啡 店", sort: .distance, openNow: false, limit: 7, id: [4, 2], maxPrice: 3)
        let items = query.queryItems
        #expect(items.map(\.name) == ["lat", "lon", "radius", "q", "sort", "openNow", "limit", "id", "id", "maxPrice"])
        #expect(try PlaceQuery(pairs: items) == query)
        #expect(Set(items.map(\.name)).isSubset(of: Set(PlaceQuery.fields.map(\.name))))
    }
}
