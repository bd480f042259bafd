import Foundation

/// WGS-84 ⇄ GCJ-02 ("火星坐标", the datum mainland-China map services must use: Amap, Tencent, Apple Maps
/// and Google Maps inside China). The forward transform is the published closed form (the constants of
/// the Krasovsky 1940 ellipsoid, a = 6,378,245 m, e² = 0.006693421622965943, and the two polynomial-plus-
/// sine offsets); there is no closed inverse, so ``wgs84(fromGCJ02:)`` iterates the forward one until the
/// round trip is below 1e-10° (≈ 0.01 mm), which converges in a handful of steps.
///
/// Points outside mainland China are returned unchanged, as the services do: outside the conventional
/// rectangle 0.8293–55.8271° N, 72.004–137.8347° E, and inside Hong Kong, Macau and Taiwan (coarse polygons
/// of their boundaries, ``unshiftedRegions``; a point within a few hundred metres of the Shenzhen–Hong Kong
/// or Zhuhai–Macau line may fall on the wrong side). The rectangle also takes in parts of neighbouring
/// countries — the convention every client library shares.
public enum ChinaDatum {
    static let a = 6_378_245.0
    static let ee = 0.006_693_421_622_965_943

    /// Hong Kong, Macau and Taiwan (Penghu included, Kinmen and Matsu not) as (latitude, longitude) rings.
    public static let unshiftedRegions: [[(Double, Double)]] = [
        // Hong Kong: Lantau's west, Deep Bay, the Shenzhen River, Sha Tau Kok, Mirs Bay, the eastern waters.
        [(22.13, 113.82), (22.40, 113.83), (22.49, 113.93), (22.505, 113.98), (22.515, 114.03), (22.52, 114.07),
         (22.535, 114.11), (22.545, 114.15), (22.555, 114.22), (22.57, 114.28), (22.56, 114.45), (22.13, 114.51)],
        // Macau: the peninsula north of the Gongbei border, Taipa, Cotai and Coloane east of Hengqin's channel.
        [(22.217, 113.528), (22.217, 113.556), (22.20, 113.566), (22.17, 113.60), (22.105, 113.60), (22.105, 113.556),
         (22.15, 113.553), (22.175, 113.548), (22.19, 113.528)],
        // Taiwan and Penghu.
        [(21.85, 119.3), (25.35, 119.3), (25.35, 122.1), (21.85, 122.1)],
    ]

    /// True where the services shift coordinates: the China rectangle minus ``unshiftedRegions``.
    public static func isShifted(_ point: Coordinate) -> Bool {
        guard (0.8293...55.8271).contains(point.latitude), (72.004...137.8347).contains(point.longitude) else { return false }
        return !unshiftedRegions.contains { ring in contains(ring, point) }
    }

    /// Whether `point` lies inside `ring` ((latitude, longitude) vertices): even–odd ray casting along its parallel.
    public static func contains(_ ring: [(Double, Double)], _ point: Coordinate) -> Bool {
        var inside = false
        var previous = ring[ring.count - 1]
        for vertex in ring {
            if (vertex.0 > point.latitude) != (previous.0 > point.latitude) {
                let longitude = vertex.1 + (point.latitude - vertex.0) / (previous.0 - vertex.0) * (previous.1 - vertex.1)
                if point.longitude < longitude { inside.toggle() }
            }
            previous = vertex
        }
        return inside
    }

    /// The GCJ-02 position of a WGS-84 point (exact: the defining formula).
    public static func gcj02(fromWGS84 point: Coordinate) -> Coordinate {
        guard isShifted(point) else { return point }
        let (dLat, dLon) = offset(point.latitude, point.longitude)
        return Coordinate(latitude: point.latitude + dLat, longitude: point.longitude + dLon) ?? point
    }

    /// The WGS-84 point whose GCJ-02 position is `point`, by fixed-point iteration (`w ← w − (gcj(w) − g)`);
    /// at most 50 steps, stopping when the residual is below 1e-10°. A point the services leave unshifted
    /// comes back unchanged.
    public static func wgs84(fromGCJ02 point: Coordinate) -> Coordinate {
        guard isShifted(point) else { return point }
        var latitude = point.latitude, longitude = point.longitude
        for _ in 0..<50 {
            guard let guess = Coordinate(latitude: latitude, longitude: longitude) else { break }
            let forward = gcj02(fromWGS84: guess)
            let dLat = forward.latitude - point.latitude, dLon = forward.longitude - point.longitude
            latitude -= dLat
            longitude -= dLon
            if abs(dLat) < 1e-10 && abs(dLon) < 1e-10 { break }
        }
        return Coordinate(latitude: latitude, longitude: longitude) ?? point
    }

    /// The offset in degrees (Δlatitude, Δlongitude) GCJ-02 adds at a WGS-84 point.
    static func offset(_ latitude: Double, _ longitude: Double) -> (Double, Double) {
        let x = longitude - 105, y = latitude - 35
        let waves = (20 * sin(6 * x * .pi) + 20 * sin(2 * x * .pi)) * 2 / 3
        var dLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * abs(x).squareRoot() + waves
        dLat += (20 * sin(y * .pi) + 40 * sin(y / 3 * .pi)) * 2 / 3
        dLat += (160 * sin(y / 12 * .pi) + 320 * sin(y * .pi / 30)) * 2 / 3
        var dLon = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * abs(x).squareRoot() + waves
        dLon += (20 * sin(x * .pi) + 40 * sin(x / 3 * .pi)) * 2 / 3
        dLon += (150 * sin(x / 12 * .pi) + 300 * sin(x / 30 * .pi)) * 2 / 3
        let radians = latitude / 180 * .pi
        var magic = sin(radians)
        magic = 1 - ee * magic * magic
        let root = magic.squareRoot()
        dLat = dLat * 180 / ((a * (1 - ee)) / (magic * root) * .pi)
        dLon = dLon * 180 / (a / root * cos(radians) * .pi)
        return (dLat, dLon)
    }
}

/// The coordinate systems the API and the pages convert between.
public enum Datum: String, Sendable, CaseIterable {
    case wgs84
    case gcj02

    /// `point` (in `self`) expressed in `target`.
    public func convert(_ point: Coordinate, to target: Datum) -> Coordinate {
        switch (self, target) {
        case (.wgs84, .gcj02): ChinaDatum.gcj02(fromWGS84: point)
        case (.gcj02, .wgs84): ChinaDatum.wgs84(fromGCJ02: point)
        default: point
        }
    }
}
