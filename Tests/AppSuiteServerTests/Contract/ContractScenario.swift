import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import HTTPServer
import Storage
@testable import Identity
@testable import AppSuiteServer

/// One run of every API operation against a real AppSuite (ephemeral port, temporary data directory) with the
/// real Gaokao and Movie Reviews data imported and real photos uploaded: each success and the main error
/// answers, every body sent built from its `AppSuiteAPI` request model and every answer decoded strictly
/// into its model. Runs once; the tests in ``APIContractTests`` read what it recorded.
enum ContractScenario {
    static let shared: Result<ContractRun, ContractFailure> = {
        do { return .success(try run()) } catch let failure as ContractFailure { return .failure(failure) } catch {
            return .failure(ContractFailure("the contract run could not start: \(error)"))
        }
    }()

    static func run() throws -> ContractRun {
        // The weather provider is QWeather replayed from its recorded replies, at a time when they were current
        // (hours from 2021-02-16 15:00, days from 2021-11-15, a warning until 2023-04-04), so every model is met.
        let replay = try weatherReplay()
        let sink = try SMTPSink()
        let server = try TestServer(clock: FixedClock(Date(timeIntervalSince1970: 1_613_455_200)),  // 2021-02-16 14:00 Beijing
                                    importing: [.gaokao, .movies, .weather, .appstore, .merchants],
                                    options: ["weather-provider": "qweather", "weather-provider-url": replay.url,
                                              "oidc-providers": "corp|公司账号|https://sso.corp.example|appsuite",
                                              "smtp-url": sink.url, "mail-from": "noreply@apps.example.com",
                                              "client-versions": "ios=2.1.0/1.5.0", "release-notes-url": "https://apps.example/notes"],
                                    environment: ["APPSUITE_WEATHER_KEY": "contract"])
        // The first gaokao and appdeals requests build in-memory snapshots; under a full parallel test run that
        // can take longer than a request's 10 s, so wait for both once, with time to spare.
        for path in [APIPath.Gaokao.provinces, AppDealsEndpoints.topics.path] { try server.warm(path) }
        let client = ContractClient(server: server)
        // Each section is a minute after the one before: one scripted user writes faster than the write limits
        // allow a person (60 a minute), and the suite's clock stands still unless a test moves it.
        let nextMinute = { server.clock.advance(by: 61) }
        let users = try accounts(client)
        try linkedLogins(client, users, server: server)
        movies(client, users)
        nextMinute()
        inbox(client, users)
        try moderation(client, users, server: server)
        push(client, users)
        nextMinute()
        gaokao(client, users.alice)
        try weather(client, users.alice)
        nextMinute()
        try appDeals(client, users.alice, server: server)
        nextMinute()
        try merchants(client, users.alice, server: server)
        nextMinute()
        try photos(client, users.alice, bob: users.bob)
        nextMinute()
        // Last: the reset signs bob out everywhere, and an account is deleted.
        try emailAndReset(client, bob: users.bob, sink: sink)
        accountData(client, alice: users.alice)
        client.call("GET", PlatformEndpoints.health.path, as: HealthStatus.self)
        client.problem("POST", PlatformEndpoints.health.path, status: 405)
        client.problem("POST", APIPath.openAPI, status: 405)
        client.call("GET", PlatformEndpoints.appVersion.path, query: [("platform", "ios"), ("current", "1.4.0")], as: AppVersion.self)
        client.problem("GET", PlatformEndpoints.appVersion.path, query: [("platform", "windows")], status: 422)
        client.problem("GET", PlatformEndpoints.appVersion.path, query: [("platform", "android")], status: 404)
        let document = client.document() ?? Data()
        let routes = server.suite.router.registered
            .filter { $0.pattern.hasPrefix("/api/") || $0.pattern == PlatformEndpoints.health.path }
            .map { "\($0.method.rawValue) \($0.pattern)" }
        return client.run(routes: routes, document: document)
    }

    /// The providers, and alice's linked login (seeded in the store: the flow itself runs against a real provider in
    /// IdentityTests/OIDCLoginTests and Tests/E2E).
    static func linkedLogins(_ client: ContractClient, _ users: Users, server: TestServer) throws {
        client.call("GET", APIPath.providers, as: AuthProviderList.self)
        client.problem("POST", APIPath.providers, status: 405)
        guard let alice = try server.suite.authenticator.identity.users.user(username: "contract_alice") else {
            throw ContractFailure("contract_alice is missing")
        }
        let claims = IDTokenClaims(issuer: "https://sso.corp.example", subject: "alice-at-corp", audience: ["appsuite"], expiresAt: 0, issuedAt: 0,
                                   nonce: nil, email: "alice@corp.example", emailVerified: true, name: nil, preferredUsername: nil)
        try OIDCStore(database: server.suite.database).link(userID: alice.id, provider: "corp", claims: claims, now: 1_613_455_200)
        client.call("GET", APIPath.logins, token: users.alice, as: LinkedLoginList.self)
        client.problem("GET", APIPath.logins, status: 401)
        client.noContent("DELETE", APIPath.linkedLogin, ["provider": "corp"], token: users.alice)
        client.problem("DELETE", APIPath.linkedLogin, ["provider": "corp"], token: users.alice, status: 404)
    }

    static func file(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: SharedDataSet.photos.url(relative))) }

    // MARK: accounts

    struct Users {
        var alice: String
        var bob: String
    }

    static func accounts(_ client: ContractClient) throws -> Users {
        let password = "correct horse battery"
        let credentials = Credentials(username: "contract_alice", password: password)
        guard let alice = client.call("POST", APIPath.register, body: .model(credentials), status: 201, as: LoginResponse.self),
              let bob = client.call("POST", APIPath.register, body: .model(Credentials(username: "contract_bob", password: password)),
                                    status: 201, as: LoginResponse.self),
              let carol = client.call("POST", APIPath.register, body: .model(Credentials(username: "contract_carol", password: password)),
                                      status: 201, as: LoginResponse.self)
        else { throw ContractFailure("cannot register the contract users: \(client.failures)") }
        client.problem("POST", APIPath.register, body: .model(credentials), status: 409)
        client.problem("POST", APIPath.register, body: .model(Credentials(username: "contract_dan", password: "short")), status: 422)
        client.problem("POST", APIPath.register, body: .raw(Array(#"{"username":"#.utf8), contentType: "application/json"), status: 400)

        client.call("POST", APIPath.login, body: .model(credentials), as: LoginResponse.self)
        client.problem("POST", APIPath.login, body: .model(Credentials(username: "contract_alice", password: "not the password")), status: 401)

        client.call("GET", APIPath.me, token: alice.token, as: UserProfile.self)
        client.problem("GET", APIPath.me, status: 401)
        client.call("PATCH", APIPath.me, body: .model(NicknameChange(nickname: "爱丽丝")), token: alice.token, as: UserProfile.self)
        client.problem("PATCH", APIPath.me, body: .model(NicknameChange(nickname: "\u{200B}")), token: alice.token, status: 422)
        client.problem("PATCH", APIPath.me, body: .raw(Array(#"{"nickname":7}"#.utf8), contentType: "application/json"), token: alice.token,
                       status: 400)
        client.problem("PATCH", APIPath.me, body: .raw(Array("nickname=x".utf8), contentType: "application/x-www-form-urlencoded"),
                       token: alice.token, status: 415)
        let picture = try file("edge/tiny_1x1.png")
        client.call("PUT", APIPath.avatar, body: .files([("avatar", "me.png", try file("ordinary/astronaut.png"))]), token: alice.token,
                    as: UserProfile.self)
        client.problem("PUT", APIPath.avatar, body: .files([("picture", "me.png", picture)]), token: alice.token, status: 422)

        let change = PasswordChange(currentPassword: password, newPassword: "another horse battery")
        client.problem("PUT", APIPath.password, body: .model(PasswordChange(currentPassword: "not the password", newPassword: "x y z w v u")),
                       token: carol.token, status: 401)
        client.noContent("PUT", APIPath.password, body: .model(change), token: carol.token)
        client.call("POST", APIPath.login, body: .model(Credentials(username: "contract_carol", password: change.newPassword)),
                    as: LoginResponse.self)
        let sessions = client.call("GET", APIPath.sessions, token: carol.token, as: SessionList.self)
        client.problem("GET", APIPath.sessions, status: 401)
        if let other = sessions?.items.first(where: { !$0.current }) {
            client.noContent("DELETE", APIPath.session, ["id": other.id], token: carol.token)
        }
        client.problem("DELETE", APIPath.session, ["id": "0000000000000000"], token: carol.token, status: 404)
        client.noContent("DELETE", APIPath.sessions, token: carol.token)
        client.problem("DELETE", APIPath.sessions, status: 401)
        client.problem("POST", APIPath.logout, status: 403)
        client.noContent("POST", APIPath.logout, token: carol.token)
        return Users(alice: alice.token, bob: bob.token)
    }

    /// Bob's address through the received verification mail, then a password reset through the received reset mail.
    static func emailAndReset(_ client: ContractClient, bob: String, sink: SMTPSink) throws {
        let address = "contract.bob@apps.example.com"
        client.call("GET", APIPath.email, token: bob, as: EmailStatus.self)
        client.problem("GET", APIPath.email, status: 401)
        client.problem("PUT", APIPath.email, body: .model(EmailChange(email: address, currentPassword: "not the password")), token: bob, status: 401)
        client.problem("PUT", APIPath.email, body: .model(EmailChange(email: "not an address", currentPassword: "correct horse battery")), token: bob,
                       status: 422)
        client.call("PUT", APIPath.email, body: .model(EmailChange(email: address, currentPassword: "correct horse battery")), token: bob,
                    as: EmailStatus.self)
        guard wait(until: { sink.messages().count == 1 }), let verification = sink.messages().first else { throw ContractFailure("no verification mail") }
        let verify = try EmailFlowTests.link(verification, path: "/verify-email").token
        client.noContent("POST", APIPath.verifyEmail, body: .model(EmailVerification(token: verify)))
        client.problem("POST", APIPath.verifyEmail, body: .model(EmailVerification(token: verify)), status: 410)
        client.noContent("POST", APIPath.passwordReset, body: .model(PasswordResetRequest(email: address)))
        client.problem("POST", APIPath.passwordReset, body: .raw(Array(#"{"mail":1}"#.utf8), contentType: "application/json"), status: 400)
        guard wait(until: { sink.messages().count == 2 }), let reset = sink.messages().last else { throw ContractFailure("no reset mail") }
        let token = try EmailFlowTests.link(reset, path: "/reset-password").token
        client.problem("POST", APIPath.passwordResetConfirm, body: .model(PasswordReset(token: token, newPassword: "short")), status: 422)
        client.noContent("POST", APIPath.passwordResetConfirm, body: .model(PasswordReset(token: token, newPassword: "another horse battery")))
        client.problem("POST", APIPath.passwordResetConfirm, body: .model(PasswordReset(token: token, newPassword: "another horse battery")),
                       status: 410)
    }

    /// Alice downloads her data; a fresh account is deleted, after a wrong password.
    static func accountData(_ client: ContractClient, alice: String) {
        client.bytes(PlatformEndpoints.exportData.path, [:], token: alice, mediaType: "application/zip")
        client.problem("GET", PlatformEndpoints.exportData.path, status: 401)
        client.call("GET", PlatformEndpoints.storage.path, token: alice, as: StorageUsage.self)
        client.problem("GET", PlatformEndpoints.storage.path, status: 401)
        let password = "correct horse battery"
        guard let erin = client.call("POST", APIPath.register, body: .model(Credentials(username: "contract_erin", password: password)),
                                     status: 201, as: LoginResponse.self) else { return }
        client.problem("DELETE", APIPath.me, body: .model(AccountDeletion(password: "not the password")), token: erin.token, status: 401)
        client.noContent("DELETE", APIPath.me, body: .model(AccountDeletion(password: password)), token: erin.token)
    }

    // MARK: 爱限免 App Deals

    static func appDeals(_ client: ContractClient, _ token: String, server: TestServer) throws {
        let limited = client.call("GET", AppDealsEndpoints.apps.path, as: DealAppPage.self)
        let hot = client.call("GET", AppDealsEndpoints.apps.path, query: [("tab", "hot"), ("limit", "3")], as: DealAppPage.self)
        if let cursor = hot?.nextCursor {
            client.call("GET", AppDealsEndpoints.apps.path, query: [("tab", "hot"), ("limit", "3"), ("cursor", cursor)], as: DealAppPage.self)
        }
        client.call("GET", AppDealsEndpoints.apps.path, query: [("tab", "sales"), ("category", "Games"), ("device", "iphone")], as: DealAppPage.self)
        client.call("GET", AppDealsEndpoints.apps.path, query: [("tab", "free"), ("at", "2025-06-01"), ("region", "us")], as: DealAppPage.self)
        client.call("GET", AppDealsEndpoints.apps.path, query: [("tab", "hot"), ("q", "旋转")], as: DealAppPage.self)
        client.problem("GET", AppDealsEndpoints.apps.path, query: [("tab", "cheap")], status: 422)
        client.problem("GET", AppDealsEndpoints.apps.path, query: [("q", String(repeating: "长", count: 1_000))], status: 422)
        client.problem("POST", AppDealsEndpoints.apps.path, status: 405)
        let id = limited?.items.first?.id ?? 6_466_390_901
        client.call("GET", AppDealsEndpoints.app.path, ["id": id], as: DealAppDetail.self)
        client.call("GET", AppDealsEndpoints.app.path, ["id": 6_466_390_901], query: [("at", "2025-06-01")], token: token, as: DealAppDetail.self)
        client.problem("GET", AppDealsEndpoints.app.path, ["id": 1], status: 404)
        client.problem("GET", AppDealsEndpoints.app.path, ["id": id], query: [("region", "jp")], status: 422)
        let topics = client.call("GET", AppDealsEndpoints.topics.path, as: DealTopicList.self)
        try editorial(client, token, server: server, limited: limited?.items.first)
        client.call("GET", AppDealsEndpoints.topic.path, ["id": topics?.items.first?.id ?? "real-sales"], as: DealTopic.self)
        client.problem("GET", AppDealsEndpoints.topic.path, ["id": "no-such-topic"], status: 404)
        client.call("PUT", APIPath.Community.favorite, ["app": "appdeals", "itemId": id], token: token, as: FavoriteStatus.self)
        client.call("PUT", AppDealsEndpoints.shareLocation.path, body: .model(DealLocation(lat: 31.2304, lon: 121.4737)), token: token, as: DealLocation.self)
        client.problem("PUT", AppDealsEndpoints.shareLocation.path, body: .model(DealLocation(lat: 91, lon: 0)), token: token, status: 400)
        client.problem("PUT", AppDealsEndpoints.shareLocation.path, body: .model(DealLocation(lat: 31.2, lon: 121.5)), status: 401)
        client.call("GET", AppDealsEndpoints.nearby.path, query: [("lat", "31.2312"), ("lon", "121.4801")], as: DealNearby.self)
        client.problem("GET", AppDealsEndpoints.nearby.path, query: [("lat", "31.2")], status: 422)
        client.noContent("DELETE", AppDealsEndpoints.shareLocation.path, token: token)
        client.problem("DELETE", AppDealsEndpoints.shareLocation.path, status: 401)
        client.call("PUT", AppDealsEndpoints.setAlert.path, ["id": id], body: .model(DealAlertInput(when: "drop")), token: token, as: DealAlert.self)
        client.problem("PUT", AppDealsEndpoints.setAlert.path, ["id": id], body: .model(DealAlertInput(when: "rise")), token: token, status: 400)
        client.problem("PUT", AppDealsEndpoints.setAlert.path, ["id": 1], body: .model(DealAlertInput(when: "free")), token: token, status: 404)
        client.call("GET", AppDealsEndpoints.alerts.path, token: token, as: DealAlertList.self)
        client.problem("GET", AppDealsEndpoints.alerts.path, status: 401)
        client.noContent("DELETE", AppDealsEndpoints.setAlert.path, ["id": id], token: token)
        client.problem("DELETE", AppDealsEndpoints.setAlert.path, ["id": id], status: 401)
    }

    // MARK: App Deals editors (alice is made an admin: 专题 with a cover, a 限免's known end)

    static func editorial(_ client: ContractClient, _ token: String, server: TestServer, limited: DealApp?) throws {
        let identity = server.suite.identity
        guard let alice = try identity.users.user(username: "contract_alice") else { throw ContractFailure("contract_alice is missing") }
        let apps = client.call("GET", AppDealsEndpoints.apps.path, query: [("tab", "hot"), ("limit", "5")], as: DealAppPage.self)?.items.map(\.id) ?? []
        let input = DealTopicInput(title: "编辑推荐", titleEn: "Editors' picks", summary: "四款值得一试的应用", appIds: Array(apps.prefix(4)), position: 1)
        client.problem("POST", AppDealsEndpoints.topics.path, body: .model(input), status: 401)
        client.problem("POST", AppDealsEndpoints.topics.path, body: .model(input), token: token, status: 403)
        client.problem("PUT", AppDealsEndpoints.setEnd.path, ["id": limited?.id ?? 1], body: .model(DealKnownEndInput(endsAt: Date())), token: token, status: 403)
        try RoleStore(database: identity.users.database).grant(.admin, to: alice, now: identity.clock.now())
        client.problem("POST", AppDealsEndpoints.topics.path, body: .model(DealTopicInput(title: "太少", titleEn: "Too few", summary: "三款",
                                                                                       appIds: Array(apps.prefix(3)))), token: token, status: 422)
        client.problem("DELETE", AppDealsEndpoints.topics.path, status: 405)
        guard let topic = client.call("POST", AppDealsEndpoints.topics.path, body: .model(input), token: token, status: 201, as: DealTopic.self),
              let id = Int64(topic.id)
        else { return }
        var renamed = input
        renamed.title = "编辑精选"
        client.call("PUT", AppDealsEndpoints.topic.path, ["id": id], body: .model(renamed), token: token, as: DealTopic.self)
        client.problem("PUT", AppDealsEndpoints.topic.path, ["id": 999_999_999], body: .model(renamed), token: token, status: 404)
        client.call("PUT", AppDealsEndpoints.topicCover.path, ["id": id], body: .files([("cover", "cover.jpg", try file("ordinary/22-canon_tags.jpg"))]),
                    token: token, as: DealTopic.self)
        client.problem("PUT", AppDealsEndpoints.topicCover.path, ["id": id], body: .files([("cover", "cover.jpg", Array("not a picture".utf8))]),
                       token: token, status: 422)
        client.noContent("DELETE", AppDealsEndpoints.topic.path, ["id": id], token: token)
        client.problem("DELETE", AppDealsEndpoints.topic.path, ["id": id], token: token, status: 404)

        // A known end: two days after the 限免 began (within its 90 days), then cleared.
        if let limited, let since = limited.since {
            client.call("PUT", AppDealsEndpoints.setEnd.path, ["id": limited.id], body: .model(DealKnownEndInput(endsAt: since.addingTimeInterval(2 * 86_400))),
                        token: token, as: DealApp.self)
            client.problem("PUT", AppDealsEndpoints.setEnd.path, ["id": limited.id], body: .model(DealKnownEndInput(endsAt: since.addingTimeInterval(-86_400))),
                           token: token, status: 422)
            client.noContent("DELETE", AppDealsEndpoints.setEnd.path, ["id": limited.id], token: token)
            client.problem("DELETE", AppDealsEndpoints.setEnd.path, ["id": limited.id], token: token, status: 404)
        }
        client.problem("PUT", AppDealsEndpoints.setEnd.path, ["id": 1], body: .model(DealKnownEndInput(endsAt: Date())), token: token, status: 404)
    }

    // MARK: the inbox (after `movies`, where bob answered alice: `POST …/read` has its success only if that notified her)

    static func inbox(_ client: ContractClient, _ users: Users) {
        let page = client.call("GET", NotificationEndpoints.inbox.path, query: [("limit", "1")], token: users.alice, as: InboxPage.self)
        client.problem("GET", NotificationEndpoints.inbox.path, status: 401)
        client.problem("GET", NotificationEndpoints.inbox.path, query: [("cursor", "bad")], token: users.alice, status: 400)
        if let item = page?.items.first { client.noContent("POST", NotificationEndpoints.markRead.path, ["id": item.id], token: users.alice) }
        client.problem("POST", NotificationEndpoints.markRead.path, ["id": 999_999_999], token: users.alice, status: 404)
        client.call("POST", NotificationEndpoints.markAllRead.path, token: users.alice, as: InboxUnread.self)
        client.problem("POST", NotificationEndpoints.markAllRead.path, status: 401)
        client.call("GET", NotificationEndpoints.preferences.path, token: users.alice, as: InboxPreferences.self)
        client.problem("GET", NotificationEndpoints.preferences.path, status: 401)
        client.call("PUT", NotificationEndpoints.preferences.path, body: .model(InboxPreferenceChange(kind: "community.reply", inbox: true, push: false)),
                    token: users.alice, as: InboxPreferences.self)
        client.problem("PUT", NotificationEndpoints.preferences.path, body: .model(InboxPreferenceChange(kind: "no.such-kind", inbox: true, push: true)),
                       token: users.alice, status: 422)
    }

    // MARK: reports and moderation (alice is made a moderator on the server; bob is banned at the end)

    static func moderation(_ client: ContractClient, _ users: Users, server: TestServer) throws {
        let identity = server.suite.identity
        guard let alice = try identity.users.user(username: "contract_alice"), let bob = try identity.users.user(username: "contract_bob")
        else { throw ContractFailure("the contract users are missing") }
        guard let review = client.call("GET", APIPath.Movies.reviews, query: [("limit", "1")], as: MovieReviewPage.self)?.items.first,
              let comment = client.call("POST", APIPath.Movies.reviewComments, ["id": review.id], body: .model(NewComment(text: "这片子一般般吧，节奏太慢。")),
                                        token: users.bob, status: 201, as: CommunityComment.self)
        else { return }
        let reports = APIPath.Moderation.reports
        client.call("POST", reports, body: .model(CommentReport(commentId: comment.id, reason: "引战")), token: users.alice, status: 201, as: ReportReceipt.self)
        client.problem("POST", reports, body: .model(CommentReport(commentId: comment.id, reason: "自己")), token: users.bob, status: 422)
        client.problem("POST", reports, body: .model(CommentReport(commentId: 999_999_999, reason: "x")), token: users.alice, status: 404)
        client.problem("POST", reports, body: .model(CommentReport(commentId: comment.id, reason: "x")), status: 401)

        client.problem("GET", APIPath.Moderation.queue, token: users.alice, status: 403)
        try RoleStore(database: identity.users.database).grant(.moderator, to: alice, now: identity.clock.now())
        let queue = client.call("GET", APIPath.Moderation.queue, query: [("limit", "5")], token: users.alice, as: ModerationQueuePage.self)
        client.problem("GET", APIPath.Moderation.queue, query: [("state", "lost")], token: users.alice, status: 422)
        client.problem("GET", APIPath.Moderation.queue, query: [("cursor", "zz")], token: users.alice, status: 400)
        client.problem("GET", APIPath.Moderation.queue, token: users.bob, status: 403)
        guard let item = queue?.items.first(where: { $0.item == String(comment.id) }) else { return }
        let decision = APIPath.Moderation.decision
        client.problem("POST", decision, ["id": item.id], body: .model(ModerationDecisionInput(action: "hide")), token: users.bob, status: 403)
        client.problem("POST", decision, ["id": item.id], body: .model(ModerationDecisionInput(action: "reject")), token: users.alice, status: 422)
        client.problem("POST", decision, ["id": item.id], body: .model(ModerationDecisionInput(action: "burn")), token: users.alice, status: 422)
        client.call("POST", decision, ["id": item.id], body: .model(ModerationDecisionInput(action: "hide")), token: users.alice, as: ModerationQueueItem.self)
        client.problem("POST", decision, ["id": item.id], body: .model(ModerationDecisionInput(action: "approve")), token: users.alice, status: 409)
        client.problem("POST", decision, ["id": 999_999_999], body: .model(ModerationDecisionInput(action: "hide")), token: users.alice, status: 404)

        client.problem("POST", APIPath.Moderation.bans, body: .model(NewBan(userId: alice.id, hours: 1, reason: "x")), token: users.bob, status: 403)
        client.problem("POST", APIPath.Moderation.bans, body: .model(NewBan(userId: 999_999_999, hours: 1, reason: "x")), token: users.alice, status: 422)
        client.problem("POST", APIPath.Moderation.bans, body: .model(NewBan(userId: bob.id, hours: 0, reason: "x")), token: users.alice, status: 422)
        client.call("POST", APIPath.Moderation.bans, body: .model(NewBan(userId: bob.id, hours: 1, reason: "引战")), token: users.alice, status: 201,
                    as: BanInfo.self)
        client.problem("POST", APIPath.Movies.reviewComments, ["id": review.id], body: .model(NewComment(text: "我还要说")), token: users.bob, status: 403)

        client.call("GET", APIPath.Moderation.audit, query: [("limit", "10")], token: users.alice, as: ModerationAuditPage.self)
        client.problem("GET", APIPath.Moderation.audit, query: [("cursor", "q1")], token: users.alice, status: 400)
        client.problem("GET", APIPath.Moderation.audit, token: users.bob, status: 403)
    }

    // MARK: Web Push (the subscription is deleted at once: nothing is ever sent off this machine)

    static func push(_ client: ContractClient, _ users: Users) {
        guard let key = client.call("GET", NotificationEndpoints.pushKey.path, as: PushKey.self) else { return }
        client.problem("POST", NotificationEndpoints.pushKey.path, status: 405)
        // A browser's subscription names a P-256 point; the server's own key is one.
        let keys = NewPushSubscription.Keys(p256dh: key.publicKey, auth: "AAECAwQFBgcICQoLDA0ODw")
        let subscription = NewPushSubscription(endpoint: "https://push.invalid/contract/1", keys: keys)
        guard let stored = client.call("POST", NotificationEndpoints.subscribe.path, body: .model(subscription), token: users.alice, status: 201,
                                       as: PushSubscriptionInfo.self) else { return }
        client.problem("POST", NotificationEndpoints.subscribe.path, body: .model(NewPushSubscription(endpoint: "http://127.0.0.1:9/x", keys: keys)),
                       token: users.alice, status: 422)
        client.problem("POST", NotificationEndpoints.subscribe.path, body: .model(subscription), status: 401)
        client.problem("DELETE", NotificationEndpoints.unsubscribe.path, ["id": stored.id], token: users.bob, status: 404)
        client.noContent("DELETE", NotificationEndpoints.unsubscribe.path, ["id": stored.id], token: users.alice)
    }

    // MARK: movie reviews and the community

    static func movies(_ client: ContractClient, _ users: Users) {
        let feed = client.call("GET", APIPath.Movies.reviews, query: [("limit", "3")], as: MovieReviewPage.self)
        if let cursor = feed?.nextCursor {
            client.call("GET", APIPath.Movies.reviews, query: [("limit", "3"), ("cursor", cursor)], as: MovieReviewPage.self)
        }
        client.call("GET", APIPath.Movies.reviews, query: [("sort", "new"), ("limit", "2")], as: MovieReviewPage.self)
        client.problem("DELETE", APIPath.Movies.reviews, status: 405)
        // The Top list (its prior on every page), a filtered page, its next page, a bad filter; 猜你喜欢 signed in and out.
        client.call("GET", APIPath.Movies.top, as: MovieTopPage.self)
        if let filtered = client.call("GET", APIPath.Movies.top, query: [("genre", "剧情"), ("decade", "1990"), ("min", "8")], as: MovieTopPage.self),
           let cursor = filtered.nextCursor {
            client.call("GET", APIPath.Movies.top, query: [("genre", "剧情"), ("decade", "1990"), ("min", "8"), ("cursor", cursor)], as: MovieTopPage.self)
        }
        client.problem("GET", APIPath.Movies.top, query: [("decade", "199x")], status: 400)
        client.call("GET", APIPath.Movies.forYou, token: users.alice, as: MovieRecommendations.self)
        client.call("GET", APIPath.Movies.forYou, as: MovieRecommendations.self)
        client.problem("DELETE", APIPath.Movies.forYou, status: 405)
        guard let review = feed?.items.first else { return }
        let item: ContractClient.Values = ["id": review.id]
        let subject: ContractClient.Values = ["app": "movies", "itemId": review.id]

        client.call("PUT", APIPath.Community.favorite, subject, token: users.alice, as: FavoriteStatus.self)
        client.problem("PUT", APIPath.Community.favorite, ["app": "movies", "itemId": 1], token: users.alice, status: 404)
        client.problem("PUT", APIPath.Community.favorite, subject, status: 401)
        client.call("GET", APIPath.Community.favorites, query: [("app", "movies")], token: users.alice, as: CommunityFavoritePage.self)
        client.problem("GET", APIPath.Community.favorites, status: 401)
        client.call("GET", APIPath.Movies.review, item, token: users.alice, as: MovieReviewDetail.self)
        client.call("GET", APIPath.Movies.review, item, as: MovieReviewDetail.self)
        client.problem("GET", APIPath.Movies.review, ["id": 1], status: 404)
        client.problem("GET", APIPath.Movies.review, ["id": "abc"], status: 404)
        client.noContent("DELETE", APIPath.Community.favorite, subject, token: users.alice)
        client.problem("DELETE", APIPath.Community.favorite, subject, status: 401)
        client.call("PUT", APIPath.Community.share, subject, token: users.alice, as: ShareLink.self)
        client.problem("PUT", APIPath.Community.share, subject, status: 401)

        let comments = APIPath.Movies.reviewComments
        guard let root = client.call("POST", comments, item, body: .model(NewComment(text: "唢呐一响，泪目。")), token: users.alice, status: 201,
                                     as: CommunityComment.self),
              let reply = client.call("POST", comments, item, body: .model(NewComment(text: "同感，结尾太好了。", parentId: root.id)),
                                      token: users.bob, status: 201, as: CommunityComment.self),
              let answer = client.call("POST", comments, item, body: .model(NewComment(text: "谢谢！", parentId: reply.id)),
                                       token: users.alice, status: 201, as: CommunityComment.self)
        else { return }
        client.call("POST", comments, item, body: .model(NewComment(text: "路过，好片。")), status: 201, as: CommunityComment.self)
        client.problem("POST", comments, item, body: .model(NewComment(text: "匿名回复", parentId: root.id)), status: 401)
        client.problem("POST", comments, item, body: .model(NewComment(text: "   ")), token: users.bob, status: 422)
        client.problem("POST", comments, ["id": 1], body: .model(NewComment(text: "没有这篇影评")), token: users.bob, status: 404)
        client.call("GET", comments, item, query: [("limit", "5")], as: CommunityCommentPage.self)
        client.problem("GET", comments, ["id": 1], status: 404)
        client.call("GET", APIPath.Community.replies, ["id": root.id], as: CommunityCommentPage.self)
        client.problem("GET", APIPath.Community.replies, ["id": reply.id], status: 404)
        client.call("PATCH", APIPath.Community.comment, ["id": root.id], body: .model(CommentEdit(text: "唢呐一响，泪目（改）。")), token: users.alice,
                    as: CommunityComment.self)
        client.problem("PATCH", APIPath.Community.comment, ["id": root.id], body: .model(CommentEdit(text: "不是我的")), token: users.bob,
                       status: 403)
        client.problem("DELETE", APIPath.Community.comment, ["id": root.id], token: users.bob, status: 403)
        client.noContent("DELETE", APIPath.Community.comment, ["id": answer.id], token: users.alice)

        let films = client.call("GET", APIPath.Movies.films, query: [("query", "百鸟朝凤")], as: MovieFilmPage.self)
        if let next = client.call("GET", APIPath.Movies.films, query: [("limit", "2")], as: MovieFilmPage.self)?.nextCursor {
            client.call("GET", APIPath.Movies.films, query: [("limit", "2"), ("cursor", next)], as: MovieFilmPage.self)
        }
        client.problem("POST", APIPath.Movies.films, status: 405)
        client.call("GET", APIPath.Movies.film, ["id": films?.items.first?.id ?? review.film.id], as: MovieFilmDetail.self)
        // 阿丽塔：战斗天使 (1652592): a film with 480 short comments in the data.
        let film: ContractClient.Values = ["id": "1652592"]
        let detail = client.call("GET", APIPath.Movies.film, film, query: [("limit", "3")], as: MovieFilmDetail.self)
        if let cursor = detail?.comments.nextCursor {
            client.call("GET", APIPath.Movies.film, film, query: [("limit", "3"), ("cursor", cursor)], as: MovieFilmDetail.self)
        }
        client.call("GET", APIPath.Movies.film, film, query: [("sort", "new"), ("limit", "3")], as: MovieFilmDetail.self)
        client.problem("GET", APIPath.Movies.film, ["id": "no-such-film"], status: 404)
        moviesWriting(client, users, film: film, review: review)
    }

    /// Issue 18: alice follows bob (who wrote a review), reads 关注的人, both lists, and stops; oneself, no such
    /// user and signed out are refused.
    static func moviesFollowing(_ client: ContractClient, _ users: Users, bob: UserProfile) {
        guard let alice = client.call("GET", APIPath.me, token: users.alice, as: UserProfile.self) else { return }
        let follow = APIPath.Movies.follow
        let (bobID, aliceID): (ContractClient.Values, ContractClient.Values) = (["id": bob.id], ["id": alice.id])
        client.call("PUT", follow, bobID, token: users.alice, as: MovieFollowState.self)
        client.problem("PUT", follow, aliceID, token: users.alice, status: 422)
        client.problem("PUT", follow, ["id": 0], token: users.alice, status: 404)
        client.problem("PUT", follow, bobID, status: 401)
        client.call("GET", APIPath.Movies.following, aliceID, as: MovieFollowPage.self)
        client.call("GET", APIPath.Movies.followers, bobID, as: MovieFollowPage.self)
        client.problem("GET", APIPath.Movies.followers, ["id": 0], status: 404)
        client.problem("GET", APIPath.Movies.following, ["id": 0], status: 404)
        client.call("GET", APIPath.Movies.followingFeed, token: users.alice, as: MovieFollowingFeed.self)
        client.problem("GET", APIPath.Movies.followingFeed, query: [("cursor", "x")], token: users.alice, status: 400)
        client.problem("GET", APIPath.Movies.followingFeed, status: 401)
        client.call("DELETE", follow, bobID, token: users.alice, as: MovieFollowState.self)
        client.problem("DELETE", follow, ["id": 0], token: users.alice, status: 404)
        client.problem("DELETE", follow, bobID, status: 401)
    }

    /// Issue 18: marks with stars and 短评, drafts, reviews, votes, likes and profiles.
    static func moviesWriting(_ client: ContractClient, _ users: Users, film: ContractClient.Values, review: MovieReview) {
        let mark = APIPath.Movies.filmMark
        guard let marked = client.call("PUT", mark, film, body: .model(MovieMarkInput(status: "seen", rating: 4, comment: "赛博少女，好看。")),
                                       token: users.alice, as: MovieMark.self),
              let short = marked.comment,
              let bob = client.call("GET", APIPath.me, token: users.bob, as: UserProfile.self)
        else { return }
        client.problem("PUT", mark, film, body: .model(MovieMarkInput(status: "seen", rating: 6)), token: users.alice, status: 422)
        client.problem("PUT", mark, film, body: .model(MovieMarkInput(status: "wish")), status: 401)
        client.call("GET", APIPath.Movies.film, film, token: users.alice, as: MovieFilmDetail.self)

        let draft = APIPath.Movies.filmDraft
        client.call("PUT", draft, film, body: .model(MovieReviewInput(title: "草稿", body: "")), token: users.bob, as: MovieDraft.self)
        client.problem("PUT", draft, ["id": "no-such-film"], body: .model(MovieReviewInput(title: "", body: "")), token: users.bob, status: 404)
        client.call("GET", APIPath.Movies.profile, ["id": bob.id], token: users.bob, as: MovieProfile.self)
        client.problem("GET", APIPath.Movies.profile, ["id": 0], status: 404)
        client.noContent("DELETE", draft, film, token: users.bob)
        client.problem("DELETE", draft, film, status: 401)

        let input = MovieReviewInput(title: "机甲与眼睛", body: "第一段。\n\n第二段。", rating: 4, spoiler: true)
        guard let written = client.call("POST", APIPath.Movies.filmReviews, film, body: .model(input), token: users.bob, status: 201,
                                        as: MovieReviewDetail.self)
        else { return }
        client.problem("POST", APIPath.Movies.filmReviews, film, body: .model(MovieReviewInput(title: "", body: "空标题")), token: users.bob, status: 422)
        let own: ContractClient.Values = ["id": written.id]
        client.call("PUT", APIPath.Movies.review, own, body: .model(MovieReviewInput(title: "机甲与眼睛（改）", body: "改过。")), token: users.bob,
                    as: MovieReviewDetail.self)
        client.problem("PUT", APIPath.Movies.review, own, body: .model(input), token: users.alice, status: 403)

        let vote = APIPath.Movies.reviewVote
        client.call("PUT", vote, own, body: .model(MovieVoteInput(value: "useful")), token: users.alice, as: MovieVotes.self)
        client.call("DELETE", vote, own, token: users.alice, as: MovieVotes.self)
        client.problem("PUT", vote, own, body: .model(MovieVoteInput(value: "useful")), token: users.bob, status: 403)
        client.problem("DELETE", vote, own, token: users.bob, status: 403)
        let shortVote = APIPath.Movies.shortCommentVote
        client.call("PUT", shortVote, ["id": short.id], body: .model(MovieVoteInput(value: "useful")), token: users.bob, as: MovieVotes.self)
        client.call("DELETE", shortVote, ["id": short.id], token: users.bob, as: MovieVotes.self)
        client.problem("PUT", shortVote, ["id": short.id], body: .model(MovieVoteInput(value: "useful")), token: users.alice, status: 403)
        client.problem("DELETE", shortVote, ["id": "no-such-comment"], token: users.alice, status: 404)
        if let comment = client.call("POST", APIPath.Movies.reviewComments, ["id": review.id], body: .model(NewComment(text: "点个赞")),
                                     token: users.alice, status: 201, as: CommunityComment.self) {
            let like = APIPath.Movies.commentLike
            client.call("PUT", like, ["id": comment.id], body: .model(MovieVoteInput(value: "like")), token: users.bob, as: MovieVotes.self)
            client.call("DELETE", like, ["id": comment.id], token: users.bob, as: MovieVotes.self)
            client.problem("PUT", like, ["id": comment.id], body: .model(MovieVoteInput(value: "like")), token: users.alice, status: 403)
            client.problem("DELETE", like, ["id": 0], token: users.alice, status: 404)
        }
        moviesFollowing(client, users, bob: bob)
        client.problem("DELETE", APIPath.Movies.review, own, token: users.alice, status: 403)
        client.noContent("DELETE", APIPath.Movies.review, own, token: users.bob)
        client.noContent("DELETE", mark, film, token: users.alice)
        client.problem("DELETE", mark, film, status: 401)
    }

    // MARK: merchants

    static func merchants(_ client: ContractClient, _ token: String, server: TestServer) throws {
        let square = [("lat", "31.2304"), ("lon", "121.4737")]
        let page = client.call("GET", MerchantEndpoints.nearby.path, query: square + [("limit", "5")], as: MerchantList.self)
        if let cursor = page?.nextCursor {
            client.call("GET", MerchantEndpoints.nearby.path, query: square + [("limit", "5"), ("cursor", cursor)], as: MerchantList.self)
        }
        client.call("GET", MerchantEndpoints.nearby.path, query: square + [("radius", "3000"), ("category", "cafe"), ("openNow", "true"), ("sort", "rating")],
                    as: MerchantList.self)
        client.problem("GET", MerchantEndpoints.nearby.path, query: [("lat", "91"), ("lon", "121")], status: 422)
        client.problem("GET", MerchantEndpoints.nearby.path, query: square + [("radius", "60000")], status: 422)
        client.call("GET", MerchantEndpoints.search.path, query: [("q", "麥當勞")] + square, as: MerchantList.self)
        client.problem("GET", MerchantEndpoints.search.path, query: [("q", "")], status: 422)
        client.call("GET", MerchantEndpoints.shake.path, query: square + [("radius", "3000")], as: MerchantSummary.self)
        client.problem("GET", MerchantEndpoints.shake.path, query: [("lat", "30"), ("lon", "125")], status: 404)
        client.problem("GET", MerchantEndpoints.shake.path, query: square + [("category", "bank")], status: 422)
        client.call("GET", MerchantEndpoints.coordinates.path, query: [("from", "gcj02"), ("to", "wgs84"), ("lat", "30.316078"), ("lon", "120.149192")],
                    as: MerchantCoordinates.self)
        client.problem("GET", MerchantEndpoints.coordinates.path, query: [("from", "bd09"), ("to", "wgs84"), ("lat", "1"), ("lon", "1")], status: 422)
        if let first = page?.items.first {
            client.call("GET", MerchantEndpoints.merchant.path, ["id": String(first.id)], query: square, as: MerchantDetail.self)
            // Photos: held for review (202), listed; refused without a picture, with text for a picture, signed out, for an unknown merchant.
            let id = ["id": String(first.id)]
            client.call("POST", MerchantEndpoints.photos.path, id, body: .files([("photo", "front.jpg", try file("orientation/Portrait_6.jpg"))]), token: token,
                        status: 202, as: MerchantPhotoUpload.self)
            client.call("GET", MerchantEndpoints.photos.path, id, token: token, as: MerchantPhotoList.self)
            client.problem("POST", MerchantEndpoints.photos.path, id, body: .files([("photo", "evil.jpg", try file("edge/text_not_image.jpg"))]), token: token, status: 422)
            client.problem("POST", MerchantEndpoints.photos.path, id, body: .files([("picture", "a.jpg", try file("orientation/Portrait_6.jpg"))]), token: token, status: 422)
            client.problem("POST", MerchantEndpoints.photos.path, id, body: .files([("photo", "a.jpg", try file("orientation/Portrait_6.jpg"))]), status: 401)
            client.problem("GET", MerchantEndpoints.photos.path, ["id": "0"], status: 404)
        }
        if let first = page?.items.first {
            try merchantArticles(client, token, merchant: first.id, server: server)
        }
        // A café of awesome-cn-cafe with its imported review (保定, cn_workcafe_reviews.csv's first row).
        let cafe = client.call("GET", MerchantEndpoints.nearby.path, query: [("lat", "39.05"), ("lon", "115.907"), ("radius", "50")], as: MerchantList.self)
        if let id = cafe?.items.first?.id {
            client.call("GET", MerchantEndpoints.merchant.path, ["id": String(id)], as: MerchantDetail.self)
        }
        client.problem("GET", MerchantEndpoints.merchant.path, ["id": "0"], status: 404)
        client.call("POST", MerchantEndpoints.submit.path, body: .model(MerchantSubmissionInput(
            name: "契约咖啡", category: "cafe", lat: 31.2310, lon: 121.4740, address: "人民大道 1 号", openingHours: "Mo-Su 08:00-20:00")),
                    token: token, status: 201, as: MerchantSubmission.self)
        client.problem("POST", MerchantEndpoints.submit.path, body: .model(MerchantSubmissionInput(name: "Far away", category: "cafe", lat: 0, lon: 0)),
                       token: token, status: 422)
    }

    /// Alice owns `merchant` (seeded: ownership comes from an approved submission) and writes, changes and deletes an article.
    static func merchantArticles(_ client: ContractClient, _ token: String, merchant: Int64, server: TestServer) throws {
        guard let alice = try server.suite.authenticator.identity.users.user(username: "contract_alice") else {
            throw ContractFailure("contract_alice is missing")
        }
        try server.database.write { db in _ = try db.execute("UPDATE merchants SET owner_id = ? WHERE id = ?", [.integer(alice.id), .integer(merchant)]) }
        let id = ["id": String(merchant)]
        let input = MerchantArticleInput(title: "契约 · 开业八折", markdown: "全场 **八折**，详见 [规则](https://example.com/rules)。",
                                         validFrom: "2021-02-01", validUntil: "2021-02-28")
        client.problem("POST", MerchantEndpoints.articles.path, id, body: .model(input), status: 401)
        client.problem("POST", MerchantEndpoints.articles.path, id, body: .model(MerchantArticleInput(title: "", markdown: "x")), token: token, status: 422)
        let created = client.call("POST", MerchantEndpoints.articles.path, id, body: .model(input), token: token, status: 201, as: MerchantArticle.self)
        client.call("GET", MerchantEndpoints.articles.path, id, as: MerchantArticleList.self)
        client.problem("GET", MerchantEndpoints.articles.path, ["id": "0"], status: 404)
        guard let created else { return }
        let article = ["id": String(merchant), "articleID": String(created.id)]
        client.call("GET", MerchantEndpoints.article.path, article, as: MerchantArticle.self)
        client.call("PUT", MerchantEndpoints.article.path, article, body: .model(MerchantArticleInput(title: "契约 · 改", markdown: "*改*")), token: token,
                    as: MerchantArticle.self)
        client.problem("PUT", MerchantEndpoints.article.path, article, body: .model(MerchantArticleInput(title: "x", markdown: "x", validFrom: "2021-13-01")),
                       token: token, status: 422)
        client.noContent("DELETE", MerchantEndpoints.article.path, article, token: token)
        client.problem("GET", MerchantEndpoints.article.path, article, status: 404)
        client.problem("DELETE", MerchantEndpoints.article.path, article, token: token, status: 404)
    }

    // MARK: weather

    static func weatherReplay() throws -> ReplayServer {
        func recorded(_ name: String) throws -> ReplayServer.Reply {
            try .file(TestData.folder("weather").appendingPathComponent("fixtures/qweather/" + name))
        }
        return try ReplayServer([
            "/v7/weather/now": try recorded("v7_weather_now_101010100_zh.json"),
            "/v7/weather/7d": try recorded("v7_weather_daily_3days_101010100_zh.json"),
            "/v7/weather/24h": try recorded("v7_weather_hourly_24h_101010100_zh.json"),
            "/v7/indices/1d": try recorded("v7_indices_1d_101010300_zh.json"),
            "/v7/warning/now": try recorded("v7_warning_now_101020100_zh.json"),
        ])
    }

    static func weather(_ client: ContractClient, _ token: String) throws {
        client.call("GET", WeatherEndpoints.places.path, as: WeatherPlaceList.self)
        client.call("GET", WeatherEndpoints.places.path, query: [("parent", "110100")], as: WeatherPlaceList.self)
        client.call("GET", WeatherEndpoints.places.path, query: [("q", "朝阳")], as: WeatherPlaceList.self)
        client.call("GET", WeatherEndpoints.places.path, query: [("near", "31.2304,121.4737"), ("limit", "3")], as: WeatherPlaceList.self)
        client.problem("GET", WeatherEndpoints.places.path, query: [("parent", "999999")], status: 404)
        client.problem("GET", WeatherEndpoints.places.path, query: [("limit", "0")], status: 422)
        client.call("GET", WeatherEndpoints.place.path, ["id": "110105"], as: WeatherPlace.self)
        client.problem("GET", WeatherEndpoints.place.path, ["id": "999999"], status: 404)
        client.call("GET", WeatherEndpoints.forecast.path, query: [("place", "110105")], as: WeatherForecast.self)
        client.call("GET", WeatherEndpoints.forecast.path, query: [("place", "39.92,116.49")], as: WeatherForecast.self)
        client.problem("GET", WeatherEndpoints.forecast.path, query: [("place", "52.27,6.87")], status: 404)
        client.problem("GET", WeatherEndpoints.forecast.path, query: [("place", "beijing")], status: 422)
        client.call("GET", WeatherEndpoints.climate.path, query: [("place", "110000"), ("date", "07-15")], as: WeatherClimate.self)
        client.problem("GET", WeatherEndpoints.climate.path, query: [("place", "650100")], status: 404)
        client.problem("GET", WeatherEndpoints.climate.path, query: [("place", "110000"), ("date", "13-01")], status: 422)
        client.problem("GET", WeatherEndpoints.savedPlaces.path, status: 401)
        client.call("POST", WeatherEndpoints.savedPlaces.path, body: .model(WeatherSavedPlaceInput(placeId: "110105")), token: token,
                    as: WeatherSavedPlaces.self)
        client.problem("POST", WeatherEndpoints.savedPlaces.path, body: .model(WeatherSavedPlaceInput(placeId: "999999")), token: token, status: 422)
        client.call("GET", WeatherEndpoints.savedPlaces.path, token: token, as: WeatherSavedPlaces.self)
        client.call("PUT", WeatherEndpoints.savedPlaces.path, body: .model(WeatherSavedPlaceOrder(placeIds: ["110105"])), token: token,
                    as: WeatherSavedPlaces.self)
        client.problem("PUT", WeatherEndpoints.savedPlaces.path, body: .model(WeatherSavedPlaceOrder(placeIds: ["310101"])), token: token, status: 422)
        client.noContent("DELETE", WeatherEndpoints.removePlace.path, ["id": "110105"], token: token)
        client.problem("DELETE", WeatherEndpoints.removePlace.path, ["id": "110105"], token: token, status: 404)
        let photo = try file("ordinary/22-canon_tags.jpg")
        client.bytes(WeatherEndpoints.shareCard.path, [:], query: [("place", "110105")], body: .files([("photo", "22-canon_tags.jpg", photo)]), token: token,
                     mediaType: "image/jpeg", method: "POST")
        client.problem("POST", WeatherEndpoints.shareCard.path, query: [("place", "110105")],
                       body: .files([("photo", "text.jpg", try file("edge/text_not_image.jpg"))]), token: token, status: 422)
    }

    // MARK: gaokao

    static func gaokao(_ client: ContractClient, _ token: String) {
        client.call("GET", APIPath.Gaokao.provinces, as: GaokaoProvinceList.self)
        client.problem("POST", APIPath.Gaokao.provinces, status: 405)
        client.call("GET", APIPath.Gaokao.options, query: [("province", "四川"), ("year", "2020"), ("category", "理科")], as: GaokaoOptions.self)
        client.problem("GET", APIPath.Gaokao.options, query: [("province", "四川")], status: 422)
        client.call("GET", APIPath.Gaokao.rank, query: [("province", "河南"), ("year", "2023"), ("category", "理科"), ("score", "600")],
                    as: GaokaoRank.self)
        client.problem("GET", APIPath.Gaokao.rank, query: [("province", "新疆"), ("year", "2023"), ("category", "理科"), ("score", "600")],
                       status: 404)
        client.problem("GET", APIPath.Gaokao.rank, query: [("province", "河南"), ("year", "2023")], status: 422)
        let equivalent = APIPath.Gaokao.equivalentScore
        client.call("GET", equivalent, query: [("province", "河南"), ("category", "理科"), ("score", "600"), ("fromYear", "2023"), ("toYear", "2022")],
                    as: GaokaoEquivalentScore.self)
        client.call("GET", equivalent, query: [("province", "河北"), ("category", "理科"), ("score", "600"), ("fromYear", "2020"), ("toYear", "2021")],
                    as: GaokaoEquivalentScore.self)
        client.problem("GET", equivalent, query: [("province", "火星"), ("category", "理科"), ("score", "600"), ("fromYear", "2020"), ("toYear", "2021")],
                       status: 422)
        client.call("GET", APIPath.Gaokao.controlLines, query: [("province", "河南"), ("year", "2023")], as: GaokaoControlLines.self)
        client.problem("GET", APIPath.Gaokao.controlLines, status: 422)
        client.call("GET", APIPath.Gaokao.admissionLines,
                    query: [("province", "四川"), ("school", "10610"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批")],
                    as: GaokaoAdmissionLines.self)
        client.problem("GET", APIPath.Gaokao.admissionLines, query: [("province", "四川")], status: 422)
        client.call("GET", APIPath.Gaokao.majorLines, query: [("province", "河北"), ("school", "四川大学")], as: GaokaoMajorLines.self)
        client.problem("GET", APIPath.Gaokao.majorLines, query: [("province", "河北")], status: 422)
        let prediction = APIPath.Gaokao.prediction
        client.call("GET", prediction, query: [("province", "上海"), ("year", "2023"), ("category", "综合"), ("batch", "本科批"), ("school", "复旦大学")],
                    as: GaokaoPrediction.self)
        client.call("GET", prediction,
                    query: [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "郑州大学"), ("line", "589")],
                    as: GaokaoPrediction.self)
        client.problem("GET", prediction, query: [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "不存在的大学")],
                       status: 404)
        client.problem("GET", prediction,
                       query: [("province", "河南"), ("year", "2023"), ("category", "理科"), ("batch", "本科一批"), ("school", "郑州大学"), ("line", "800")],
                       status: 422)
        let recommendations = APIPath.Gaokao.recommendations
        client.call("GET", recommendations, query: [("province", "四川"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批"), ("score", "600")],
                    as: GaokaoRecommendations.self)
        client.problem("GET", recommendations, query: [("province", "四川"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批"), ("score", "900")],
                       status: 422)

        let profile = APIPath.Gaokao.profile
        client.problem("GET", profile, token: token, status: 404)
        client.call("PUT", profile, body: .model(GaokaoProfileInput(province: "四川", year: 2020, category: "理科", batch: "本科一批", score: 600)),
                    token: token, as: GaokaoSavedProfile.self)
        client.call("GET", profile, token: token, as: GaokaoSavedProfile.self)
        client.call("PUT", profile, body: .model(GaokaoProfileInput(province: "海南", year: 2023, category: "综合", batch: "本科批", score: 880)),
                    as: GaokaoSavedProfile.self)
        client.problem("PUT", profile, body: .model(GaokaoProfileInput(province: "上海", year: 2024, category: "综合", batch: "本科批", score: 700)),
                       token: token, status: 422)
        client.problem("PUT", profile, body: .model(GaokaoProfileInput(province: nil, year: nil, category: nil, batch: nil, score: nil)),
                       token: token, status: 422)

        let plan = APIPath.Gaokao.plan
        client.call("PUT", plan, body: .model(GaokaoPlanInput(items: [GaokaoPlanEntryInput(school: "四川大学"), GaokaoPlanEntryInput(school: "电子科技大学")])),
                    token: token, as: GaokaoPlan.self)
        client.call("GET", plan, token: token, as: GaokaoPlan.self)
        client.problem("PUT", plan, body: .model(GaokaoPlanInput(items: (0...30).map { GaokaoPlanEntryInput(school: "学校\($0)") })),
                       token: token, status: 422)
    }

    // MARK: photos

    static func photos(_ client: ContractClient, _ token: String, bob: String) throws {
        let photos = APIPath.Photos.photos
        let jpeg = try file("ordinary/22-canon_tags.jpg")
        let notAnImage = try file("edge/text_not_image.jpg")
        client.problem("GET", photos, status: 401)
        guard let upload = client.call("POST", photos, body: .files([("file", "22-canon_tags.jpg", jpeg), ("file", "text.jpg", notAnImage)]),
                                       token: token, status: 201, as: PhotoUploadResult.self),
              let photo = upload.items.first
        else { return }
        // The same bytes again store nothing new: 200 with the existing photo marked `duplicate`.
        client.call("POST", photos, body: .files([("file", "again.jpg", jpeg)]), token: token, status: 200, as: PhotoUploadResult.self)
        client.problem("POST", photos, body: .files([("file", "text.jpg", notAnImage)]), token: token, status: 422)
        client.problem("POST", photos, body: .files([("picture", "a.jpg", jpeg)]), token: token, status: 422)
        client.call("GET", photos, query: [("limit", "1")], token: token, as: PhotoPage.self)
        // A photo with EXIF GPS (Helsinki): the list answers its `place`, and `hasPlace=true` finds it.
        client.call("POST", photos, body: .files([("file", "HMD_Nokia_8.3_5G.jpg", try file("ordinary/HMD_Nokia_8.3_5G.jpg"))]),
                    token: token, status: 201, as: PhotoUploadResult.self)
        client.call("GET", photos, query: [("hasPlace", "true")], token: token, as: PhotoPage.self)
        client.call("GET", photos, query: [("bbox", "24,60,25,61")], token: token, as: PhotoPage.self)
        client.problem("GET", photos, query: [("bbox", "25,60,24,61")], token: token, status: 422)
        client.problem("GET", photos, query: [("cursor", "yesterday")], token: token, status: 422)

        guard let album = client.call("POST", APIPath.Photos.albums, body: .model(NewPhotoAlbum(name: "旅行")), token: token, status: 201,
                                      as: PhotoAlbum.self)
        else { return }
        client.problem("POST", APIPath.Photos.albums, body: .model(NewPhotoAlbum(name: "")), token: token, status: 422)
        client.call("GET", PhotoStudioEndpoints.albums.path, token: token, as: PhotoAlbumList.self)
        client.problem("GET", PhotoStudioEndpoints.albums.path, status: 401)
        let id: ContractClient.Values = ["id": photo.id]
        let missing: ContractClient.Values = ["id": photo.id + 1_000_000]
        client.call("POST", APIPath.Photos.photoAlbums, id, body: .model(PhotoAlbumChange(albumId: album.id)), token: token,
                    as: PhotoAlbumMembership.self)
        client.problem("POST", APIPath.Photos.photoAlbums, id, body: .model(PhotoAlbumChange(albumId: album.id + 1_000, remove: true)),
                       token: token, status: 404)

        let saved = client.call("POST", APIPath.Photos.versions, id, body: .model(NewPhotoVersion(operations: [.rotate(degrees: 90), .flip()])),
                                token: token, status: 201, as: PhotoItem.self)
        client.problem("POST", APIPath.Photos.versions, id, body: .model(NewPhotoVersion(operations: [.rotate(degrees: 45)])), token: token,
                       status: 422)
        client.call("GET", APIPath.Photos.photo, id, token: token, as: PhotoItem.self)
        client.problem("GET", APIPath.Photos.photo, id, token: bob, status: 404)
        for template in [APIPath.Photos.thumbnail, APIPath.Photos.rendition, APIPath.Photos.original, APIPath.Photos.download] {
            client.bytes(template, id, token: token, mediaType: "image/")
            client.problem("GET", template, missing, token: token, status: 404)
        }
        client.call("POST", APIPath.Photos.revert, id, token: token, as: PhotoItem.self)
        client.problem("POST", APIPath.Photos.revert, missing, token: token, status: 404)
        // Any version shown again after the revert; a version of no photo of this account is a 404.
        if let versionID = saved?.currentVersionId {
            let template = PhotoStudioEndpoints.useVersion.path
            client.call("POST", template, ["id": photo.id, "versionId": versionID], token: token, as: PhotoItem.self)
            client.problem("POST", template, ["id": photo.id, "versionId": versionID + 1_000_000], token: token, status: 404)
        }
        // Albums: rename and cover, a cover of another account, delete (issue 29).
        let albumID: ContractClient.Values = ["id": album.id]
        let endpoints = PhotoStudioEndpoints.self
        client.call("PATCH", endpoints.updateAlbum.path, albumID, body: .model(PhotoAlbumUpdate(name: "旅行 2024", coverPhotoId: photo.id)), token: token,
                    as: PhotoAlbum.self)
        client.problem("PATCH", endpoints.updateAlbum.path, albumID, body: .model(PhotoAlbumUpdate(coverPhotoId: photo.id)), token: bob, status: 404)
        // Batches: all or nothing, a duplicate named; the zip of the selection.
        client.call("POST", endpoints.batch.path, body: .model(PhotoBatch(ids: [photo.id], action: .removeFromAlbum, albumId: album.id)), token: token,
                    as: PhotoBatchResult.self)
        client.problem("POST", endpoints.batch.path, body: .model(PhotoBatch(ids: [photo.id, photo.id], action: .trash)), token: token, status: 422)
        client.bytes(endpoints.download.path, [:], query: [("id", String(photo.id))], token: token, mediaType: "application/zip")
        client.problem("GET", endpoints.download.path, query: [("id", String(photo.id))], token: bob, status: 422)
        client.noContent("DELETE", endpoints.deleteAlbum.path, albumID, token: token)
        client.problem("DELETE", endpoints.deleteAlbum.path, albumID, token: token, status: 404)
        // 最近删除: trash, list, restore one and all, empty.
        client.noContent("DELETE", endpoints.trashPhoto.path, id, token: token)
        client.problem("DELETE", endpoints.trashPhoto.path, id, token: bob, status: 404)
        client.call("GET", endpoints.trash.path, query: [("limit", "10")], token: token, as: PhotoTrashPage.self)
        client.problem("GET", endpoints.trash.path, query: [("cursor", "yesterday")], token: token, status: 422)
        client.call("POST", endpoints.restore.path, id, token: token, as: PhotoItem.self)
        client.problem("POST", endpoints.restore.path, missing, token: token, status: 404)
        client.noContent("DELETE", endpoints.trashPhoto.path, id, token: token)
        client.call("POST", endpoints.restoreAll.path, token: token, as: PhotoTrashChange.self)
        client.problem("POST", endpoints.restoreAll.path, status: 401)
        client.noContent("DELETE", endpoints.trashPhoto.path, id, token: token)
        client.call("DELETE", endpoints.emptyTrash.path, token: token, as: PhotoTrashChange.self)
        client.problem("DELETE", endpoints.emptyTrash.path, status: 401)
        client.problem("POST", endpoints.restore.path, id, token: token, status: 404)
    }
}
