import Foundation

/// A 专业-level line source of `shared/data/gaokao/extra` (SOURCES.md "extra/"); every row keeps its source.
public enum MajorLineSource: String, Sendable, CaseIterable {
    /// `extra/major_lines_2024.csv`: github.com/Jsoneft/gaokao-zhiyuan (commit cf4f813), MIT licence; 2024, 河北,
    /// 贵州, 山东, 浙江, 重庆, 辽宁, with 专业组 and 选科; `0` = no value (重庆 and 辽宁 have no ranks).
    case jsoneft = "Jsoneft/gaokao-zhiyuan"
    /// `extra/guangdong_major_lines_2021_2024/<year>_<physics|history>.csv`: github.com/insensible104/GaokaoAgent
    /// (commit c673b94), Apache-2.0; 广东 2021–2024, a subset of schools; the rank is the *average* rank at the
    /// minimum score; no batch is named.
    case guangdong = "insensible104/GaokaoAgent"

    /// The licence shown next to its lines.
    public var licence: String {
        switch self {
        case .jsoneft: "MIT"
        case .guangdong: "Apache-2.0"
        }
    }

    /// The home provinces any source has 专业 lines for (2024: 河北, 贵州, 山东, 浙江, 重庆, 辽宁; 广东 2021–2024).
    static let provinces: Set<String> = ["河北", "贵州", "山东", "浙江", "重庆", "辽宁", "广东"]

    /// The repository of the source, for the attribution link.
    public var url: String { "https://github.com/" + rawValue }

    static let jsoneftFile = "extra/major_lines_2024.csv"
    static let guangdongFolder = "extra/guangdong_major_lines_2021_2024/"
    /// The 广东 files: one per year and 物理类/历史类.
    static let guangdongFiles = (2021...2024).flatMap { year in ["history", "physics"].map { "\(guangdongFolder)\(year)_\($0).csv" } }

    /// The year and 科类 of a 广东 file from its name (`2023_physics.csv` → 2023, 物理类); nil for other names.
    static func guangdongFile(_ name: String) -> (year: Int, category: String)? {
        guard name.hasPrefix(guangdongFolder) else { return nil }
        let parts = name.dropFirst(guangdongFolder.count).dropLast(".csv".count).split(separator: "_")
        guard parts.count == 2, let year = Int(parts[0]) else { return nil }
        switch parts[1] {
        case "physics": return (year, "物理类")
        case "history": return (year, "历史类")
        default: return nil
        }
    }

    /// The columns each file must have (the 广东 headers carry line breaks inside their quotes).
    static let jsoneftColumns = ["province", "batch", "subject_type", "class_demand", "college_code", "group_code", "college_name",
                                 "major_code", "major_name", "description", "year", "lowest_points", "lowest_rank"]
    /// The 科类 as the rest of the app names it: the sources' `物理` and `历史` are the lists 物理类 and 历史类.
    static func category(_ published: String) -> String {
        switch published {
        case "物理": "物理类"
        case "历史": "历史类"
        default: published
        }
    }

    static let guangdongColumns = ["年份", "代码", "院校名称", "专业\n编号", "专业/类", "选科", "最高分", "最低分", "最低分\n平均排位", "专业组",
                                   "录取\n人数", "备注"]
}

/// One 专业's (or 专业类's) line in one home province and year, as its source published it.
public struct MajorLine: Sendable, Hashable {
    public var source: MajorLineSource
    public var province: String
    public var year: Int
    /// 物理类 / 历史类 / 不分文理 (the sources' `物理`/`历史` read as the list names everything else uses, issue 28).
    public var category: String
    /// As published (本科批, 一段 …); empty when the source names none (广东).
    public var batch: String
    public var schoolName: String
    /// 学校标识码 from universities.csv, nil when the name matches no school there.
    public var moeCode: String?
    /// 院校专业组 code; empty when none.
    public var groupCode: String
    /// 选科 requirement as published (`物,化`, `物+化`, `不限`).
    public var subjects: String
    public var majorCode: String
    public var majorName: String
    /// The source's description or remark (campus, included majors, 中外合作).
    public var note: String
    public var minScore: Int?
    /// 最低位次; for ``MajorLineSource/guangdong`` the average rank at the minimum score.
    public var minRank: Int?
    public var maxScore: Int?
    /// 录取人数 where published.
    public var admitted: Int?
}
