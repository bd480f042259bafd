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

    /// Tester 31a #1: 上海's exam authority writes 华东政法 and 南京林大 in its 2020–2025 lines, the 2016–2020 sources the
    /// full names: 上海 2026 picks showed 南京林业大学 01组 (from 2018–2020) and 南京林大 01组 (from 2024–2025) with
    /// opposite bands. Joined by name now; names that fit two schools stay as published (上海海事: 上海海事大学 or
    /// 上海海事职业技术学院 — the tester's 上海海事 pair stays apart).
    @Test("上海's short names without a shared year join by name; a name that fits two schools stays")
    func shortNamesJoinByName() throws {
        let data = try GaokaoFixture.get().data
        let names = data.schoolNames(province: "上海")
        for (alias, name, code, years) in [("华东政法", "华东政法大学", "4131010276", [2018, 2021, 2025]),
                                           ("南京林大", "南京林业大学", "4132010298", [2018, 2024, 2025])] {
            #expect(!names.contains(alias), "\(alias) is still a school of its own")
            let lines = GaokaoQueries.admissionLines(data, province: "上海", school: name, year: nil, category: "综合", batch: "本科批")
            #expect(lines.allSatisfy { $0.moeCode == code }, "\(name)")
            #expect(!lines.isEmpty && Set(lines.map(\.year)).isSuperset(of: years), "\(name): \(Set(lines.map(\.year)).sorted())")
        }
        // 上海海大: 上海海事大学 or 上海海洋大学; 成都医学: 成都医学院 (universities.csv) or 成都中医药大学.
        #expect(names.contains("上海海大") && names.contains("成都医学") && names.contains("上海海事"))
        let picks = data.recommend(province: "上海", year: 2026, category: "综合", batch: "本科批", score: 520, tendency: nil, targetProvince: nil,
                                   limit: 200).items
        #expect(!picks.isEmpty && !picks.contains { ["华东政法", "南京林大"].contains($0.series.schoolName) })
    }

    /// Tester 31a #2: 湖南 2026 picks listed 华北电力大学（保定） (no group, 597 稳) and 华北电力大学(保定) 102组 (596 保)
    /// from one 2025 line (590, rank 20503): a school-official copy under the full-width spelling was not superseded by
    /// the province-official line under the ASCII one. One spelling now, so one key: the copies give way to the group lines.
    @Test("a campus written with ASCII or full-width brackets is one school; its school-official copies give way")
    func bracketSpellingsAreOneSchool() throws {
        let data = try GaokaoFixture.get().data
        #expect(!data.schoolNames(province: "湖南").contains("华北电力大学(保定)"))
        // (The school query also matches 华北电力大学 itself, the 学校标识码's name: only the campus's lines here.)
        let lines = GaokaoQueries.admissionLines(data, province: "湖南", school: "华北电力大学（保定）", year: 2025, category: "物理类", batch: "本科批")
            .filter { $0.schoolName.contains("保定") }
        #expect(lines.allSatisfy { $0.schoolName == "华北电力大学（保定）" })
        // The five group lines (普通类 102, 103; 国家专项计划 304, 305; 预科 801) and the school's own 高校专项计划 line
        // (597), which no province-official line covers; no group-less copy of 590, 586 or 579 any more.
        let ordinary = lines.filter { $0.enrollType == "普通类" }
        #expect(ordinary.map(\.groupCode) == ["102", "103"] && ordinary.allSatisfy { $0.sourceTier == .provinceOfficial },
                "\(lines.map { ($0.groupCode, $0.minScore, $0.sourceTier, $0.enrollType) })")
        #expect(lines.filter { $0.groupCode == nil }.map(\.enrollType) == ["高校专项计划"])
        #expect(lines.filter { $0.minScore == 590 }.map(\.minRank) == [20503])
    }

    @Test("an abbreviation keeps the full name's characters in order; a tie of other schools is no match")
    func abbreviation() {
        #expect(SchoolAliases.isAbbreviation("上海交大", of: "上海交通大学"))
        #expect(SchoolAliases.isAbbreviation("二工大", of: "上海第二工业大学"))
        #expect(!SchoolAliases.isAbbreviation("兰州理工", of: "文华学院"))
        #expect(!SchoolAliases.isAbbreviation("上海交通大学", of: "上海交通大学"))
    }
}
