import AppSuiteAPI
import Testing

@Suite struct APIPathTests {
    @Test func fillsEachSegmentPercentEncodedAndLeavesUnknownNames() {
        #expect(APIPath.filled(APIPath.Movies.review, ["id": 7_885_559]) == "/api/v1/movies/reviews/7885559")
        #expect(APIPath.filled(APIPath.Community.favorite, ["app": "movies", "itemId": "影评/1 ?#%"])
                == "/api/v1/favorites/movies/%E5%BD%B1%E8%AF%84%2F1%20%3F%23%25")
        #expect(APIPath.filled(APIPath.Photos.versions, [:]) == "/api/v1/photos/{id}/versions")
    }
}
