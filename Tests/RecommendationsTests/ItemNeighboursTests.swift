import Recommendations
import Testing

/// Item-based CF on small rating tables whose similarities can be worked out by hand.
@Suite struct ItemNeighboursTests {
    /// Users 1–3 rate items 10 and 11 alike (both above or both below their mean) and 12 opposite;
    /// user 4 rated 10 highly: 11 is recommended, 12 is not (negative similarity to 10 is dropped).
    @Test func adjustedCosineOnCoRatersRecommendsTheAlikeItem() {
        var ratings: [Rating] = []
        for (user, values) in [(1, [5.0, 5, 1]), (2, [4.0, 5, 2]), (3, [1.0, 2, 5])] {
            for (offset, value) in values.enumerated() { ratings.append(Rating(user: user, item: 10 + offset, value: value)) }
        }
        ratings.append(Rating(user: 4, item: 10, value: 5))
        ratings.append(Rating(user: 4, item: 13, value: 3))
        let model = ItemNeighbours(ratings: ratings, neighbours: 5, minimumCoRaters: 3, shrinkage: 0)
        // Centred: user 1 mean 11/3 → (4/3, 4/3, −8/3); user 2 mean 11/3 → (1/3, 4/3, −5/3); user 3 mean 8/3 → (−5/3, −2/3, 7/3).
        // s(10, 11) = (16/9 + 4/9 + 10/9) / (√(16/9 + 1/9 + 25/9) · √(16/9 + 16/9 + 4/9)) = (30/9) / (√(42/9) · √(36/9)) = 30 / (√42 · 6)
        let s1011 = 30 / (42.0.squareRoot() * 6)
        let row = model.similar[10] ?? []
        #expect(row.count == 1 && row[0].item == 11 && abs(row[0].similarity - s1011) < 1e-12)
        #expect(model.similar[12] == nil)  // negative to both
        // User 4 (mean 4): item 10 lends s · (5 − 4 + 1); 13 has too few co-raters to have neighbours.
        let picks = model.recommend(rated: [10: 5, 13: 3], count: 10)
        #expect(picks.map(\.item) == [11])
        #expect(abs(picks[0].score - 2 * s1011) < 1e-12)
        #expect(model.recommend(rated: [10: 5], excluding: [11], count: 10).isEmpty)
        #expect(model.recommend(rated: [:], count: 10).isEmpty)
        // Shrinkage λ = 3 with 3 co-raters halves the similarity; 4 co-raters are needed with minimumCoRaters 4.
        let shrunk = ItemNeighbours(ratings: ratings, neighbours: 5, minimumCoRaters: 3, shrinkage: 3)
        #expect(abs((shrunk.similar[10]?.first?.similarity ?? 0) - s1011 / 2) < 1e-12)
        #expect(ItemNeighbours(ratings: ratings, neighbours: 5, minimumCoRaters: 4).similar.isEmpty)
    }

    @Test func mostPopularCountsRatingsAndSkipsExcludedItems() {
        let ratings = [Rating(user: 1, item: 7, value: 1), Rating(user: 2, item: 7, value: 2), Rating(user: 3, item: 7, value: 3),
                       Rating(user: 1, item: 8, value: 5), Rating(user: 2, item: 8, value: 5), Rating(user: 1, item: 9, value: 4)]
        let model = ItemNeighbours(ratings: ratings)
        #expect(model.byPopularity == [7, 8, 9])
        #expect(model.mostPopular(excluding: [7], count: 5) == [8, 9])
        #expect(model.popularity == [7: 3, 8: 2, 9: 1])
    }
}
