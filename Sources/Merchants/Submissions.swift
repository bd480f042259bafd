import AppSuiteAPI
import Community
import Foundation
import Geo
import Storage
import WebUI

/// 添加商户: a signed-in user's new merchant waits in the moderation queue (``ModerationQueue/submit``) and is
/// published when a moderator approves it (the submitter becomes its owner, who may answer reviews); the
/// platform tells the submitter either way. A pin must lie within ``coverage`` metres of a merchant already
/// known (the covered area); the same folded name within ``duplicateRadius`` metres is flagged to the moderator.
struct SubmissionStore: Sendable {
    let store: MerchantStore

    static let coverage = 50_000.0
    static let duplicateRadius = 50.0
    /// Submissions per user per hour.
    static let perHour = 10

    enum Refusal: Error, Equatable {
        case outsideCoverage
        case tooMany(retryAfter: Int64)
    }

    struct Submitted: Sendable {
        var id: Int64
        var duplicate: (merchant: Merchant, distance: Double)?
    }

    /// Queues `input` (already validated for shape) for `userID`, with `photos` (processed, ``PhotoStore``) when given.
    func submit(_ input: MerchantSubmissionInput, userID: Int64, now: Int64, photos: (store: PhotoStore, pictures: [PhotoStore.Processed])? = nil) throws -> Submitted {
        guard let pin = Coordinate(latitude: input.lat, longitude: input.lon) else { throw Refusal.outsideCoverage }
        let known = try store.candidates(in: BoundingBox.covering(pin, radius: Self.coverage), category: nil, priceRange: nil, limit: 1)
        guard !known.isEmpty else { throw Refusal.outsideCoverage }
        let name = SearchKey.fold(input.name)
        let duplicate = try store.candidates(in: BoundingBox.covering(pin, radius: Self.duplicateRadius), category: nil, priceRange: nil)
            .map { ($0, pin.distance(to: $0.position)) }
            .filter { $0.1 <= Self.duplicateRadius && SearchKey.fold($0.0.name) == name }
            .min { $0.1 < $1.1 }
        let files = try photos.map { try $0.store.write($0.pictures) } ?? []
        do {
            return try insert(input, userID: userID, now: now, duplicate: duplicate, photos: photos.map { ($0.store, $0.pictures, files) })
        } catch {
            photos?.store.discard(files)
            throw error
        }
    }

    private func insert(_ input: MerchantSubmissionInput, userID: Int64, now: Int64, duplicate: (Merchant, Double)?,
                        photos: (store: PhotoStore, pictures: [PhotoStore.Processed], files: [String])?) throws -> Submitted {
        try store.database.write { db in
            let recent = try db.scalar("SELECT count(*) FROM merchants_submissions WHERE user_id = ? AND created_at > ?", userID, now - 3_600,
                                       as: Int.self) ?? 0
            guard recent < Self.perHour else { throw Refusal.tooMany(retryAfter: 3_600) }
            guard let id = try db.scalar(
                """
                INSERT INTO merchants_submissions (user_id, name, category, lat, lon, address, opening_hours, phone, price_per_person,
                    duplicate_of, duplicate_distance, state, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?) RETURNING id
                """, userID, input.name, input.category, input.lat, input.lon, input.address, input.openingHours, input.phone,
                input.pricePerPerson, duplicate?.0.id, duplicate?.1, now, as: Int64.self) else { throw StorageError.misuse("no submission id") }
            if let photos {
                _ = try photos.store.insert(photos.pictures, files: photos.files, merchant: nil, submissionID: id, userID: userID, alt: nil, now: now, db: db)
            }
            let excerpt = Self.excerpt(category: input.category, lat: input.lat, lon: input.lon, address: input.address,
                                       details: Details(openingHours: input.openingHours, phone: input.phone, pricePerPerson: input.pricePerPerson),
                                       duplicate: duplicate.map { ($0.0.name, $0.0.id, $0.1) }, photoCount: photos?.pictures.count ?? 0)
            // Stored in Chinese (the API's excerpt); the queue page shows ``summary(_:item:)`` in the reader's language.
            try ModerationQueue.submit(app: "merchants", item: String(id), author: userID, title: input.name, excerpt: excerpt.zh, db: db, now: now)
            return Submitted(id: id, duplicate: duplicate)
        }
    }

    /// What a submitter may give besides name, category and pin; the moderator sees each one given (issue 30).
    struct Details {
        var openingHours: String?
        var phone: String?
        var pricePerPerson: Int64?
    }

    /// A queued submission's excerpt in one language each: the 可能重复 / Possible duplicate flag, category, position,
    /// address, the submitted hours, phone and 人均, and the photo count.
    static func excerpt(category: String, lat: Double, lon: Double, address: String?, details: Details = Details(),
                        duplicate: (name: String, id: Int64, distance: Double)?, photoCount: Int) -> LocalizedText {
        let name = MerchantCategory.named(category)?.name
        let rest = String(format: "%.6f, %.6f", lat, lon) + (address.map { " · \($0)" } ?? "")
        func given(_ label: LocalizedText, _ value: String?, _ l: Language) -> String {
            guard let value, !value.isEmpty else { return "" }
            return " · \(label(l))\(l == .zh ? "：" : ": ")\(value)"
        }
        func more(_ l: Language) -> String {
            given(MerchantsText.hours, details.openingHours, l) + given(MerchantsText.phone, details.phone, l)
                + given(MerchantsText.perPerson, details.pricePerPerson.map(MerchantsText.price), l) + (photoCount > 0 ? " · 📷 \(photoCount)" : "")
        }
        let flag = duplicate.map { (zh: "⚠️ 可能重复：\($0.name) #\($0.id)，相距 \(Int($0.distance.rounded())) 米 · ",
                                    en: "⚠️ Possible duplicate: \($0.name) #\($0.id), \(Int($0.distance.rounded())) m away · ") }
        return LocalizedText(zh: (flag?.zh ?? "") + "\(name?.zh ?? category) · " + rest + more(.zh),
                             en: (flag?.en ?? "") + "\(name?.en ?? category) · " + rest + more(.en))
    }

    /// The queue's excerpt of submission `item` in both languages, from its row; nil when it is gone.
    static func summary(_ db: any SQLExecutor, item: String) throws(StorageError) -> LocalizedText? {
        guard let id = Int64(item), let row = try db.queryFirst("""
            SELECT s.category, s.lat, s.lon, s.address, s.opening_hours, s.phone, s.price_per_person, s.duplicate_of, s.duplicate_distance,
                m.name AS duplicate_name,
                (SELECT count(*) FROM merchants_photos p WHERE p.submission_id = s.id) AS photo_count
            FROM merchants_submissions s LEFT JOIN merchants m ON m.id = s.duplicate_of WHERE s.id = ?
            """, id) else { return nil }
        var duplicate: (name: String, id: Int64, distance: Double)?
        if let other = try row.get("duplicate_of", as: Int64?.self), let distance = try row.get("duplicate_distance", as: Double?.self) {
            duplicate = (try row.get("duplicate_name", as: String?.self) ?? "#\(other)", other, distance)
        }
        let details = Details(openingHours: try row.get("opening_hours"), phone: try row.get("phone"), pricePerPerson: try row.get("price_per_person"))
        return excerpt(category: try row.get("category"), lat: try row.get("lat"), lon: try row.get("lon"), address: try row.get("address"),
                       details: details, duplicate: duplicate, photoCount: Int(try row.get("photo_count", as: Int64.self)))
    }

    /// The moderator's decision, inside the decision's transaction: approved → a merchant (`user:{id}`, WGS-84, owned
    /// by the submitter) showing the photos sent with it; rejected → the state changes and the photos are rejected.
    static func decided(_ db: any SQLExecutor, item: String, approved: Bool, now: Int64) throws {
        guard let id = Int64(item), let row = try db.queryFirst("SELECT * FROM merchants_submissions WHERE id = ?", id) else { return }
        guard approved else {
            try db.execute("UPDATE merchants_submissions SET state = 'rejected' WHERE id = ?", id)
            try PhotoStore.decided(db, submission: id, merchantID: nil)
            return
        }
        let position = Coordinate(latitude: try row.get("lat"), longitude: try row.get("lon")) ?? MerchantsApp.shanghai
        let record = MerchantRecord(
            sourceID: "user:\(id)", source: "user", licence: MerchantsText.submittedByUser.en, name: try row.get("name"),
            nameEn: nil, category: try row.get("category"), cuisine: nil, address: try row.get("address"), phone: try row.get("phone"),
            website: nil, city: nil, openingHours: try row.get("opening_hours"),
            timeZone: Self.zone(position), sourceDatum: .wgs84,
            sourcePosition: position, pricePerPerson: try row.get("price_per_person"), priceText: nil, sourceRating: nil, sourceReviewCount: 0,
            notes: nil)
        let merchantID = try MerchantStore.insert(record, ownerID: try row.get("user_id"), now: now, db: db)
        try db.execute("UPDATE merchants_submissions SET state = 'approved', merchant_id = ? WHERE id = ?", merchantID, id)
        try PhotoStore.decided(db, submission: id, merchantID: merchantID)
    }

    /// The page of an approved submission `item`: the new merchant's, or for a photo the merchant it shows; nil when none.
    static func publishedPath(_ db: any SQLExecutor, item: String) throws(StorageError) -> String? {
        let merchant: Int64?
        if let photo = PhotoStore.photoID(item: item) {
            merchant = try db.scalar("SELECT merchant_id FROM merchants_photos WHERE id = ?", photo, as: Int64.self)
        } else if let id = Int64(item) {
            merchant = try db.scalar("SELECT merchant_id FROM merchants_submissions WHERE id = ?", id, as: Int64.self)
        } else {
            merchant = nil
        }
        return merchant.map { "/merchants/\($0)" }
    }

    /// Hong Kong's zone inside its boundary, Shanghai's elsewhere (both UTC+8 without daylight saving).
    static func zone(_ point: Coordinate) -> String {
        ChinaDatum.contains(ChinaDatum.unshiftedRegions[0], point) ? "Asia/Hong_Kong" : "Asia/Shanghai"
    }
}
