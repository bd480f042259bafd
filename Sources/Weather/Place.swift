import AppSuiteAPI
import Foundation
import Geo

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

    init(_ places: [Place]) {
        self.places = places
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
    /// contains it; provinces before cities before counties; at most `limit`.
    func search(_ query: String, limit: Int) -> [Place] {
        let needle = query.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return [] }
        let rank: (Place) -> Int? = if needle.allSatisfy(\.isASCII) && needle.allSatisfy(\.isNumber) {
            { $0.id.hasPrefix(needle) || $0.weatherID == needle ? 0 : nil }
        } else {
            { place in
                if place.name == needle || place.weatherName == needle { return 0 }
                if place.name.hasPrefix(needle) || (place.weatherName?.hasPrefix(needle) ?? false) { return 1 }
                return place.name.contains(needle) ? 2 : nil
            }
        }
        let levelOrder: [Place.Level: Int] = [.province: 0, .city: 1, .county: 2]
        return places.compactMap { place in rank(place).map { (place, $0) } }
            .sorted { ($0.1, levelOrder[$0.0.level]!, $0.0.id) < ($1.1, levelOrder[$1.0.level]!, $1.0.id) }
            .prefix(limit).map(\.0)
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
