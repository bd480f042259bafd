import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Tester pass 11, finding 6 (issue 28): `PUT /api/v1/gaokao/plan` took a group-less item in a group-filling province,
/// merged duplicates silently and, with no profile, answered nulls without a word. Against the live server.
@Suite("Gaokao 志愿表 PUT checks", .requires(.gaokao))
struct PlanPutTests {
    static let hunan = "gk_profile=" + "湖南|2026|物理类|本科批|600".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

    @Test("an item without its group, where the province fills by group, is a 422 naming it")
    func missingGroup() throws {
        let fixture = try GaokaoFixture.get()
        let refused = try fixture.server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[{"school":"中南大学"}]}"#,
                                              headers: ["Cookie": Self.hunan + "; lang=zh"])
        #expect(refused.status == 422 && refused.text.contains(#""field":"items[0].group""#) && refused.text.contains("须写专业组"), "\(refused.text)")
        let group = try #require(fixture.data.filingSeries(province: "湖南", category: "物理类", batchStd: "本科批")
            .first { $0.schoolName == "中南大学" && $0.groupCode != nil && $0.points.contains { $0.year == 2025 } }?.groupCode)
        #expect(refused.text.contains(group))
    }

    @Test("duplicate items are a 422 listing them with their positions")
    func duplicates() throws {
        let server = try GaokaoFixture.get().server
        let refused = try server.send("PUT", "/api/v1/gaokao/plan",
                                      json: #"{"items":[{"school":"中南大学","group":"116"},{"school":"湖南大学","group":"101"},{"school":"中南大学","group":"116"}]}"#,
                                      headers: ["Cookie": Self.hunan + "; lang=zh"])
        #expect(refused.status == 422 && refused.text.contains(#""field":"items""#) && refused.text.contains("志愿重复：中南大学 116组（第 1、3 项）"), "\(refused.text)")
        #expect(PlanEntry.repeats([PlanEntry(school: "a", group: ""), nil, PlanEntry(school: "a", group: "")]).map(\.positions) == [[1, 3]])
    }

    @Test("without a profile the answer says why every chance is null")
    func noProfile() throws {
        let server = try GaokaoFixture.get().server
        let saved = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[{"school":"中南大学","group":"116"}]}"#,
                                    headers: ["Cookie": "lang=zh"])
        #expect(saved.status == 200)
        let body = try saved.json()
        #expect(body["warning"] as? String == GaokaoText.planNeedsProfile.zh, "\(saved.text)")
        #expect(((body["items"] as? [[String: Any]])?.first?["probability"]) is NSNull)
    }
}
