public import AppSuiteAPI

extension AppSuiteClient {
    /// 豹考通 Gaokao: score tables, lines, predictions and recommendations on the server's data, and 我的高考.
    /// Provinces are short names (`河南`), 科类 and 批次 as the server lists them (``Gaokao/options(province:year:category:)``),
    /// scores in points.
    public var gaokao: Gaokao { Gaokao(client: self) }

    /// The methods of ``AppSuiteClient/gaokao``.
    public struct Gaokao: Sendable {
        let client: AppSuiteClient

        static let provinces = Route("GET", APIPath.Gaokao.provinces)
        static let options = Route("GET", APIPath.Gaokao.options)
        static let rank = Route("GET", APIPath.Gaokao.rank)
        static let equivalentScore = Route("GET", APIPath.Gaokao.equivalentScore)
        static let controlLines = Route("GET", APIPath.Gaokao.controlLines)
        static let admissionLines = Route("GET", APIPath.Gaokao.admissionLines)
        static let majorLines = Route("GET", APIPath.Gaokao.majorLines)
        static let prediction = Route("GET", APIPath.Gaokao.prediction)
        static let recommendations = Route("GET", APIPath.Gaokao.recommendations)
        static let profile = Route("GET", APIPath.Gaokao.profile)
        static let saveProfile = Route("PUT", APIPath.Gaokao.profile)
        static let plan = Route("GET", APIPath.Gaokao.plan)
        static let savePlan = Route("PUT", APIPath.Gaokao.plan)
        static let endpoints = [provinces, options, rank, equivalentScore, controlLines, admissionLines, majorLines, prediction, recommendations,
                                profile, saveProfile, plan, savePlan]

        /// `GET /api/v1/gaokao/plan`: the 志愿表 (the account's when signed in) with its risk check for 我的高考.
        public func plan() async throws(AppSuiteError) -> GaokaoPlan {
            try await client.value(.init(Self.plan), as: GaokaoPlan.self)
        }

        /// `PUT /api/v1/gaokao/plan`: replaces the 志愿表 with `entries` in order and returns it evaluated for the profile
        /// it was built for; `rescore` evaluates it for the current 我的高考 from now on.
        /// - Throws: a `422` problem (field `items`) for more than 30 entries or an invalid one.
        public func savePlan(_ entries: [GaokaoPlanEntryInput], rescore: Bool = false) async throws(AppSuiteError) -> GaokaoPlan {
            try await client.value(try AppSuiteClient.Call(Self.savePlan).json(GaokaoPlanInput(items: entries, rescore: rescore ? true : nil)),
                                   as: GaokaoPlan.self)
        }

        /// `GET /api/v1/gaokao/provinces`: the 31 provinces with exam model, total score and data coverage.
        public func provinces() async throws(AppSuiteError) -> [GaokaoProvince] {
            try await client.value(.init(Self.provinces), as: GaokaoProvinceList.self).items
        }

        /// `GET /api/v1/gaokao/options`: the 科类 of a province and year, and the 批次 of `category` (else the first).
        /// - Throws: a `422` problem naming an unknown province or a missing year.
        public func options(province: String, year: Int, category: String? = nil) async throws(AppSuiteError) -> GaokaoOptions {
            try await client.value(.init(Self.options, query: [("province", province), ("year", String(year)), ("category", category)]),
                                   as: GaokaoOptions.self)
        }

        /// `GET /api/v1/gaokao/rank`: 一分一段, a score's 位次 and 同分人数.
        /// - Throws: a `404` problem (type `urn:appsuite:problem:gaokao-no-data`) without a table for the query,
        ///   `422` naming an invalid parameter.
        public func rank(province: String, year: Int, category: String, score: Int) async throws(AppSuiteError) -> GaokaoRank {
            try await client.value(.init(Self.rank, query: [("province", province), ("year", String(year)), ("category", category),
                                                            ("score", String(score))]), as: GaokaoRank.self)
        }

        /// `GET /api/v1/gaokao/equivalent-score`: 等位分, the score at the same rank in `toYear`.
        /// - Throws: a `404` problem without tables for both years, `422` naming an invalid parameter.
        public func equivalentScore(province: String, category: String, score: Int, fromYear: Int, toYear: Int) async throws(AppSuiteError) -> GaokaoEquivalentScore {
            try await client.value(.init(Self.equivalentScore, query: [("province", province), ("category", category), ("score", String(score)),
                                                                       ("fromYear", String(fromYear)), ("toYear", String(toYear))]),
                                   as: GaokaoEquivalentScore.self)
        }

        /// `GET /api/v1/gaokao/control-lines`: 省控线 of a province, newest year first; nil filters mean 不限.
        public func controlLines(province: String, year: Int? = nil, category: String? = nil, batch: String? = nil) async throws(AppSuiteError) -> GaokaoControlLines {
            try await client.value(.init(Self.controlLines, query: [("province", province), ("year", year.map(String.init)),
                                                                    ("category", category), ("batch", batch)]), as: GaokaoControlLines.self)
        }

        /// `GET /api/v1/gaokao/admission-lines`: 投档线 of a school (name, 学校标识码 or 院校代码) for students of `province`;
        /// `group` keeps one 院校专业组 (or 专业) code.
        /// - Throws: a `422` problem naming `year` outside the data or a `group` the school does not have.
        public func admissionLines(province: String, school: String, year: Int? = nil, category: String? = nil,
                                   batch: String? = nil, group: String? = nil) async throws(AppSuiteError) -> GaokaoAdmissionLines {
            try await client.value(.init(Self.admissionLines, query: [("province", province), ("school", school), ("year", year.map(String.init)),
                                                                      ("category", category), ("batch", batch), ("group", group)]),
                                   as: GaokaoAdmissionLines.self)
        }

        /// `GET /api/v1/gaokao/major-lines`: 专业 lines of a school (name, 学校标识码 or 院校代码) for students of
        /// `province`, with the source and licence of each.
        public func majorLines(province: String, school: String) async throws(AppSuiteError) -> GaokaoMajorLines {
            try await client.value(.init(Self.majorLines, query: [("province", province), ("school", school)]), as: GaokaoMajorLines.self)
        }

        /// `GET /api/v1/gaokao/prediction`: 投档线预测 of a school, three lines risky ≤ stable ≤ safe.
        /// - Parameters:
        ///   - line, lineYear: a line the student knows (in points, of `lineYear`, default `year − 1`) for a school
        ///     the data has none for.
        /// - Throws: a `404` problem when the data has no line for the school and none is given, `422` naming an
        ///   invalid parameter.
        ///   - group: predict this 院校专业组 (or 专业) code rather than the school's lowest group.
        public func prediction(province: String, year: Int, category: String, batch: String, school: String, line: Int? = nil,
                               lineYear: Int? = nil, group: String? = nil) async throws(AppSuiteError) -> GaokaoPrediction {
            try await client.value(.init(Self.prediction, query: [("province", province), ("year", String(year)), ("category", category),
                                                                  ("batch", batch), ("school", school), ("line", line.map(String.init)),
                                                                  ("lineYear", lineYear.map(String.init)), ("group", group)]),
                                   as: GaokaoPrediction.self)
        }

        /// `GET /api/v1/gaokao/recommendations`: 冲/稳/保 schools for a score, 3:4:3 unless `tendency` picks one bucket.
        /// - Parameters:
        ///   - targetProvince: only schools in this province; nil for 不限.
        ///   - tag: only 985 / 211 / 双一流 schools; nil for 不限.
        ///   - limit: at most this many schools, 1–200 (30 when nil).
        ///   - subjects: the student's 选科 (`["化学", "生物"]`): groups whose published requirement they do not meet are
        ///     left out; nil lists every group with its requirement.
        /// - Throws: a `422` problem naming an invalid parameter (a score above the year's total, an unknown tag, a
        ///   year outside the data, a 选科 combination the province-year does not allow …).
        public func recommendations(province: String, year: Int, category: String, batch: String, score: Int,
                                    tendency: GaokaoBucket? = nil, targetProvince: String? = nil, tag: GaokaoSchoolTag? = nil,
                                    limit: Int? = nil, subjects: [String]? = nil) async throws(AppSuiteError) -> GaokaoRecommendations {
            try await client.value(.init(Self.recommendations, query: [
                ("province", province), ("year", String(year)), ("category", category), ("batch", batch), ("score", String(score)),
                ("tendency", tendency?.rawValue), ("targetProvince", targetProvince), ("tag", tag?.rawValue), ("limit", limit.map(String.init)),
                ("subjects", subjects?.joined(separator: ",")),
            ]), as: GaokaoRecommendations.self)
        }

        /// `GET /api/v1/gaokao/profile`: the signed-in user's 我的高考, nil when none is saved.
        public func profile() async throws(AppSuiteError) -> GaokaoSavedProfile? {
            try await client.optionalValue(.init(Self.profile), as: GaokaoSavedProfile.self)
        }

        /// `PUT /api/v1/gaokao/profile`: saves 我的高考 with the account (signed in; signed out, the server keeps it in
        /// a cookie this client does not send back).
        /// - Throws: a `422` problem naming each missing or invalid field (the score is checked against the
        ///   province's total that year).
        public func saveProfile(_ profile: GaokaoProfileInput) async throws(AppSuiteError) -> GaokaoSavedProfile {
            try await client.value(try AppSuiteClient.Call(Self.saveProfile).json(profile), as: GaokaoSavedProfile.self)
        }
    }
}
