import Foundation

/// A 志愿表 item naming a school or 院校专业组 the data does not have (issue 28, outside test pass: the list took
/// `{"school":"不存在大学","group":"999"}` and showed it without a chance): the field (`items[2].school`,
/// `items[2].group`) and the message in both languages.
struct UnknownPlanItem: Error, Equatable {
    var field: String
    var zh: String
    var en: String
}

extension GaokaoData {
    /// The first entry naming a school that has no line in any province and is not in the MOE list, or a non-empty
    /// group that is not one of the school's groups — in the profile's province and 科类 (any batch) where the school
    /// has lines there, else in any province; nil when every entry exists. A school with lines elsewhere only
    /// (福耀科技大学 for a 四川 student) or in the MOE list without lines stays, without a chance. An empty group is the
    /// school as a whole. The field numbers the items as the client sent them (`items[2].school`).
    func unknownPlanItem(_ entries: [PlanEntry], profile: GaokaoProfile?) -> UnknownPlanItem? {
        for (index, entry) in entries.enumerated() {
            let field = "items[\(index)]"
            var groups: Set<String>
            if let profile {
                groups = Set(seriesBatches(province: profile.province, category: profile.category)
                    .flatMap { schoolSeries(province: profile.province, category: profile.category, batchStd: $0) }
                    .filter { $0.schoolName == entry.school }.map { $0.groupCode ?? "" })
            } else {
                groups = []
            }
            // Where the province fills by 院校专业组, a school with group lines is no 志愿 without its group (tester pass 11,
            // finding 6: `{"school":"中南大学"}` was accepted with group "" and a null chance).
            let codes = groups.filter { !$0.isEmpty }.sorted()
            if entry.group.isEmpty, !codes.isEmpty, let profile, fillsByGroup(province: profile.province, year: profile.year) {
                let list = codes.prefix(12).joined(separator: ", ")
                return UnknownPlanItem(field: field + ".group",
                                       zh: "\(profile.province)按院校专业组填报：“\(entry.school)”须写专业组（有：\(list)）。",
                                       en: "\(profile.province) fills by group: \(entry.school) needs its group (it has \(list)).")
            }
            if groups.isEmpty {
                let provinces = admissionProvinces.filter { schoolNames(province: $0).contains(entry.school) }
                guard !provinces.isEmpty || university(matching: entry.school) != nil else {
                    return UnknownPlanItem(field: field + ".school", zh: "没有“\(entry.school)”这所院校的投档线（院校名须与投档线一致）。",
                                           en: "No school named \(entry.school) in the lines (use the name as the lines publish it).")
                }
                if entry.group.isEmpty { continue }
                groups = Set(provinces.flatMap { admissionLines(province: $0).filter { $0.schoolName == entry.school }.compactMap(\.groupCode) })
            }
            if !entry.group.isEmpty, !groups.contains(entry.group) {
                let known = groups.filter { !$0.isEmpty }.sorted()
                let list = known.prefix(12).joined(separator: ", ")
                return UnknownPlanItem(field: field + ".group",
                                       zh: "“\(entry.school)”没有代码为 \(entry.group) 的专业组" + (known.isEmpty ? "（只有院校线）。" : "（有：\(list)）。"),
                                       en: "\(entry.school) has no group \(entry.group)" + (known.isEmpty ? " (school lines only)." : " (it has \(list))."))
            }
        }
        return nil
    }
}
