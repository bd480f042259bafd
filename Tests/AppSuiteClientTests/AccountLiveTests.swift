import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Synchronization
import Testing

/// Issue 16 items 3 and 7 on a live server (one per test: each registers several accounts): register, observe
/// the session, the profile, an avatar upload with progress, a `422` with its fields, a `401` after logout and
/// after the session is ended elsewhere, token stores.
@Suite(.requires(.photos)) struct AccountLiveTests {
    @Test func registerProfileAvatarPasswordAndLogOut() async throws {
        let server = try TestServer()
        let recorder = RecordingTransport()
        let store = InMemoryTokenStore()
        let client = server.client(tokenStore: store, recorder: recorder)
        var states = client.session.changes().makeAsyncIterator()
        #expect(await states.next() == .signedOut(.notSignedIn))

        let name = uniqueName("sdk")
        let user = try await client.auth.register(username: name, password: TestServer.password)
        #expect(user.username == name && user.nickname == name && user.avatarURL == nil)
        #expect(await states.next() == .signedIn(user))
        #expect(client.session.user == user)
        let saved = try #require(store.load())
        #expect(saved.user == user && saved.token.count == 43 && saved.expiresAt > Date())
        #expect(try await client.me.profile() == user)

        let renamed = try await client.me.changeNickname("爱丽丝")
        #expect(renamed.nickname == "爱丽丝" && renamed.id == user.id)
        #expect(await states.next() == .signedIn(renamed))
        #expect(store.load()?.user.nickname == "爱丽丝")

        let avatar = SharedDataSet.photos.url("ordinary/astronaut.png")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: avatar.path)[.size] as? Int)
        let reports = Mutex<[UploadProgress]>([])
        let pictured = try await client.me.uploadAvatar(UploadFile(file: avatar)) { progress in reports.withLock { $0.append(progress) } }
        let avatarURL = try #require(pictured.avatarURL)
        #expect(avatarURL.hasPrefix("/media/avatars/"))
        #expect(await states.next() == .signedIn(pictured))
        let progress = reports.withLock { $0 }
        let last = try #require(progress.last)
        #expect(last.bytesSent == last.totalBytes && last.totalBytes > Int64(size), "the multipart body holds the whole file")
        #expect(progress.map(\.bytesSent) == progress.map(\.bytesSent).sorted())
        #expect(try server.get(avatarURL).headers["content-type"] == "image/jpeg")

        let wrong = await failure { () async throws(AppSuiteError) in try await client.me.changePassword(current: "not the password", new: "another horse battery") }
        #expect(wrong?.status == 401)
        #expect(client.session.isSignedIn, "a wrong current password does not end the session")
        try await client.me.changePassword(current: TestServer.password, new: "another horse battery")
        #expect(try await client.me.profile().id == user.id)

        let other = try server.logIn(name, password: "another horse battery")
        let devices = try await client.me.sessions()
        #expect(devices.count == 2 && devices.filter(\.current).count == 1)
        let otherID = try #require(devices.first { !$0.current }?.id)
        try await client.me.signOut(session: otherID)
        #expect(try server.get(APIPath.me, token: other.token).status == 401)
        let unknown = await failure { () async throws(AppSuiteError) in try await client.me.signOut(session: otherID) }
        #expect(unknown?.status == 404)
        let third = try server.logIn(name, password: "another horse battery")
        try await client.me.signOutOtherSessions()
        #expect(try server.get(APIPath.me, token: third.token).status == 401)
        #expect(try await client.me.sessions().count == 1)
        // A server without third-party sign-in offers none, and the user has none linked.
        #expect(try await client.auth.providers() == [])
        #expect(try await client.me.linkedLogins() == LinkedLoginList(items: [], hasPassword: true))
        let unlinked = await failure { () async throws(AppSuiteError) in try await client.me.unlink(provider: "corp") }
        #expect(unlinked?.status == 404)

        try await client.auth.logOut()
        #expect(await states.next() == .signedOut(.loggedOut))
        #expect(store.load() == nil)
        let after = await failure { () async throws(AppSuiteError) in try await client.me.profile() }
        #expect(after?.status == 401)
        #expect(after?.problem?.detail == "请先登录。")

        let again = try await client.auth.logIn(username: name, password: "another horse battery")
        #expect(again.nickname == "爱丽丝")
        #expect(await states.next() == .signedIn(again))

        // E-mail and reset without a mail server: the address and its state read back; sending a link is 503, a
        // token that was never sent is 410 (the flows with a real SMTP server are in EmailFlowTests and E2E).
        #expect(try await client.me.email() == EmailStatus(email: nil, verified: false))
        let noMail = await failure { () async throws(AppSuiteError) in _ = try await client.me.setEmail("a@example.com", currentPassword: "another horse battery") }
        #expect(noMail?.status == 503)
        let noReset = await failure { () async throws(AppSuiteError) in try await client.auth.requestPasswordReset(email: "a@example.com") }
        #expect(noReset?.status == 503)
        let badLink = await failure { () async throws(AppSuiteError) in try await client.auth.verifyEmail(token: "never-sent") }
        #expect(badLink?.status == 410)
        let badReset = await failure { () async throws(AppSuiteError) in try await client.auth.resetPassword(token: "never-sent", newPassword: "a new horse battery") }
        #expect(badReset?.status == 410)
        #expect(client.session.isSignedIn)

        // The storage quotas: each app that keeps uploads, nothing used yet but the limits the server has.
        let storage = try await client.me.storage()
        #expect(storage.items.map(\.app) == ["photos", "merchants", "slicer"])
        #expect(storage.items.allSatisfy { $0.usedBytes == 0 } && storage.items.first?.limitBytes == 2 << 30)

        // Download my data (a zip naming the account), then delete the account: the password first.
        let archive = try await client.me.exportData()
        #expect(archive.starts(with: [0x50, 0x4B, 0x03, 0x04]) && archive.count > 100)
        let refused = await failure { () async throws(AppSuiteError) in try await client.me.deleteAccount(password: "not the password") }
        #expect(refused?.status == 401 && refused?.fieldErrors.map(\.field) == ["password"])
        #expect(client.session.isSignedIn, "a wrong password does not end the session")
        try await client.me.deleteAccount(password: "another horse battery")
        #expect(await states.next() == .signedOut(.loggedOut))
        let deleted = await failure { () async throws(AppSuiteError) in
            _ = try await client.auth.logIn(username: name, password: "another horse battery")
        }
        #expect(deleted?.status == 401)
        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/auth/") || $0.path == "/api/v1/me" || $0.path.hasPrefix("/api/v1/me/") }
        #expect(expected.count == 21)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }

    @Test func validationProblemsNameTheirFieldsInTheRequestedLanguage() async throws {
        let server = try TestServer()
        for (language, words) in [("zh", "密码"), ("en", "assword")] {
            let error = await failure { () async throws(AppSuiteError) in
                try await server.client(language: language).auth.register(username: uniqueName("sdk"), password: "short")
            }
            let problem = try #require(error?.problem)
            #expect(problem.status == 422 && problem.type == "urn:appsuite:problem:validation")
            #expect(error?.fieldErrors.map(\.field) == ["password"])
            #expect(error?.fieldErrors.first?.message.contains(words) == true, "\(problem)")
        }
        let client = server.client()
        let name = uniqueName("sdk")
        try await client.auth.register(username: name, password: TestServer.password)
        let taken = await failure { () async throws(AppSuiteError) in try await server.client().auth.register(username: name, password: TestServer.password) }
        #expect(taken?.problem?.type == "urn:appsuite:problem:username-taken" && taken?.status == 409)
        let badLogin = await failure { () async throws(AppSuiteError) in try await server.client().auth.logIn(username: name, password: "not the password") }
        #expect(badLogin?.status == 401)
        let nickname = await failure { () async throws(AppSuiteError) in try await client.me.changeNickname("\u{200B}") }
        #expect(nickname?.fieldErrors.map(\.field) == ["nickname"])
    }

    @Test func aSessionEndedElsewhereSignsOutOnTheNext401() async throws {
        let server = try TestServer()
        let phone = server.client()
        let name = uniqueName("sdk")
        try await phone.auth.register(username: name, password: TestServer.password)
        var states = phone.session.changes().makeAsyncIterator()
        #expect(await states.next()?.user?.username == name)

        let laptop = server.client()
        try await laptop.auth.logIn(username: name, password: TestServer.password)
        try await laptop.me.changePassword(current: TestServer.password, new: "another horse battery")

        let error = await failure { () async throws(AppSuiteError) in try await phone.me.profile() }
        #expect(error?.status == 401)
        #expect(await states.next() == .signedOut(.sessionEnded))
        #expect(!phone.session.isSignedIn)
        #expect(laptop.session.isSignedIn, "the session that changed the password stays")
        #expect(try await laptop.me.profile().username == name)
    }

    @Test func loggingOutOfASessionTheServerAlreadyEndedIsNoError() async throws {
        let server = try TestServer()
        let store = InMemoryTokenStore()
        let phone = server.client(tokenStore: store)
        let name = uniqueName("sdk")
        try await phone.auth.register(username: name, password: TestServer.password)
        let laptop = server.client()
        try await laptop.auth.logIn(username: name, password: TestServer.password)
        try await laptop.me.changePassword(current: TestServer.password, new: "another horse battery")

        try await phone.auth.logOut()
        #expect(phone.session.state == .signedOut(.loggedOut))
        #expect(store.load() == nil)
        try await phone.auth.logOut()
        #expect(phone.session.state == .signedOut(.loggedOut), "logging out signed out changes nothing")
    }

    @Test func aFileTokenStoreRestoresTheSessionAndDropsAnExpiredOne() async throws {
        let server = try TestServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-store-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.json")
        let name = uniqueName("sdk")
        try await server.client(tokenStore: FileTokenStore(url: file)).auth.register(username: name, password: TestServer.password)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)

        let relaunched = server.client(tokenStore: FileTokenStore(url: file))
        #expect(relaunched.session.user?.username == name)
        #expect(try await relaunched.me.profile().username == name)

        var expired = try #require(try FileTokenStore(url: file).load())
        expired.expiresAt = Date(timeIntervalSinceNow: -60)
        try FileTokenStore(url: file).save(expired)
        let later = server.client(tokenStore: FileTokenStore(url: file))
        #expect(later.session.state == .signedOut(.notSignedIn))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}

/// A client that goes away ends the streams of its session, so a task observing it finishes.
@Suite struct SessionLifetimeTests {
    @Test(.timeLimit(.minutes(1))) func releasingTheClientEndsItsSessionStreams() async {
        var client: AppSuiteClient? = AppSuiteClient(baseURL: URL(string: "http://127.0.0.1:9")!)
        let stream = client!.session.changes()
        let observer = Task {
            var states: [SessionState] = []
            for await state in stream { states.append(state) }
            return states
        }
        #expect(client?.session.state == .signedOut(.notSignedIn))
        client = nil
        #expect(await observer.value == [.signedOut(.notSignedIn)])
    }
}
