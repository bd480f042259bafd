import Foundation
import Testing
@testable import WebUI

struct BeijingTimeTests {
    /// Foundation's calendar in the tz database's Asia/Shanghai zone is the independent reference.
    static let shanghai: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Shanghai")!
        return calendar
    }()

    @Test func fieldsAgreeWithTheTimeZoneDatabaseFrom1992To2100() {
        // 1992-01-01 (the first year without summer time) to 2100-12-31, every 7 919 711 s (~92 days, prime,
        // so the samples drift through every hour, day of week and month), plus the edges.
        let start: Int64 = 694_195_200 - 8 * 3_600
        let end: Int64 = 4_133_952_000
        var samples = Array(stride(from: start, through: end, by: 7_919_711))
        samples += [start, end, 951_782_399 - 8 * 3_600, 951_782_400 - 8 * 3_600, 1_709_222_399 - 8 * 3_600]
        for seconds in samples {
            let expected = Self.shanghai.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                                        from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let fields = BeijingTime.fields(seconds)
            #expect([fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second].map(Int.init)
                    == [expected.year!, expected.month!, expected.day!, expected.hour!, expected.minute!, expected.second!], "\(seconds)")
        }
    }

    @Test func formats() {
        // 2016-05-08 09:33:33 in Beijing is 01:33:33 UTC.
        #expect(BeijingTime.dateTime(1_462_671_213) == "2016-05-08 09:33")
        #expect(BeijingTime.numericDate(1_462_671_213) == "2016-05-08")
        #expect(BeijingTime.date(1_462_671_213, .zh) == "2016年5月8日")
        #expect(BeijingTime.date(1_462_671_213, .en) == "8 May 2016")
        // 16:00 UTC on 31 December is already New Year's Day in Beijing.
        #expect(BeijingTime.dateTime(1_704_038_400) == "2024-01-01 00:00")
        #expect(BeijingTime.date(1_704_038_399, .en) == "31 Dec 2023")
        #expect(BeijingTime.date(951_753_600, .zh) == "2000年2月29日")
        #expect(BeijingTime.dateTime(-1) == "1970-01-01 07:59")
    }

    @Test func extremeMomentsAreClampedNotTrapped() {
        #expect(BeijingTime.dateTime(.max) == "9999-12-31 23:59")
        #expect(BeijingTime.dateTime(.min) == "1-01-01 00:00")
        #expect(BeijingTime.date(.max, .en) == "31 Dec 9999")
    }

    @Test func parseReadsBeijingWallClockTime() {
        #expect(BeijingTime.parse("2016-05-08 09:33:33") == 1_462_671_213)
        #expect(BeijingTime.parse("2024-01-01 00:00:00") == 1_704_038_400)
        #expect(BeijingTime.parse("2020-02-29 12:00:00") == 1_582_948_800)
        for seconds: Int64 in [0, 951_753_600, 1_462_671_213, 1_704_038_399, 4_102_444_799] {
            let f = BeijingTime.fields(seconds)
            let text = String(format: "%04lld-%02lld-%02lld %02lld:%02lld:%02lld", f.year, f.month, f.day, f.hour, f.minute, f.second)
            #expect(BeijingTime.parse(text) == seconds, "\(text)")
        }
    }

    @Test(arguments: [
        "", "2019-03-08", "2019-03-08 00:51", "2019-03-08 00:51:47:00", "2019-02-29 12:00:00", "2019-13-01 00:00:00",
        "2019-00-10 00:00:00", "2019-04-31 00:00:00", "2019-03-08 24:00:00", "2019-03-08 23:60:00", "2019-03-08 23:59:60",
        "20190-03-08 00:00:00", "2019-03-08 00:00:0x", "２０１９-03-08 00:00:00", "99999999999999999999-1-1 0:0:0",
    ])
    func parseRefusesWhatIsNotARealTime(_ text: String) {
        #expect(BeijingTime.parse(text) == nil)
    }
}
