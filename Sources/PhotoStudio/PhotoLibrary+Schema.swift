import AppSuiteAPI
import Foundation
public import Storage

extension PhotoLibrary {
    // MARK: schema

    public static func migrations() -> [Migration] {
        [
            Migration(module: "photos", version: 1, name: "create_photos", sql: """
                CREATE TABLE photos_photos (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL,
                    filename TEXT NOT NULL,
                    format TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    orientation INTEGER NOT NULL,
                    color_space TEXT NOT NULL,
                    has_alpha INTEGER NOT NULL,
                    page_count INTEGER NOT NULL,
                    taken_at TEXT,
                    camera TEXT,
                    file_size INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    current_version_id INTEGER,
                    UNIQUE (user_id, sha256)
                );
                CREATE INDEX photos_photos_by_user ON photos_photos(user_id, id);
                CREATE TABLE photos_versions (
                    id INTEGER PRIMARY KEY,
                    photo_id INTEGER NOT NULL REFERENCES photos_photos(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL,
                    operations TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    format TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX photos_versions_by_photo ON photos_versions(photo_id, id);
                CREATE INDEX photos_versions_by_sha ON photos_versions(sha256);
                CREATE INDEX photos_photos_by_sha ON photos_photos(sha256);
                """),
            Migration(module: "photos", version: 2, name: "create_albums", sql: """
                CREATE TABLE photos_albums (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    UNIQUE (user_id, name)
                );
                CREATE TABLE photos_album_items (
                    album_id INTEGER NOT NULL REFERENCES photos_albums(id) ON DELETE CASCADE,
                    photo_id INTEGER NOT NULL REFERENCES photos_photos(id) ON DELETE CASCADE,
                    PRIMARY KEY (album_id, photo_id)
                );
                CREATE INDEX photos_album_items_by_photo ON photos_album_items(photo_id);
                """),
            Migration(module: "photos", version: 3, name: "version_base", sql: """
                ALTER TABLE photos_versions ADD COLUMN base_version_id INTEGER REFERENCES photos_versions(id);
                """),
            Migration(module: "photos", version: 4, name: "photo_problem", sql: """
                ALTER TABLE photos_photos ADD COLUMN problem TEXT;
                """),
            // Versions' sizes for the account quota (issue 27); NULL for versions saved before, measured on disk.
            Migration(module: "photos", version: 5, name: "version_size", sql: """
                ALTER TABLE photos_versions ADD COLUMN file_size INTEGER;
                """),
            // 最近删除 (issue 29 item 1): when a photo was trashed; the purge job deletes it 30 days later.
            Migration(module: "photos", version: 6, name: "trash", sql: """
                ALTER TABLE photos_photos ADD COLUMN trashed_at INTEGER;
                CREATE INDEX photos_photos_trashed ON photos_photos(trashed_at) WHERE trashed_at IS NOT NULL;
                """),
            // An album's chosen cover (issue 29 item 4); NULL: the newest photo in it.
            Migration(module: "photos", version: 7, name: "album_cover", sql: """
                ALTER TABLE photos_albums ADD COLUMN cover_photo_id INTEGER REFERENCES photos_photos(id) ON DELETE SET NULL;
                """),
            // The timeline (issue 29 item 3): when each photo was taken (``TakenTime``), filled for the photos stored before
            // from what they kept — the EXIF date as written (its offset was not kept: none) and the upload time.
            Migration(module: "photos", version: 8, name: "taken_time") { db in
                try db.executeScript("""
                    ALTER TABLE photos_photos ADD COLUMN taken_local TEXT;
                    ALTER TABLE photos_photos ADD COLUMN taken_offset TEXT;
                    ALTER TABLE photos_photos ADD COLUMN taken_basis TEXT;
                    """)
                for row in try db.query("SELECT id, taken_at, created_at FROM photos_photos") {
                    let taken = TakenTime.resolve(dateTimeOriginal: try row.get("taken_at", as: String?.self), offsetTimeOriginal: nil, fileTime: nil,
                                                  uploadTime: Date(timeIntervalSince1970: Double(try row.get("created_at", as: Int64.self))))
                    try db.execute("UPDATE photos_photos SET taken_local = ?, taken_offset = ?, taken_basis = ? WHERE id = ?",
                                   taken.local, taken.offset, taken.basis.rawValue, try row.get("id", as: Int64.self))
                }
                try db.executeScript("CREATE INDEX photos_photos_timeline ON photos_photos(user_id, taken_local, id);")
            },
            // Places (issue 29 item 8): the EXIF GPS position (WGS-84 degrees) read at ingest. Photos stored before are
            // left unknown (NULL): a migration sees only the database, not the files, so none is guessed.
            Migration(module: "photos", version: 9, name: "place", sql: """
                ALTER TABLE photos_photos ADD COLUMN place_latitude REAL;
                ALTER TABLE photos_photos ADD COLUMN place_longitude REAL;
                """),
            // Photo ids are never given twice (tester 31b #9: on SQLite a purged photo's id went to the next upload, so a
            // stale /photos/90 showed another photo): the highest id ever given, which `add` counts on from.
            Migration(module: "photos", version: 10, name: "photo_ids", sql: """
                CREATE TABLE photos_ids (name TEXT PRIMARY KEY, last_id INTEGER NOT NULL);
                INSERT INTO photos_ids (name, last_id) SELECT 'photo', COALESCE(MAX(id), 0) FROM photos_photos;
                """),
        ]
    }
}
