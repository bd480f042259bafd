import AppSuiteAPI
import Foundation
import HTTPServer
import WebUI

/// How the timeline groups photos: by the day, month or year they were taken (issue 29 item 3).
enum TimelineGrouping: String, CaseIterable, Sendable, Codable, QueryChoice {
    case day, month, year

    /// The section a taken time falls in: `2019-07-14`, `2019-07` or `2019`.
    func key(_ local: String) -> String {
        switch self {
        case .day: String(local.prefix(10))
        case .month: String(local.prefix(7))
        case .year: String(local.prefix(4))
        }
    }

    var title: LocalizedText {
        switch self {
        case .day: LocalizedText(zh: "日", en: "Days")
        case .month: LocalizedText(zh: "月", en: "Months")
        case .year: LocalizedText(zh: "年", en: "Years")
        }
    }
}

/// Words of the timeline.
enum TimelineText {
    static let grouping = LocalizedText(zh: "按拍摄时间分组", en: "Group by date taken")
    static let scrubber = LocalizedText(zh: "按年月跳转", en: "Jump to a month")
    static let newest = LocalizedText(zh: "回到最新", en: "Back to the newest")
    static let weekdaysZH = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"]
    static let weekdaysEN = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let monthsEN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                           "November", "December"]

    /// A section's title: `2019年7月14日 星期日` / `Sun 14 July 2019`, `2019年7月` / `July 2019`, `2019年` / `2019`.
    static func section(_ key: String, _ language: Language) -> String {
        let parts = key.split(separator: "-").compactMap { Int($0) }
        let zh = language == .zh
        switch parts.count {
        case 3:
            let weekday = TakenTime.utcCalendar.dateComponents([.weekday], from: TakenTime.utcCalendar.date(
                from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) ?? Date()).weekday.map { $0 - 1 } ?? 0
            return zh ? "\(parts[0])年\(parts[1])月\(parts[2])日 \(weekdaysZH[weekday])"
                : "\(weekdaysEN[weekday]) \(parts[2]) \(monthsEN[parts[1] - 1]) \(parts[0])"
        case 2: return zh ? "\(parts[0])年\(parts[1])月" : "\(monthsEN[parts[1] - 1]) \(parts[0])"
        default: return zh ? "\(key)年" : key
        }
    }

    /// What a taken time is based on, for the viewer's 拍摄时间.
    static func basis(_ basis: PhotoTakenBasis, exif: String?, _ language: Language) -> String {
        let zh = language == .zh
        switch basis {
        case .exif: return zh ? "相机记录（EXIF）" : "recorded by the camera (EXIF)"
        case .file: return zh ? "照片中没有拍摄时间，按文件时间" : "no date in the photo: the file's time"
        case .upload, .unknown: return zh ? "照片中没有拍摄时间，按上传时间" : "no date in the photo: when it was uploaded"
        case .invalidExif:
            let raw = exif.map { zh ? "「\($0)」" : "“\($0)”" } ?? ""
            return zh ? "照片记录的拍摄时间\(raw)不可信（早于 1900 年或晚于上传），按上传时间"
                : "the photo's date \(raw) cannot be right (before 1900 or after the upload): when it was uploaded"
        }
    }

    /// `2019-07-14 18:03` (+ ` UTC+02:00` when the offset is known and not China time).
    static func time(_ taken: TakenTime) -> String {
        let text = String(taken.local.prefix(10)) + " " + String(taken.local.dropFirst(11).prefix(5))
        guard let offset = taken.offset, offset != "+08:00" else { return text }
        return text + " UTC" + offset
    }
}

extension PhotoPages {
    /// The timeline of `page`: sections by `grouping`, each a sticky header over its grid. When the page continues
    /// the section the previous page ended in (`after`), that first section has no header (`is-continued`); photos.js
    /// appends its photos to the section already on screen.
    func timeline(_ page: [Photo], after: TimelineCursor?, grouping: TimelineGrouping, context: String, language: Language) -> Node {
        var sections: [(key: String, photos: [Photo])] = []
        for photo in page {
            let key = grouping.key(photo.taken.local)
            if sections.last?.key == key { sections[sections.count - 1].photos.append(photo) } else { sections.append((key, [photo])) }
        }
        let continued = after.map { grouping.key($0.local) }
        return div(.classes("photo-timeline"), .id("photo-grid"), .attribute("data-group", grouping.rawValue)) {
            for (index, section) in sections.enumerated() {
                let isContinued = index == 0 && section.key == continued
                WebUI.section(.classes("timeline-section", isContinued ? "is-continued" : nil), .attribute("data-section", section.key)) {
                    if !isContinued {
                        h3(.class("timeline-header")) {
                            span(.class("timeline-title")) { TimelineText.section(section.key, language) }
                        }
                    }
                    ul(.class("photo-grid"), .role("list")) {
                        for photo in section.photos {
                            li(.class("photo-cell"), .attribute("data-basis", photo.taken.basis.rawValue)) {
                                a(.class("photo-link"), .href("/photos/\(photo.id)" + context), .attribute("data-photo-id", String(photo.id))) {
                                    tile(photo, language)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// 日 / 月 / 年: how the timeline groups.
    func groupingControl(_ grouping: TimelineGrouping, album: Int64?, filter: PhotoFilter, language: Language) -> Node {
        segmentedControl(TimelineGrouping.allCases.map { choice in
            Segment(id: choice.rawValue, href: "/photos?" + Self.query(group: choice, album: album, filter: filter), label: choice.title(language))
        }, selected: grouping.rawValue, label: TimelineText.grouping(language))
    }

    /// The year/month scrubber: a row of years above the timeline (links to each year's newest month, at most 12 shown);
    /// once the timeline is scrolled under the nav bar photos.js floats it as a rail on the right edge and a drag along it
    /// picks any month between the year labels beside it. Shown when photos span two months or more. Each jump opens the
    /// page at `#photo-grid`, so the month's first section is at the top of the screen, not the upload form.
    func scrubber(_ months: [(month: String, count: Int)], grouping: TimelineGrouping, album: Int64?, filter: PhotoFilter,
                  language: Language) -> Node? {
        guard months.count > 1 else { return nil }
        var years: [(year: String, month: String)] = []
        for entry in months where years.last?.year != String(entry.month.prefix(4)) { years.append((String(entry.month.prefix(4)), entry.month)) }
        let step = max(1, Int((Double(years.count) / 12).rounded(.up)))
        let shown = years.enumerated().filter { $0.offset % step == 0 || $0.offset == years.count - 1 }.map(\.element)
        let data = months.map { "\($0.month)|\(TimelineText.section($0.month, language))|\($0.count)" }.joined(separator: ";")
        return div(.class("scrubber-slot")) {
            nav(.class("timeline-scrubber"), .id("timeline-scrubber"), .ariaLabel(TimelineText.scrubber(language)),
                .attribute("data-months", data), .attribute("data-href", "/photos?" + Self.query(group: grouping, album: album, filter: filter) + "&month=")) {
                for entry in shown {
                    a(.class("scrubber-year"), .href("/photos?" + Self.query(group: grouping, album: album, filter: filter) + "&month=\(entry.month)#photo-grid")) {
                        entry.year
                    }
                }
                span(.class("scrubber-bubble"), .id("scrubber-bubble"), .ariaHidden) { "" }
            }
        }
    }

    static let queryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#%;?/")
        return allowed
    }()

    /// The timeline's query: grouping, album and filter (dates and camera, percent-encoded).
    static func query(group: TimelineGrouping, album: Int64?, filter: PhotoFilter = .none) -> String {
        var parts = ["group=\(group.rawValue)"]
        if let album { parts.append("album=\(album)") }
        for (name, value) in [("from", filter.from), ("to", filter.to), ("camera", filter.camera)] {
            if let value { parts.append(name + "=" + (value.addingPercentEncoding(withAllowedCharacters: Self.queryValueAllowed) ?? "")) }
        }
        if filter.hasPlace { parts.append("hasPlace=true") }
        if let bounds = filter.bounds { parts.append("bbox=" + bounds.queryText) }
        return parts.joined(separator: "&")
    }

    /// 拍摄时间 in the viewer's facts: the time, and what it is based on.
    static func takenFact(_ photo: Photo, _ language: Language) -> String {
        TimelineText.time(photo.taken) + (language == .zh ? "（" : " (") + TimelineText.basis(photo.taken.basis, exif: photo.takenAt, language)
            + (language == .zh ? "）" : ")")
    }

    /// 筛选: taken between two days and with one camera (a GET form: the filter is in the address, so it pages and links).
    func filterForm(_ filter: PhotoFilter, cameras: [(camera: String, count: Int)], grouping: TimelineGrouping, album: Int64?,
                    language: Language) -> Node {
        let zh = language == .zh
        return details(.class("timeline-filter"), .id("timeline-filter"), Attribute.open.when(!filter.isEmpty)) {
            summary { zh ? "筛选（拍摄日期、相机、地点）" : "Filter (date taken, camera, place)" }
            form(.method("get"), .action("/photos"), .id("filter-form")) {
                input(.type("hidden"), .name("group"), .value(grouping.rawValue))
                if let album { input(.type("hidden"), .name("album"), .value(String(album))) }
                if let bounds = filter.bounds {
                    // A 地点 cluster's area stays while dates or the camera change; 清除筛选 or 地点 leave it.
                    input(.type("hidden"), .name("bbox"), .value(bounds.queryText))
                    p(.class("timeline-filter-area")) {
                        zh ? "只看地图上这一带拍的照片。" : "Only photos taken in one area of the map."
                        " "
                        a(.href("/photos/places")) { zh ? "回到地点" : "Back to Places" }
                    }
                }
                formGroup {
                    formField(label: zh ? "从" : "From", name: "from", type: .date, value: filter.from ?? "")
                    formField(label: zh ? "到" : "To", name: "to", type: .date, value: filter.to ?? "")
                    div(.class("field")) {
                        label(.class("field-label"), .for("filter-camera")) { zh ? "相机" : "Camera" }
                        select(.class("field-input"), .id("filter-camera"), .name("camera")) {
                            option(.value("")) { zh ? "所有相机" : "All cameras" }
                            for entry in cameras {
                                option(.value(entry.camera), Attribute.selected.when(entry.camera == filter.camera)) { "\(entry.camera) (\(entry.count))" }
                            }
                        }
                    }
                    label(.class("field-check")) {
                        input(.type("checkbox"), .id("filter-place"), .name("hasPlace"), .value("true"), Attribute.checked.when(filter.hasPlace))
                        zh ? "只看有地点的照片" : "Only photos with a place"
                    }
                }
                div(.class("form-actions")) {
                    button(zh ? "筛选" : "Filter", style: .secondary)
                    if !filter.isEmpty {
                        a(.classes("btn", "btn-plain"), .id("filter-clear"), .href("/photos?" + Self.query(group: grouping, album: album))) {
                            zh ? "清除筛选" : "Clear"
                        }
                    }
                }
            }
        }
    }

}

/// The `/photos` page's query: the timeline's grouping, then what `GET /api/v1/photos` takes (``PhotoListQuery``);
/// a value that cannot be used is a `422` page naming the field (`?group=week`, `?limit=0`, `?album=abc`).
struct PhotoTimelineQuery: QueryDecodable {
    var group: TimelineGrouping
    var list: PhotoListQuery

    init(from query: inout QueryReader) throws(QueryError) {
        group = try query.value("group", default: .day, "how the timeline groups photos")
        list = try PhotoListQuery(from: &query)
    }
}
