import Foundation
import Geo
import Maps
import WebUI

/// 地点's offline map: an SVG plot of the clusters of photos, north up, at true scale (equirectangular around the middle
/// of their centres, fitted to the plot less its margin), with a scale bar and one dot per cluster sized by its
/// photos, its count inside, each a link to its timeline. With `tiles`, the figure and every dot carry what maps.js
/// needs to draw the Leaflet map instead (positions in the tiles' datum); the plot stays when it cannot.
enum PlacesPlot {
    static let size = 360.0
    /// Room for the largest dot and the labels.
    static let margin = 36.0

    /// The plot's centre and scale for `centres`: their box's middle, the wider of its spans (or two cells for a
    /// single place) filling the plot less its margins.
    static func fit(_ centres: [Coordinate], cellMetres: Double) -> (center: Coordinate, unitsPerMetre: Double) {
        let latitudes = centres.map(\.latitude), longitudes = centres.map(\.longitude)
        guard let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(), let east = longitudes.max(),
              let center = Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2) else { return (centres.first ?? Coordinate(latitude: 0, longitude: 0)!, 1) }
        let corner = Coordinate(latitude: north, longitude: east) ?? center
        let (halfEast, halfNorth) = MapPlot.offset(of: corner, from: center)
        let span = max(2 * halfEast, 2 * halfNorth, 2 * cellMetres)
        return (center, (size - 2 * margin) / span)
    }

    /// A dot's radius in plot units for `count` photos: 10 for one, growing with the logarithm, 22 at most.
    static func radius(_ count: Int) -> Double { min(22, 10 + 3 * log2(Double(count))) }

    /// `cellMetres`: the clusters' grid (``PlaceClustering/cellMetres(for:across:minimum:)``).
    static func render(_ clusters: [PlaceCluster<Photo>], cellMetres: Double, language: Language, tiles: TileSource?) -> Node {
        let (center, unitsPerMetre) = fit(clusters.map(\.center), cellMetres: cellMetres)
        let scale = MapPlot.roundLength(atMost: (size - 2 * margin) / 3 / unitsPerMetre)
        let bar = scale * unitsPerMetre
        func f(_ value: Double) -> String { String(format: "%.1f", value) }
        let mapAttributes = tiles.map { MapPlot.tileAttributes($0, label: PlacesText.mapLabel(language), note: PlacesText.onlineNote($0.datum, language)) } ?? []
        return .element("figure", [.class("places-plot"), .id("places-plot")] + mapAttributes, [
            SVG.svg(.viewBox("0 0 360 360"), .class("places-plot-svg"), .role("img"), .ariaLabel(PlacesText.mapLabel(language))) {
                SVG.rect(.class("places-plot-bg"), .attribute("x", "0"), .attribute("y", "0"), .attribute("width", "360"), .attribute("height", "360"),
                         .attribute("rx", "12"))
                SVG.path(.class("places-plot-north"), .d("M340 14 L346 30 L340 26 L334 30 Z"))
                SVG.text(.class("places-plot-label"), .attribute("x", "340"), .attribute("y", "44"), .textAnchor("middle")) { "N" }
                SVG.path(.class("places-plot-scale"), .d("M16 340 h\(f(bar)) M16 335 v10 M\(f(16 + bar)) 335 v10"))
                SVG.text(.class("places-plot-label"), .attribute("x", "16"), .attribute("y", "330")) { MapPlot.distance(scale) }
                // The fullest cluster is first in the list and drawn last, on top.
                for cluster in clusters.reversed() {
                    let (x, y) = MapPlot.project(cluster.center, center: center, unitsPerMetre: unitsPerMetre, origin: (size / 2, size / 2))
                    let shown = tiles?.display(cluster.center) ?? cluster.center
                    let count = cluster.items.count
                    let label = PlacesText.position(cluster.center, language) + " · " + PlacesText.count(count, language)
                    SVG.g(.class("places-plot-place")) {
                        a(.href(PhotoPages.placesLink(cluster)), .ariaLabel(label),
                          .attribute("data-lat", MapPlot.degrees(shown.latitude)).when(tiles != nil),
                          .attribute("data-lon", MapPlot.degrees(shown.longitude)).when(tiles != nil),
                          .attribute("data-count", String(count)).when(tiles != nil),
                          .attribute("data-thumbnail", PhotoPages.thumbnailURL(cluster.items[0])).when(tiles != nil)) {
                            // An invisible disc 46 units across: a tap target of at least 44 px where the plot is 358 px wide.
                            SVG.circle(.class("places-plot-hit"), .attribute("cx", f(x)), .attribute("cy", f(y)), .attribute("r", "23"))
                            SVG.circle(.class("places-plot-dot"), .attribute("cx", f(x)), .attribute("cy", f(y)), .attribute("r", f(radius(count))))
                            SVG.text(.class("places-plot-count"), .attribute("x", f(x)), .attribute("y", f(y + 4)), .textAnchor("middle")) {
                                count > 999 ? "999+" : String(count)
                            }
                        }
                    }
                }
            },
            figcaption(.class("places-plot-note")) { PlacesText.offlineNote(language) },
        ])
    }
}
