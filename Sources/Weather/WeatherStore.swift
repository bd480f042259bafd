import Foundation
import Geo
import Storage
import Synchronization

/// All SQL of the Weather app, and the in-memory ``PlaceDirectory`` rebuilt when an import changes
/// `weather_meta.data_version` (an import may run in another process).
final class WeatherStore: Sendable {
    let database: any Database
    private let cache = Mutex<(version: String, checked: ContinuousClock.Instant, directory: PlaceDirectory)?>(nil)
    /// How long the directory is used without asking the database whether an import changed it.
    static let recheck = Duration.seconds(1)

    init(database: any Database) { self.database = database }

    /// The place tree: no query within ``recheck`` of the last one (so an import is seen within a second), then one
    /// small query when nothing changed.
    func directory() throws -> PlaceDirectory {
        let start = ContinuousClock.now
        if let cached = cache.withLock({ $0 }), start - cached.checked < Self.recheck { return cached.directory }
        let version = try database.read { db in
            try db.scalar("SELECT value FROM weather_meta WHERE key = 'data_version'", as: String.self)
        } ?? ""
        if let cached = cache.withLock({ $0 }), cached.version == version {
            cache.withLock { $0?.checked = start }
            return cached.directory
        }
        let places = try database.read { db in
            try db.query("SELECT * FROM weather_places ORDER BY adcode").map { row throws(StorageError) -> Place in
                let latitude = try row.get("latitude", as: Double?.self), longitude = try row.get("longitude", as: Double?.self)
                let zone = try row.get("time_zone", as: String.self)
                return Place(
                    id: try row.get("adcode"), level: Place.Level(rawValue: try row.get("level")) ?? .county, name: try row.get("name"),
                    province: try row.get("province"), city: try row.get("city"), parentID: try row.get("parent_adcode"),
                    weatherID: try row.get("weather_id"), weatherName: try row.get("weather_name"),
                    coordinate: latitude.flatMap { latitude in longitude.flatMap { Coordinate(latitude: latitude, longitude: $0) } },
                    timeZone: TimeZone(identifier: zone) ?? WeatherApp.chinaTime,
                    hasOwnLocation: try row.get("location_match", as: String.self) == "adcode", latinName: try row.get("latin_name"))
            }
        }
        let directory = PlaceDirectory(places)
        cache.withLock { $0 = (version, start, directory) }
        return directory
    }

    // MARK: import

    /// Replaces places, observations and samples in one transaction.
    func replaceAll(places: [Place], locationMatches: [String: String], observations: [Observation], samples: [(String, [UInt8])]) throws {
        try database.write { db in
            try db.execute("DELETE FROM weather_places")
            for place in places {
                try db.execute(
                    """
                    INSERT INTO weather_places (adcode, level, name, province, city, parent_adcode, weather_id, weather_name, latitude,
                        longitude, time_zone, location_match, latin_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, place.id, place.level.rawValue, place.name, place.province, place.city, place.parentID, place.weatherID,
                    place.weatherName, place.coordinate?.latitude, place.coordinate?.longitude, place.timeZone.identifier,
                    locationMatches[place.id] ?? "none", place.latinName)
            }
            try db.execute("DELETE FROM weather_observations")
            for observation in observations {
                try db.execute(
                    """
                    INSERT INTO weather_observations (weather_id, day, temp_max, temp_min, temp_mean, humidity, precipitation)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, observation.weatherID, observation.day, observation.high, observation.low, observation.mean,
                    observation.humidity, observation.precipitation)
            }
            try db.execute("DELETE FROM weather_samples")
            for (name, body) in samples {
                try db.execute("INSERT INTO weather_samples (name, body) VALUES (?, ?)", name, body)
            }
            try db.execute(
                "INSERT INTO weather_meta (key, value) VALUES ('data_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                UUID().uuidString)
        }
    }

    // MARK: observations and samples

    /// Every observed day of a weather location, oldest first.
    func observations(weatherID: String) throws -> [Observation] {
        try database.read { db in
            try db.query(
                "SELECT day, temp_max, temp_min, temp_mean, humidity, precipitation FROM weather_observations WHERE weather_id = ? ORDER BY day",
                weatherID
            ).map { row throws(StorageError) in
                Observation(weatherID: weatherID, day: try row.get(0), high: try row.get(1), low: try row.get(2), mean: try row.get(3),
                            humidity: try row.get(4), precipitation: try row.get(5))
            }
        }
    }

    /// The weather ids that have observations (the five cities).
    func observedWeatherIDs() throws -> Set<String> {
        try database.read { db in
            Set(try db.query("SELECT DISTINCT weather_id FROM weather_observations").map { row throws(StorageError) in try row.get(0, as: String.self) })
        }
    }

    /// A recorded provider reply kept by the import (`fixtures/…` path → bytes).
    func sample(_ name: String) throws -> [UInt8]? {
        try database.read { db in try db.scalar("SELECT body FROM weather_samples WHERE name = ?", name, as: [UInt8].self) }
    }

    // MARK: saved places

    /// The user's saved places in their order: a place saved (again) comes first; ``reorder(userID:adcodes:)`` sets
    /// the order.
    func savedPlaces(userID: Int64) throws -> [String] {
        try database.read { db in
            try db.query("SELECT adcode FROM weather_saved_places WHERE user_id = ? ORDER BY position, opened_at DESC, adcode", userID)
                .map { row throws(StorageError) in try row.get(0, as: String.self) }
        }
    }

    /// The saved place the user opened last, nil when none is saved.
    func lastOpened(userID: Int64) throws -> String? {
        try database.read { db in
            try db.scalar("SELECT adcode FROM weather_saved_places WHERE user_id = ? ORDER BY opened_at DESC, adcode LIMIT 1", userID,
                          as: String.self)
        }
    }

    /// Saves a place, or marks it opened now, and puts it first. At most `limit` places per user: saving one more
    /// fails with `false` and changes nothing.
    func save(userID: Int64, adcode: String, at time: Int64, limit: Int) throws -> Bool {
        try database.write { db in
            let count = try db.scalar("SELECT count(*) FROM weather_saved_places WHERE user_id = ? AND adcode <> ?", userID, adcode, as: Int.self) ?? 0
            guard count < limit else { return false }
            let first = try db.scalar("SELECT min(position) FROM weather_saved_places WHERE user_id = ?", userID, as: Int64.self) ?? 0
            try db.execute(
                """
                INSERT INTO weather_saved_places (user_id, adcode, opened_at, position) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id, adcode) DO UPDATE SET opened_at = excluded.opened_at, position = excluded.position
                """, userID, adcode, time, first - 1)
            return true
        }
    }

    /// Marks a saved place opened (no effect on a place that is not saved); its place in the order stays.
    func touch(userID: Int64, adcode: String, at time: Int64) throws {
        try database.write { db in
            try db.execute("UPDATE weather_saved_places SET opened_at = ? WHERE user_id = ? AND adcode = ?", time, userID, adcode)
        }
    }

    /// Puts the user's saved places in the order of `adcodes`, which must name each of them once; false (and
    /// nothing changed) otherwise.
    func reorder(userID: Int64, adcodes: [String]) throws -> Bool {
        try database.write { db in
            let saved = try db.query("SELECT adcode FROM weather_saved_places WHERE user_id = ?", userID)
                .map { row throws(StorageError) in try row.get(0, as: String.self) }
            guard adcodes.count == saved.count, Set(adcodes) == Set(saved) else { return false }
            for (index, adcode) in adcodes.enumerated() {
                try db.execute("UPDATE weather_saved_places SET position = ? WHERE user_id = ? AND adcode = ?", Int64(index), userID, adcode)
            }
            return true
        }
    }

    /// Removes a saved place; false when it was not saved.
    func remove(userID: Int64, adcode: String) throws -> Bool {
        try database.write { db in
            try db.execute("DELETE FROM weather_saved_places WHERE user_id = ? AND adcode = ?", userID, adcode) > 0
        }
    }
}

/// One observed day (`observations/five_cities_daily_2010_2015.csv`): °C, %, mm.
struct Observation: Sendable, Equatable {
    var weatherID: String
    /// `YYYY-MM-DD`, local date.
    var day: String
    var high: Double?
    var low: Double?
    var mean: Double?
    var humidity: Double?
    var precipitation: Double?
}
