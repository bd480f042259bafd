import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import WebUI

/// The admins' form on a 限免 app's page: set its known end (a Beijing date and time), or clear it.
extension DealPages {
    func knownEndForm(_ id: Int64, state: DealState, language l: Language, csrfToken: String) -> Node {
        let value = state.expiresEstimated ? "" : Self.beijingInput(state.expiresAt ?? state.since)
        return postForm(action: "/appdeals/apps/\(id)/end", csrfToken: csrfToken, attributes: [.class("ad-known-end")]) {
            WebUI.label(.class("ad-alert-label"), .for("ad-known-end")) { DealText.knownEnd(l) }
            WebUI.input(.class("field-input"), .id("ad-known-end"), .name("ends"), .type("datetime-local"), .value(value))
            WebUI.button(.classes("btn", "btn-secondary", "ad-filter-go"), .type("submit"), .name("action"), .value("set")) { DealText.save(l) }
            if !state.expiresEstimated {
                WebUI.button(.classes("btn", "btn-secondary"), .type("submit"), .name("action"), .value("clear")) { DealText.clearKnownEnd(l) }
            }
        }
    }

    func setKnownEnd(_ request: Request, _ member: SignedIn) throws -> Response {
        try api.auth.require(.curate, member)
        let id = try request.parameter("id", as: Int64.self)
        let form = request.form()
        let now = api.now
        if form["action"] == "clear" {
            _ = try KnownEnds.remove(appID: id, region: .cn, editor: member.user, database: store.database, now: now)
            return member.viewer.redirect(to: "/appdeals/apps/\(id)")
        }
        let snapshot = try store.snapshot()
        guard snapshot.apps[id] != nil else { throw HTTPError.notFound() }
        guard let ends = form["ends"].flatMap(Self.beijingTime) else {
            throw HTTPError.validation([.init(field: "ends", message: DealText.knownEndInvalid(member.viewer.language))])
        }
        let state = store.states(snapshot, region: .cn, at: snapshot.latest[.cn] ?? 0)[id]
        do {
            try KnownEnds.set(ends, state: state, appID: id, region: .cn, editor: member.user, database: store.database, now: now)
        } catch let error as HTTPError where error.status == .unprocessableContent {
            throw HTTPError.validation([.init(field: "ends", message: DealText.knownEndInvalid(member.viewer.language))])
        }
        return member.viewer.redirect(to: "/appdeals/apps/\(id)")
    }

    /// `2025-07-06T18:30` (a `datetime-local` value, Beijing time, UTC+8) as UTC seconds; nil when malformed.
    static func beijingTime(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard text.count <= 19, parts.count == 5 || parts.count == 6 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 8 * 3_600)!
        let wanted = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
                                    second: parts.count > 5 ? parts[5] : 0)
        // Dates that do not exist (30 February, 25:00) come back changed.
        guard let date = calendar.date(from: wanted),
              calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date) == wanted else { return nil }
        return Int64(date.timeIntervalSince1970)
    }

    /// UTC seconds as a `datetime-local` value in Beijing time.
    static func beijingInput(_ seconds: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 8 * 3_600)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d-%02d-%02dT%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}
