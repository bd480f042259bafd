import AppSuiteAPI
import Foundation
import HTTPServer
import Imaging
import WebUI

/// The share card (issue 13 item 7): the user's photo with the place, the date, the condition's icon, the
/// temperatures, a 温馨提示 line and the data's source and time, composed by libvips (``Imaging/poster(contentsOf:_:limits:)``)
/// as a 1080 × 1440 JPEG. Numbers come from the forecast shown on the page (never invented: a value the
/// provider did not give is left out). The photo is checked as Photo Studio checks uploads (`Imaging.probe` with
/// the same default ``ImageLimits``: 100 megapixels and 64 MiB, read from the header, so a bomb is refused
/// undecoded) and is never stored: the server's upload file is removed when the request ends.
enum ShareCard {
    static let width = 1_080
    static let height = 1_440
    static let margin = 64
    static let font = "Noto Sans CJK SC"

    /// The icon drawn for a condition icon name (``WeatherCondition/icon``), as a colour emoji (Noto Color Emoji).
    static func emoji(_ icon: String) -> String {
        switch icon {
        case "sun": "☀️"
        case "cloud-sun": "⛅"
        case "rain": "🌧️"
        case "snow": "🌨️"
        case "storm": "⛈️"
        case "fog": "🌫️"
        case "dust": "💨"
        default: "☁️"
        }
    }

    /// `text` cut with an ellipsis to what fits one line of `width` pixels at `size` pixels per em, counting a CJK
    /// character (or an emoji) as 1 em and any other as 0.6 em (wider than Noto Sans' Latin average), so a line never
    /// wraps into the next one.
    static func line(_ text: String, size: Int, width: Int = width - 2 * margin) -> String {
        let room = Double(width) / Double(size)
        func ems(_ character: Character) -> Double { (character.unicodeScalars.first?.value ?? 0) >= 0x2E80 ? 1 : 0.6 }
        guard text.reduce(0, { $0 + ems($1) }) > room else { return text }
        var kept = "", used = 1.0  // the ellipsis
        for character in text {
            used += ems(character)
            if used > room { break }
            kept.append(character)
        }
        return kept + "…"
    }

    static let weekdays = LocalizedText(zh: "星期日 星期一 星期二 星期三 星期四 星期五 星期六", en: "Sunday Monday Tuesday Wednesday Thursday Friday Saturday")
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `2026年12月1日 星期二`, `Tuesday 1 December 2026`: the place's date at `now`.
    static func date(_ now: Date, zone: TimeZone, language l: Language) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: now)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 0)
        let weekday = weekdays(l).split(separator: " ")[((parts.weekday ?? 1) - 1) % 7]
        return l == .zh ? "\(year)年\(month)月\(day)日 \(weekday)" : "\(weekday) \(day) \(months[(month - 1) % 12]) \(year)"
    }

    /// The layout, from the forecast as the page shows it at `now`.
    static func poster(_ forecast: WeatherForecast, place: Place, language l: Language, now: Date) -> Poster {
        let zone = TimeZone(identifier: forecast.timeZone) ?? WeatherApp.chinaTime
        let view = ForecastView(forecast: forecast, language: l, now: now, title: place.name)
        let todayRow = forecast.daily.first { $0.date == ProviderTime.LocalDate(now, in: zone).text }
        let condition = forecast.current?.condition ?? todayRow?.conditionDay
        let headline = forecast.current?.temperature.map { view.degrees($0) }
            ?? todayRow.map { "\(view.degrees($0.low)) / \(view.degrees($0.high))" } ?? ""
        var summary = [view.conditionName(condition)]
        if let todayRow, forecast.current?.temperature != nil {
            summary.append("\(WeatherText.high(l)) \(view.degrees(todayRow.high))  \(WeatherText.low(l)) \(view.degrees(todayRow.low))")
        }
        let tip = forecast.tips.first.map { tip in
            [tip.level.isEmpty ? tip.name : "\(tip.name) \(tip.level)", tip.text].filter { !$0.isEmpty }.joined(separator: " · ")
        } ?? ""
        let footer = "\(WeatherText.title(l)) · \(WeatherText.source(forecast.provider)(l)) · \(WeatherText.updated(view.stamp(forecast.fetchedAt))(l))"
        let box = width - 2 * margin
        return Poster(
            width: width, height: height,
            shades: [Poster.Shade(top: 0, height: 420, topOpacity: 0.6, bottomOpacity: 0),
                     Poster.Shade(top: 720, height: height - 720, topOpacity: 0, bottomOpacity: 0.8)],
            texts: [
                Poster.Text(line(place.name, size: 84), font: "\(font) Bold 84", x: margin, y: margin, width: box),
                Poster.Text(line(place.fullName, size: 40), font: "\(font) 40", color: "#eeeeee", x: margin, y: 190, width: box),
                Poster.Text(line(date(now, zone: zone, language: l), size: 40), font: "\(font) 40", color: "#eeeeee", x: margin, y: 250, width: box),
                Poster.Text(condition.map { emoji($0.icon) } ?? "", font: "Noto Color Emoji 150", x: margin, y: 1_130, width: box,
                            anchor: .bottom, alignment: .trailing),
                Poster.Text(headline, font: "\(font) Bold 190", x: margin, y: 1_130, width: box - 220, anchor: .bottom),
                Poster.Text(line(summary.filter { !$0.isEmpty }.joined(separator: " · "), size: 50), font: "\(font) Medium 50",
                            x: margin, y: 1_220, width: box, anchor: .bottom),
                Poster.Text(line(tip, size: 38), font: "\(font) 38", color: "#f2f2f2", x: margin, y: 1_300, width: box, anchor: .bottom),
                Poster.Text(line(footer, size: 28), font: "\(font) 28", color: "#cccccc", x: margin, y: height - 48, width: box, anchor: .bottom),
            ])
    }

    /// The photo of a share-card request: the first non-empty multipart part named `photo` (the page offers two
    /// inputs, the camera and the library).
    /// - Throws: `422` naming `photo` when there is none.
    static func photo(in request: Request, language: Language) throws(HTTPError) -> UploadedFile {
        guard let photo = request.uploadedFiles.first(where: { $0.fieldName == "photo" && $0.size > 0 }) else {
            throw .validation([.init(field: "photo", message: language == .zh ? "请拍一张或选择一张照片（multipart 字段 photo）。"
                                                                          : "Take or choose a photo (multipart field 'photo').")])
        }
        return photo
    }

    /// Checks the photo, gets the place's forecast (through the cache: this may wait for the provider, so it runs on
    /// the work pool) and composes the card.
    /// - Throws: `HTTPError` 413 for a photo over the byte limit, 422 for anything that is not a usable image (not an
    ///   image, corrupt, a bomb), 503 when the provider failed with nothing cached, 500 when libvips fails on a good photo.
    static func make(photo: UploadedFile, place: Place, childCount: Int, service: ForecastService, language: Language,
                     now: Date) throws(HTTPError) -> (card: EncodedImage, filename: String) {
        do {
            let info = try Imaging.probe(contentsOf: photo.temporaryPath)
            try coverable(info)
        } catch {
            throw refusal(error, language: language)
        }
        let forecast: WeatherForecast
        do {
            forecast = try service.forecast(for: place, childCount: childCount, language: language, now: now)
        } catch {
            throw WeatherAPI.unavailable(error, language: language)
        }
        let zone = TimeZone(identifier: forecast.timeZone) ?? WeatherApp.chinaTime
        do {
            let card = try Imaging.poster(contentsOf: photo.temporaryPath, poster(forecast, place: place, language: language, now: now))
            return (card, "weather-\(place.id)-\(ProviderTime.LocalDate(now, in: zone).text).jpg")
        } catch {
            throw refusal(error, language: language)
        }
    }

    /// Refuses a photo whose shape would make covering the card need more than the upload pixel limit: libvips
    /// scales the whole photo to cover 1080 × 1440 before cropping, so a 940 × 2 strip becomes 676,800 × 1,440
    /// pixels (3 GB and minutes of work on a 2-core machine, seen in review) although its header is tiny.
    /// - Throws: `.tooManyPixels` naming the scaled size.
    static func coverable(_ info: ImageInfo, limits: ImageLimits = ImageLimits()) throws(ImagingError) {
        let scale = max(Double(width) / Double(max(info.width, 1)), Double(height) / Double(max(info.height, 1)))
        let (scaledWidth, scaledHeight) = (Double(info.width) * scale, Double(info.height) * scale)
        guard scaledWidth * scaledHeight <= Double(limits.maximumPixels) else {
            throw .tooManyPixels(width: Int(scaledWidth.rounded()), height: Int(scaledHeight.rounded()), limit: limits.maximumPixels)
        }
    }

    /// Photo Studio's statuses for a refused picture: 413 over the byte limit, 422 for the rest of the input's faults.
    static func refusal(_ error: ImagingError, language: Language) -> HTTPError {
        switch error {
        case .tooManyBytes:
            HTTPError(.contentTooLarge, title: "Photo not accepted", detail: error.shownText, type: photoRefused)
        case .emptyInput, .tooManyPixels, .unsupportedFormat, .unreadable, .fileNotReadable:
            HTTPError(.unprocessableContent, title: "Photo not accepted",
                      detail: (language == .zh ? "这张照片不能用：" : "This photo cannot be used: ") + error.shownText, type: photoRefused)
        case .invalidArgument, .processingFailed, .startFailed:
            HTTPError(.internalServerError, title: "Card not made", detail: error.shownText)
        }
    }

    static let photoRefused = "urn:appsuite:problem:weather-photo"

    /// The card as a response: a JPEG, `inline` (a browser without JavaScript shows it) or `attachment`.
    static func response(_ card: EncodedImage, filename: String, inline: Bool) -> Response {
        var headers = HTTPHeaders()
        headers.set("Content-Type", card.mediaType)
        headers.set("Content-Disposition", "\(inline ? "inline" : "attachment"); filename=\"\(filename)\"")
        headers.set("Cache-Control", "no-store")
        return Response(status: .ok, headers: headers, body: .bytes(card.bytes))
    }
}
