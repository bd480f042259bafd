import Foundation
import Geo
import Maps
import WebUI

/// The offline map: an SVG plot of the merchants around a point, north up, at true scale (equirectangular
/// around the centre, which is exact to well under a pixel within 50 km), with the search circle, a scale
/// bar, the user's position and one numbered, tappable dot per merchant (numbers match the list).
enum MerchantPlot {
    static let size = 360.0
    static let margin = 20.0

    /// A colour per category, readable on light and dark backgrounds.
    static func colour(_ category: String) -> String {
        switch category {
        case "restaurant": "#e8590c"
        case "fast_food": "#f08c00"
        case "cafe": "#8d5524"
        case "supermarket", "convenience", "shop": "#1c7ed6"
        case "hairdresser": "#d6336c"
        case "fitness": "#2f9e44"
        case "hotel": "#7048e8"
        case "pharmacy": "#0ca678"
        default: "#495057"
        }
    }

    /// The plot position of `point` (SVG units, y down): the radius fills the plot less its margin.
    static func project(_ point: Coordinate, center: Coordinate, radius: Double) -> (x: Double, y: Double) {
        MapPlot.project(point, center: center, unitsPerMetre: (size / 2 - margin) / radius, origin: (size / 2, size / 2))
    }

    /// A round length for the scale bar: about a third of the radius (50 m, 100 m, 200 m, 500 m, 1 km …).
    static func scaleLength(_ radius: Double) -> Double { MapPlot.roundLength(atMost: radius / 3) }

    /// With `tiles`, the figure and every dot also carry their position in the tiles' datum (`data-lat`,
    /// `data-lon`, 6 decimals, about 0.1 m) and the tile source, from which merchants.js draws a Leaflet map
    /// in place of the plot; the plot stays when the script, Leaflet or the tiles do not load.
    static func render(center: Coordinate, radius: Double, items: [NearbyItem], language l: Language, label: String,
                       tiles: TileSource? = nil) -> Node {
        let half = size / 2, ring = half - margin
        let scale = scaleLength(radius)
        let barLength = scale * ring / radius
        func f(_ value: Double) -> String { String(format: "%.1f", value) }
        let degrees = MapPlot.degrees
        let shownCenter = tiles?.display(center) ?? center
        let isMap = tiles != nil
        let mapAttributes = tiles.map { tiles -> [Attribute] in
            MapPlot.tileAttributes(tiles, label: label, note: MerchantsText.onlineMapNote(tiles.datum, l))
                + [.attribute("data-lat", degrees(shownCenter.latitude)), .attribute("data-lon", degrees(shownCenter.longitude)),
                   .attribute("data-radius", String(Int(radius))), .attribute("data-search-area", MerchantsText.searchArea(l))]
        } ?? []
        return .element("figure", [.class("mx-plot")] + mapAttributes, [
            SVG.svg(.viewBox("0 0 360 360"), .class("mx-plot-svg"), .role("img"), .ariaLabel(label)) {
                SVG.rect(.class("mx-plot-bg"), .attribute("x", "0"), .attribute("y", "0"), .attribute("width", "360"), .attribute("height", "360"), .attribute("rx", "12"))
                SVG.circle(.class("mx-plot-ring"), .attribute("cx", f(half)), .attribute("cy", f(half)), .attribute("r", f(ring)))
                SVG.circle(.class("mx-plot-ring mx-plot-ring-half"), .attribute("cx", f(half)), .attribute("cy", f(half)), .attribute("r", f(ring / 2)))
                SVG.path(.class("mx-plot-north"), .d("M340 14 L346 30 L340 26 L334 30 Z"))
                SVG.text(.class("mx-plot-label"), .attribute("x", "340"), .attribute("y", "44"), .textAnchor("middle")) { "N" }
                SVG.path(.class("mx-plot-scale"), .d("M16 340 h\(f(barLength)) M16 335 v10 M\(f(16 + barLength)) 335 v10"))
                SVG.text(.class("mx-plot-label"), .attribute("x", "16"), .attribute("y", "330")) { MerchantsText.distance(scale) }
                for (index, item) in items.enumerated().reversed() {
                    let (x, y) = project(item.merchant.position, center: center, radius: radius)
                    let shown = tiles?.display(item.merchant.position) ?? item.merchant.position
                    SVG.g(.class("mx-plot-dot")) {
                        a(.href("/merchants/\(item.merchant.id)"), .ariaLabel("\(index + 1). \(item.merchant.name)"),
                          .attribute("data-lat", degrees(shown.latitude)).when(isMap), .attribute("data-lon", degrees(shown.longitude)).when(isMap),
                          .attribute("data-number", String(index + 1)).when(isMap), .attribute("data-category", item.merchant.category).when(isMap)) {
                            // An invisible disc 46 units across makes the tap target >= 44 px: the plot is 358 px wide
                            // on a 390 px phone (16 px insets); the nearest merchant is drawn last, on top.
                            SVG.circle(.class("mx-plot-hit"), .attribute("cx", f(x)), .attribute("cy", f(y)), .attribute("r", "23"))
                            SVG.circle(.fill(colour(item.merchant.category)), .class("mx-plot-pin"), .attribute("cx", f(x)), .attribute("cy", f(y)),
                                       .attribute("r", index < 9 ? "8" : "4"))
                            if index < 9 {
                                SVG.text(.class("mx-plot-number"), .attribute("x", f(x)), .attribute("y", f(y + 4)), .textAnchor("middle")) { String(index + 1) }
                            }
                        }
                    }
                }
                SVG.circle(.class("mx-plot-me"), .attribute("cx", f(half)), .attribute("cy", f(half)), .attribute("r", "7"))
            },
            figcaption(.class("mx-plot-note")) { MerchantsText.mapNote(l) },
        ])
    }
}
