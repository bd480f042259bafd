import AppHost
import Foundation
import Geo

/// `appsuite import merchants PATH` (the shared data's `merchants` folder, SOURCES.md): the OpenStreetMap POIs of
/// the Yangtze delta and Hong Kong (WGS-84, ODbL), the work-friendly cafés and their reviews (WGS-84 intended,
/// CC BY 4.0; the pseudonymous reviewers become read-only imported authors), and the hm-dianping Hangzhou
/// rows (GCJ-02, converted to WGS-84 with the iterative inverse, the original kept; no licence stated, so
/// they are labelled an internal fixture). `merchants_wgs84.geojson` merges the OSM and café rows; it is read
/// to check that every feature matches an imported row. Idempotent: rows are upserted by source id.
struct MerchantsImporter: DataImporter {
    let store: MerchantStore
    let clock: AppClock
    var defaultFolder: String { "merchants" }

    static let osmLicence = "© OpenStreetMap contributors, ODbL 1.0, https://www.openstreetmap.org/copyright"
    static let cafeLicence = "Café data: awesome-cn-cafe contributors (github.com/ElaWorkshop/awesome-cn-cafe), CC BY 4.0; modified: fields normalised, reviewer handles pseudonymised"
    static let dianpingLicence = "hm-dianping course data (cs001020/hmdp), no licence stated: internal test fixture, not for publication"
    /// Files the importer reads (the rest of the folder is listed as skipped).
    static let files = ["osm_yangtze_delta_pois.csv", "osm_hong_kong_pois.csv", "cn_workcafes.csv", "cn_workcafe_reviews.csv",
                        "dianping_shop_types.csv", "dianping_hangzhou_shops.csv", "merchants_wgs84.geojson", "SOURCES.md"]

    func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("osm_yangtze_delta_pois.csv").path) else {
            throw CommandFailure(.noInput, "no osm_yangtze_delta_pois.csv in \(folder.path): pass the shared data's merchants folder")
        }
        var skipped: [(item: String, reason: String)] = []
        var records: [MerchantRecord] = []
        for (file, zone) in [("osm_yangtze_delta_pois.csv", "Asia/Shanghai"), ("osm_hong_kong_pois.csv", "Asia/Hong_Kong")] {
            progress(ImportProgress(done: records.count, total: nil, item: file))
            for (line, record) in try table(folder, file).records.enumerated() {
                if let merchant = Self.osm(record, zone: zone) { records.append(merchant) } else { skipped.append(("\(file) line \(line + 2)", "no id, name, known category or position")) }
            }
        }
        progress(ImportProgress(done: records.count, total: nil, item: "cn_workcafes.csv"))
        for (line, record) in try table(folder, "cn_workcafes.csv").records.enumerated() {
            if let cafe = Self.cafe(record) { records.append(cafe) } else { skipped.append(("cn_workcafes.csv line \(line + 2)", "no id, name or position")) }
        }
        let types = Dictionary(try table(folder, "dianping_shop_types.csv").records.compactMap { record in
            record["id"].flatMap { id in record["name"].map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        for (line, record) in try table(folder, "dianping_hangzhou_shops.csv").records.enumerated() {
            if let shop = Self.dianping(record, types: types) { records.append(shop) } else {
                skipped.append(("dianping_hangzhou_shops.csv line \(line + 2)", "no id, name, position or a type this app has (美食, KTV)"))
            }
        }
        var reviews: [ImportedReview] = []
        for (line, record) in try table(folder, "cn_workcafe_reviews.csv").records.enumerated() {
            guard let id = record["review_id"], let merchant = record["merchant_id"], let author = record["reviewer"], let text = record["text"] else {
                skipped.append(("cn_workcafe_reviews.csv line \(line + 2)", "no id, merchant, reviewer or text"))
                continue
            }
            reviews.append(ImportedReview(sourceID: id, merchantSourceID: merchant, author: author,
                                          rating: record["rating"].flatMap(Int.init).flatMap { (1...5).contains($0) ? $0 : nil },
                                          body: text, licence: Self.cafeLicence))
        }
        progress(ImportProgress(done: records.count, total: records.count + reviews.count, item: "writing"))
        let written = try store.upsert(records, reviews: reviews, now: Int64(clock.now().timeIntervalSince1970))
        skipped += written.orphans.map { ($0, "review of a merchant that is not in cn_workcafes.csv") }
        skipped += checkGeoJSON(folder, against: records)
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !Self.files.contains($0) }.sorted()
        skipped += others.map { ($0, "not a file of this data set") }
        progress(ImportProgress(done: written.merchants + written.reviews, total: records.count + reviews.count, item: "done"))
        return ImportSummary(imported: written.merchants + written.reviews, skipped: skipped)
    }

    func table(_ folder: URL, _ name: String) throws -> CSVTable {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
            throw CommandFailure(.noInput, "cannot read \(folder.appendingPathComponent(name).path)")
        }
        return CSVTable(data)
    }

    /// Every GeoJSON feature must be an imported row at the same position (to 1e-6°); mismatches are listed.
    func checkGeoJSON(_ folder: URL, against records: [MerchantRecord]) -> [(item: String, reason: String)] {
        let file = folder.appendingPathComponent("merchants_wgs84.geojson")
        guard let data = FileManager.default.contents(atPath: file.path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let features = root["features"] as? [[String: Any]] else {
            return [("merchants_wgs84.geojson", "missing or not a FeatureCollection")]
        }
        let positions = Dictionary(records.map { ($0.sourceID, $0.sourcePosition) }, uniquingKeysWith: { first, _ in first })
        var problems: [(item: String, reason: String)] = []
        for feature in features {
            let id = feature["id"] as? String ?? "?"
            guard let geometry = feature["geometry"] as? [String: Any], let pair = geometry["coordinates"] as? [Double], pair.count == 2,
                  let position = positions[id] else {
                problems.append(("merchants_wgs84.geojson \(id)", "not among the CSV rows"))
                continue
            }
            if abs(position.longitude - pair[0]) > 1e-6 || abs(position.latitude - pair[1]) > 1e-6 {
                problems.append(("merchants_wgs84.geojson \(id)", "position differs from the CSV row"))
            }
        }
        return problems
    }

    static func coordinate(_ record: CSVRecord, _ latitude: String, _ longitude: String) -> Coordinate? {
        record[latitude].flatMap(Double.init).flatMap { latitude in record[longitude].flatMap(Double.init).flatMap { Coordinate(latitude: latitude, longitude: $0) } }
    }

    /// `key=value` lines of the fields that are present.
    static func notes(_ record: CSVRecord, _ keys: [String]) -> String? {
        let lines = keys.compactMap { key in record[key].map { "\(key)=\($0.replacingOccurrences(of: "\n", with: " "))" } }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    static func osm(_ record: CSVRecord, zone: String) -> MerchantRecord? {
        guard let id = record["id"], let name = record["name"], let category = record["category"], MerchantCategory.ids.contains(category),
              let position = coordinate(record, "lat", "lon") else { return nil }
        return MerchantRecord(
            sourceID: id, source: "osm", licence: osmLicence, name: name, nameEn: record["name_en"], category: category,
            cuisine: record["cuisine"], address: record["address"], phone: record["phone"], website: record["website"], city: record["city_approx"],
            openingHours: record["opening_hours"], timeZone: zone, sourceDatum: .wgs84, sourcePosition: position, pricePerPerson: nil,
            priceText: nil, sourceRating: nil, sourceReviewCount: 0,
            notes: notes(record, ["brand", "level", "wheelchair", "takeaway", "delivery", "outdoor_seating", "internet_access", "smoking", "ref_openrice"]),
            aliases: [record["name_zh"]].compactMap { $0 }.filter { $0 != name })
    }

    static func cafe(_ record: CSVRecord) -> MerchantRecord? {
        guard let id = record["id"], let name = record["name"], let position = coordinate(record, "lat", "lon") else { return nil }
        return MerchantRecord(
            sourceID: id, source: "awesome-cn-cafe", licence: cafeLicence, name: name, nameEn: nil, category: "cafe", cuisine: nil,
            address: record["address"], phone: nil, website: nil, city: record["city_zh"], openingHours: record["opening_hours"],
            timeZone: "Asia/Shanghai", sourceDatum: .wgs84, sourcePosition: position, pricePerPerson: nil, priceText: record["reference_price"],
            sourceRating: nil, sourceReviewCount: 0,
            notes: notes(record, ["download_raw", "speed_class", "upload_mbps", "price_items", "toilet", "power_outlets", "parking", "business_status"]))
    }

    /// 美食 → restaurant, KTV → ktv (the only two types the 14 rows use).
    static func dianping(_ record: CSVRecord, types: [String: String]) -> MerchantRecord? {
        let category: String? = switch record["type_id"].flatMap({ types[$0] }) ?? record["type_name"] {
        case "美食": "restaurant"
        case "KTV": "ktv"
        default: nil
        }
        guard let id = record["id"], let name = record["name"], let category, let position = coordinate(record, "lat", "lon") else { return nil }
        let price = record["avg_price_cny"].flatMap(Int64.init).map { $0 * 100 }
        let address = [record["area"], record["address"]].compactMap { $0 }.joined(separator: " · ")
        return MerchantRecord(
            sourceID: id, source: "hmdp", licence: dianpingLicence, name: name, nameEn: nil, category: category, cuisine: nil,
            address: address.isEmpty ? nil : address, phone: nil, website: nil, city: record["city"], openingHours: record["open_hours"],
            timeZone: "Asia/Shanghai", sourceDatum: .gcj02, sourcePosition: position, pricePerPerson: price, priceText: nil,
            sourceRating: record["score"].flatMap(Double.init).flatMap { (1...5).contains($0) ? $0 : nil },
            sourceReviewCount: record["comments"].flatMap(Int64.init) ?? 0, notes: notes(record, ["sold", "image_count"]))
    }
}
