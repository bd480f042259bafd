import Foundation
import Geo
import Testing

/// A small deterministic generator (SplitMix64), so a failing case can be replayed from its seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The point `distance` metres from `start` along initial `bearing` (radians) on the haversine sphere.
func destination(_ start: Coordinate, bearing: Double, distance: Double) -> Coordinate? {
    let δ = distance / Coordinate.earthRadius
    let φ1 = start.latitude * .pi / 180, λ1 = start.longitude * .pi / 180
    let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(bearing))
    var λ2 = λ1 + atan2(sin(bearing) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
    λ2 = (λ2 + 3 * .pi).truncatingRemainder(dividingBy: 2 * .pi) - .pi
    return Coordinate(latitude: φ2 * 180 / .pi, longitude: λ2 * 180 / .pi)
}

@Suite struct GeoPropertyTests {
    /// Every point within the radius lies in one of the covering boxes: random centres over the whole globe
    /// (poles and the antimeridian included), radii from 1 m to 3,000 km, points on and inside the circle.
    @Test func boxesNeverMissAPointInTheCircle() throws {
        var random = SplitMix(state: 14)
        var checked = 0
        for _ in 0..<4_000 {
            let latitude = Bool.random(using: &random) ? Double.random(in: -90...90, using: &random)
                : [89.99, -89.99, 0, 31.23, 85][Int.random(in: 0..<5, using: &random)]
            let longitude = Bool.random(using: &random) ? Double.random(in: -180...180, using: &random)
                : [179.999, -179.999, 180, -180, 121.47][Int.random(in: 0..<5, using: &random)]
            let center = try #require(Coordinate(latitude: latitude, longitude: longitude))
            let radius = pow(10, Double.random(in: 0...6.5, using: &random))
            let boxes = BoundingBox.covering(center, radius: radius)
            for _ in 0..<8 {
                let fraction = Bool.random(using: &random) ? 1 : Double.random(in: 0...1, using: &random)
                guard let point = destination(center, bearing: .random(in: 0..<(2 * .pi), using: &random), distance: radius * fraction),
                      center.distance(to: point) <= radius else { continue }
                #expect(boxes.contains { $0.contains(point) }, "center \(center) radius \(radius) point \(point)")
                checked += 1
            }
        }
        #expect(checked > 20_000)
    }

    /// The box is not wastefully large: around Shanghai a 1 km box spans about 2 km each way.
    @Test func boxIsTight() throws {
        let center = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        let box = BoundingBox(around: center, radius: 1_000)
        let height = try #require(Coordinate(latitude: box.south, longitude: 121.4737)).distance(to: try #require(Coordinate(latitude: box.north, longitude: 121.4737)))
        let width = try #require(Coordinate(latitude: 31.2304, longitude: box.west)).distance(to: try #require(Coordinate(latitude: 31.2304, longitude: box.east)))
        #expect(abs(height - 2_000) < 0.01)
        #expect(width > 2_000 && width < 2_001)
        #expect(BoundingBox.covering(center, radius: 1_000).count == 1)
        let fiji = try #require(Coordinate(latitude: -17.7, longitude: 179.9))
        #expect(BoundingBox.covering(fiji, radius: 50_000).count == 2)
    }

    /// Haversine is a metric: symmetric, zero only on the diagonal, and obeys the triangle inequality.
    @Test func haversineIsAMetric() throws {
        var random = SplitMix(state: 7)
        for _ in 0..<5_000 {
            let a = try #require(Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random)))
            let b = try #require(Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random)))
            let c = try #require(Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random)))
            #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-6)
            #expect(a.distance(to: c) <= a.distance(to: b) + b.distance(to: c) + 1e-6)
            #expect(a.distance(to: b) <= .pi * Coordinate.earthRadius + 1e-6)
            let d = Double.random(in: 1...1_000_000, using: &random)
            let e = try #require(destination(a, bearing: .random(in: 0..<(2 * .pi), using: &random), distance: d))
            #expect(abs(a.distance(to: e) - d) < 1e-3 * max(1, d / 1_000))
        }
    }

    /// WGS-84 → GCJ-02 → WGS-84 returns within 1 m (in fact within a millimetre) everywhere in mainland China,
    /// and the mainland offset is a few hundred metres.
    @Test func gcjRoundTripBelowOneMetre() throws {
        var random = SplitMix(state: 2026)
        var shifted = 0, worst = 0.0
        for _ in 0..<20_000 {
            let point = try #require(Coordinate(latitude: .random(in: 18...53.5, using: &random), longitude: .random(in: 73.5...135, using: &random)))
            let gcj = ChinaDatum.gcj02(fromWGS84: point)
            let back = ChinaDatum.wgs84(fromGCJ02: gcj)
            guard ChinaDatum.isShifted(point) else { #expect(gcj == point); continue }
            shifted += 1
            worst = max(worst, back.distance(to: point))
            let offset = point.distance(to: gcj)
            #expect(offset > 1 && offset < 1_000, "\(point) offset \(offset)")
        }
        #expect(shifted > 19_000)
        #expect(worst < 0.001)
    }

    /// The inverse agrees with the data builder's own estimate in dianping_hangzhou_shops.csv (its
    /// `lat_wgs84_est`/`lon_wgs84_est`, printed to 6 decimals, and `gcj_offset_m`).
    @Test func inverseMatchesTheDataFilesEstimate() throws {
        let rows: [(gcj: (Double, Double), wgs: (Double, Double), offset: Double)] = [
            ((30.316078, 120.149192), (30.318384, 120.144464), 521.2),  // hmdp:1 103茶餐厅
            ((30.336819, 120.124691), (30.339091, 120.119905), 524.2),  // hmdp:7 炉鱼(拱墅万达广场店)
            ((30.310002, 120.158530), (30.312324, 120.153829), 520.0),  // hmdp:11 INLOVE KTV(水晶城店)
        ]
        for row in rows {
            let gcj = try #require(Coordinate(latitude: row.gcj.0, longitude: row.gcj.1))
            let wgs = Datum.gcj02.convert(gcj, to: .wgs84)
            #expect(wgs.distance(to: try #require(Coordinate(latitude: row.wgs.0, longitude: row.wgs.1))) < 0.2)
            #expect(abs(wgs.distance(to: gcj) - row.offset) < 0.1)
        }
    }

    /// Hong Kong, Macau, Taiwan and places abroad are not shifted; Shenzhen and Zhuhai beside them are.
    @Test func unshiftedRegions() throws {
        for (latitude, longitude) in [(22.2819, 114.1582), (22.3193, 114.1694), (22.2500, 113.9500), (22.1987, 113.5439),
                                      (22.1560, 113.5640), (25.0330, 121.5654), (23.5700, 119.5800), (35.68, 139.76), (51.5, -0.12)] {
            let point = try #require(Coordinate(latitude: latitude, longitude: longitude))
            #expect(ChinaDatum.gcj02(fromWGS84: point) == point, "\(point)")
            #expect(ChinaDatum.wgs84(fromGCJ02: point) == point, "\(point)")
        }
        for (latitude, longitude) in [(22.5431, 114.0579), (22.5950, 114.3000), (22.2707, 113.5767), (22.1300, 113.5200), (31.2304, 121.4737)] {
            let point = try #require(Coordinate(latitude: latitude, longitude: longitude))
            #expect(ChinaDatum.isShifted(point), "\(point)")
        }
    }
}
