import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import Imaging
import Maps
import WebUI

/// Words of 地点.
enum PlacesText {
    static let title = LocalizedText(zh: "地点", en: "Places")
    static let link = LocalizedText(zh: "在地图上看照片的拍摄地点", en: "Where your photos were taken, on a map")
    static let empty = LocalizedText(zh: "还没有带地点的照片", en: "No photos with a place yet")
    static let emptyMessage = LocalizedText(
        zh: "拍照时打开相机的定位（位置信息），再上传这些照片；照片里记录的拍摄位置会显示在这里。",
        en: "Turn on location for your camera when you take photos, then upload them: where each was taken shows here.")
    static let offlineNote = LocalizedText(
        zh: "示意图：按拍摄位置之间的真实距离绘制，上方为北，没有底图。点圆点查看在那一带拍的照片。",
        en: "Sketch: the places at their true distances, north up, without a base map. Tap a dot for the photos taken there.")
    static let byPlace = LocalizedText(zh: "按地点", en: "By place")
    static let mapLabel = LocalizedText(zh: "照片拍摄地点地图", en: "Map of where the photos were taken")

    static func onlineNote(_ datum: Datum, _ language: Language) -> String {
        switch (datum, language) {
        case (.gcj02, .zh): "在线地图。照片的 GPS 位置已换算为国内地图的坐标（GCJ-02）。点照片查看在那一带拍的照片。"
        case (.gcj02, _): "Online map. The photos' GPS positions are converted to the map's Chinese coordinates (GCJ-02). Tap a photo for those taken there."
        case (_, .zh): "在线地图。点照片查看在那一带拍的照片。"
        default: "Online map. Tap a photo for those taken there."
        }
    }

    static func count(_ count: Int, _ language: Language) -> String {
        language == .zh ? "\(count) 张" : (count == 1 ? "1 photo" : "\(count) photos")
    }

    /// "36 张照片有地点，分布在 5 处（每处约 1 km 见方）。另有 12 张没有地点。"
    static func summary(placed: Int, places: Int, cellMetres: Double, unplaced: Int, _ language: Language) -> String {
        let size = MapPlot.distance(cellMetres)
        if language == .zh {
            return "\(placed) 张照片有地点，分布在 \(places) 处（每处约 \(size) 见方）。" + (unplaced > 0 ? "另有 \(unplaced) 张没有地点，不在图上。" : "")
        }
        return "\(count(placed, language)) with a place, in \(places) \(places == 1 ? "area" : "areas") (about \(size) across each)."
            + (unplaced > 0 ? " \(count(unplaced, language)) without a place \(unplaced == 1 ? "is" : "are") not shown." : "")
    }

    /// "北纬 31.23°，东经 121.47°" / "31.23° N, 121.47° E": two decimals, about a kilometre.
    static func position(_ point: Coordinate, _ language: Language) -> String {
        func degrees(_ value: Double) -> String { String(format: "%.2f°", abs(value)) }
        if language == .zh {
            return (point.latitude < 0 ? "南纬 " : "北纬 ") + degrees(point.latitude) + "，" + (point.longitude < 0 ? "西经 " : "东经 ") + degrees(point.longitude)
        }
        return degrees(point.latitude) + (point.latitude < 0 ? " S, " : " N, ") + degrees(point.longitude) + (point.longitude < 0 ? " W" : " E")
    }

    /// The days the photos were taken: "2019-07-14" or "2019-07-14 – 2021-03-02" (their local days).
    static func days(_ photos: [Photo]) -> String {
        let days = photos.map { String($0.taken.local.prefix(10)) }
        guard let first = days.min(), let last = days.max() else { return "" }
        return first == last ? first : first + " – " + last
    }
}

/// `/photos/places` (issue 29 item 8): the account's photos that have a place, grouped into areas — an SVG plot
/// (offline, the default) or, with `--map-tile-url`, a Leaflet map (``MapSetup``) — and a list of the areas, each
/// opening the timeline filtered to it (`?bbox=`). Photos without GPS are counted, never placed.
extension PhotoPages {
    /// A place as Geo's type (EXIF GPS positions are valid degrees: Imaging checks them).
    static func position(_ photo: Photo) -> Coordinate? {
        photo.place.flatMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
    }

    /// The timeline of a cluster: its box with edges rounded outwards (``outwards(west:south:east:north:)``).
    static func placesLink(_ cluster: PlaceCluster<Photo>) -> String {
        guard let bounds = outwards(west: cluster.west, south: cluster.south, east: cluster.east, north: cluster.north)
        else { return "/photos?hasPlace=true" }
        return "/photos?" + Self.query(group: .day, album: nil, filter: PhotoFilter(bounds: bounds))
    }

    /// A box holding these edges whose ``PhotoBounds/queryText`` (7 decimals) still holds them once parsed: each edge
    /// rounded outwards, checked against the value (the product `value × 10⁷` may itself round the wrong way).
    static func outwards(west: Double, south: Double, east: Double, north: Double) -> PhotoBounds? {
        func down(_ value: Double) -> Double {
            let rounded = (value * 1e7).rounded(.down) / 1e7
            return rounded > value ? rounded - 1e-7 : rounded
        }
        func up(_ value: Double) -> Double {
            let rounded = (value * 1e7).rounded(.up) / 1e7
            return rounded < value ? rounded + 1e-7 : rounded
        }
        return PhotoBounds(west: max(-180, down(west)), south: max(-90, down(south)), east: min(180, up(east)), north: min(90, up(north)))
    }

    func placesPage(_ viewer: Viewer, userID: Int64) throws -> Response {
        let language = viewer.language
        let (photos, unplaced) = try library.places(userID: userID)
        let placed = photos.filter { Self.position($0) != nil }
        let cell = PlaceClustering.cellMetres(for: placed.compactMap(Self.position))
        let clusters = PlaceClustering.clusters(placed, cellMetres: cell) { Self.position($0)! }
        let covers = clusters.map { $0.items[0] }
        defer { queue.submit(covers, kinds: [.thumbnail]) }
        let map = clusters.isEmpty ? nil : map
        var response = viewer.page(
            title: PlacesText.title(language), back: BackLink(href: "/photos", label: PhotoText.allPhotos(language)), tabs: [],
            bodyClass: "photos-app photo-places-page", stylesheets: (map?.stylesheetURLs ?? []) + [Self.assets.url("photos.css")],
            scripts: map.map { $0.scriptURLs + [Self.assets.url("photos-places.js")] } ?? []
        ) {
            if clusters.isEmpty {
                emptyState(icon: .photo, title: PlacesText.empty(language),
                           message: PlacesText.emptyMessage(language)
                               + (unplaced > 0 ? (language == .zh ? "（现有 \(unplaced) 张照片都没有地点。）" : " (None of your \(unplaced) photos has one.)") : ""),
                           action: LinkAction(label: PhotoText.upload(language), href: "/photos#upload-form"))
            } else {
                p(.class("places-summary"), .id("places-summary")) {
                    PlacesText.summary(placed: placed.count, places: clusters.count, cellMetres: cell, unplaced: unplaced, language)
                }
                PlacesPlot.render(clusters, cellMetres: cell, language: language, tiles: map?.tiles)
                listGroup(header: PlacesText.byPlace(language)) {
                    for cluster in clusters {
                        listCell(title: PlacesText.position(cluster.center, language), subtitle: PlacesText.days(cluster.items),
                                 detail: PlacesText.count(cluster.items.count, language), href: Self.placesLink(cluster),
                                 image: .thumbnail(url: Self.thumbnailURL(cluster.items[0]), alt: cluster.items[0].filename))
                    }
                }
            }
        }
        if let map { response.headers.set("Content-Security-Policy", map.contentSecurityPolicy) }
        return response
    }
}
