import Geo
import Testing

@Suite struct GeoTests {
    /// Beijing (Tiananmen) to Shanghai (People's Square): 1,067 km along the great circle (by the haversine
    /// formula on R = 6,371.0088 km; the ellipsoidal distance is 1,068 km).
    @Test func haversineBeijingShanghai() throws {
        let beijing = try #require(Coordinate(latitude: 39.9042, longitude: 116.4074))
        let shanghai = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        let distance = beijing.distance(to: shanghai)
        #expect(abs(distance - 1_067_300) < 1_000)
        #expect(shanghai.distance(to: beijing) == distance)
        #expect(beijing.distance(to: beijing) == 0)
    }

    /// Initial bearings: Beijing → Shanghai leaves at 153.07° (south-south-east), the way back at 336.03° (not the
    /// reverse + 180°: great circles bend); along a meridian and the equator the four cardinal directions.
    @Test func bearings() throws {
        let beijing = try #require(Coordinate(latitude: 39.9042, longitude: 116.4074))
        let shanghai = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        #expect(abs(beijing.bearing(to: shanghai) - 153.0727) < 0.001)
        #expect(abs(shanghai.bearing(to: beijing) - 336.0293) < 0.001)
        let origin = try #require(Coordinate(latitude: 0, longitude: 0))
        let points = [(1.0, 0.0, 0.0), (0, 1, 90), (-1, 0, 180), (0, -1, 270)]
        for (latitude, longitude, expected) in points {
            #expect(abs(origin.bearing(to: try #require(Coordinate(latitude: latitude, longitude: longitude))) - expected) < 1e-9)
        }
        #expect(origin.bearing(to: origin) == 0)
    }

    /// A quarter of the equator is π/2·R.
    @Test func quarterOfTheEquator() throws {
        let a = try #require(Coordinate(latitude: 0, longitude: 0)), b = try #require(Coordinate(latitude: 0, longitude: 90))
        #expect(abs(a.distance(to: b) - Double.pi / 2 * Coordinate.earthRadius) < 0.01)
    }

    @Test func parsingAndRange() {
        #expect(Coordinate(text: "39.9042,116.4074") == Coordinate(latitude: 39.9042, longitude: 116.4074))
        #expect(Coordinate(text: " 39.9 , 116.4 ") != nil)
        for bad in ["", "39.9", "39.9,116.4,1", "91,0", "0,181", "nan,0", "inf,1", "a,b", "1e999,0", String(repeating: "1", count: 40) + ",1"] {
            #expect(Coordinate(text: bad) == nil, "\(bad)")
        }
    }

    @Test func boundingBoxHoldsTheCircle() throws {
        let center = try #require(Coordinate(latitude: 45, longitude: 120))
        let box = BoundingBox(around: center, radius: 100_000)
        // Points 99 km north, south, east and west are inside; 101 km north is outside.
        let degree = Coordinate.earthRadius * .pi / 180
        #expect(box.contains(try #require(Coordinate(latitude: 45 + 99_000 / degree, longitude: 120))))
        #expect(box.contains(try #require(Coordinate(latitude: 45 - 99_000 / degree, longitude: 120))))
        let east = try #require(Coordinate(latitude: 45, longitude: 120 + 1.25))  // 1.25° at 45° N ≈ 98 km
        #expect(center.distance(to: east) < 100_000)
        #expect(box.contains(east))
        #expect(!box.contains(try #require(Coordinate(latitude: 45 + 101_000 / degree, longitude: 120))))
    }

    @Test func chinaBox() throws {
        #expect(BoundingBox.china.contains(try #require(Coordinate(latitude: 39.9, longitude: 116.4))))
        #expect(BoundingBox.china.contains(try #require(Coordinate(latitude: 53.4, longitude: 122.3))))  // 漠河
        #expect(!BoundingBox.china.contains(try #require(Coordinate(latitude: 52.27, longitude: 6.87))))  // Enschede
        #expect(!BoundingBox.china.contains(try #require(Coordinate(latitude: -33.9, longitude: 151.2))))  // Sydney
    }
}
