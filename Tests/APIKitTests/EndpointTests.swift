import APIKit
import Testing

private struct Item: Codable, Sendable { var id: Int64 }
private struct Draft: Codable, Sendable { var text: String }

@Suite struct EndpointTests {
    @Test func unsafeEndpointsGetTheWriteLimitAndReadsNone() {
        let read = Endpoint<NoQuery, NoBody, Item>(.get, "/api/v1/x/{id}", summary: "One item", access: .anyone)
        let write = Endpoint<NoQuery, Draft, Item>(.post, "/api/v1/x", summary: "Add one")
        let review = Endpoint<NoQuery, Draft, Item>(.put, "/api/v1/x/{id}/review", summary: "Review", limit: .content)
        #expect(read.limit == .none)
        #expect(write.limit == .write)
        #expect(review.limit.windows == [.init(seconds: 60, count: 20), .init(seconds: 86_400, count: 200)])
        #expect(review.limit.summary == "20 a minute, 200 a day")
    }

    @Test func theDocumentedErrorsFollowFromThePolicies() {
        let endpoint = Endpoint<NoQuery, Draft, Item>(.post, "/api/v1/x/{id}/notes", summary: "Note", access: .permission("moderate"),
                                                      status: 201, errors: [.init(404, "No such item")])
        #expect(endpoint.documentedErrors.map(\.status) == [404, 400, 415, 401, 403, 422, 429])
        #expect(endpoint.status == 201)
        #expect(endpoint.pathParameters.map(\.name) == ["id"])
        let open = Endpoint<NoQuery, NoBody, NoContent>(.get, "/api/v1/share/{code}", summary: "Share", access: .anyone, textParameters: ["code"])
        #expect(open.documentedErrors.isEmpty)
        #expect(open.status == 204)
        #expect(open.pathParameters.first?.isID == false)
    }

    @Test func cachePoliciesSayWhoMayKeepTheAnswer() {
        #expect(CachePolicy.publicFor(seconds: 30).cacheControl(signedIn: false) == "public, max-age=30")
        #expect(CachePolicy.publicFor(seconds: 30).cacheControl(signedIn: true) == "private, no-cache")
        #expect(CachePolicy.revalidate.cacheControl(signedIn: true) == "private, no-cache")
        #expect(CachePolicy.noStore.cacheControl(signedIn: false) == "no-store")
        #expect(!CachePolicy.publicFor(seconds: 1).isPrivate)
    }
}
