import Foundation
public import Geo
public import WebUI

/// What the offline SVG plots of the apps share: a true-scale projection (equirectangular around a centre, north
/// up, exact to well under a pixel within 50 km), round lengths for scale bars, and the figure attributes from which
/// maps.js draws the online map instead.
public enum MapPlot {
    /// Metres along a meridian per degree of latitude (and along the equator per degree of longitude) on the sphere of
    /// ``Coordinate/earthRadius``.
    public static let metresPerDegree = Coordinate.earthRadius * .pi / 180

    /// The plot position of `point` (SVG units, y down) when `centre` is drawn at `origin` and one metre is
    /// `unitsPerMetre` units.
    public static func project(_ point: Coordinate, center: Coordinate, unitsPerMetre: Double,
                               origin: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let (east, north) = offset(of: point, from: center)
        return (origin.x + east * unitsPerMetre, origin.y - north * unitsPerMetre)
    }

    /// Metres east and north of `center` to `point` on the equirectangular plane around `center`.
    public static func offset(of point: Coordinate, from center: Coordinate) -> (east: Double, north: Double) {
        return ((point.longitude - center.longitude) * cos(center.latitude * .pi / 180) * metresPerDegree,
                (point.latitude - center.latitude) * metresPerDegree)
    }

    /// The longest round length (10 m, 20 m, 50 m, 100 m … 5,000 km) not over `metres`, for a scale bar; 10 m at least.
    public static func roundLength(atMost metres: Double) -> Double {
        let steps = (1...6).flatMap { power in [1.0, 2, 5].map { $0 * pow(10, Double(power)) } }
        return steps.last { $0 <= metres } ?? 10
    }

    /// `850 m`, `1.2 km`, `20 km`: a length as a scale bar labels it (whole kilometres from 10 km, and when round).
    public static func distance(_ metres: Double) -> String {
        let kilometres = metres / 1_000
        if metres < 1_000 { return "\(Int(metres.rounded())) m" }
        return kilometres >= 10 || kilometres == kilometres.rounded() ? "\(Int(kilometres.rounded())) km" : String(format: "%.1f km", kilometres)
    }

    /// A position in degrees as the plots write it for maps.js: 6 decimals (about 0.1 m).
    public static func degrees(_ value: Double) -> String { String(format: "%.6f", value) }

    /// The figure attributes maps.js reads: the tile source, the map's accessible `label` and the caption `note`
    /// shown while the map is up (which tiles, which datum).
    public static func tileAttributes(_ tiles: TileSource, label: String, note: String) -> [Attribute] {
        [.attribute("data-tile-url", tiles.template), .attribute("data-tile-subdomains", tiles.subdomains),
         .attribute("data-tile-attribution", tiles.attribution), .attribute("data-datum", tiles.datum.rawValue),
         .attribute("data-map-label", label), .attribute("data-map-note", note)]
    }
}
