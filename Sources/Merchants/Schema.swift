import Storage

/// The Merchants tables (module `merchants`). `merchants` holds every imported or approved merchant with its
/// WGS-84 position (and the position as its source gave it), its source id and licence; `merchants_reviews`
/// the reviews that came with the data (read-only, by pseudonymous imported authors). Users' own rated
/// reviews are Community comments with ratings on subject `merchants/{id}`. `merchants_position` covers the
/// nearby prefilter's first pass (``MerchantStore/spots(in:category:priceRange:limit:)``: band, longitude, latitude,
/// category, price, id), so it reads the index alone, no table row, on SQLite and PostgreSQL. `merchants_photos`
/// holds users' photos (``PhotoStore``): a merchant's, or a submission's until it is published; `file` names the
/// two JPEGs under `<data>/apps/merchants/photos/`. `merchants_articles`
/// (version 5) holds the owners' articles and promotions: Markdown source, optional 活动时间 as `YYYY-MM-DD` days.
enum MerchantsSchema {
    static func migrations() -> [Migration] {
        [
            Migration(
                module: "merchants", version: 1, name: "merchants, imported reviews",
                sql: """
                    CREATE TABLE merchants (
                        id INTEGER PRIMARY KEY,
                        source_id TEXT NOT NULL UNIQUE,
                        source TEXT NOT NULL,
                        licence TEXT NOT NULL,
                        name TEXT NOT NULL,
                        name_en TEXT,
                        category TEXT NOT NULL,
                        cuisine TEXT,
                        address TEXT,
                        phone TEXT,
                        website TEXT,
                        city TEXT,
                        opening_hours TEXT,
                        time_zone TEXT NOT NULL,
                        lat REAL NOT NULL,
                        lon REAL NOT NULL,
                        lat_band INTEGER NOT NULL,
                        source_datum TEXT NOT NULL,
                        source_lat REAL NOT NULL,
                        source_lon REAL NOT NULL,
                        price_per_person INTEGER,
                        price_text TEXT,
                        source_rating REAL,
                        source_review_count INTEGER NOT NULL DEFAULT 0,
                        notes TEXT,
                        search_key TEXT NOT NULL,
                        owner_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX merchants_position ON merchants(lat_band, lon);
                    CREATE TABLE merchants_reviews (
                        source_id TEXT PRIMARY KEY,
                        merchant_id INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
                        author TEXT NOT NULL,
                        rating INTEGER,
                        body TEXT NOT NULL,
                        licence TEXT NOT NULL
                    );
                    CREATE INDEX merchants_reviews_merchant ON merchants_reviews(merchant_id);
                    """),
            Migration(
                module: "merchants", version: 2, name: "submissions",
                sql: """
                    CREATE TABLE merchants_submissions (
                        id INTEGER PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        category TEXT NOT NULL,
                        lat REAL NOT NULL,
                        lon REAL NOT NULL,
                        address TEXT,
                        opening_hours TEXT,
                        phone TEXT,
                        price_per_person INTEGER,
                        duplicate_of INTEGER REFERENCES merchants(id) ON DELETE SET NULL,
                        duplicate_distance REAL,
                        state TEXT NOT NULL,
                        merchant_id INTEGER REFERENCES merchants(id) ON DELETE SET NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX merchants_submissions_user ON merchants_submissions(user_id, created_at);
                    """),
            Migration(
                module: "merchants", version: 3, name: "covering nearby index",
                sql: """
                    DROP INDEX merchants_position;
                    CREATE INDEX merchants_position ON merchants(lat_band, lon, lat, category, price_per_person, id);
                    """),
            Migration(
                module: "merchants", version: 4, name: "photos",
                sql: """
                    CREATE TABLE merchants_photos (
                        id INTEGER PRIMARY KEY,
                        merchant_id INTEGER REFERENCES merchants(id) ON DELETE CASCADE,
                        submission_id INTEGER REFERENCES merchants_submissions(id) ON DELETE SET NULL,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        state TEXT NOT NULL,
                        alt TEXT,
                        file TEXT NOT NULL,
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX merchants_photos_merchant ON merchants_photos(merchant_id, state, id);
                    CREATE INDEX merchants_photos_submission ON merchants_photos(submission_id);
                    CREATE INDEX merchants_photos_user ON merchants_photos(user_id, created_at);
                    """),
            Migration(
                module: "merchants", version: 5, name: "owners' articles",
                sql: """
                    CREATE TABLE merchants_articles (
                        id INTEGER PRIMARY KEY,
                        merchant_id INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
                        author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        valid_from TEXT,
                        valid_until TEXT,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE INDEX merchants_articles_merchant ON merchants_articles(merchant_id, created_at);
                    CREATE INDEX merchants_articles_author ON merchants_articles(author_id);
                    """),
            // Each photo's bytes on disk (its two JPEGs) for the uploader's quota (issue 27); NULL for photos stored
            // before, measured on disk.
            Migration(module: "merchants", version: 6, name: "photo bytes", sql: "ALTER TABLE merchants_photos ADD COLUMN bytes INTEGER;"),
        ]
    }
}
