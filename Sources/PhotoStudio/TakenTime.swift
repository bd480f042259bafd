public import AppSuiteAPI
public import Foundation

/// When a photo was taken, as the timeline sorts and groups it (issue 29 item 3): the local wall-clock time where it
/// was taken, its UTC offset when known, and what the time is based on.
///
/// The ladder: EXIF `DateTimeOriginal` (with `OffsetTimeOriginal` when the file has it), else the file's time (its
/// modification time on import, the browser's `lastModified` on upload), else the upload time. A `DateTimeOriginal` after
/// the upload (later than it could be anywhere on Earth, UTC+14) or before 1900 is not believed: the upload time, with
/// basis ``PhotoTakenBasis/invalidExif``. Times without a zone of their own (file, upload) are given in China time
/// (UTC+08:00, the apps' home zone, as Merchants and Weather use).
public struct TakenTime: Sendable, Hashable {
    /// `yyyy-MM-ddTHH:mm:ss`, local to where the photo was taken: sorts as text, and its first 10/7/4 characters are
    /// its day, month and year.
    public var local: String
    /// `+08:00`; nil when the EXIF date carried no offset.
    public var offset: String?
    public var basis: PhotoTakenBasis

    public init(local: String, offset: String?, basis: PhotoTakenBasis) {
        (self.local, self.offset, self.basis) = (local, offset, basis)
    }

    /// ISO 8601: `2019-07-14T18:03:22+02:00`, or without the offset when unknown.
    public var iso8601: String { local + (offset ?? "") }
    public var day: String { String(local.prefix(10)) }
    public var month: String { String(local.prefix(7)) }
    public var year: String { String(local.prefix(4)) }

    static let homeZone = TimeZone(secondsFromGMT: 8 * 3_600)!

    /// Resolves the ladder for one file. `dateTimeOriginal` and `offsetTimeOriginal` are the texts libexif read
    /// (through libvips); `fileTime` the file's own time if any; `uploadTime` when it reached the library.
    public static func resolve(dateTimeOriginal: String?, offsetTimeOriginal: String?, fileTime: Date?, uploadTime: Date) -> TakenTime {
        if let text = dateTimeOriginal, !isBlankDate(text) {
            let offset = offsetTimeOriginal.flatMap(offsetSeconds)
            if let components = exifComponents(text), let wall = utcCalendar.date(from: components) {
                // The earliest instant the wall time can be: exact with an offset, else as if at UTC+14.
                let earliest = wall.addingTimeInterval(-Double(offset ?? 14 * 3_600))
                if components.year! >= 1900, earliest <= uploadTime {
                    return TakenTime(local: format(wall, in: utc), offset: offset.map(offsetText), basis: .exif)
                }
            }
            return TakenTime(local: format(uploadTime, in: homeZone), offset: "+08:00", basis: .invalidExif)
        }
        if let fileTime, fileTime <= uploadTime, utcCalendar.component(.year, from: fileTime) >= 1900 {
            return TakenTime(local: format(fileTime, in: homeZone), offset: "+08:00", basis: .file)
        }
        return TakenTime(local: format(uploadTime, in: homeZone), offset: "+08:00", basis: .upload)
    }

    /// "0000:00:00 00:00:00" and blanks are how cameras write "no date": the same as no tag.
    static func isBlankDate(_ text: String) -> Bool {
        text.allSatisfy { $0 == "0" || $0 == ":" || $0 == " " || $0 == "-" }
    }

    /// The fields of the EXIF 2.32 date-time text `YYYY:MM:DD HH:MM:SS` (§4.6.5, DateTimeOriginal; some writers use
    /// `-` between the date's fields), nil unless it names a real calendar time.
    static func exifComponents(_ text: String) -> DateComponents? {
        let chars = Array(text.prefix(19))
        guard chars.count == 19, chars[10] == " " || chars[10] == "T" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let digits = chars[range]
            return digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) ? Int(String(digits)) : nil
        }
        guard [4, 7].allSatisfy({ chars[$0] == ":" || chars[$0] == "-" }), chars[13] == ":", chars[16] == ":",
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return components.isValidDate(in: utcCalendar) ? components : nil
    }

    /// EXIF's date text as the API answers it: ISO 8601 `2019-07-14T18:03:22`, with the offset the text carries or else
    /// `offset` (OffsetTimeOriginal), when known. Text that names no real calendar time (`0000:00:00 00:00:00`) is answered
    /// as written: there is nothing to convert, and inventing a time would be worse.
    static func exifISO8601(_ text: String, offset: String?) -> String {
        guard exifComponents(text) != nil else { return text }
        var chars = Array(text.prefix(19))
        (chars[4], chars[7], chars[10]) = ("-", "-", "T")
        let rest = String(text.dropFirst(19))
        let own = rest.isEmpty ? nil : (rest == "Z" ? "+00:00" : offsetSeconds(rest).map(offsetText))
        return String(chars) + (own ?? offset ?? "")
    }

    /// `+08:00` / `-05:30` (EXIF 2.32 §4.6.5, OffsetTimeOriginal) in seconds east of UTC; nil when malformed or
    /// beyond ±14 h.
    static func offsetSeconds(_ text: String) -> Int? {
        let chars = Array(text)
        guard chars.count == 6, chars[0] == "+" || chars[0] == "-", chars[3] == ":",
              let hours = Int(String(chars[1..<3])), let minutes = Int(String(chars[4..<6])), minutes < 60
        else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        guard seconds <= 14 * 3_600 else { return nil }
        return chars[0] == "-" ? -seconds : seconds
    }

    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    static let utc = TimeZone(secondsFromGMT: 0)!
    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()

    static func format(_ date: Date, in zone: TimeZone) -> String {
        var calendar = utcCalendar
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension Photo {
    /// EXIF's date of the photo in ISO 8601 (``TakenTime/exifISO8601(_:offset:)``), with the offset when the timeline
    /// took it from the same EXIF date.
    var exifDateTime: String? {
        takenAt.map { TakenTime.exifISO8601($0, offset: taken.basis == .exif ? taken.offset : nil) }
    }
}

/// A position in the timeline's order (newest taken first, then highest id): the keyset cursor `2019-07-14T18:03:22_123`
/// of the last photo a page showed. The next page starts strictly after it, so photos added meanwhile never make a
/// photo repeat or go missing.
public struct TimelineCursor: Sendable, Hashable {
    public var local: String
    public var id: Int64

    public init(local: String, id: Int64) { (self.local, self.id) = (local, id) }

    public var text: String { local + "_" + String(id) }

    /// Parses ``text``; nil for anything else (the handlers answer 422 naming `cursor`).
    public init?(_ text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int64(parts[1]), id > 0,
              TakenTime.exifComponents(String(parts[0])) != nil, parts[0].count == 19, parts[0].contains("T")
        else { return nil }
        (local, self.id) = (String(parts[0]), id)
    }

    /// The cursor that starts the timeline at the newest photo of `month` (`2019-07`), for the scrubber.
    public static func start(ofMonth month: String) -> TimelineCursor? {
        guard month.count == 7, let year = Int(month.prefix(4)), let number = Int(month.suffix(2)), (1...12).contains(number),
              (1900...9999).contains(year), Array(month)[4] == "-"
        else { return nil }
        // After the month's last second: the page begins with the month's newest photo.
        return TimelineCursor(local: month + "-31T23:59:59", id: Int64.max)
    }
}
