import AppSuiteAPI
@testable import AppDeals
import AppSuiteTesting
import Community
import Foundation
import HTTPServer
import Storage
import Testing

/// Search on the real catalogue: the n-gram index finds exactly what a scan of every key finds, while a rare
/// Chinese query checks a handful of keys (the bench's 旋转 used to scan all 8,179 on every request).
@Suite(.requires(.appstore)) struct SearchIndexTests {
    @Test func indexFindsWhatAScanFinds() throws {
        let (database, _) = try ImportTests.imported()
        let snapshot = try DealStore(database: database).snapshot()
        #expect(snapshot.byRatings.count == 8_179)
        for text in ["旋转", "旋", "game", "g", "王者 glory", "kingdom rush", "音律 rot", "zzqx", "记", "ü", ". app"] {
            let needle = Array(text.utf8)
            let scanned = snapshot.byRatings.filter { $0.matches(search: needle) }.map(\.id)
            let indexed = snapshot.searchIndex.candidates(text).map { snapshot.byRatings[Int($0)] }.filter { $0.matches(search: needle) }.map(\.id)
            #expect(indexed == scanned, "\(text)")
        }
        let rare = snapshot.searchIndex.candidates("旋转")
        #expect(rare.count < 20)
        #expect(rare.map { snapshot.byRatings[Int($0)].id }.contains(6_466_390_901))
        #expect(snapshot.searchIndex.candidates("zzqx").count < 20)
    }

    @Test func hotSearchListsTheMatchesInRatingOrder() throws {
        let (database, _) = try ImportTests.imported()
        try Migrator.migrate(database, CommunitySchema.migrations())  // 热榜 reads the favourite counts
        let lists = DealLists(store: DealStore(database: database))
        let categories = try DealStore(database: database).snapshot().categories
        var query = try ListQuery(DealAppsQuery(tab: .hot, q: "旋转"), categories: categories)
        #expect(try lists.page(query).items.map(\.app.id) == [6_466_390_901])
        query = try ListQuery(DealAppsQuery(tab: .hot, q: "GAME", limit: 100), categories: categories)
        var found: [Int64] = []
        while true {
            let page = try lists.page(query)
            found += page.items.map(\.app.id)
            guard let next = page.nextCursor else { break }
            query.cursor = next
        }
        let snapshot = try DealStore(database: database).snapshot()
        #expect(found == snapshot.byRatings.filter { $0.matches(search: Array("game".utf8)) }.map(\.id))
        #expect(found.count > 100)
    }
    @Test func traditionalAndFullWidthQueriesFindTheSimplifiedNames() throws {
        let (database, _) = try ImportTests.imported()
        try Migrator.migrate(database, CommunitySchema.migrations())
        let lists = DealLists(store: DealStore(database: database))
        let categories = try DealStore(database: database).snapshot().categories
        func found(_ text: String) throws -> [Int64] {
            try lists.page(try ListQuery(DealAppsQuery(tab: .hot, q: text), categories: categories)).items.map(\.app.id)
        }
        #expect(try ListQuery(DealAppsQuery(q: "旋轉 ＲＯＴＡＥＮＯ"), categories: []).search == "旋转rotaeno")
        #expect(try found("旋轉") == [6_466_390_901])
        #expect(try found("全能記") == [1_587_301_632, 992_762_497])  // 全能记(录音,备忘,流水), 记账·圈子账本…全能记帐本
        #expect(try found("旋转音律 ＲＯＴＡＥＮＯ") == [6_466_390_901])
        #expect(try found("ＧＡＭＥ") == (try found("game")))
    }

    /// Search folds case, punctuation, spaces and width (issue 30: "PACMAN" did not find PAC-MAN Premium).
    @Test func punctuationAndSpacesDoNotMatter() throws {
        let (database, _) = try ImportTests.imported()
        try Migrator.migrate(database, CommunitySchema.migrations())
        let lists = DealLists(store: DealStore(database: database))
        let categories = try DealStore(database: database).snapshot().categories
        func found(_ text: String) throws -> Set<Int64> {
            var query = try ListQuery(DealAppsQuery(tab: .hot, q: text, limit: 100), categories: categories)
            var ids: Set<Int64> = []
            while true {
                let page = try lists.page(query)
                ids.formUnion(page.items.map(\.app.id))
                guard let next = page.nextCursor else { return ids }
                query.cursor = next
            }
        }
        #expect(SearchIndex.fold("PAC-MAN Premium") == "pacmanpremium" && SearchIndex.fold("Ms. PAC-MAN") == "mspacman")
        let pacman = try found("PACMAN")
        #expect(pacman.isSuperset(of: [281_656_475, 284_736_660, 293_778_748]))  // PAC-MAN Premium, Ms. PAC-MAN, PAC-MAN
        #expect(try found("pac man premium").contains(281_656_475))
        #expect(try found("ＰＡＣＭＡＮ") == pacman)
        #expect(try found("pac-man") == pacman)
    }
}
