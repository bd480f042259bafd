import Storage

/// The Weather tables (module `weather`). Places, observations and samples are replaced as a whole by each
/// import; saved places belong to the users, in each user's order (`position`, smallest first).
enum WeatherSchema {
    static func migrations() -> [Migration] {
        [
            Migration(
                module: "weather", version: 1, name: "places, saved places, observations, samples",
                sql: """
                    CREATE TABLE weather_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    CREATE TABLE weather_places (
                        adcode TEXT PRIMARY KEY,
                        level TEXT NOT NULL,
                        name TEXT NOT NULL,
                        province TEXT NOT NULL,
                        city TEXT NOT NULL,
                        parent_adcode TEXT,
                        weather_id TEXT,
                        weather_name TEXT,
                        latitude REAL,
                        longitude REAL,
                        time_zone TEXT NOT NULL,
                        location_match TEXT NOT NULL
                    );
                    CREATE INDEX weather_places_parent ON weather_places(parent_adcode);
                    CREATE TABLE weather_saved_places (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        adcode TEXT NOT NULL,
                        opened_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, adcode)
                    );
                    CREATE TABLE weather_observations (
                        weather_id TEXT NOT NULL,
                        day TEXT NOT NULL,
                        temp_max REAL,
                        temp_min REAL,
                        temp_mean REAL,
                        humidity REAL,
                        precipitation REAL,
                        PRIMARY KEY (weather_id, day)
                    );
                    CREATE TABLE weather_samples (
                        name TEXT PRIMARY KEY,
                        body BLOB NOT NULL
                    );
                    """),
            Migration(
                module: "weather", version: 2, name: "saved places keep the user's order",
                sql: """
                    ALTER TABLE weather_saved_places ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
                    """),
            Migration(
                module: "weather", version: 3, name: "places keep their romanised name for pinyin search",
                sql: """
                    ALTER TABLE weather_places ADD COLUMN latin_name TEXT;
                    """),
        ]
    }
}
