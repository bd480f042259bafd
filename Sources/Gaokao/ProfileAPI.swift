import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import WebUI

/// 我的高考 and the 志愿表 over the API (`/api/v1/gaokao/profile`, `/plan`): split from ``GaokaoAPI`` by job.
extension GaokaoAPI {
    // MARK: profile

    func getProfile(_ request: Request, _ viewer: Viewer) throws -> Response {
        let data = try store.data()
        guard let profile = try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).profile(for: viewer, request: request, data: data) else {
            throw HTTPError.notFound(viewer.language == .zh ? "还没有填写我的高考。" : "No profile yet.")
        }
        return Self.profileResponse(profile, storedIn: viewer.isSignedIn ? "account" : "cookie", data: data)
    }

    func putProfile(_ request: Request, _ viewer: Viewer) throws -> Response {
        let body = try request.decodeJSON(GaokaoProfileInput.self)
        let data = try store.data()
        let input = ProfileInput(province: body.province, year: body.year.map(String.init), category: body.category,
                                 batch: body.batch, score: body.score.map(String.init), subjects: body.subjects)
        switch data.validate(input) {
        case .failure(let failure):
            throw HTTPError.validation(failure.errors.map { HTTPError.FieldError(field: $0.field, message: viewer.language == .zh ? $0.zh : $0.en) })
        case .success(let profile):
            var response = Self.profileResponse(profile, storedIn: viewer.isSignedIn ? "account" : "cookie", data: data)
            try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).save(profile, viewer: viewer, response: &response)
            viewer.apply(to: &response)
            return response
        }
    }

    // MARK: 志愿表

    func getPlan(_ request: Request, _ viewer: Viewer) throws -> Response {
        let data = try store.data()
        let source = PlanSource(store: store, isSecure: authenticator.usesSecureCookies)
        return try planResponse(try source.entries(for: viewer, request: request),
                                planProfile: try source.profile(for: viewer, request: request, data: data), request: request, viewer: viewer, data: data)
    }

    /// Replaces the list (`items`; absent keeps the stored one, so `{"rescore":true}` alone re-scores it and loses
    /// nothing); it keeps the profile it was built for unless `rescore` (issue 28: re-scored on request, not
    /// silently), and takes the current one when it has none.
    func putPlan(_ request: Request, _ viewer: Viewer) throws -> Response {
        let body = try request.decodeJSON(GaokaoPlanInput.self)
        let data = try store.data()
        let source = PlanSource(store: store, isSecure: authenticator.usesSecureCookies)
        let current = try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).profile(for: viewer, request: request, data: data)
        let stored = try source.profile(for: viewer, request: request, data: data)
        let profile = body.rescore == true ? current : stored ?? current
        let storedEntries = body.items == nil ? try source.entries(for: viewer, request: request) : []
        // The same 志愿 twice is refused, listing each repeat with its positions (tester pass 11, finding 6: merged silently).
        if let items = body.items {
            let sent = items.map { try? PlanEntry.validated(school: $0.school, group: $0.group) }
            let repeats = PlanEntry.repeats(sent)
            if !repeats.isEmpty {
                let zh = repeats.map { "\($0.entry.school)\($0.entry.group.isEmpty ? "" : " \($0.entry.group)组")（第 \($0.positions.map(String.init).joined(separator: "、")) 项）" }
                let en = repeats.map { "\($0.entry.school)\($0.entry.group.isEmpty ? "" : " group \($0.entry.group)") (items \($0.positions.map(String.init).joined(separator: ", ")))" }
                throw HTTPError.validation([.init(field: "items", message: viewer.language == .zh ? "志愿重复：" + zh.joined(separator: "；") + "。"
                                                                                                : "Repeated choices: " + en.joined(separator: "; ") + ".")])
            }
        }
        let entries: [PlanEntry]
        do {
            if let items = body.items {
                entries = try PlanEntry.validatedList(items.map { ($0.school, $0.group) })
            } else {
                entries = storedEntries
            }
            try source.checkFits(entries, profile: profile, viewer: viewer)
        } catch {
            throw HTTPError.validation([.init(field: "items", message: error.text(viewer.language))])
        }
        // Each item as sent (before duplicates are dropped), so `items[i]` names the client's own index.
        if let items = body.items,
            let unknown = data.unknownPlanItem(items.compactMap { try? PlanEntry.validated(school: $0.school, group: $0.group) }, profile: profile)
        {
            throw HTTPError.validation([.init(field: unknown.field, message: viewer.language == .zh ? unknown.zh : unknown.en)])
        }
        var response = try planResponse(entries, planProfile: profile, request: request, viewer: viewer, data: data)
        try source.save(entries, profile: profile, viewer: viewer, response: &response)
        viewer.apply(to: &response)
        return response
    }

    func planResponse(_ entries: [PlanEntry], planProfile: GaokaoProfile?, request: Request, viewer: Viewer, data: GaokaoData) throws -> Response {
        let current = try ProfileSource(store: store, isSecure: authenticator.usesSecureCookies).profile(for: viewer, request: request, data: data)
        let profile = planProfile ?? current
        let risk = data.planRisk(entries, profile: profile, configuration: configuration)
        func rounded(_ value: Double?) -> Double? { value.map { Double($0.wholePercent) / 100 } }
        return .json(capacity: 4096) { json in
            json.object {
                $0.array("items") { list in
                    for (index, row) in risk.rows.enumerated() {
                        list.object {
                            $0.field("position", index + 1)
                            $0.field("school", row.entry.school)
                            $0.field("group", row.entry.group)
                            $0.field("batch", row.series?.batch)
                            $0.field("probability", rounded(row.chance))
                            $0.field("bucketCode", row.bucket?.rawValue)
                            $0.field("predictedScore", row.predictedScore)
                            $0.field("years", row.years)
                            $0.field("lowConfidence", row.years.count <= 1)
                        }
                    }
                }
                $0.field("risky", risk.counts[.risky] ?? 0)
                $0.field("stable", risk.counts[.stable] ?? 0)
                $0.field("safe", risk.counts[.safe] ?? 0)
                $0.field("chanceAnySafe", rounded(risk.chanceAnySafe))
                $0.field("chanceAny", rounded(risk.chanceAny))
                $0.field("chanceAnySafeLow", rounded(risk.chanceAnySafeLow))
                $0.field("chanceAnyLow", rounded(risk.chanceAnyLow))
                $0.field("profile", profile.map(ProfileCookie.encode))
                $0.field("profileChanged", planProfile != nil && current != nil && planProfile != current)
                $0.field("newestYear", risk.newestYear)
                // Without 我的高考 no chance can be computed: said, not left as silent nulls (tester pass 11, finding 6).
                let warning: String? = if let profile { GaokaoText.staleData(newestYears: risk.rows.compactMap { $0.years.max() }, year: profile.year).map { $0(viewer.language) } }
                    else { entries.isEmpty ? nil : GaokaoText.planNeedsProfile(viewer.language) }
                $0.field("warning", warning)
                $0.field("storedIn", viewer.isSignedIn ? "account" : "cookie")
            }
        }
    }

    static func profileResponse(_ profile: GaokaoProfile, storedIn: String, data: GaokaoData) -> Response {
        let rank = data.rank(province: profile.province, year: profile.year, category: profile.category, score: profile.score)
        return .json { json in
            json.object {
                $0.field("province", profile.province)
                $0.field("year", profile.year)
                $0.field("category", profile.category)
                $0.field("batch", profile.batch)
                $0.field("score", profile.score)
                $0.field("maxScore", data.maximumScore(province: profile.province, year: profile.year))
                $0.field("rank", rank?.rank)
                $0.field("storedIn", storedIn)
                $0.field("subjects", profile.subjects.map(\.rawValue))
            }
        }
    }
}

/// Where 我的高考 lives: the account when signed in, else the `gk_profile` cookie.
struct ProfileSource {
    let store: GaokaoStore
    var isSecure = false

    func profile(for viewer: Viewer, request: Request, data: GaokaoData) throws -> GaokaoProfile? {
        if let user = viewer.user {
            if let saved = try store.profile(userID: user.id) { return saved }
        }
        guard let raw = request.cookies[ProfileCookie.name] else { return nil }
        let text = FormData.parse(urlEncoded: "v=" + raw)["v"] ?? ""
        guard let input = ProfileCookie.decode(text), case .success(let profile) = data.validate(input) else { return nil }
        return profile
    }

    func save(_ profile: GaokaoProfile, viewer: Viewer, response: inout Response) throws {
        if let user = viewer.user {
            try store.saveProfile(profile, userID: user.id, now: Int64(Date().timeIntervalSince1970))
        } else {
            var cookie = Cookie(name: ProfileCookie.name, value: percentEncode(ProfileCookie.encode(profile)), maxAge: 365 * 86_400, isSecure: isSecure)
            cookie.isHTTPOnly = true
            response.setCookie(cookie)
        }
    }
}
