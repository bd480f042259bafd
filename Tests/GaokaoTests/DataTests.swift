import Foundation
import AppHost
import AppSuiteTesting
@testable import AppSuiteServer
@testable import Gaokao
import Storage
import Testing
import WebUI

/// Real values from shared/data/gaokao, checked against the CSV rows by hand (row quoted in each test).
@Suite("Gaokao data and algorithms", .requires(.gaokao))
struct DataTests {
    var data: GaokaoData { get throws { try GaokaoFixture.get().data } }

    /// On a server of its own: a re-import holds the write lock for seconds, which the shared server's HTTP
    /// tests (registering users) must not wait behind. `first` is what the process's one import of the shared
    /// server's sets reported (its database is a copy of it, ``ImportTemplates``).
    @Test("import loads every file and re-importing is idempotent")
    func importIsIdempotent() throws {
        let server = try TestServer(transport: .inProcess, importing: SharedDataSet.servedTogether.filter { $0 == .gaokao || $0.isAvailable })
        let importer = try #require(server.suite.importer(for: "gaokao"))
        let first = try #require(server.imports[.gaokao])
        // extra/school_lines_2016_2020.csv.gz: 390,383 rows, of which 32 have 香港/台湾/澳门 as home province and
        // 17,760 repeat a row of admission_lines.csv (四川 2016–2020, 湖南 2016: same batch, type, score and rank).
        // The 专业 lines: extra/major_lines_2024.csv 115,850 rows, extra/guangdong_major_lines_2021_2024 30,301 in 8 files.
        // extra/score_rank_2025_2026: 64,014 rows, 3,753 of them a band repeated by a second source (515 in ordinary
        // tables, 山西 2025), 47,766 of ordinary tables kept, 12,495 of art, sport and other tables not;
        // extra/control_lines_2025_2026: 159 ordinary and special lines of 1,397; extra/school_lines_2021_2025:
        // 160,473 rows, 139,177 kept (1,336 内蒙古 application statistics, 372 third-party rows of a numbered 本科 batch in
        // a merged province-year and 2,482 without a usable 科类 or score dropped, the rest superseded by a more trusted
        // tier — 57 more since a name's two bracket spellings are one key, tester 31a #2), and 1,349 older 上海 rows
        // replaced by official ones.
        #expect(first.imported == 186_784 + 38_158 + 2_240 + 2_759 + 839 + 31 + 8 + 10 + 390_351 - 17_760 + 115_850 + 30_301 + 47_766 + 159 + 139_234 - 57)
        #expect(first.skipped.map(\.item) == ["extra/school_lines_2016_2020.csv.gz", "extra/school_lines_2016_2020.csv.gz"]
            + Array(repeating: "extra/score_rank_2025_2026.csv.gz", count: 2) + Array(repeating: "extra/control_lines_2025_2026.csv.gz", count: 2)
            + Array(repeating: "extra/school_lines_2021_2025.csv.gz", count: 6) + ["school short names"]
            + Array(repeating: "school names without a 学校标识码", count: 4))
        let reasons = first.skipped.map(\.reason)
        #expect(reasons[0] == "32 rows that do not parse")
        #expect(reasons[1].hasPrefix("17760 rows already in admission_lines.csv"))
        #expect(reasons[2].hasPrefix("3753 rows repeating a band") && reasons[3].hasPrefix("12495 rows of art, sport"))
        #expect(reasons[4].hasPrefix("1237 lines that are not a batch's ordinary or special line") && reasons[5] == "1 rows that do not parse")
        #expect(reasons[6].hasPrefix("1336 rows of application statistics"))
        #expect(reasons[7].hasPrefix("2482 rows without a score") && reasons[8].contains(" third-party rows of a numbered 本科 batch"), "\(reasons[8])")
        // At least the 372 rows the import keeps fewer (the others would have been superseded by a more trusted tier anyway).
        #expect((Int(reasons[8].prefix { $0.isNumber }) ?? 0) >= 372)
        #expect(reasons[9].contains(" rows whose 科类 was relabelled") && reasons[10].contains(" rows superseded by a more trusted tier"), "\(reasons[9]) \(reasons[10])")
        #expect(reasons[11].hasPrefix("1349 rows of older sources replaced"))
        // SchoolAliases: short names joined to the school's full name, with the cross-source join count per province.
        // 8 from line pairs and the two listed ones, the rest by name (tester 31a #1: 南京林大, 华东政法 …).
        #expect(reasons[12].hasPrefix("321 short names in 4006 rows joined to their school's full name (42 older rows then covered by an official line); 2021–2025 rows whose school has a 2016–2020 line, before → after: 上海 3354 → 5449"))
        #expect(reasons[13].hasPrefix("100 names in 9218 rows"))
        // The unmatched-学校标识码 report of the 2021–2025 lines: 专科 schools newer than the ≈2022 MOE list, branch
        // campuses and 上海's abbreviations.
        #expect(reasons[14].hasPrefix("1715 names in 12846 rows of extra/school_lines_2021_2025.csv.gz kept under their published name, e.g. 新疆和田学院"))
        // Branch campuses and schools universities.csv lists under another name, e.g. 华北电力大学(北京).
        #expect(reasons[15].hasPrefix("76 names in 3228 专业 rows of Jsoneft/gaokao-zhiyuan kept under their published name, e.g. 华北电力大学(北京)"))
        #expect(reasons[16].hasPrefix("38 names in 1020 专业 rows of insensible104/GaokaoAgent kept under their published name, e.g. 华北电力大学(北京)"))
        func counts() throws -> [Int] {
            try server.suite.database.read { db in
                try ["gaokao_score_rank", "gaokao_admission_lines", "gaokao_control_lines", "gaokao_universities", "gaokao_majors", "gaokao_provinces",
                     "gaokao_major_lines"]
                    .map { table in try db.scalar("SELECT count(*) FROM " + table, as: Int.self) ?? -1 }
            }
        }
        let before = try counts()
        #expect(before == [186_784 + 47_766, 38_158 + 390_351 - 17_760 + 139_234 - 57 - 1_349 - 42, 2_240 + 159, 2_759, 839, 31, 115_850 + 30_301])
        let again = try importer.importData(from: SharedDataSet.gaokao.folder) { _ in }
        #expect(again.imported == first.imported)
        #expect(try counts() == before)
    }

    // score_rank.csv: 河南,2023,理科,,600,600,669,21022,21690
    @Test("score → rank with 同分人数, several province-years")
    func scoreToRank() throws {
        let data = try data
        let henan = try #require(data.rank(province: "河南", year: 2023, category: "理科", score: 600))
        #expect(henan.rank == 21_690)
        #expect(henan.rankBest == 21_022)
        #expect(henan.sameScoreCount == 669)
        // 四川,2020,理科,,600,600,551,25686,26236
        let sichuan = try #require(data.rank(province: "四川", year: 2020, category: "理科", score: 600))
        #expect(sichuan.rank == 26_236)
        #expect(sichuan.sameScoreCount == 551)
        // 上海 2022 has only the 本科 scope table: 上海,2022,综合,本科,500,500,216,17356,17571
        let shanghai = try #require(data.rank(province: "上海", year: 2022, category: "综合", score: 500))
        #expect(shanghai.rank == 17_571)
        #expect(shanghai.sameScoreCount == 216)
        // The aggregated top band 河南,2023,理科,,710,750,11,1,11 and the bottom 100 → 539447.
        #expect(data.rank(province: "河南", year: 2023, category: "理科", score: 720)?.rank == 11)
        #expect(data.rank(province: "河南", year: 2023, category: "理科", score: 720)?.scoreLow == 710)
        #expect(data.rank(province: "河南", year: 2023, category: "理科", score: 40)?.rank == 539_447)
        #expect(data.rank(province: "河南", year: 2023, category: "理科", score: 40)?.isOutsideTable == true)
    }

    // 河南 2022 理科: the first band with rank_cum ≥ 21690 is 589.
    @Test("等位分 maps a score to the same rank in another year")
    func equivalentScore() throws {
        let result = try #require(try data.equivalentScore(province: "河南", category: "理科", score: 600, fromYear: 2023, toYear: 2022))
        #expect(result.score == 589)
        #expect(result.rank.rank == 21_690)
        #expect(!result.mappedCategory)
        // 江苏 2020 理科 → 2021 物理类 crosses the reform: mapped, with the flag set.
        let reform = try #require(try data.equivalentScore(province: "江苏", category: "理科", score: 350, fromYear: 2020, toYear: 2021))
        #expect(reform.toCategory == "物理类")
        #expect(reform.mappedCategory)
    }

    // control_lines.csv: 河南,2023,理科,本科一批,本科一批,514 / 本科二批 409 / 专科批 185
    @Test("省控线 for a province, year and 科类")
    func controlLines() throws {
        let data = try data
        let lines = data.controlLines(province: "河南", year: 2023, category: "理科").map { "\($0.batchStd)=\($0.score)" }
        #expect(lines == ["本科一批=514", "本科二批=409", "专科批=185"])
        #expect(data.controlLine(province: "湖南", year: 2016, category: "理科", batch: "本科一批") == 517)
        // 湖南 merged batches from 2021: 本科一批 falls back to 特殊类型招生控制线.
        let special = data.controlLines(province: "湖南", year: 2022, category: "物理类").first { $0.batchStd == "特殊类型招生控制线" }?.score
        #expect(special != nil)
        #expect(data.controlLine(province: "湖南", year: 2022, category: "物理类", batch: "本科一批") == special)
    }

    // admission_lines.csv: oliver_sc,四川,2020,理科,本科一批,普通类,四川大学,4151010610,…,638,8497,…,529,109
    @Test("投档线 of a school")
    func admissionLine() throws {
        let data = try data
        let both = data.admissionLines(province: "四川").filter {
            $0.schoolName == "四川大学" && $0.year == 2020 && $0.category == "理科" && $0.batch == "本科一批" && $0.enrollType == "普通类"
        }
        // extra/school_lines_2016_2020 has the same line (四川,理科,2020,本科一批,普通类,四川大学,…,638,8497): kept once.
        #expect(both.map(\.source) == ["oliver_sc"])
        let rows = both
        // Where the two files disagree both rows stay with their source: 湖南 2016 文科 本科一批 湖南大学 is 597 in
        // admission_lines.csv (luojike_hn, no rank) and 530 (rank 8969) in the extra file.
        let hunan = data.admissionLines(province: "湖南").filter {
            $0.schoolName == "湖南大学" && $0.year == 2016 && $0.category == "文科" && $0.batch == "本科一批" && $0.enrollType == "普通类"
        }
        #expect(Set(hunan.map { "\($0.source) \($0.minScore ?? 0)" }) == ["luojike_hn 597", "labolado 530"])
        #expect(rows.first?.minScore == 638)
        #expect(rows.first?.minRank == 8_497)
        #expect(rows.first?.controlLine == 529)
        // 上海 keke rows keep the authority's note for the top lines.
        #expect(data.admissionLines(province: "上海").contains { $0.scoreNote == "580及以上" && $0.minScore == nil })
    }

    // 四川大学 四川 理科 本科一批 ranks 2018 8435, 2019 8936; in the 2020 table rank 8936 → 636, 8435 → 638;
    // without measured errors: stable = round((636·0.5 + 638·0.3) / 0.8) = 637, risky 636, safe 638. The actual line was 638.
    @Test("a full prediction: 位次法 for 四川大学 2020, calibrated and plain")
    func rankPrediction() throws {
        let data = try data
        let series = try #require(data.schoolSeries(province: "四川", category: "理科", batchStd: "本科一批").first { $0.schoolName == "四川大学" })
        let plain = try #require(data.predict(series, year: 2020, configuration: PredictionConfiguration(), model: ErrorModel(samples: [])))
        #expect(plain.method == .rank && !plain.calibrated)
        #expect(plain.years == [2019, 2018])
        #expect(plain.risky == 636 && plain.stable == 637 && plain.safe == 638)
        // Plain mean, one year → all equal.
        var one = PredictionConfiguration()
        one.weights = [1, 1, 1]
        one.yearsUsed = 1
        let single = try #require(data.predict(series, year: 2020, configuration: one, model: ErrorModel(samples: [])))
        #expect(single.risky == 636 && single.stable == 636 && single.safe == 636 && single.isLowConfidence)
        // Calibrated: the 20/50/80% quantiles; the line is at or below each with about that chance.
        let prediction = try #require(data.predict(series, year: 2020))
        #expect(prediction.calibrated && prediction.method == .rank && prediction.years == [2019, 2018])
        // The predicted rank is the stable line's rank in the same (2020) table: one prediction, not the centre rank
        // round((8936·0.5 + 8435·0.3) / 0.8) = 8748 beside a line from another calculation (issue 28).
        let table2020 = try #require(data.table(province: "四川", year: 2020, category: "理科"))
        #expect(prediction.predictedRank == GaokaoData.rank(in: table2020, score: prediction.stable)?.rank && prediction.rankTableYear == 2020)
        let forecast = try #require(data.forecast(series, year: 2020, method: .rank, model: data.errorModel, configuration: PredictionConfiguration()))
        #expect(abs(forecast.chance(score: prediction.risky) - 0.2) < 0.1)
        #expect(abs(forecast.chance(score: prediction.stable) - 0.5) < 0.1)
        #expect(abs(forecast.chance(score: prediction.safe) - 0.8) < 0.1)
        #expect(prediction.risky < prediction.stable && prediction.stable < prediction.safe)
        // Older data widen the window: the same school predicted for 2020 from 2018 and before only.
        let stale = try #require(data.rankCenter(series, year: 2020, asOf: 2019, configuration: PredictionConfiguration()))
        #expect(stale.key.age == 2)
        let staleSpread = try #require(data.errorModel.distribution(for: stale.key))
        let freshSpread = try #require(data.errorModel.distribution(for: forecast.key))
        #expect(staleSpread.quantile(0.8) / staleSpread.quantile(0.2) > freshSpread.quantile(0.8) / freshSpread.quantile(0.2))
    }

    // 中南大学 湖南 理科 本科一批 (no ranks): 线差 2015 614−526 = 88, 2014 612−522 = 90; ctl 2016 = 517;
    // stable = 517 + round((88·0.5 + 90·0.3)/0.8) = 517 + 89 = 606, risky 605, safe 607 without measured errors.
    @Test("线差法 fallback for 湖南 (no ranks)")
    func lineDifferencePrediction() throws {
        let data = try data
        let series = try #require(data.schoolSeries(province: "湖南", category: "理科", batchStd: "本科一批").first { $0.schoolName == "中南大学" })
        let plain = try #require(data.predict(series, year: 2016, configuration: PredictionConfiguration(), model: ErrorModel(samples: [])))
        #expect(plain.method == .lineDifference)
        #expect(plain.years == [2015, 2014])
        #expect(plain.risky == 605 && plain.stable == 606 && plain.safe == 607)
        let prediction = try #require(data.predict(series, year: 2016))
        #expect(prediction.calibrated && prediction.method == .lineDifference)
        #expect(prediction.risky < 606 && 606 <= prediction.safe)
    }

    @Test("a line the student enters is converted by 等位分")
    func userLine() throws {
        let data = try data
        // 河南 理科 2022 line 589 is rank 2022 → in 2023 the same rank scores about 600.
        let prediction = data.predictFromUserLine(province: "河南", category: "理科", batch: "本科一批", line: 589, lineYear: 2022, year: 2023)
        #expect(prediction.method == .userLine)
        let expected = try #require(data.equivalentScore(province: "河南", category: "理科", score: 589, fromYear: 2022, toYear: 2023))
        #expect(prediction.stable == expected.score)
        #expect(prediction.risky == prediction.safe)
    }

    @Test("province- and year-specific score bounds")
    func scoreBounds() throws {
        let data = try data
        #expect(data.maximumScore(province: "上海", year: 2024) == 660)
        #expect(data.maximumScore(province: "海南", year: 2023) == 900)
        #expect(data.maximumScore(province: "海南", year: 2018) == 940)
        #expect(data.maximumScore(province: "江苏", year: 2020) == 480)
        #expect(data.maximumScore(province: "江苏", year: 2021) == 750)
        #expect(data.maximumScore(province: "河南", year: 2024) == 750)
        let tooHigh = data.validate(ProfileInput(province: "上海", year: "2024", category: "综合", batch: "本科批", score: "661"))
        guard case .failure(let failure) = tooHigh else { Issue.record("661 in 上海 must fail"); return }
        #expect(failure.errors.map(\.field) == ["score"])
        #expect(failure.errors[0].zh.contains("0–660"))
        let jiangsu = data.validate(ProfileInput(province: "江苏", year: "2020", category: "理科", batch: "本科一批", score: "500"))
        guard case .failure(let jiangsuFailure) = jiangsu else { Issue.record("500 in 江苏 2020 must fail"); return }
        #expect(jiangsuFailure.errors[0].en.contains("0 and 480"))
        let valid = data.validate(ProfileInput(province: "江苏", year: "2020", category: "理科", batch: "本科一批", score: "380"))
        #expect((try? valid.get())?.score == 380)
    }

    @Test("reform-aware 科类 and 批次 lists")
    func categoriesAndBatches() throws {
        let data = try data
        #expect(data.categories(province: "河南", year: 2024) == ["理科", "文科"])
        #expect(data.categories(province: "河南", year: 2025) == ["物理类", "历史类"])
        #expect(data.categories(province: "江苏", year: 2021) == ["物理类", "历史类"])
        #expect(data.categories(province: "上海", year: 2017) == ["综合"])
        #expect(data.categories(province: "浙江", year: 2016) == ["理科", "文科"])
        #expect(data.categories(province: "新疆", year: 2025) == ["理科", "文科"])
        #expect(data.batches(province: "河南", year: 2023, category: "理科") == ["本科一批", "本科二批", "专科批"])
        #expect(data.batches(province: "江苏", year: 2022, category: "物理类") == ["本科批", "专科批"])
        // 2024 has no ordinary lines: the latest earlier year is used.
        #expect(data.batches(province: "河南", year: 2024, category: "理科") == ["本科一批", "本科二批", "专科批"])
        let wrong = data.validate(ProfileInput(province: "河南", year: "2025", category: "理科", batch: "本科一批", score: "600"))
        guard case .failure(let failure) = wrong else { Issue.record("理科 in 河南 2025 must fail"); return }
        #expect(failure.errors.first?.field == "category")
    }

    // admission_lines.csv: 四川 理科 rows carry nine batch_std values over 2015–2020; extra/school_lines_2021_2025 adds
    // 2021–2025 (2024 is mostly the authority's 专科 file, 2025 a few hundred rows) and its own batch words (国家专项,
    // 普通类 …), which are not offered as batches.
    @Test("投档线 pickers (years, 科类, batches, schools) come from the snapshot and match its rows")
    func admissionPickers() throws {
        let data = try data
        #expect(data.admissionBatches(province: "四川", category: "理科") == [
            "本科提前批", "本科一批", "本科二批", "本科三批", "本科批", "专科提前批", "专科批", "国家专项计划本科批", "高校专项计划本科批",
        ])
        #expect(data.admissionYears(province: "四川") == Array((2015...2025).reversed()))
        #expect(data.admissionCategories(province: "湖南") == ["体育(文)", "体育(理)", "历史类", "文科", "物理类", "理科"])
        // The three files together name 2,457 schools for 四川 as published.
        #expect(data.schoolNames(province: "四川").count == 2_457)
        #expect(data.admissionYears(province: "河南") == Array((2016...2025).reversed()))
        // 河南 理科 本科批: school pages' own label for 2021–2024 lines (河南 filed 一批/二批 until 2025), kept as published.
        #expect(data.admissionBatches(province: "河南", category: "理科") == ["本科提前批", "本科一批", "本科二批", "本科三批", "本科批", "专科提前批", "专科批", "国家专项计划本科批"])
        for province in data.admissionProvinces {
            let lines = data.admissionLines(province: province)
            #expect(data.admissionYears(province: province) == Set(lines.map(\.year)).sorted(by: >))
            #expect(data.schoolNames(province: province) == Set(lines.map(\.schoolName)).sorted())
            for category in [nil] + data.admissionCategories(province: province) {
                let offered = lines.filter { $0.source != "lgh_site" || BatchNames.ordinary.contains($0.batchStd) }
                let batches = Set(offered.filter { category == nil || $0.category == category }.map(\.batchStd))
                #expect(Set(data.admissionBatches(province: province, category: category)) == batches)
            }
        }
    }

    @Test("no-data states are ordinary empty results")
    func noData() throws {
        let data = try data
        #expect(data.rank(province: "新疆", year: 2023, category: "理科", score: 500) == nil)
        #expect(data.table(province: "甘肃", year: 2018, category: "理科") == nil)
        #expect(data.controlLines(province: "河南", year: 2024, category: "理科").isEmpty)
        // Every province has school lines now; 河南 物理类 starts in 2025, so its 2025 lines have no earlier year to be
        // predicted from: the result is empty and says why (issue 28).
        #expect(data.admissionProvinces.count == 31)
        let result = data.recommend(province: "河南", year: 2025, category: "物理类", batch: "本科批", score: 600, tendency: nil, targetProvince: nil)
        #expect(result.items.isEmpty)
        #expect(result.considered > 0 && result.lineYears.allSatisfy { $0 >= 2025 })
        let notice = GaokaoText.emptyPicks(result, data: data, province: "河南", year: 2025, category: "物理类", batch: "本科批")
        #expect(notice.zh.contains("没有 2025 年之前可用来预测的年份") && notice.en.contains("none before 2025"))
    }

    @Test("recommendations: each chance lies in its bucket's band, better-supported picks first, 3:4:3 at most")
    func recommendations() throws {
        let data = try data
        let configuration = PredictionConfiguration()
        let result = data.recommend(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 600, tendency: nil, targetProvince: nil, limit: 30)
        #expect(result.candidateRank?.rank == 26_236)
        #expect(result.items.count == 30)
        for bucket in Bucket.allCases {
            let items = result.items.filter { $0.bucket == bucket }
            #expect(items.count == [Bucket.risky: 9, .stable: 12, .safe: 9][bucket])
            // One-year picks come last within their bucket.
            #expect(items.map(\.isLowConfidence) == items.map(\.isLowConfidence).sorted { !$0 && $1 })
        }
        for item in result.items {
            #expect(configuration.bucket(chance: item.probability) == item.bucket)
            #expect(item.gap == 600 - item.predictedScore)
            #expect(item.years.allSatisfy { $0 < 2020 })
        }
        // universities.csv: 39 schools with is_985 = 1 (四川大学 1,1,1; 西南交通大学 0,1,1; 成都理工大学 0,0,1).
        #expect(data.universities.values.filter(\.is985).count == 39)
        #expect(SchoolTag.of(data.university(matching: "西南交通大学")) == [.project211, .doubleFirstClass])
        #expect(SchoolTag.of(data.university(matching: "成都理工大学")) == [.doubleFirstClass])
        for tag in SchoolTag.allCases {
            let tagged = data.recommend(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 640, tendency: nil,
                                        targetProvince: nil, tag: tag)
            #expect(!tagged.items.isEmpty && tagged.considered < result.considered)
            #expect(tagged.items.allSatisfy { data.university(of: $0.series).map(tag.matches) == true })
        }
        let local = data.recommend(province: "四川", year: 2020, category: "理科", batch: "本科二批", score: 540, tendency: .safe, targetProvince: "四川")
        #expect(!local.items.isEmpty)
        #expect(local.items.allSatisfy { $0.bucket == .safe && $0.probability >= 0.8 && data.campusProvince(of: $0.series) == "四川" })
    }

    // extra/school_lines_2016_2020.csv.gz: 河南,理科,2020,本科一批,普通类,郑州大学,…,624,24312 and 2019 585/24522.
    @Test("a newly covered province: 河南 lines carry their source and code, and a 河南 student gets picks")
    func henan() throws {
        let data = try data
        let zhengzhou = data.admissionLines(province: "河南").filter {
            $0.schoolName == "郑州大学" && $0.category == "理科" && $0.batch == "本科一批" && $0.enrollType == "普通类"
        }
        #expect(zhengzhou.first { $0.year == 2020 }.map { [$0.minScore, $0.minRank] } == [624, 24_312])
        #expect(zhengzhou.first { $0.year == 2019 }.map { [$0.minScore, $0.minRank] } == [585, 24_522])
        #expect(zhengzhou.filter { $0.year <= 2020 }.allSatisfy { $0.source == "labolado" && $0.moeCode == "4141010459" })
        #expect(zhengzhou.filter { $0.year > 2020 }.allSatisfy { $0.source == "lgh_site" && $0.moeCode == "4141010459" })
        let picks = data.recommend(province: "河南", year: 2020, category: "理科", batch: "本科一批", score: 600, tendency: nil, targetProvince: nil)
        #expect(picks.items.count == 30)
        #expect(picks.items.allSatisfy { PredictionConfiguration().bucket(chance: $0.probability) == $0.bucket })
        // 四川 2023 理科 600: most lines end in 2020, three years older; such picks are low confidence and come after
        // those with 2021–2022 lines (tester pass 11, finding 15).
        let sichuan = data.recommend(province: "四川", year: 2023, category: "理科", batch: "本科一批", score: 600, tendency: nil, targetProvince: nil)
        #expect(!sichuan.items.isEmpty)
        #expect(sichuan.items.flatMap(\.years).max() == 2022)
        #expect(sichuan.items.filter { ($0.years.max() ?? 0) <= 2021 }.allSatisfy { $0.isLowConfidence })
    }

    @Test("中外合作办学 and 专项 lines never join a school's ordinary (普通类) series")
    func programTypes() throws {
        let data = try data
        #expect(LabeledSource.programType(plan: "普通类", batch: "国家专项计划本科批") == "国家专项计划")
        #expect(LabeledSource.programType(plan: "中外合作办学", batch: "本科一批") == "中外合作办学")
        // admission_lines.csv: 四川大学 2020 理科 本科一批 普通类 638, 中外合作办学 615: the series keeps 638.
        let series = try #require(data.schoolSeries(province: "四川", category: "理科", batchStd: "本科一批").first { $0.schoolName == "四川大学" })
        #expect(series.points.first { $0.year == 2020 }?.minScore == 638)
    }

    @Test("the notice under 我的高考 is chosen by 生源地 from the gaokao_notices table")
    func notices() throws {
        let store = try GaokaoFixture.get().store
        #expect(try store.notice(province: "江西")?.titleZh.contains("江西") == true)
        let other = try #require(try store.notice(province: "河南"))
        #expect(!other.titleZh.contains("江西"))
        #expect(try store.notice(province: nil) == other)
    }

    @Test("the backtest on 四川 alone: held-out errors, calibration beats both naive baselines, bands keep their meaning")
    func backtest() throws {
        let full = try data
        // A snapshot with 四川 only keeps the debug-build test short; the method is the same as on everything.
        let tables = full.rankTableYears(province: "四川").flatMap { year in
            ["理科", "文科"].compactMap { full.table(province: "四川", year: year, category: $0) }
        }
        let data = GaokaoData(provinces: full.provinces, tables: tables, controlLines: full.controlLines(province: "四川"),
                              admissionLines: full.admissionLines(province: "四川"), universities: Array(full.universities.values), majors: [])
        let report = GaokaoBacktest.report(data)
        let overall = try #require(report.accuracy.first { $0.province == "全部" && $0.isDefault })
        #expect(overall.count > 5_000)
        #expect(overall.meanAbsoluteError < overall.baselineMeanAbsoluteError)
        let calibration = try #require(report.calibration.first { $0.province == "全部" })
        #expect(calibration.brier < calibration.logisticBrier && calibration.brier < calibration.lastYearBrier)
        // 冲 < 稳 < 保 in observed admission rates too, and 保 admits at least 80% of the time. (On 四川 alone the
        // 冲 band is admitted more often than shown, ≈ 43% against ≈ 23%: its lines fell against their history
        // in the held-out years; the closing note has the per-province table.)
        #expect(report.buckets[0].observed < report.buckets[1].observed && report.buckets[1].observed < report.buckets[2].observed)
        #expect(report.buckets[2].observed >= 0.80)
        #expect(GaokaoBacktest.markdown(report.accuracy).contains("| 四川 | 位次法"))
    }
}
