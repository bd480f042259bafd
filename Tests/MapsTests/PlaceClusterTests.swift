import Foundation
import Geo
import Maps
import Testing

/// The offline plots' projection and scale bar, and the grid that groups nearby places (Photo Studio's 地点).
@Suite struct PlaceClusterTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate { Coordinate(latitude: latitude, longitude: longitude)! }

    @Test func projectionIsTrueScaleNorthUp() {
        let center = Self.point(60, 25)
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        // 1 km north and 1 km east (a degree of longitude is half as long at 60° N), at 0.1 units a metre.
        let north = MapPlot.project(Self.point(60 + 1_000 / metresPerDegree, 25), center: center, unitsPerMetre: 0.1, origin: (180, 180))
        #expect(abs(north.x - 180) < 1e-9 && abs(north.y - 80) < 1e-6)
        let east = MapPlot.project(Self.point(60, 25 + 2_000 / metresPerDegree), center: center, unitsPerMetre: 0.1, origin: (180, 180))
        #expect(abs(east.x - 280) < 1e-6 && abs(east.y - 180) < 1e-9)
    }

    @Test func scaleBarLengthsAndLabels() {
        #expect(MapPlot.roundLength(atMost: 5) == 10)
        #expect(MapPlot.roundLength(atMost: 999) == 500)
        #expect(MapPlot.roundLength(atMost: 1_000) == 1_000)
        #expect(MapPlot.roundLength(atMost: 365_000) == 200_000)
        #expect(MapPlot.roundLength(atMost: 9e9) == 5_000_000)
        #expect(MapPlot.distance(850) == "850 m" && MapPlot.distance(1_234) == "1.2 km" && MapPlot.distance(200_000) == "200 km")
        #expect(MapPlot.distance(1_000) == "1 km" && MapPlot.distance(20_000) == "20 km" && MapPlot.distance(12_345) == "12 km")
    }

    /// Three photos around People's Square (within 150 m), two at Lujiazui (3 km east) and one in Hangzhou: three places
    /// on a 1 km grid, the fullest first, each box exactly its members'.
    @Test func nearbyPlacesShareAClusterOnAOneKilometreGrid() throws {
        let points = [Self.point(31.2304, 121.4737), Self.point(30.2590, 120.1300), Self.point(31.2397, 121.4998),
                      Self.point(31.2310, 121.4745), Self.point(31.2401, 121.5003), Self.point(31.2298, 121.4730)]
        let items = Array(points.enumerated())
        #expect(PlaceClustering.cellMetres(for: points.filter { $0.latitude > 31 }) == 1_000, "within 3 km: the 1 km minimum")
        let clusters = PlaceClustering.clusters(items, cellMetres: 1_000) { $0.element }
        #expect(clusters.map(\.items.count) == [3, 2, 1])
        #expect(clusters[0].items.map(\.offset) == [0, 3, 5])
        #expect(clusters[1].items.map(\.offset) == [2, 4])
        let square = clusters[0]
        #expect((square.west, square.south, square.east, square.north) == (121.4730, 31.2298, 121.4745, 31.2310))
        #expect(abs(square.center.latitude - 31.2304) < 1e-9 && abs(square.center.longitude - (121.4737 + 121.4745 + 121.4730) / 3) < 1e-9)
        #expect(clusters[2].center == Self.point(30.2590, 120.1300))
        // Florence, Helsinki and Madrid (the corpus' GPS photos): about 2,200 km north to south, a sixth is 365 km → 200 km cells.
        let europe = [Self.point(43.785594, 11.234619), Self.point(60.146706, 24.906772), Self.point(40.446972, -3.724753)]
        #expect(PlaceClustering.cellMetres(for: europe) == 200_000)
        #expect(PlaceClustering.clusters(europe, cellMetres: 200_000) { $0 }.map(\.items.count) == [1, 1, 1])
    }
}
