import Foundation

extension GaokaoData {
    // MARK: F. 学校推荐

    /// **学校推荐** (research §4 F, calibrated in issue 17, groups and 选科 in issue 28). The candidate's rank
    /// `r_c = rank(P,Y,C,s)`; the schools — 院校专业组 (or 专业) where the province fills by group — filed in (P,C,B),
    /// filtered to campuses in `targetProvince` (nil = 不限), to schools with `tag` (nil = 不限; ``SchoolTag``:
    /// universities.csv flags, so a school missing from the MOE list never matches one) and to groups whose published
    /// 选科 requirement `subjects` meets (nil = every group; a group without a published requirement stays, its
    /// requirement shown as unknown). A series no longer filed in this batch or group is left out, and one that
    /// changed is predicted from the years since the change only (``SchoolSeries/availability(before:)``); where the
    /// province fills by group (``fillsByGroup(province:year:)``) a school-level series of a school with group series is
    /// left out.
    ///
    /// Each 录取概率 is the chance that the line comes out at or below the score (``Forecast/chance(score:)``: the
    /// measured errors of past predictions like this one), and the bucket is the band that chance lies in
    /// (``PredictionConfiguration/bucket(chance:)``: 冲 20–50%, 稳 50–80%, 保 ≥ 80%). The predicted line is the lowest
    /// score whose shown chance reaches 50% and the predicted rank is that line's rank in the target year's 一分一段表,
    /// so 冲 ⇔ the line is above the score, and rank and line agree. Within a bucket, picks built on one year come
    /// after better-supported ones, then hardest first (lowest chance). A bucket larger than its share keeps, for 冲,
    /// the likeliest reaches, else the hardest (best) schools; `tendency` nil returns the 3:4:3 mix of `limit`.
    public func recommend(
        province: String, year: Int, category: String, batch: String, score: Int, tendency: Bucket?,
        targetProvince: String?, tag: SchoolTag? = nil, subjects: Set<Subject>? = nil, limit: Int = 30,
        configuration: PredictionConfiguration = PredictionConfiguration()
    ) -> RecommendationResult {
        let candidate = rank(province: province, year: year, category: category, score: score)
        let all = filingSeries(province: province, category: category, batchStd: BatchNames.standard(batch))
        var result = RecommendationResult(candidateRank: candidate, items: [], considered: 0,
                                          filteredBySubjects: subjects != nil, requested: limit, tendency: tendency)
        result.lineYears = Array(Set(all.flatMap { $0.points.map(\.year) })).sorted(by: >)
        var buckets: [Bucket: [(item: Recommendation, forecast: Forecast)]] = [:]
        let line = controlLine(province: province, year: year, category: category, batch: batch)
        // Where the province fills by group, a school-level line of a school that has group lines too (the thin
        // 2021–2023 school pages) is no 志愿 of its own; a school with school-level lines only (广东's sources) stays.
        let grouped = fillsByGroup(province: province, year: year) ? Set(all.filter { $0.groupCode != nil }.map(\.schoolName)) : []
        for series in all {
            if targetProvince != nil || tag != nil {
                let university = university(of: series)
                if let targetProvince, university?.province != targetProvince { continue }
                if let tag, !(university.map(tag.matches) ?? false) { continue }
            }
            result.considered += 1
            if series.groupCode == nil, grouped.contains(series.schoolName) {
                result.unpredictable += 1
                continue
            }
            if case .retired = series.availability(before: year) {
                result.retired += 1
                continue
            }
            let requirement = series.requirement(through: year)
            result.subjectsChecked += 1
            if requirement == nil { result.withoutRequirement += 1 }
            if let subjects, let requirement, !requirement.requirement.isMet(by: subjects) {
                result.excludedBySubjects += 1
                continue
            }
            let vocationalFirst = configuration.lineDifferenceFirstForVocational && series.isVocational
            var found: (forecast: Forecast, method: PredictionMethod)?
            for method in vocationalFirst ? [PredictionMethod.lineDifference, .rank] : [.rank, .lineDifference] {
                if method == .lineDifference, line == nil { continue }
                if let forecast = forecast(series, year: year, method: method, model: errorModel, configuration: configuration, line: .some(line)) {
                    found = (forecast, method)
                    break
                }
            }
            guard let found else {
                result.unpredictable += 1
                continue
            }
            let chance = found.forecast.chance(score: score)
            guard let bucket = configuration.bucket(chance: chance) else {
                result.outsideBands += 1
                continue
            }
            // The lines of the picks kept are computed below; the bucket needs only the chance.
            var item = Recommendation(series: series, predictedRank: nil, predictedScore: 0, gap: 0, probability: chance, bucket: bucket,
                                      method: found.method, years: found.forecast.years, rankTableYear: found.forecast.table?.year,
                                      change: found.forecast.change, requirement: requirement)
            item.dataAge = year - (found.forecast.years.max() ?? year)
            buckets[bucket, default: []].append((item, found.forecast))
            result.inBands[bucket, default: 0] += 1
        }
        func name(_ item: Recommendation) -> (String, String) { (item.series.schoolName, item.series.groupCode ?? "") }
        // Better-supported first; then, to choose, 冲 keeps the likeliest reaches and 稳/保 the hardest schools.
        func pick(_ bucket: Bucket, _ count: Int) -> [Recommendation] {
            let chosen = (buckets[bucket] ?? []).sorted {
                if $0.item.isLowConfidence != $1.item.isLowConfidence { return !$0.item.isLowConfidence }
                if $0.item.probability != $1.item.probability {
                    return bucket == .risky ? $0.item.probability > $1.item.probability : $0.item.probability < $1.item.probability
                }
                return name($0.item) < name($1.item)
            }.prefix(count)
            return chosen.map { entry in
                var item = entry.item
                item.predictedScore = entry.forecast.line(atLeast: configuration.lineLevels.stable)
                item.gap = score - item.predictedScore
                item.predictedRank = entry.forecast.table.flatMap { Self.rank(in: $0, score: item.predictedScore)?.rank }
                return item
            }.sorted {
                if $0.isLowConfidence != $1.isLowConfidence { return !$0.isLowConfidence }
                if $0.probability != $1.probability { return $0.probability < $1.probability }
                return name($0) < name($1)
            }
        }
        if let tendency {
            result.items = pick(tendency, limit)
        } else {
            let total = configuration.mix.risky + configuration.mix.stable + configuration.mix.safe
            let riskyCount = roundHalfUp(Double(limit * configuration.mix.risky) / Double(total))
            let safeCount = roundHalfUp(Double(limit * configuration.mix.safe) / Double(total))
            let stableCount = Swift.max(0, limit - riskyCount - safeCount)
            result.items = pick(.risky, riskyCount) + pick(.stable, stableCount) + pick(.safe, safeCount)
        }
        return result
    }
}
