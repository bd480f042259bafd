import Foundation
@testable import Gaokao
import Testing

/// The `group` texts of extra/school_lines_2021_2025 (SOURCES.md), one per province format, and the 选科 rules.
@Suite("院校专业组 texts and 选科")
struct GroupTextTests {
    @Test("codes, requirements and program notes of each province's format")
    func parse() {
        // 湖南: `105 第105组`; a 预科 group; the second 征集 round.
        #expect(GroupText.parse("105 第105组", school: "中南大学") == ParsedGroup(code: "105"))
        #expect(GroupText.parse("813 第813组(少数民族预科班)(面向沅陵县)", school: "邵阳学院").programType == "预科")
        #expect(GroupText.parse("第二次征集志愿 104 第104组", school: "永州师范高等专科学校").programType == "征集志愿")
        #expect(GroupText.parse("第206组(中外合作办学或国际项目)", school: "福州大学") == ParsedGroup(code: "206", programType: "中外合作办学"))
        // 江苏, 黑龙江, 宁夏, 安徽: the requirement in parentheses.
        #expect(GroupText.parse("03专业组(化学)", school: "西安欧亚学院") == ParsedGroup(code: "03", requirement: .all([.chemistry])))
        #expect(GroupText.parse("青岛城市学院物理类第009组(化学)", school: "青岛城市学院") == ParsedGroup(code: "009", requirement: .all([.chemistry])))
        #expect(GroupText.parse("001专业组(选考科目不限)", school: "安康职业技术学院") == ParsedGroup(code: "001", requirement: SubjectRequirement.none))
        #expect(GroupText.parse("004专业组（不限）", school: "海南科技职业大学").requirement == SubjectRequirement.none)
        #expect(GroupText.parse("02专业组(化学和生物)", school: "某大学").requirement == .all([.chemistry, .biology]))
        // 北京: a leading code and the requirement after it; 上海 and 海南: the code in trailing parentheses.
        #expect(GroupText.parse("01 物理＋化学", school: "西安理工大学") == ParsedGroup(code: "01", requirement: .all([.physics, .chemistry])))
        #expect(GroupText.parse("人大苏州(02)", school: "人大苏州") == ParsedGroup(code: "02"))
        // 广东, 广西, 天津, 甘肃, 湖北.
        #expect(GroupText.parse("206专业组", school: "贵阳人文科技学院").code == "206")
        #expect(GroupText.parse("院校专业组 138603", school: "西北民族大学").code == "138603")
        #expect(GroupText.parse("专业组002", school: "苏州职业大学").code == "002")
        #expect(GroupText.parse("海南师范大学第11组", school: "海南师范大学").code == "11")
        // 院校+专业 provinces: the 专业 code.
        #expect(GroupText.parse("专业:01 人文科学试验班(人文学院)", school: "中国人民大学") == ParsedGroup(code: "01", isMajor: true))
        // School pages label groups by their 选科; school-level lines have no code.
        #expect(GroupText.parse("中南大学-湖南-物理类-物理+化学", school: "中南大学") == ParsedGroup(requirement: .all([.physics, .chemistry])))
        #expect(GroupText.parse("北京大学2021湖南本科批/普通批|物理不限组|物理不限组", school: "北京大学").requirement == .all([.physics]))
        #expect(GroupText.parse("本科二批院校平行投档分数线 / 河南院校代码 6694", school: "南昌交通学院") == ParsedGroup())
        // A school name with 民族 in it is not a 民族班.
        #expect(GroupText.parse("中央民族大学2023湖南本科批|历史组", school: "中央民族大学").programType == nil)
    }

    @Test("requirements read and met")
    func requirements() {
        #expect(SubjectRequirement(text: "化学或生物") == .any([.chemistry, .biology]))
        #expect(SubjectRequirement(text: "化与生") == .all([.chemistry, .biology]))
        #expect(SubjectRequirement(text: "物,化") == .all([.physics, .chemistry]))
        #expect(SubjectRequirement(text: "不限") == SubjectRequirement.none)
        #expect(SubjectRequirement(text: "文史经管") == nil)
        let student: Set<Subject> = [.physics, .chemistry, .biology]
        #expect(SubjectRequirement.all([.chemistry, .biology]).isMet(by: student))
        #expect(!SubjectRequirement.all([.politics]).isMet(by: student))
        #expect(SubjectRequirement.any([.politics, .biology]).isMet(by: student))
        #expect(SubjectRequirement.all([.chemistry, .biology]).text == "化学+生物")
        #expect(SubjectRequirement.any([.chemistry, .biology]).text == "化学/生物")
    }

    @Test("batch and 科类 names of the 2021–2025 lines")
    func names() {
        #expect(RecentNames.batchStandard("普通类本科批次平行志愿", merged: true) == "本科批")
        #expect(RecentNames.batchStandard("本科一批/普通批", merged: true) == "本科批")
        #expect(RecentNames.batchStandard("一本", merged: false) == "本科一批")
        #expect(RecentNames.batchStandard("二本及预科", merged: false) == "本科二批")
        #expect(RecentNames.batchStandard("高职（专科）批（F段）", merged: true) == "专科批")
        #expect(RecentNames.batchStandard("本科批次A阶段", merged: true) == "本科批A段")
        #expect(RecentNames.batchStandard("提前批航海类", merged: true) == "本科提前批")
        // 新疆 (no reform) labelled 物理类 → 理科; 云南 2026 (reformed 2025) labelled 理科 → 物理类.
        #expect(RecentNames.category("物理类", model: "文理分科", reformYear: nil, year: 2025) == "理科")
        #expect(RecentNames.category("理科", model: "3+1+2", reformYear: 2025, year: 2026) == "物理类")
        #expect(RecentNames.category("物理类", model: "3+3", reformYear: 2017, year: 2021) == "综合")
        #expect(RecentNames.category("综合", model: "3+1+2", reformYear: 2021, year: 2024) == nil)
    }

    @Test("a student's 选科 from a form or query")
    func studentSubjects() {
        #expect(SubjectRules.parse("化学,生物") == [.chemistry, .biology])
        #expect(SubjectRules.parse("物+化+生") == [.physics, .chemistry, .biology])
        #expect(SubjectRules.parse("化学,化学") == nil)
        #expect(SubjectRules.parse("化学,美术") == nil)
        let hunan = SubjectRules.choices(model: "3+1+2", province: "湖南", reformYear: 2021, year: 2026, category: "物理类")
        #expect(hunan?.fixed == .physics && hunan?.count == 2 && hunan?.electives == [.chemistry, .biology, .politics, .geography])
        #expect(SubjectRules.choices(model: "3+3", province: "浙江", reformYear: 2017, year: 2026, category: "综合")?.electives.contains(.technology) == true)
        #expect(SubjectRules.choices(model: "3+1+2", province: "河南", reformYear: 2025, year: 2024, category: "理科") == nil)
    }
}

@Suite("import cells")
struct CellTests {
    @Test("a cell is trimmed like trimmingCharacters(in: .whitespaces), with or without spaces")
    func trimmed() {
        for cell in ["", " ", "四川大学", " 四川大学", "四川大学\t", "  105 第105组  ", "\u{3000}全角\u{3000}", "a b"] {
            #expect(cell.trimmedCell == cell.trimmingCharacters(in: .whitespaces), "\(cell)")
        }
        #expect(LabeledSource.normalizedName(" 华北电力大学(保定) ") == "华北电力大学（保定）")
    }
}
