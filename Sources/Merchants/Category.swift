import WebUI

/// The merchant categories: the normalised OSM categories of `osm_*_pois.csv` (SOURCES.md §1) plus `ktv`
/// from the Dianping types (美食 rows are restaurants). Ids are the API's `category` values.
struct MerchantCategory: Sendable, Hashable {
    var id: String
    var name: LocalizedText

    static let all: [MerchantCategory] = [
        .init(id: "restaurant", name: LocalizedText(zh: "餐馆", en: "Restaurants")),
        .init(id: "fast_food", name: LocalizedText(zh: "快餐", en: "Fast food")),
        .init(id: "cafe", name: LocalizedText(zh: "咖啡厅", en: "Cafés")),
        .init(id: "supermarket", name: LocalizedText(zh: "超市", en: "Supermarkets")),
        .init(id: "convenience", name: LocalizedText(zh: "便利店", en: "Convenience stores")),
        .init(id: "shop", name: LocalizedText(zh: "其他购物", en: "Other shops")),
        .init(id: "hairdresser", name: LocalizedText(zh: "美发", en: "Hairdressers")),
        .init(id: "fitness", name: LocalizedText(zh: "运动健身", en: "Fitness")),
        .init(id: "hotel", name: LocalizedText(zh: "酒店", en: "Hotels")),
        .init(id: "pharmacy", name: LocalizedText(zh: "药店", en: "Pharmacies")),
        .init(id: "ktv", name: LocalizedText(zh: "KTV", en: "KTV")),
    ]

    static let ids = Set(all.map(\.id))

    static func named(_ id: String) -> MerchantCategory? { all.first { $0.id == id } }
}
