import AppSuiteAPI
import WebUI

/// The merchant categories: the normalised OSM categories of `osm_*_pois.csv` (SOURCES.md §1) plus `ktv`
/// from the Dianping types (美食 rows are restaurants). Ids are the API's `category` values.
struct MerchantCategory: Sendable, Hashable {
    var id: String
    var name: LocalizedText

    /// Every category, in the API's order (``MerchantCategoryID``).
    static let all: [MerchantCategory] = MerchantCategoryID.allCases.map { MerchantCategory(id: $0.rawValue, name: name(of: $0)) }

    private static func name(of id: MerchantCategoryID) -> LocalizedText {
        switch id {
        case .restaurant: LocalizedText(zh: "餐馆", en: "Restaurants")
        case .fastFood: LocalizedText(zh: "快餐", en: "Fast food")
        case .cafe: LocalizedText(zh: "咖啡厅", en: "Cafés")
        case .supermarket: LocalizedText(zh: "超市", en: "Supermarkets")
        case .convenience: LocalizedText(zh: "便利店", en: "Convenience stores")
        case .shop: LocalizedText(zh: "其他购物", en: "Other shops")
        case .hairdresser: LocalizedText(zh: "美发", en: "Hairdressers")
        case .fitness: LocalizedText(zh: "运动健身", en: "Fitness")
        case .hotel: LocalizedText(zh: "酒店", en: "Hotels")
        case .pharmacy: LocalizedText(zh: "药店", en: "Pharmacies")
        case .ktv: LocalizedText(zh: "KTV", en: "KTV")
        }
    }

    static let ids = Set(all.map(\.id))

    static func named(_ id: String) -> MerchantCategory? { all.first { $0.id == id } }
}
