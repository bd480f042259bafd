import Foundation
public import Geo

/// Places that lie close together, drawn as one dot with a count (Photo Studio's 地点): a square grid over the
/// earth (cells `cellMetres` tall, as wide at their own latitude), each occupied cell one cluster.
public struct PlaceCluster<Item: Sendable>: Sendable {
    /// In the order given.
    public var items: [Item]
    /// The mean position of the items (WGS-84 degrees).
    public var center: Coordinate
    /// The smallest box holding every item, edges on items (degrees): no item of another cluster is inside it,
    /// as cells do not overlap.
    public var west: Double, south: Double, east: Double, north: Double
}

public enum PlaceClustering {
    /// The cell size for `points`: about a sixth of their wider extent (north–south, or east–west at their middle
    /// latitude) as a round length (``MapPlot/roundLength(atMost:)``), `minimum` metres at least (1 km: photos from one
    /// park stay one place).
    public static func cellMetres(for points: [Coordinate], across: Double = 6, minimum: Double = 1_000) -> Double {
        guard let first = points.first else { return minimum }
        var (south, north, west, east) = (first.latitude, first.latitude, first.longitude, first.longitude)
        for point in points {
            (south, north) = (min(south, point.latitude), max(north, point.latitude))
            (west, east) = (min(west, point.longitude), max(east, point.longitude))
        }
        let extent = max((north - south) * MapPlot.metresPerDegree, (east - west) * cos((north + south) / 2 * .pi / 180) * MapPlot.metresPerDegree)
        return max(minimum, MapPlot.roundLength(atMost: extent / across))
    }

    /// `items` grouped by grid cell of `cellMetres`, the fullest cluster first (then north to south, west to east).
    public static func clusters<Item: Sendable>(_ items: [Item], cellMetres: Double,
                                                position: (Item) -> Coordinate) -> [PlaceCluster<Item>] {
        let cellDegrees = cellMetres / MapPlot.metresPerDegree
        var cells: [[Int]: [Item]] = [:]
        var order: [[Int]] = []
        for item in items {
            let point = position(item)
            let row = Int((point.latitude / cellDegrees).rounded(.down))
            // Columns as wide in metres as rows are tall, at the row's middle latitude (never narrower than 1/100 near the poles).
            let width = cellDegrees / max(0.01, cos((Double(row) + 0.5) * cellDegrees * .pi / 180))
            let key = [row, Int((point.longitude / width).rounded(.down))]
            if cells[key] == nil { order.append(key) }
            cells[key, default: []].append(item)
        }
        let clusters = order.map { key -> PlaceCluster<Item> in
            let members = cells[key]!
            let points = members.map(position)
            let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
            let center = Coordinate(latitude: latitudes.reduce(0, +) / Double(points.count),
                                    longitude: longitudes.reduce(0, +) / Double(points.count)) ?? points[0]
            return PlaceCluster(items: members, center: center, west: longitudes.min()!, south: latitudes.min()!,
                                east: longitudes.max()!, north: latitudes.max()!)
        }
        return clusters.sorted {
            ($0.items.count, $0.center.latitude, -$0.center.longitude) > ($1.items.count, $1.center.latitude, -$1.center.longitude)
        }
    }
}
