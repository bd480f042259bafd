import AppSuiteAPI
import Foundation
import Geo
import HTTPServer

/// A division of the tree joined to its weather location (`weather_places`).
struct Place: Sendable, Hashable {
    enum Level: String, Sendable { case province, city, county }

    /// 6-digit adcode: the key everywhere (never the bare name: research note pitfall 7, 朝阳).
    var id: String
    var level: Level
    var name: String
    var province: String
    /// The prefecture's name (`市辖区` for municipalities is shown as the province).
    var city: String
    var parentID: String?
    var weatherID: String?
    var weatherName: String?
    var coordinate: Coordinate?
    var timeZone: TimeZone
    /// False when the weather location was borrowed from the parent or the capital (`match` ≠ `adcode`).
    var hasOwnLocation: Bool
    /// The romanised name QWeather's China city list gives (`Hangzhou`, `Zhejiang`, `Xi'an`: pinyin for all but a
    /// few English forms such as `Inner Mongolia Autonomous Region`), for search by pinyin; nil when the list has none.
    var latinName: String? = nil

    /// `北京市 朝阳区`, `辽宁省 朝阳市`: enough to tell same-named places apart.
    var fullName: String {
        switch level {
        case .province: name
        case .city: "\(province) \(name)"
        case .county: city.isEmpty || city == name || city == province ? "\(province) \(name)" : "\(province) \(city) \(name)"
        }
    }

    func wire(childCount: Int, distance: Double? = nil) -> WeatherPlace {
        WeatherPlace(id: id, level: level.rawValue, name: name, province: level == .province ? "" : province, city: level == .county ? city : "",
                     parentId: parentID, weatherId: weatherID, latitude: coordinate?.latitude, longitude: coordinate?.longitude,
                     childCount: childCount, distance: distance.map { ($0).rounded() })
    }
}

/// The whole tree in memory (3,351 places, about 1 MB), for the picker, search and "nearest".
struct PlaceDirectory: Sendable {
    let places: [Place]
    private let byID: [String: Int]
    private let children: [String: [Int]]
    private let provinces: [Int]
    /// Each place's name and weather name in NFC as UTF-8, which ``search(_:limit:)`` compares byte by byte (issue 25:
    /// comparing `String`s through Foundation made a search of 杭州 cost ~3 ms, 300 requests/s).
    private let searchNames: [(name: [UInt8], weatherName: [UInt8]?, latin: [UInt8]?)]
    /// Answers of ``search(_:limit:)`` (indexes into ``places``) per NFC query and limit, for the life of this directory:
    /// an import makes a new directory (``WeatherStore/directory()``), so they are never staler than it. Bound: 512
    /// answers of queries up to 128 bytes, 1 MB.
    private let searches: BoundedCache<SearchKey, [Int]>

    private struct SearchKey: Hashable, Sendable {
        var query: String
        var limit: Int
    }

    init(_ places: [Place]) {
        self.places = places
        searchNames = places.map { (Self.searchBytes($0.name), $0.weatherName.map(Self.searchBytes), $0.latinName.map(Self.latinKey)) }
        searches = BoundedCache("weather.places.search", limits: CacheLimits(entries: 512, bytes: 1 << 20), validity: .process,
                                cost: { $0.count * 8 + 64 })
        byID = Dictionary(places.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var children: [String: [Int]] = [:]
        var provinces: [Int] = []
        for (index, place) in places.enumerated() {
            if let parent = place.parentID { children[parent, default: []].append(index) } else { provinces.append(index) }
        }
        self.children = children
        self.provinces = provinces
    }

    var isEmpty: Bool { places.isEmpty }

    func place(_ id: String) -> Place? { byID[id].map { places[$0] } }

    /// The provinces (`parent` nil) or the children of `parent`, in code order.
    func children(of parent: String?) -> [Place] {
        (parent.map { children[$0] ?? [] } ?? provinces).map { places[$0] }
    }

    func childCount(_ id: String) -> Int { children[id]?.count ?? 0 }

    /// Places whose adcode starts with `query` (digits), or whose name starts with it, then those whose name
    /// contains it; provinces before cities before counties; at most `limit`. Names compare in NFC, byte by byte.
    /// A query of Latin letters (`hangzhou`, `Xi'an`, `ＨＡＮＧＺＨＯＵ`) matches the start of a place's ``Place/latinName``,
    /// both folded by ``latinKey(_:)``.
    func search(_ query: String, limit: Int) -> [Place] {
        let needle = query.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !needle.isEmpty else { return [] }
        // 32 characters may hold any number of combining marks: a long key is answered but not kept.
        guard needle.utf8.count <= 128 else { return rank(needle, limit: limit).map { places[$0] } }
        return searches.value(for: SearchKey(query: needle, limit: limit)) { rank(needle, limit: limit) }.map { places[$0] }
    }

    /// ``search(_:limit:)`` done: the indexes of the matches in order.
    private func rank(_ needle: String, limit: Int) -> [Int] {
        var matches: [(index: Int, rank: Int)] = []
        let latin = Self.latinKey(needle)
        if needle.allSatisfy(\.isASCII) && needle.allSatisfy(\.isNumber) {
            for (index, place) in places.enumerated() where place.id.hasPrefix(needle) || place.weatherID == needle { matches.append((index, 0)) }
        } else if !latin.isEmpty, needle.unicodeScalars.allSatisfy({ $0.value < 0x2E80 || (0xFF01...0xFF5E).contains($0.value) }) {
            // No CJK character: a romanised name.
            for (index, names) in searchNames.enumerated() {
                guard let name = names.latin else { continue }
                if name == latin { matches.append((index, 0)) } else if name.starts(with: latin) { matches.append((index, 1)) }
            }
        } else {
            let bytes = Array(needle.utf8)
            for (index, names) in searchNames.enumerated() {
                if names.name == bytes || names.weatherName == bytes {
                    matches.append((index, 0))
                } else if names.name.starts(with: bytes) || (names.weatherName?.starts(with: bytes) ?? false) {
                    matches.append((index, 1))
                } else if Self.contains(names.name, bytes) {
                    matches.append((index, 2))
                }
            }
        }
        let levelOrder: [Place.Level: Int] = [.province: 0, .city: 1, .county: 2]
        return matches.sorted { a, b in
            let (x, y) = (places[a.index], places[b.index])
            return (a.rank, levelOrder[x.level]!, x.id) < (b.rank, levelOrder[y.level]!, y.id)
        }.prefix(limit).map(\.index)
    }

    private static func searchBytes(_ text: String) -> [UInt8] { Array(text.precomposedStringWithCanonicalMapping.utf8) }

    /// Latin letters folded for comparison: width (full-width `ＨＡＮＧ` is `hang`), case and accents folded, everything
    /// else (spaces, apostrophes, hyphens) dropped: `Xi'an` → `xian`.
    static func latinKey(_ text: String) -> [UInt8] {
        let folded = text.applyingTransform(.fullwidthToHalfwidth, reverse: false) ?? text
        return Array(folded.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased().utf8)
            .filter { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// True when `needle` (not empty) occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The county-level places nearest to `point` by haversine distance (metres), nearest first; empty when
    /// the point is outside China's bounding box. Counties whose weather location is their parent's
    /// (development zones) are left out, since their coordinates are not theirs.
    func nearest(to point: Coordinate, limit: Int) -> [(place: Place, distance: Double)] {
        guard BoundingBox.china.contains(point) else { return [] }
        var found: [(place: Place, distance: Double)] = []
        for radius in [50_000.0, 200_000, 1_000_000, 5_000_000] {
            let box = BoundingBox(around: point, radius: radius)
            found = places.compactMap { place in
                guard place.level == .county, place.hasOwnLocation, let coordinate = place.coordinate, box.contains(coordinate) else { return nil }
                let distance = point.distance(to: coordinate)
                return distance <= radius ? (place, distance) : nil
            }
            if found.count >= limit { break }
        }
        return Array(found.sorted { $0.distance < $1.distance }.prefix(limit))
    }
}
