import Storage

/// Module `appdeals`: the App Store catalogue (one row per App Store track id, the natural key), every
/// observed price per store region, the tracker's derived free periods and discount events, our own page views
/// and shares per UTC day (for 热榜) and `appdeals_meta.data_version`, changed by every import and poll. Prices are integer minor units of the region's currency (fen for `cn`, cents for
/// `us`); times are UTC seconds.
enum DealSchema {
    static func migrations() -> [Migration] {
        [
            Migration(module: "appdeals", version: 1, name: "create_appdeals", sql: """
                CREATE TABLE appdeals_apps (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    english_name TEXT,
                    search_text TEXT NOT NULL,
                    genre TEXT,
                    genres_zh TEXT,
                    is_game INTEGER,
                    devices TEXT,
                    rating REAL,
                    rating_count INTEGER,
                    size_bytes INTEGER,
                    version TEXT,
                    release_notes TEXT,
                    description TEXT,
                    seller TEXT,
                    icon_url TEXT,
                    screenshot_urls TEXT,
                    store_url TEXT,
                    content_rating TEXT,
                    catalog_price INTEGER,
                    catalog_currency TEXT,
                    metadata_region TEXT
                );
                CREATE INDEX appdeals_apps_rating ON appdeals_apps(rating_count, id);
                CREATE TABLE appdeals_prices (
                    region TEXT NOT NULL,
                    app_id INTEGER NOT NULL,
                    observed_at INTEGER NOT NULL,
                    price INTEGER,
                    currency TEXT NOT NULL,
                    formatted_price TEXT,
                    iap_count INTEGER NOT NULL,
                    change TEXT NOT NULL,
                    PRIMARY KEY (region, app_id, observed_at)
                );
                CREATE INDEX appdeals_prices_time ON appdeals_prices(region, observed_at);
                CREATE TABLE appdeals_free_periods (
                    region TEXT NOT NULL,
                    app_id INTEGER NOT NULL,
                    free_from INTEGER NOT NULL,
                    free_until INTEGER,
                    regular_price INTEGER NOT NULL,
                    PRIMARY KEY (region, app_id, free_from)
                );
                CREATE TABLE appdeals_discount_events (
                    region TEXT NOT NULL,
                    app_id INTEGER NOT NULL,
                    detected_at INTEGER NOT NULL,
                    price_from TEXT,
                    price_to TEXT,
                    iap_discount_count INTEGER NOT NULL,
                    iap_discounts TEXT,
                    PRIMARY KEY (region, app_id, detected_at)
                );
                CREATE TABLE appdeals_activity (
                    app_id INTEGER NOT NULL,
                    day INTEGER NOT NULL,
                    views INTEGER NOT NULL DEFAULT 0,
                    shares INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (app_id, day)
                );
                CREATE TABLE appdeals_meta (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                """),
            // 周边: a signed-in user's opted-in location, rounded to a 0.01° cell (about 1.1 km north–south),
            // never the precise one; removed when the user opts out.
            Migration(module: "appdeals", version: 2, name: "create_appdeals_locations", sql: """
                CREATE TABLE appdeals_locations (
                    user_id INTEGER PRIMARY KEY,
                    cell_lat INTEGER NOT NULL,
                    cell_lon INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX appdeals_locations_cell ON appdeals_locations(cell_lat, cell_lon);
                """),
            // Price alerts: one per user and favourite app; fires_on 'drop' (any drop) or 'free' (only to 0).
            Migration(module: "appdeals", version: 3, name: "create_appdeals_alerts", sql: """
                CREATE TABLE appdeals_alerts (
                    user_id INTEGER NOT NULL,
                    app_id INTEGER NOT NULL,
                    fires_on TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_notified_at INTEGER,
                    PRIMARY KEY (user_id, app_id)
                );
                CREATE INDEX appdeals_alerts_app ON appdeals_alerts(app_id);
                """),
            // Editors' 专题 (admins): texts in both languages, a cover under <media>/appdeals/topics/, a place in the
            // list, and 4–50 apps in order. Who changed what is in the moderation audit log, not here.
            Migration(module: "appdeals", version: 4, name: "create_appdeals_topics", sql: """
                CREATE TABLE appdeals_topics (
                    id INTEGER PRIMARY KEY,
                    title_zh TEXT NOT NULL,
                    title_en TEXT NOT NULL,
                    summary_zh TEXT NOT NULL,
                    summary_en TEXT NOT NULL,
                    cover TEXT,
                    position INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE TABLE appdeals_topic_apps (
                    topic_id INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    app_id INTEGER NOT NULL,
                    PRIMARY KEY (topic_id, app_id)
                );
                """),
            // An editor's known end of an app's current 限免 (admins): it holds for the free period that began at
            // free_from, and the poller deletes it with the next observed price change of the app.
            Migration(module: "appdeals", version: 5, name: "create_appdeals_known_ends", sql: """
                CREATE TABLE appdeals_known_ends (
                    region TEXT NOT NULL,
                    app_id INTEGER NOT NULL,
                    free_from INTEGER NOT NULL,
                    ends_at INTEGER NOT NULL,
                    set_at INTEGER NOT NULL,
                    PRIMARY KEY (region, app_id)
                );
                """),
            // 1 when the App Store's current version is the app's first (Lookup: currentVersionReleaseDate = releaseDate),
            // 0 when a later one, NULL when the data does not say: "首个版本" only for 1.
            Migration(module: "appdeals", version: 6, name: "appdeals_apps_first_version", sql: """
                ALTER TABLE appdeals_apps ADD COLUMN first_version INTEGER;
                """),
        ]
    }
}
