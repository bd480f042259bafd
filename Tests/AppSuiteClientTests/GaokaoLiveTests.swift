import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// Every Gaokao method on the live server with the real data: values checked against the rows of
/// `../shared/data/gaokao` they come from.
@Suite(.requires(.gaokao), .requires(.movies)) struct GaokaoLiveTests {
    @Test func everyQueryAnswersFromTheRealData() async throws {
        let recorder = RecordingTransport()
        let client = try liveServer().client(recorder: recorder)
        let gaokao = client.gaokao

        let provinces = try await gaokao.provinces()
        #expect(provinces.count == 31)
        let henan = try #require(provinces.first { $0.name == "河南" })
        #expect(henan.code == "41" && henan.totalScore == 750 && henan.rankTableYears.contains(2023))
        #expect(provinces.first { $0.name == "上海" }?.totalScore == 660)

        let options = try await gaokao.options(province: "四川", year: 2020, category: "理科")
        #expect(options.categories.contains("理科") && options.categories.contains("文科"))
        #expect(options.category == "理科" && options.batches.contains("本科一批") && options.maxScore == 750)

        // score_rank.csv: 河南,2023,理科,,600,600,669,21022,21690
        let rank = try await gaokao.rank(province: "河南", year: 2023, category: "理科", score: 600)
        #expect(rank.rank == 21690 && rank.rankBest == 21022 && rank.sameScoreCount == 669 && !rank.outsideTable)

        // score_rank.csv: 河南,2022,理科,,589,589,658,21143,21800 holds rank 21690.
        let equivalent = try await gaokao.equivalentScore(province: "河南", category: "理科", score: 600, fromYear: 2023, toYear: 2022)
        #expect(equivalent.rank == 21690 && equivalent.score == 589 && equivalent.toCategory == "理科" && equivalent.warning == nil)

        // control_lines.csv: 河南,2023,理科,本科一批,本科一批,514 and 河南,2023,文科,本科一批,本科一批,547
        let lines = try await gaokao.controlLines(province: "河南", year: 2023)
        #expect(lines.items.contains(GaokaoControlLine(year: 2023, category: "理科", batch: "本科一批", batchStd: "本科一批", score: 514)))
        #expect(lines.items.contains(GaokaoControlLine(year: 2023, category: "文科", batch: "本科一批", batchStd: "本科一批", score: 547)))
        #expect(try await gaokao.controlLines(province: "河南", year: 2023, category: "理科", batch: "本科一批").items.map(\.score) == [514])

        // admission_lines.csv: 四川大学 (4151010610) for 四川 2020 理科 本科一批: 普通类 638, 中外合作办学 615, 护理学专业 606.
        let admission = try await gaokao.admissionLines(province: "四川", school: "10610", year: 2020, category: "理科", batch: "本科一批")
        #expect(admission.covered)
        #expect(Set(admission.items.map(\.school)) == ["四川大学"])
        #expect(Dictionary(admission.items.map { ($0.enrollType, $0.minScore) }) { first, _ in first }
                == ["普通类": 638, "中外合作办学": 615, "护理学专业": 606])

        // extra/major_lines_2024.csv: 7720872,河北,本科批,历史,不限,1924,24,四川大学,05,法学,(成都市),2024,640,603
        let majors = try await gaokao.majorLines(province: "河北", school: "四川大学")
        #expect(majors.school == "四川大学" && majors.items.count == 38 && majors.sources.map(\.licence) == ["MIT"])
        let law = try #require(majors.items.first { $0.majorName == "法学" && $0.category == "历史类" })
        #expect(law.year == 2024 && law.group == "24" && law.subjects == "不限" && law.minScore == 640 && law.minRank == 603 && law.note == "(成都市)")

        let fudan = try await gaokao.prediction(province: "上海", year: 2023, category: "综合", batch: "本科批", school: "复旦大学")
        #expect(fudan.school == "复旦大学" && fudan.risky <= fudan.stable && fudan.stable <= fudan.safe && fudan.safe <= 660)
        #expect(!fudan.years.isEmpty && fudan.years.allSatisfy { $0 < 2023 })
        let known = try await gaokao.prediction(province: "河南", year: 2023, category: "理科", batch: "本科一批", school: "福耀科技大学", line: 589)
        #expect(known.method == .userLine && known.risky <= known.stable && known.stable <= known.safe)
        let noData = await failure { () async throws(AppSuiteError) in
            try await gaokao.prediction(province: "河南", year: 2023, category: "理科", batch: "本科一批", school: "福耀科技大学")
        }
        #expect(noData?.status == 404 && noData?.problem?.type == "urn:appsuite:problem:gaokao-no-data")

        let mix = try await gaokao.recommendations(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 600)
        let sichuan600 = try await gaokao.rank(province: "四川", year: 2020, category: "理科", score: 600)
        #expect(mix.candidateRank == sichuan600.rank)
        #expect(!mix.items.isEmpty && mix.items.count <= 30 && mix.considered >= mix.items.count)
        #expect(Set(mix.items.map(\.bucketCode.rawValue)) == ["risky", "stable", "safe"])
        #expect(mix.items.allSatisfy { (0...1).contains($0.probability) && $0.gap == 600 - $0.predictedScore })
        let safe = try await gaokao.recommendations(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 600,
                                                    tendency: .safe, limit: 5)
        #expect(safe.items.count == 5 && safe.items.allSatisfy { $0.bucketCode == .safe })
        let top = try await gaokao.recommendations(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 640, tag: .project985)
        #expect(!top.items.isEmpty && top.items.allSatisfy { $0.tags.contains(.project985) && $0.tags.contains(.project211) })
        #expect(top.considered < mix.considered)
        let unknownTag = await failure { () async throws(AppSuiteError) in
            try await gaokao.recommendations(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 640, tag: .unknown("top-10"))
        }
        #expect(unknownTag?.fieldErrors.map(\.field) == ["tag"])
        let tooHigh = await failure { () async throws(AppSuiteError) in
            try await gaokao.recommendations(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 900)
        }
        #expect(tooHigh?.fieldErrors.map(\.field) == ["score"])

        let name = uniqueName("gk")
        try await client.auth.register(username: name, password: TestServer.password)
        #expect(try await gaokao.profile() == nil)
        let saved = try await gaokao.saveProfile(GaokaoProfileInput(province: "河南", year: 2023, category: "理科", batch: "本科一批", score: 600))
        #expect(saved == GaokaoSavedProfile(province: "河南", year: 2023, category: "理科", batch: "本科一批", score: 600, maxScore: 750,
                                            rank: 21690, storedIn: .account))
        #expect(try await gaokao.profile() == saved)
        let invalid = await failure { () async throws(AppSuiteError) in
            try await gaokao.saveProfile(GaokaoProfileInput(province: "上海", year: 2024, category: "综合", batch: "本科批", score: 700))
        }
        #expect(invalid?.status == 422 && invalid?.fieldErrors.map(\.field) == ["score"])

        // 志愿表 on the account: 河南 2023 理科 600 against lines up to 2021 (the authority's 2021 投档 PDF), so the
        // data-age warning comes with it; the list remembers the profile it was built for.
        let plan = try await gaokao.savePlan([GaokaoPlanEntryInput(school: "郑州大学"), GaokaoPlanEntryInput(school: "河南大学", group: "")])
        #expect(plan.items.map(\.school) == ["郑州大学", "河南大学"] && plan.items.map(\.position) == [1, 2])
        #expect(plan.items.allSatisfy { $0.probability != nil && $0.years.first == 2021 && $0.batch == "本科一批" })
        #expect(plan.storedIn == .account && plan.newestYear == 2021 && plan.warning?.contains("2021") == true)
        #expect(plan.profile == "河南|2023|理科|本科一批|600|" && !plan.profileChanged)
        #expect(plan.risky + plan.stable + plan.safe == plan.items.filter { $0.bucketCode != nil }.count)
        #expect(try await gaokao.plan() == plan)
        let tooMany = await failure { () async throws(AppSuiteError) in
            try await gaokao.savePlan((1...31).map { GaokaoPlanEntryInput(school: "学校\($0)") })
        }
        #expect(tooMany?.status == 422 && tooMany?.fieldErrors.map(\.field) == ["items"])

        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/gaokao/") }
        #expect(expected.count == 13)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }
}
