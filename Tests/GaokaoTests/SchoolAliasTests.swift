import AppSuiteTesting
@testable import Gaokao
import Testing

/// Short names of one province's sources joined to the school (issue 28: 上海's exam authority writes `上海交大`,
/// Oliver666Young's 2017–2020 tables and the 2025 lines `上海交通大学`), on the fixture's imported data.
@Suite("Gaokao: school short names", .requires(.gaokao))
struct SchoolAliasTests {
    @Test("上海交通大学's 上海 本科批 lines 2017–2024 are one school's and join across 2020/2021")
    func shanghaiJiaoTong() throws {
        let data = try GaokaoFixture.get().data
        let lines = GaokaoQueries.admissionLines(data, province: "上海", school: "上海交通大学", year: nil, category: "综合", batch: "本科批")
        let years = Set(lines.map(\.year))
        #expect(years.isSuperset(of: Set(2017...2024)), "\(years.sorted())")
        #expect(lines.allSatisfy { $0.moeCode == "4131010248" && $0.schoolName == "上海交通大学" })
        #expect(!data.schoolNames(province: "上海").contains("上海交大"))
        // 上海交大's groups 01 publish only a rank band (no score); the series with scores reach from Oliver666Young's
        // 2019 line (584) to the authority's 2021 Q2 line (575) under one 学校标识码.
        let series = data.filingSeries(province: "上海", category: "综合", batchStd: "本科批").filter { $0.moeCode == "4131010248" }
        let seriesYears = Set(series.flatMap { $0.points.map(\.year) })
        #expect(seriesYears.isSuperset(of: [2019, 2021]), "\(seriesYears.sorted())")
        let lines2021 = lines.filter { $0.year == 2021 && $0.groupCode == "Q2" }
        #expect(lines2021.map(\.minScore) == [575] && lines2021.map(\.minRank) == [1998])
    }

    @Test("an abbreviation keeps the full name's characters in order; a tie of other schools is no match")
    func abbreviation() {
        #expect(SchoolAliases.isAbbreviation("上海交大", of: "上海交通大学"))
        #expect(SchoolAliases.isAbbreviation("二工大", of: "上海第二工业大学"))
        #expect(!SchoolAliases.isAbbreviation("兰州理工", of: "文华学院"))
        #expect(!SchoolAliases.isAbbreviation("上海交通大学", of: "上海交通大学"))
    }
}
