import Foundation
import Geo
import Testing

@Suite struct OpeningHoursTests {
    static let shanghai = TimeZone(identifier: "Asia/Shanghai")!

    /// 2026-12-01 is a Tuesday; `day` 0 = Monday 2026-11-30.
    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.shanghai
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: 30 + day, hour: hour, minute: minute))!
    }

    func open(_ text: String, _ day: Int, _ hour: Int, _ minute: Int = 0, holiday: Bool = false) throws -> Bool {
        try #require(OpeningHours(text)).isOpen(at: at(day, hour, minute), in: Self.shanghai, isHoliday: holiday)
    }

    @Test func simpleAndSplitRanges() throws {
        #expect(try open("Mo-Su 10:00-22:00", 0, 10))
        #expect(try !open("Mo-Su 10:00-22:00", 0, 22))
        #expect(try !open("Mo-Su 10:00-22:00", 3, 9, 59))
        #expect(try open("Mo-Su,PH 11:30-15:00, 18:00-23:00", 2, 12))
        #expect(try !open("Mo-Su,PH 11:30-15:00, 18:00-23:00", 2, 16))
        #expect(try open("11:00-13:50,17:00-20:50", 5, 20, 49))
        #expect(try !open("11:00-13:50,17:00-20:50", 5, 20, 50))
        #expect(try open("Mo-Su 7:30-21:30", 1, 7, 30))
    }

    @Test func dayRulesOverrideInOrder() throws {
        let text = "Mo-Fr 08:00-22:00; Sa 08:00-21:00; Su 09:00-20:00"
        #expect(try open(text, 4, 21, 30))   // Friday
        #expect(try !open(text, 5, 21, 30))  // Saturday
        #expect(try !open(text, 6, 8, 30))   // Sunday
        #expect(try !open("Th off; Fr-We,PH 09:00-19:00", 3, 10))
        #expect(try open("Th off; Fr-We,PH 09:00-19:00", 4, 10))
        #expect(try open("Mo-Th 08:30-18:00, Fr-Su 08:30-21:30", 6, 21))
        #expect(try !open("Mo-Th 08:30-18:00, Fr-Su 08:30-21:30", 3, 21))
        #expect(try !open("Tu-Su 12:00-21:00", 0, 13))
        #expect(try open("Fr-We 07:30-23:00", 2, 8))
        #expect(try !open("Fr-We 07:30-23:00", 3, 8))
    }

    @Test func overnightAnd24Hours() throws {
        #expect(try open("10:00-07:00", 1, 3))        // Dianping: Tuesday 03:00, Monday's range
        #expect(try !open("10:00-07:00", 1, 8))
        #expect(try open("Tu-Su 16:30-02:00", 2, 1))  // Wednesday 01:00 from Tuesday
        #expect(try !open("Tu-Su 16:30-02:00", 1, 1)) // Tuesday 01:00: Monday has no range
        #expect(try open("00:00-24:00", 3, 23, 59))
        #expect(try open("24/7", 6, 0))
        #expect(try open("Mo-Su 24/7", 0, 12))
        #expect(try open("Mo-Su 08:00-00:00", 0, 23, 59))
        #expect(try !open("Mo-Su 08:00-00:00", 1, 0, 30))
    }

    @Test func publicHolidays() throws {
        #expect(try !open("Mo-Sa 09:30-22:00; PH off", 0, 10, holiday: true))
        #expect(try open("Mo-Sa 09:30-22:00; PH off", 0, 10))
        #expect(try open("Mo-Fr 07:30-22:00; Sa-Su PH 08:00-20:00", 0, 7, 45))
        #expect(try !open("Mo-Fr 07:30-22:00; Sa-Su PH 08:00-20:00", 0, 7, 45, holiday: true))
    }

    /// Texts outside the subset from the OSM files: never parsed into a guess.
    @Test func unreadableTextIsRefused() {
        for text in ["", "Daily, 11am-late", "10am-4pm, Sat-Sun", "27/7", "08-22", "0800-2200", "open",
                     "Mo-Su 6:30 am - 10:00 am", "休息", "周八 10:00-22:00", "每天 10:00", "每天10点到22点", "看心情", "周一，周三，周五晚5点至9点", "Mo-Su 25:00-26:00", "Mo-Su 10:60-11:00",
                     "Mo-Su 10:00", "Mo-Xx 10:00-11:00", String(repeating: "Mo-Su 10:00-11:00;", count: 20)] {
            #expect(OpeningHours(text) == nil, "\(text)")
        }
    }

    /// The Chinese forms from the merchant data (`cn_workcafes.csv`, `osm_hong_kong_pois.csv`) and the add-a-merchant
    /// form (issue 30: `每天 10:00-22:00` was accepted and then shown as 营业时间未知). 2026-11-30 is a Monday.
    @Test func chineseFormsAreRead() throws {
        #expect(try open("每天 10:00-22:00", 0, 10))
        #expect(try !open("每天 10:00-22:00", 6, 22, 30))
        #expect(try open("每日10：00—22：00", 3, 21))
        // awcafe:beijing:075 and :117
        let weekdaysOnly = "周一至周五：7:30–20:00；周末不开"
        #expect(try open(weekdaysOnly, 4, 19, 59))
        #expect(try !open(weekdaysOnly, 5, 10))
        let twoRules = "周一至周五：7:30–19:00；周末：9:30–17:30"
        #expect(try open(twoRules, 0, 7, 30))
        #expect(try !open(twoRules, 6, 9))
        #expect(try open(twoRules, 6, 17))
        // osm:node/3478494184 (Hong Kong): 星期一至五, 星期六日及公眾假期
        let hongKong = "星期一至五 7:00-18:00, 星期六日及公眾假期7:00-22:00"
        #expect(try !open(hongKong, 2, 19))
        #expect(try open(hongKong, 5, 21))
        #expect(try open(hongKong, 2, 21, holiday: true))
        #expect(try open("24小时", 3, 3))
        #expect(try open("24小時營業", 6, 23, 59))
        #expect(try open("工作日 9:00-18:00，周六 10:00-16:00", 5, 15))
        #expect(try !open("工作日 9:00-18:00，周六 10:00-16:00", 6, 15))
        #expect(try open("周二至周日 11:00-14:00、17:00-21:30；周一休息", 1, 20))
        #expect(try !open("周二至周日 11:00-14:00、17:00-21:30；周一休息", 0, 12))
        #expect(try !open("周二至周日 11:00-14:00、17:00-21:30；周一休息", 1, 15))
        #expect(try open("8:00~14:00", 2, 13))
        #expect(try open("周五 18:00-02:00", 5, 1))  // Saturday 01:00 from Friday night
        // The verbatim text is kept.
        #expect(OpeningHours("每天 10:00-22:00")?.text == "每天 10:00-22:00")
    }
}
