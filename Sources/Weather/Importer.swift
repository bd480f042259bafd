import AppHost
import Foundation
import Geo

/// `appsuite import weather PATH`: PATH is the `weather` folder of the shared data (observations, recorded
/// replies); the division tree is read from its sibling `regions` folder (`../regions`), as they sit in
/// `../shared/data`. Replaces everything the app imported before, in one transaction.
struct WeatherImporter: DataImporter {
    let store: WeatherStore
    var defaultFolder: String { "weather" }

    /// The recorded replies kept as samples (labelled as such on the pages; see ``Samples``).
    static var sampleFiles: [String] { Samples.all.flatMap(\.files) }

    func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        let regions = folder.deletingLastPathComponent().appendingPathComponent("regions")
        let mapFile = regions.appendingPathComponent("divisions_weather_map.csv")
        guard let mapData = FileManager.default.contents(atPath: mapFile.path) else {
            throw CommandFailure(.noInput, "no \(mapFile.path): the weather import reads the regions folder beside \(folder.path)")
        }
        var skipped: [(item: String, reason: String)] = []
        let list = QWeatherCityList(regions.appendingPathComponent("qweather_china_city_list.csv"))
        progress(ImportProgress(done: 0, total: nil, item: "divisions_weather_map.csv"))
        var places: [Place] = []
        var matches: [String: String] = [:]
        for (line, record) in CSVTable(mapData).records.enumerated() {
            guard var place = Self.place(record, zones: list.zones) else {
                skipped.append(("divisions_weather_map.csv line \(line + 2)", "no level, code or name"))
                continue
            }
            // 东莞, 中山, 儋州 have no counties: their county row repeats the prefecture's adcode.
            guard matches[place.id] == nil else {
                skipped.append(("divisions_weather_map.csv line \(line + 2)", "\(place.name) \(place.id) is its prefecture's own row"))
                continue
            }
            place.latinName = list.latinName(of: place)
            places.append(place)
            matches[place.id] = record["match"] ?? "none"
        }
        progress(ImportProgress(done: places.count, total: nil, item: "observations"))
        let observationsFile = folder.appendingPathComponent("observations/five_cities_daily_2010_2015.csv")
        var observations: [Observation] = []
        if let data = FileManager.default.contents(atPath: observationsFile.path) {
            for record in CSVTable(data).records {
                guard let id = record["weather_id"], let day = record["date"], ProviderTime.LocalDate(Substring(day)) != nil else {
                    skipped.append(("observations", "a row without weather_id or date"))
                    continue
                }
                observations.append(Observation(
                    weatherID: id, day: day, high: record["temp_max_c"].flatMap(Double.init), low: record["temp_min_c"].flatMap(Double.init),
                    mean: record["temp_mean_c"].flatMap(Double.init), humidity: record["humidity_mean_pct"].flatMap(Double.init),
                    precipitation: record["precip_sum_mm"].flatMap(Double.init)))
            }
        } else {
            skipped.append((observationsFile.path, "missing: no 历史同期"))
        }
        var samples: [(String, [UInt8])] = []
        for name in Self.sampleFiles {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) {
                samples.append((name, [UInt8](data)))
            } else {
                skipped.append((name, "missing: this sample is not shown"))
            }
        }
        try store.replaceAll(places: places, locationMatches: matches, observations: observations, samples: samples)
        progress(ImportProgress(done: places.count + observations.count + samples.count, total: nil, item: "done"))
        return ImportSummary(imported: places.count + observations.count + samples.count, skipped: skipped)
    }

    /// One row of `divisions_weather_map.csv`. Prefecture rows named `市辖区`/`县` (the municipalities) and
    /// their counties show the province's name instead (regions/SOURCES.md "Things to know").
    static func place(_ record: CSVRecord, zones: [String: String]) -> Place? {
        guard let levelText = record["level"], let level = Place.Level(rawValue: levelText), let code = record["code"],
              let adcode = record["adcode"], adcode.count == 6, let name = record["name"], let province = record["province"] else { return nil }
        let parent: String? = switch level {
        case .province: nil
        case .city: String(code.prefix(2)) + "0000"
        case .county: String(code.prefix(4)) + "00"
        }
        let rawCity = record["city"] ?? ""
        let city = rawCity == "市辖区" || rawCity == "县" ? province : rawCity
        let displayName: String = switch (level, name) {
        case (.city, "市辖区"): province
        case (.city, "县"): province + "（县）"
        default: name
        }
        let weatherID = record["weather_id"]
        let coordinate = record["lat"].flatMap(Double.init).flatMap { latitude in
            record["lon"].flatMap(Double.init).flatMap { Coordinate(latitude: latitude, longitude: $0) }
        }
        return Place(id: adcode, level: level, name: displayName, province: province, city: level == .county ? city : "", parentID: parent,
                     weatherID: weatherID, weatherName: record["weather_name"], coordinate: coordinate,
                     timeZone: weatherID.flatMap { zones[$0] }.flatMap(TimeZone.init(identifier:)) ?? WeatherApp.chinaTime,
                     hasOwnLocation: record["match"] == "adcode")
    }
}

/// What the import reads from QWeather's China city list (`regions/qweather_china_city_list.csv`): each location's
/// IANA zone (all `Asia/Shanghai` on the mainland) and the romanised names of locations, prefectures and provinces.
struct QWeatherCityList {
    /// Weather id → zone.
    var zones: [String: String] = [:]
    /// Weather id → `Location_Name_EN` (`Hangzhou`).
    var locations: [String: String] = [:]
    /// Province (`浙江省`) → `Adm1_Name_EN` (`Zhejiang`).
    var provinces: [String: String] = [:]
    /// `浙江省|杭州市` → `Adm2_Name_EN` (`Hangzhou`).
    var prefectures: [String: String] = [:]

    init(_ file: URL) {
        guard let data = FileManager.default.contents(atPath: file.path) else { return }
        for record in CSVTable(data).records {
            guard let id = record["Location_ID"] else { continue }
            if let zone = record["Timezone"] { zones[id] = zone }
            if let name = record["Location_Name_EN"], !name.isEmpty { locations[id] = name }
            if let zh = record["Adm1_Name_ZH"], let en = record["Adm1_Name_EN"], !en.isEmpty { provinces[zh] = en }
            if let province = record["Adm1_Name_ZH"], let zh = record["Adm2_Name_ZH"], let en = record["Adm2_Name_EN"], !en.isEmpty {
                prefectures[province + "|" + zh] = en
            }
        }
    }

    /// A province's or prefecture's name from the list's columns for them; a county's from its own weather location
    /// only (a borrowed location is its parent's, not its name).
    func latinName(of place: Place) -> String? {
        switch place.level {
        case .province: provinces[place.name]
        case .city: prefectures[place.province + "|" + place.name] ?? (place.hasOwnLocation ? place.weatherID.flatMap { locations[$0] } : nil)
        case .county: place.hasOwnLocation ? place.weatherID.flatMap { locations[$0] } : nil
        }
    }
}
