import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing

/// The 专业 lines of extra/ (SOURCES.md): real rows of each file, quoted in each test, through the store, the API
/// and the school page.
@Suite("Gaokao major lines", .requires(.gaokao))
struct MajorLineTests {
    var store: GaokaoStore { get throws { try GaokaoFixture.get().store } }

    // major_lines_2024.csv: 7720872,河北,本科批,历史,不限,1924,24,四川大学,05,法学,(成都市),2024,640,603 — one of 38
    // rows of 四川大学 for 河北 (30 物理, 8 历史).
    @Test("major_lines_2024.csv: 四川大学 for 河北 students, reconciled to its 学校标识码, with source and 选科")
    func jsoneft() throws {
        let lines = try store.majorLines(province: "河北", school: "四川大学", moeCode: "4151010610")
        #expect(lines.count == 38)
        #expect(lines.filter { $0.category == "物理类" }.count == 30)
        let law = try #require(lines.first { $0.majorName == "法学" && $0.category == "历史类" })
        #expect(law.source == .jsoneft && law.source.licence == "MIT")
        #expect(law.year == 2024 && law.batch == "本科批" && law.groupCode == "24" && law.subjects == "不限" && law.note == "(成都市)")
        #expect(law.minScore == 640 && law.minRank == 603 && law.moeCode == "4151010610" && law.majorCode == "05")
        #expect(lines.compactMap(\.minScore).max() == 665)
        // 重庆 has scores but no ranks (`0` = no value): 8370249,重庆,本科批,历史,不限,5001,01,重庆大学,192,汉语言文学,…,613,0
        let chongqing = try store.majorLines(province: "重庆", school: "重庆大学", moeCode: nil)
        #expect(chongqing.count == 26)
        let chinese = try #require(chongqing.first { $0.majorCode == "192" })
        #expect(chinese.minScore == 613 && chinese.minRank == nil && chinese.groupCode == "01")
    }

    // 2021_history.csv: 2021,10558,中山大学,12,经济学类(经管实验班),历,642.0,621,984.0,201,,629,143.0, — one of 5 rows
    // of 中山大学 in that file, 205 over the eight files.
    @Test("guangdong_major_lines_2021_2024: 中山大学 2021 历史 with 专业组, average rank and 录取人数")
    func guangdong() throws {
        let lines = try store.majorLines(province: "广东", school: "中山大学", moeCode: "4144010558")
        #expect(lines.count == 205)
        #expect(Set(lines.map(\.year)) == [2021, 2022, 2023, 2024])
        #expect(lines.first?.year == 2024)
        let history2021 = lines.filter { $0.year == 2021 && $0.category == "历史类" }
        #expect(history2021.count == 5)
        let economics = try #require(history2021.first { $0.majorName == "经济学类(经管实验班)" })
        #expect(economics.source == .guangdong && economics.source.licence == "Apache-2.0")
        #expect(economics.minScore == 621 && economics.minRank == 984 && economics.maxScore == 642 && economics.admitted == 143)
        #expect(economics.groupCode == "201" && economics.subjects == "历" && economics.majorCode == "12" && economics.batch == "")
        #expect(economics.moeCode == "4144010558")
        // Nothing of another province leaks in.
        #expect(try store.majorLines(province: "河南", school: "中山大学", moeCode: "4144010558").isEmpty)
    }

    @Test("GET major-lines: items with their source and licence; problem+json without a school")
    func api() throws {
        let server = try GaokaoFixture.get().server
        let reply = try server.get("/api/v1/gaokao/major-lines" + HTTPTests.encode([("province", "广东"), ("school", "10558")]))
        #expect(reply.status == 200)
        let body = try reply.json()
        #expect(body["school"] as? String == "中山大学" && body["moeCode"] as? String == "4144010558")
        let items = try #require(body["items"] as? [[String: Any]])
        #expect(items.count == 205)
        let economics = try #require(items.first { $0["year"] as? Int == 2021 && $0["majorName"] as? String == "经济学类(经管实验班)" })
        #expect(economics["minScore"] as? Int == 621 && economics["minRank"] as? Int == 984 && economics["group"] as? String == "201")
        #expect(economics["source"] as? String == "insensible104/GaokaoAgent")
        let sources = try #require(body["sources"] as? [[String: Any]])
        #expect(sources.map { $0["licence"] as? String } == ["Apache-2.0"])
        let missing = try server.get("/api/v1/gaokao/major-lines" + HTTPTests.encode([("province", "广东")]))
        #expect(missing.status == 422 && missing.text.contains("\"field\":\"school\""))
    }

    @Test("the school page shows the student's province's 专业 lines with source, licence and years")
    func page() throws {
        let server = try GaokaoFixture.get().server
        // Cells carry their header (`data-label`) for the phone's one-card-per-row layout; compared without it.
        let html = try server.get("/gaokao/school" + HTTPTests.encode([("province", "河北"), ("school", "四川大学")])).text
            .replacingOccurrences(of: #"<td data-label="[^"]*">"#, with: "<td>", options: .regularExpression)
        #expect(html.contains("分专业录取线 · 河北考生"))
        #expect(html.contains("<td>法学</td><td>2024</td><td>历史类 本科批</td><td>24组</td><td>不限</td><td>640</td><td>603</td><td>(成都市)</td>"))
        #expect(html.contains("Jsoneft/gaokao-zhiyuan（GitHub，MIT 许可）整理的公开数据，2024 年，38 行"))
        let none = try server.get("/gaokao/school" + HTTPTests.encode([("province", "河南"), ("school", "四川大学")])).text
        #expect(none.contains("暂无该校在本省分专业的录取数据"))
    }
}
