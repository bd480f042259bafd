import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import Imaging
import Storage
import WebUI

/// An editor's 专题 as stored (issue 12 item 4: "image, text, 4+ apps, created by admins").
struct EditorTopic: Sendable, Equatable {
    var id: Int64
    var title: LocalizedText
    var summary: LocalizedText
    /// App Store track ids in the order shown.
    var appIDs: [Int64]
    /// The cover's path under the media directory (`appdeals/topics/<id>-<random>.jpg`), nil before an upload.
    var cover: String?
    var position: Int
    var updatedAt: Int64
}

/// The limits of ``DealTopicInput``, checked before anything is written; every refusal is a `422` naming the field.
struct EditorTopicRules {
    static let maximumTitle = 60
    static let maximumSummary = 1_000
    static let maximumApps = 50
    static let positions = 0...10_000
    static let defaultPosition = 100
    /// The cover: shrunk to fit 1200 × 1200 px, re-encoded as JPEG; the upload is held to Photo Studio's default
    /// limits (``ImageLimits``: 100 megapixels, 64 MiB), read from the header before decoding.
    static let coverSide = 1_200
    static let coverLimits = ImageLimits()

    /// The input trimmed and checked against `known` (the imported apps). - Throws: `HTTPError` 422.
    static func checked(_ input: DealTopicInput, known: (Int64) -> Bool, language: Language) throws(HTTPError) -> EditorTopic {
        var errors: [HTTPError.FieldError] = []
        func text(_ value: String?, _ field: String, maximum: Int, required: Bool) -> String? {
            let trimmed = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty && !required { return nil }
            if trimmed.isEmpty || trimmed.count > maximum {
                errors.append(.init(field: field, message: DealText.topicTextLength(field, maximum)(language)))
            }
            return trimmed
        }
        let title = text(input.title, "title", maximum: maximumTitle, required: true) ?? ""
        let titleEn = text(input.titleEn, "titleEn", maximum: maximumTitle, required: true) ?? ""
        let summary = text(input.summary, "summary", maximum: maximumSummary, required: true) ?? ""
        let summaryEn = text(input.summaryEn, "summaryEn", maximum: maximumSummary, required: false)
        var seen = Set<Int64>()
        let ids = input.appIds.filter { seen.insert($0).inserted }
        if ids.count < DealTopics.minimumApps || ids.count > maximumApps {
            errors.append(.init(field: "appIds", message: DealText.topicAppCount(DealTopics.minimumApps, maximumApps, ids.count)(language)))
        } else {
            let unknown = ids.filter { !known($0) }
            if !unknown.isEmpty {
                errors.append(.init(field: "appIds", message: DealText.topicUnknownApps(unknown.prefix(10).map(String.init).joined(separator: ", "))(language)))
            }
        }
        let position = input.position ?? defaultPosition
        if !positions.contains(position) {
            errors.append(.init(field: "position", message: DealText.topicPosition(positions.upperBound)(language)))
        }
        guard errors.isEmpty else { throw HTTPError.validation(errors) }
        return EditorTopic(id: 0, title: LocalizedText(zh: title, en: titleEn), summary: LocalizedText(zh: summary, en: summaryEn ?? summary),
                           appIDs: ids, cover: nil, position: position, updatedAt: 0)
    }
}

/// SQL of the editors' 专题 (`appdeals_topics`, `appdeals_topic_apps`) and their cover files under
/// `<media>/appdeals/topics/`. Every change is written with its line in the moderation audit log (action
/// `curate`) in one transaction. Topics are editorial: no user's account export holds them.
struct EditorTopicStore: Sendable {
    let database: any Database
    let mediaDirectory: URL

    /// Every editor's topic, by position then id.
    func all() throws -> [EditorTopic] {
        try database.read { db in
            var apps: [Int64: [Int64]] = [:]
            for row in try db.query("SELECT topic_id, app_id FROM appdeals_topic_apps ORDER BY topic_id, position") {
                apps[try row.get(0), default: []].append(try row.get(1))
            }
            return try db.query("""
                SELECT id, title_zh, title_en, summary_zh, summary_en, cover, position, updated_at FROM appdeals_topics ORDER BY position, id
                """).map { row throws(StorageError) in
                let id: Int64 = try row.get(0)
                return EditorTopic(id: id, title: LocalizedText(zh: try row.get(1), en: try row.get(2)),
                                   summary: LocalizedText(zh: try row.get(3), en: try row.get(4)), appIDs: apps[id] ?? [],
                                   cover: try row.get(5), position: Int(try row.get(6, as: Int64.self)), updatedAt: try row.get(7))
            }
        }
    }

    func topic(_ id: Int64) throws -> EditorTopic? { try all().first { $0.id == id } }

    /// Adds a topic; returns its id.
    func create(_ topic: EditorTopic, editor: User, now: Int64) throws -> Int64 {
        try database.write { db in
            let id = try db.scalar("""
                INSERT INTO appdeals_topics (title_zh, title_en, summary_zh, summary_en, position, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, topic.title.zh, topic.title.en, topic.summary.zh, topic.summary.en, Int64(topic.position), now, now, as: Int64.self) ?? 0
            try Self.setApps(topic.appIDs, of: id, db)
            try RoleStore.audit(db, actor: editor, action: .curate, targetUser: nil, target: "appdeals topic \(id)",
                                detail: "created: \(topic.title.zh)", now: now)
            return id
        }
    }

    /// Replaces a topic's texts, apps and position (the cover stays). - Returns: false when there is no such topic.
    func update(_ id: Int64, with topic: EditorTopic, editor: User, now: Int64) throws -> Bool {
        try database.write { db in
            guard try db.execute("""
                UPDATE appdeals_topics SET title_zh = ?, title_en = ?, summary_zh = ?, summary_en = ?, position = ?, updated_at = ? WHERE id = ?
                """, topic.title.zh, topic.title.en, topic.summary.zh, topic.summary.en, Int64(topic.position), now, id) == 1 else { return false }
            try Self.setApps(topic.appIDs, of: id, db)
            try RoleStore.audit(db, actor: editor, action: .curate, targetUser: nil, target: "appdeals topic \(id)",
                                detail: "edited: \(topic.title.zh)", now: now)
            return true
        }
    }

    /// Deletes a topic and its cover file. - Returns: false when there was none.
    func delete(_ id: Int64, editor: User, now: Int64) throws -> Bool {
        let cover: String?? = try database.write { db in
            let cover = try db.queryFirst("SELECT cover FROM appdeals_topics WHERE id = ?", id).map { row throws(StorageError) in
                try row.get(0, as: String?.self)
            }
            guard let cover else { return nil }
            try db.execute("DELETE FROM appdeals_topic_apps WHERE topic_id = ?", id)
            try db.execute("DELETE FROM appdeals_topics WHERE id = ?", id)
            try RoleStore.audit(db, actor: editor, action: .curate, targetUser: nil, target: "appdeals topic \(id)", detail: "deleted", now: now)
            return .some(cover)
        }
        guard let cover else { return false }
        if let cover { removeFile(cover) }
        return true
    }

    /// Decodes the upload at `path` with libvips (EXIF orientation applied, metadata stripped), stores it as a JPEG
    /// under a server-made name and makes it the topic's cover, deleting the old one.
    /// - Returns: false when there is no such topic. - Throws: ``ImagingError`` for what is not a readable picture
    ///   within ``EditorTopicRules/coverLimits``.
    func setCover(_ id: Int64, uploadAt path: String, editor: User, now: Int64) throws -> Bool {
        guard try topic(id) != nil else { return false }
        let image = try Imaging.thumbnail(contentsOf: path, maxWidth: EditorTopicRules.coverSide, maxHeight: EditorTopicRules.coverSide,
                                          format: .jpeg(quality: 85), limits: EditorTopicRules.coverLimits)
        let relative = "appdeals/topics/\(id)-\(UUID().uuidString.lowercased()).jpg"
        let file = mediaDirectory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(image.bytes).write(to: file, options: .atomic)
        let old: String?? = try database.write { db in
            guard let row = try db.queryFirst("SELECT cover FROM appdeals_topics WHERE id = ?", id) else { return nil }
            let old = try row.get(0, as: String?.self)
            try db.execute("UPDATE appdeals_topics SET cover = ?, updated_at = ? WHERE id = ?", relative, now, id)
            try RoleStore.audit(db, actor: editor, action: .curate, targetUser: nil, target: "appdeals topic \(id)",
                                detail: "cover \(image.width)×\(image.height)", now: now)
            return .some(old)
        }
        guard let old else {
            removeFile(relative)
            return false
        }
        if let old { removeFile(old) }
        return true
    }

    private func removeFile(_ relative: String) {
        try? FileManager.default.removeItem(at: mediaDirectory.appendingPathComponent(relative))
    }

    private static func setApps(_ ids: [Int64], of topic: Int64, _ db: any SQLExecutor) throws(StorageError) {
        try db.execute("DELETE FROM appdeals_topic_apps WHERE topic_id = ?", topic)
        for (index, app) in ids.enumerated() {
            try db.execute("INSERT INTO appdeals_topic_apps (topic_id, position, app_id) VALUES (?, ?, ?)", topic, Int64(index), app)
        }
    }
}
