import Foundation

/// A point on the WGS-84 ellipsoid in decimal degrees (latitude −90…90, longitude −180…180).
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    /// Nil when either value is not finite or out of range.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `"lat,lon"` (decimal degrees, optional spaces), e.g. `"39.9042,116.4074"`; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count <= 32 }),
              let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    public var description: String { "\(latitude),\(longitude)" }

    /// The mean Earth radius, R₁ = 6,371,008.8 m (IUGG, Moritz 1980, "Geodetic Reference System 1980").
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres by the haversine formula (R. W. Sinnott, "Virtues of the
    /// Haversine", Sky and Telescope 68(2), 1984) on a sphere of ``earthRadius``; within 0.5 % of the
    /// ellipsoidal distance, which is plenty for "the nearest county".
    public func distance(to other: Coordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// The initial great-circle bearing to `other` in degrees clockwise from true north, 0 ..< 360 (the
    /// forward azimuth on the sphere, as in Sinnott's paper); 0 for the same point.
    public func bearing(to other: Coordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180, Δλ = (other.longitude - longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2), x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}

/// A latitude/longitude rectangle (not crossing the antimeridian), for cheap "could it be near" checks
/// before an exact ``Coordinate/distance(to:)``.
public struct BoundingBox: Sendable, Hashable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// A box holding every point within `radius` metres (haversine, ``Coordinate/earthRadius``) of `center`,
    /// clamped to −180…180° of longitude (``covering(_:radius:)`` splits at the antimeridian instead). The
    /// latitude extent is ±r/R; the longitude half-width is the exact tangent-meridian value
    /// asin(sin(r/R) / cos φ) (a small circle's widest point lies poleward of its centre, so the centre's
    /// parallel would understate it), all longitudes when the circle reaches a pole; both widened by 1e-9°
    /// so rounding never drops a point on the circle.
    public init(around center: Coordinate, radius: Double) {
        let (latitudeSpan, longitudeSpan) = Self.spans(center, radius)
        south = max(-90, center.latitude - latitudeSpan)
        north = min(90, center.latitude + latitudeSpan)
        // A circle around a pole spans every longitude, wherever its centre's meridian is.
        west = longitudeSpan >= 180 ? -180 : max(-180, center.longitude - longitudeSpan)
        east = longitudeSpan >= 180 ? 180 : min(180, center.longitude + longitudeSpan)
    }

    /// One box, or two when the circle crosses the ±180° meridian, that together hold every point within
    /// `radius` metres of `center`.
    public static func covering(_ center: Coordinate, radius: Double) -> [BoundingBox] {
        let box = BoundingBox(around: center, radius: radius)
        let (_, longitudeSpan) = spans(center, radius)
        var boxes = [box]
        if longitudeSpan < 180 {
            if center.longitude - longitudeSpan < -180 {
                boxes.append(BoundingBox(south: box.south, west: center.longitude - longitudeSpan + 360, north: box.north, east: 180))
            }
            if center.longitude + longitudeSpan > 180 {
                boxes.append(BoundingBox(south: box.south, west: -180, north: box.north, east: center.longitude + longitudeSpan - 360))
            }
        }
        return boxes
    }

    /// Half-widths in degrees (latitude, longitude) of the circle, with the 1e-9° margin; 180 when it reaches a pole.
    static func spans(_ center: Coordinate, _ radius: Double) -> (Double, Double) {
        let angle = max(0, radius) / Coordinate.earthRadius
        let latitudeSpan = angle * 180 / .pi + 1e-9
        let φ = center.latitude * .pi / 180
        guard angle < .pi / 2, abs(φ) + angle < .pi / 2 - 1e-12 else { return (latitudeSpan, 180) }
        let longitudeSpan = asin(min(1, sin(angle) / cos(φ))) * 180 / .pi + 1e-9
        return (latitudeSpan, min(180, longitudeSpan))
    }

    public func contains(_ point: Coordinate) -> Bool {
        (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
    }

    /// The People's Republic of China's extreme points, rounded outwards: 3.8° N (曾母暗沙) to 53.6° N (漠河),
    /// 73.4° E (帕米尔) to 135.1° E (黑龙江–乌苏里江). A point outside is certainly not in China; inside is
    /// only "perhaps" (the box also covers neighbours), so a nearest-place search still checks distance.
    public static let china = BoundingBox(south: 3.8, west: 73.4, north: 53.6, east: 135.1)
}
