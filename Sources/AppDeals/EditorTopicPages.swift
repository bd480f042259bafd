import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import WebUI

/// The admins' 专题 editor: `/appdeals/topics/new/edit` and `/appdeals/topics/{id}/edit` (one multipart form with
/// the texts, the cover and the apps, ticked from a search in the same form: 搜索 re-renders it keeping what was
/// typed, 保存专题 saves) and `/appdeals/topics/{id}/delete`. Non-admins get the 403 page.
extension DealPages {
    func registerEditor(into routes: inout RouteGroup<SessionGuard>) {
        let pages = self
        routes.get("/topics/{id}/edit") { request, member in
            try pages.api.auth.require(.curate, member)
            let id = try pages.editedID(request)
            let topic = try id.map { id throws -> EditorTopic in
                guard let topic = try pages.api.editors.topic(id) else { throw HTTPError.notFound() }
                return topic
            }
            let input = topic.map {
                DealTopicInput(title: $0.title.zh, titleEn: $0.title.en, summary: $0.summary.zh,
                               summaryEn: $0.summary.en == $0.summary.zh ? nil : $0.summary.en, appIds: $0.appIDs, position: $0.position)
            } ?? DealTopicInput(title: "", titleEn: "", summary: "", appIds: [], position: EditorTopicRules.defaultPosition)
            return try pages.editorPage(member.viewer, id: id, input: input, query: "", cover: topic?.cover, errors: [])
        }
        routes.post("/topics/{id}/edit") { request, member in try pages.saveTopic(request, member) }
        routes.post("/topics/{id}/delete") { request, member in
            try pages.api.auth.require(.curate, member)
            guard let id = try pages.editedID(request), try pages.api.editors.delete(id, editor: member.user, now: pages.api.now) else {
                throw HTTPError.notFound()
            }
            return .redirect(to: "/appdeals/topics")
        }
    }

    /// `new` → nil, else the topic's number. - Throws: 404 for anything else.
    func editedID(_ request: Request) throws -> Int64? {
        let text = try request.parameter("id")
        if text == "new" { return nil }
        guard let id = Int64(text), String(id) == text else { throw HTTPError.notFound() }
        return id
    }

    /// True when the viewer may edit 专题 (an admin).
    func isEditor(_ viewer: Viewer) throws -> Bool {
        guard let user = viewer.user else { return false }
        return !(try api.auth.roles.roles(of: user.id)).isDisjoint(with: Permission.curate.roles)
    }

    private func saveTopic(_ request: Request, _ member: SignedIn) throws -> Response {
        try api.auth.require(.curate, member)
        let id = try editedID(request)
        let form = request.form()
        let input = DealTopicInput(
            title: form["title"] ?? "", titleEn: form["titleEn"] ?? "", summary: form["summary"] ?? "",
            summaryEn: form["summaryEn"].flatMap { $0.isEmpty ? nil : $0 },
            appIds: form.values("app").compactMap { Int64($0) },
            position: form["position"].flatMap { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                return trimmed.isEmpty ? nil : Int(trimmed) ?? -1
            })
        let query = String((form["q"] ?? "").prefix(100))
        let existingCover = try id.flatMap { try api.editors.topic($0)?.cover }
        if form["action"] == "search" {
            return try editorPage(member.viewer, id: id, input: input, query: query, cover: existingCover, errors: [])
        }
        do {
            let saved = try api.saveTopic(input, id: id, member: member)
            if let upload = request.uploadedFiles.first(where: { $0.fieldName == "cover" && $0.size > 0 }) {
                do {
                    try api.setCover(saved, uploadAt: upload.temporaryPath, member: member)
                } catch let error as HTTPError where error.status == .unprocessableContent {
                    // The texts and apps are saved; the page says what was wrong with the picture.
                    let stored = try api.editors.topic(saved)
                    return try editorPage(member.viewer, id: saved, input: input, query: query, cover: stored?.cover,
                                          errors: error.errors, status: .unprocessableContent)
                }
            }
            return .redirect(to: "/appdeals/topics/\(saved)")
        } catch let error as HTTPError where error.status == .unprocessableContent {
            return try editorPage(member.viewer, id: id, input: input, query: query, cover: existingCover, errors: error.errors,
                                  status: .unprocessableContent)
        }
    }

    private func editorPage(_ viewer: Viewer, id: Int64?, input: DealTopicInput, query: String, cover: String?,
                            errors: [HTTPError.FieldError], status: HTTPStatus = .ok) throws -> Response {
        let l = viewer.language
        let snapshot = try store.snapshot()
        let picked = input.appIds.compactMap { snapshot.apps[$0] }
        let pickedIDs = Set(input.appIds)
        let found: [AppSummary] = query.isEmpty ? [] : (try? lists.page(ListQuery(DealAppsQuery(tab: .hot, q: query),
                                                                                 categories: snapshot.categories)))?
            .items.map(\.app).filter { !pickedIDs.contains($0.id) } ?? []
        func error(_ field: String) -> String? {
            let messages = errors.filter { $0.field == field }.map(\.message)
            return messages.isEmpty ? nil : messages.joined(separator: "；")
        }
        let title = id == nil ? DealText.newTopic(l) : DealText.editTopic(l)
        return page(viewer, title: title, back: BackLink(href: "/appdeals/topics", label: DealText.topics(l)), tab: "topics", status: status,
                    actions: false) {
            postForm(action: "/appdeals/topics/\(id.map(String.init) ?? "new")/edit", csrfToken: viewer.csrfToken, multipart: true,
                     attributes: [.class("ad-editor")]) {
                formGroup {
                    formField(label: DealText.topicTitleZh(l), name: "title", value: input.title, error: error("title"), required: true,
                              maxLength: EditorTopicRules.maximumTitle)
                    formField(label: DealText.topicTitleEn(l), name: "titleEn", value: input.titleEn, error: error("titleEn"), required: true,
                              maxLength: EditorTopicRules.maximumTitle)
                    formField(label: DealText.topicSummaryZh(l), name: "summary", type: .textarea, value: input.summary, error: error("summary"),
                              required: true, maxLength: EditorTopicRules.maximumSummary)
                    formField(label: DealText.topicSummaryEn(l), name: "summaryEn", type: .textarea, value: input.summaryEn,
                              error: error("summaryEn"), maxLength: EditorTopicRules.maximumSummary)
                    formField(label: DealText.topicPositionLabel(l), name: "position", type: .number,
                              value: input.position.map(String.init), error: error("position"), inputMode: "numeric")
                }
                formGroup(header: DealText.topicCover(l), footer: DealText.topicCoverHint(l)) {
                    if let cover { img(.class("ad-cover"), .src("/media/\(cover)"), .alt(""), .width(390), .height(195)) }
                    div(.classes("field", error("cover") != nil ? "has-error" : nil)) {
                        WebUI.input(.class("field-input"), .id("field-cover"), .name("cover"), .type("file"), .accept("image/*"))
                        if let message = error("cover") { p(.class("field-error")) { message } }
                    }
                }
                formGroup(header: DealText.topicApps(l) + " · " + DealText.appCount(picked.count)(l), footer: error("appIds")) {
                    ul(.class("ad-pick"), .role("list")) {
                        for app in picked { pickRow(app, checked: true) }
                        for app in found { pickRow(app, checked: false) }
                    }
                    div(.class("ad-search-row")) {
                        WebUI.input(.class("field-input"), .id("field-q"), .name("q"), .type("search"), .value(query), .maxlength(100),
                              .ariaLabel(DealText.topicSearchApps(l)), .placeholder(DealText.topicSearchApps(l)))
                        WebUI.button(.classes("btn", "btn-secondary"), .type("submit"), .name("action"), .value("search"), .attribute("formnovalidate", "")) {
                            DealText.topicSearchButton(l)
                        }
                    }
                }
                WebUI.button(.classes("btn", "btn-primary", "ad-save-topic"), .type("submit"), .name("action"), .value("save")) { DealText.saveTopic(l) }
            }
            if let id {
                postForm(action: "/appdeals/topics/\(id)/delete", csrfToken: viewer.csrfToken, confirm: DealText.deleteTopic(l) + "?") {
                    WebUI.button(.classes("btn", "btn-secondary", "ad-delete-topic"), .type("submit")) { DealText.deleteTopic(l) }
                }
            }
        }
    }

    private func pickRow(_ app: AppSummary, checked: Bool) -> Node {
        li(.class("ad-pick-row")) {
            WebUI.label(.class("ad-pick-label")) {
                WebUI.input(.type("checkbox"), .name("app"), .value(String(app.id)), Attribute.checked.when(checked))
                img(.class("ad-icon"), .src(DealsApp.icon(app.id, url: app.iconURL)), .alt(""), .width(32), .height(32), .loading("lazy"))
                span(.class("ad-pick-name")) { app.name }
            }
        }
    }
}
