import Foundation

/// `bbox=minLon,minLat,maxLon,maxLat` on `GET /api/v1/photos` (``PhotoListQuery/bbox``): only photos whose place
/// (EXIF GPS, WGS-84 degrees) is inside these bounds, edges included — the order of a GeoJSON bounding box. Bounds do
/// not cross the antimeridian: `west` ≤ `east` and `south` ≤ `north`. Photos without a place are never inside.
public struct PhotoBounds: Sendable, Hashable, Encodable {
    /// Longitudes, −180…180 degrees east.
    public var west: Double
    public var east: Double
    /// Latitudes, −90…90 degrees north.
    public var south: Double
    public var north: Double

    /// Nil unless every value is in its range and `west` ≤ `east`, `south` ≤ `north` (``problems(west:south:east:north:)``).
    public init?(west: Double, south: Double, east: Double, north: Double) {
        guard Self.problems(west: west, south: south, east: east, north: north).isEmpty else { return nil }
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    /// `121.4,31.1,121.6,31.3`: 7 decimals (about 1 cm), as a client sends it.
    public var queryText: String {
        [west, south, east, north].map { String(format: "%.7f", $0).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) }
            .joined(separator: ",")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(queryText)
    }

    /// Each value that cannot be used, named (`minLat 95`), with what is allowed: the 422's messages, Chinese and English.
    public static func problems(west: Double, south: Double, east: Double, north: Double) -> [(zh: String, en: String)] {
        var problems: [(zh: String, en: String)] = []
        for (name, value, limit) in [("minLon", west, 180.0), ("minLat", south, 90), ("maxLon", east, 180), ("maxLat", north, 90)]
        where !(value.isFinite && abs(value) <= limit) {
            let text = value.isFinite ? String(value) : "\(value)"
            problems.append(("\(name) \(text) 超出范围（须在 -\(Int(limit)) 到 \(Int(limit)) 之间）。",
                             "\(name) \(text) is out of range (-\(Int(limit)) to \(Int(limit)))."))
        }
        if west > east { problems.append(("minLon \(west) 大于 maxLon \(east)。", "minLon \(west) is greater than maxLon \(east).")) }
        if south > north { problems.append(("minLat \(south) 大于 maxLat \(north)。", "minLat \(south) is greater than maxLat \(north).")) }
        return problems
    }
}
