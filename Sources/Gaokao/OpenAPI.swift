import AppSuiteAPI
import HTTPServer

/// The OpenAPI entries of every `/api/v1/gaokao/…` route.
enum GaokaoOpenAPI {
    static let tag = "Gaokao 豹考通"

    static func q(_ name: String, _ description: String, required: Bool = false, integer: Bool = false) -> APIOperation.Parameter {
        .init(name, in: .query, required: required,
              schema: integer ? .integer(minimum: Query.integers.lowerBound, maximum: Query.integers.upperBound) : .string(maxLength: Query.maximumLength),
              description: description)
    }

    static let province = q("province", "生源地 (home province), e.g. 河南", required: true)
    static let year = q("year", "exam year 2014–2026 (422 naming `year` outside the data), e.g. 2026", required: true, integer: true)
    static let category = q("category", "科类: 理科, 文科, 综合, 物理类, 历史类", required: true)
    static let batch = q("batch", "批次 (batch_std or as published), e.g. 本科一批", required: true)
    static let noData = APIOperation.Outcome(404, "No data for this query (problem+json, type urn:appsuite:problem:gaokao-no-data)", mediaType: "application/problem+json")
    static let invalid = APIOperation.Outcome(422, "Missing or invalid parameter, one over 64 characters or more than 24 parameters (problem+json naming the field, `query` for the count)", mediaType: "application/problem+json")

    static let operations: [APIOperation] = [
        APIOperation(.get, "/api/v1/gaokao/provinces", summary: "Provinces with exam model, total score and data coverage", tag: tag,
                     responses: [.init(200, "The 31 provinces", schema: .ref(GaokaoProvinceList.self)), invalid]),
        APIOperation(.get, "/api/v1/gaokao/options", summary: "科类, 批次 and maximum score offered for a province and year", tag: tag,
                     parameters: [province, year, q("category", "科类 to list batches for")], responses: [.init(200, "Options", schema: .ref(GaokaoOptions.self)), invalid]),
        APIOperation(.get, "/api/v1/gaokao/rank", summary: "一分一段: score → rank (位次) with 同分人数", tag: tag,
                     parameters: [province, year, category, q("score", "total score", required: true, integer: true)],
                     responses: [.init(200, "The rank", schema: .ref(GaokaoRank.self)), noData, invalid]),
        APIOperation(.get, "/api/v1/gaokao/equivalent-score", summary: "等位分: the score at the same rank in another year", tag: tag,
                     parameters: [province, category, q("score", "score in fromYear", required: true, integer: true),
                                  q("fromYear", "year of the score", required: true, integer: true),
                                  q("toYear", "year to convert to", required: true, integer: true)],
                     responses: [.init(200, "The equivalent score", schema: .ref(GaokaoEquivalentScore.self)), noData, invalid]),
        APIOperation(.get, "/api/v1/gaokao/control-lines", summary: "省控线 of a province (year, 科类, 批次 optional = 不限; one the province's lines lack is a 422 naming it)", tag: tag,
                     parameters: [province, q("year", "exam year", integer: true), q("category", "科类"), q("batch", "批次")],
                     responses: [.init(200, "The lines, newest year first", schema: .ref(GaokaoControlLines.self)), invalid]),
        APIOperation(.get, "/api/v1/gaokao/admission-lines", summary: "投档线 of a school in a home province", tag: tag,
                     parameters: [province, q("school", "school name, 学校标识码 or 院校代码", required: true), q("year", "exam year (2014–2026)", integer: true),
                                  q("category", "科类"), q("batch", "批次"), q("group", "院校专业组 (or 专业) code; 422 when the school has none such")],
                     responses: [.init(200, "The lines, newest year first; group lines carry `group`, `groupName`, `subjects`", schema: .ref(GaokaoAdmissionLines.self)), invalid]),
        APIOperation(.get, "/api/v1/gaokao/major-lines", summary: "专业 lines of a school in a home province, with source and licence", tag: tag,
                     parameters: [province, q("school", "school name, 学校标识码 or 院校代码", required: true)],
                     responses: [.init(200, "The lines, newest year first (at most 1,000)", schema: .ref(GaokaoMajorLines.self)), invalid]),
        APIOperation(.get, "/api/v1/gaokao/prediction", summary: "投档线预测: risky/stable/safe line, method and years used", tag: tag,
                     parameters: [province, year, category, batch, q("school", "school name or code", required: true),
                                  q("line", "a known past line when the data has none", integer: true),
                                  q("lineYear", "the year of `line` (default year − 1)", integer: true),
                                  q("group", "院校专业组 (or 专业) code to predict; 422 naming `group` when the school has none such")],
                     responses: [.init(200, "The prediction", schema: .ref(GaokaoPrediction.self)), noData, invalid]),
        APIOperation(.get, "/api/v1/gaokao/recommendations", summary: "学校推荐: 冲/稳/保 schools with probability", tag: tag,
                     parameters: [province, year, category, batch, q("score", "total score", required: true, integer: true),
                                  q("tendency", "冒险, 稳妥, 保守 or empty for the 3:4:3 mix"),
                                  q("targetProvince", "campus province (empty = 不限)"),
                                  q("tag", "985, 211 or double-first-class (universities.csv flags; empty = 不限)"),
                                  q("limit", "at most this many (default 30)", integer: true),
                                  q("subjects", "选科, e.g. 化学,生物 (3+1+2: two of 化学, 生物, 政治, 地理; 3+3: three of six); 422 naming `subjects` for a combination the province-year does not allow")],
                     responses: [.init(200, "The schools", schema: .ref(GaokaoRecommendations.self)), invalid]),
        APIOperation(.get, "/api/v1/gaokao/profile", summary: "我的高考 (account, or the cookie when signed out)", tag: tag,
                     responses: [.init(200, "The profile", schema: .ref(GaokaoSavedProfile.self)), .init(404, "No profile yet", mediaType: "application/problem+json"), invalid]),
        APIOperation(.put, "/api/v1/gaokao/profile", summary: "Save 我的高考; the score is checked against the province/year total", tag: tag,
                     requestBody: .ref(GaokaoProfileInput.self),
                     responses: [.init(200, "Saved", schema: .ref(GaokaoSavedProfile.self)), .init(422, "Invalid field with the allowed range", mediaType: "application/problem+json")]),
        APIOperation(.get, "/api/v1/gaokao/plan", summary: "志愿表 with its risk check (account, or the cookie when signed out)", tag: tag,
                     responses: [.init(200, "The list, evaluated for 我的高考", schema: .ref(GaokaoPlan.self)), invalid]),
        APIOperation(.put, "/api/v1/gaokao/plan", summary: "Replace the 志愿表 (at most 30 entries, in order)", tag: tag,
                     requestBody: .ref(GaokaoPlanInput.self),
                     responses: [.init(200, "Saved and evaluated", schema: .ref(GaokaoPlan.self)),
                                 .init(422, "Too many entries or an invalid one", mediaType: "application/problem+json")]),
    ]

    /// The Gaokao models (`AppSuiteAPI`), as components of the document.
    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(GaokaoProvince.self),
        JSONSchema.component(GaokaoProvinceList.self),
        JSONSchema.component(GaokaoOptions.self),
        JSONSchema.component(GaokaoRank.self),
        JSONSchema.component(GaokaoEquivalentScore.self),
        JSONSchema.component(GaokaoControlLine.self),
        JSONSchema.component(GaokaoControlLines.self),
        JSONSchema.component(GaokaoAdmissionLine.self),
        JSONSchema.component(GaokaoAdmissionLines.self),
        JSONSchema.component(GaokaoMajorLine.self),
        JSONSchema.component(GaokaoMajorLineSource.self),
        JSONSchema.component(GaokaoMajorLines.self),
        JSONSchema.component(GaokaoPrediction.self, overriding: ["method": .string(description: "rank, lineDifference, userLine or lastYear")]),
        JSONSchema.component(GaokaoPrediction.Group.self, overriding: ["method": .string(description: "rank, lineDifference, userLine or lastYear")]),
        JSONSchema.component(GaokaoRecommendation.self, overriding: [
            "probability": .number(description: "estimated 录取概率, 0–1"),
            "bucketCode": .string(description: "risky, stable or safe"),
            "method": .string(description: "rank, lineDifference, userLine or lastYear"),
        ]),
        JSONSchema.component(GaokaoRecommendations.self),
        JSONSchema.component(GaokaoSavedProfile.self, overriding: ["storedIn": .string(description: "account or cookie")]),
        JSONSchema.component(GaokaoProfileInput.self),
        JSONSchema.component(GaokaoPlanEntryInput.self, overriding: [
            "school": .string(description: "school name as published, 1–60 characters"),
            "group": .string(description: "院校专业组 code, at most 10 characters"),
        ]),
        JSONSchema.component(GaokaoPlanInput.self),
        JSONSchema.component(GaokaoPlanItem.self, overriding: ["bucketCode": .string(description: "risky, stable or safe")]),
        JSONSchema.component(GaokaoPlan.self, overriding: ["storedIn": .string(description: "account or cookie")]),
    ]
}
