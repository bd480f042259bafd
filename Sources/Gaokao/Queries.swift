import Foundation
import HTTPServer
import WebUI

/// The queries the API and the pages share.
enum GaokaoQueries {
    /// 省控线: one province, optionally one year, 科类 and batch (`batch` matches `batch_std` or the published name).
    /// Newest year first, then 科类, then batch order.
    static func controlLines(_ data: GaokaoData, province: String, year: Int?, category: String?, batch: String?) -> [ControlLine] {
        data.controlLines(province: province)
            .filter { line in
                (year == nil || line.year == year) && (category == nil || line.category == category)
                    && (batch == nil || line.batchStd == batch || line.batch == batch)
            }
            .sorted {
                ($1.year, $0.category, BatchNames.order($0.batchStd), $0.batch) < ($0.year, $1.category, BatchNames.order($1.batchStd), $1.batch)
            }
    }

    /// Whether `line` belongs to `school`: the name as published, the 10-digit 学校标识码 or the 5-digit 院校代码.
    static func matches(_ line: AdmissionLine, school: String) -> Bool {
        if line.schoolName == school || line.moeCode == school { return true }
        if school.count == 5, let code = line.moeCode, code.hasSuffix(school) { return true }
        return false
    }

    /// 投档线 of one school in one home province, newest year first.
    static func admissionLines(_ data: GaokaoData, province: String, school: String, year: Int?, category: String?, batch: String?) -> [AdmissionLine] {
        let name = data.university(matching: school)?.name
        return data.admissionLines(province: province)
            .filter { line in
                (matches(line, school: school) || (name != nil && line.schoolName == name))
                    && (year == nil || line.year == year) && (category == nil || line.category == category)
                    && (batch == nil || line.batchStd == BatchNames.standard(batch!) || line.batch == batch)
            }
            .sorted { ($1.year, $0.category, $0.batch, $0.groupCode ?? "") < ($0.year, $1.category, $1.batch, $1.groupCode ?? "") }
    }

    struct GroupPrediction {
        var series: SchoolSeries?
        var prediction: LinePrediction
    }

    /// 投档线预测 for a school (all its 院校专业组); the main answer is the group with the lowest stable line
    /// (research §4 E: "take the minimum"). Without data, `userLine` (last year's line the student entered).
    static func predict(
        _ data: GaokaoData, province: String, year: Int, category: String, batch: String, school: String,
        userLine: (line: Int, year: Int)?, configuration: PredictionConfiguration
    ) -> (main: GroupPrediction?, groups: [GroupPrediction]) {
        let name = data.university(matching: school)?.name
        let series = data.filingSeries(province: province, category: category, batchStd: BatchNames.standard(batch)).filter {
            $0.schoolName == school || $0.moeCode == school || (name != nil && $0.schoolName == name)
                || (school.count == 5 && ($0.moeCode?.hasSuffix(school) ?? false))
        }
        var groups = series.compactMap { entry in
            data.predict(entry, year: year, configuration: configuration).map { GroupPrediction(series: entry, prediction: $0) }
        }
        if groups.isEmpty, let userLine {
            groups = [GroupPrediction(series: nil, prediction: data.predictFromUserLine(
                province: province, category: category, batch: batch, line: userLine.line, lineYear: userLine.year, year: year))]
        }
        return (groups.min { $0.prediction.stable < $1.prediction.stable }, groups)
    }

    /// The words `tendency` takes.
    static let tendencies = ["冒险", "稳妥", "保守", "冲", "稳", "保", "risky", "stable", "safe"]

    /// The `tendency` parameter (``tendencies``; 422 naming it otherwise); nil = all in the 3:4:3 mix.
    static func tendency(_ query: Query, language: Language) throws(HTTPError) -> Bucket? {
        tendency(try query.choice("tendency", from: tendencies, language: language))
    }

    /// 冒险/稳妥/保守 (or risky/stable/safe, 冲/稳/保); nil = all in the 3:4:3 mix.
    static func tendency(_ text: String?) -> Bucket? {
        switch text {
        case "冒险", "冲", "risky": .risky
        case "稳妥", "稳", "stable": .stable
        case "保守", "保", "safe": .safe
        default: nil
        }
    }
}
