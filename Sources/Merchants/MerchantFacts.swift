import Foundation
import WebUI

/// The imported extra fields of a merchant (`merchants.notes`: `key=value` lines, ``MerchantsImporter/notes(_:_:)``) as
/// its page shows them under 更多信息 (tester 31c #4: `sold 4215 image_count 2`, `speed_class moderate` were shown raw).
/// Each known key has a label in both languages and its value in the reader's words: OpenStreetMap's `yes`/`no`/…
/// by a table, numbers with their unit, the sources' own Chinese text as stored. A key this table does not know, a
/// value its table does not know, and source bookkeeping (`image_count` of photos not imported, `ref_openrice`) are
/// not shown.
enum MerchantFacts {
    /// How one key is shown: its label and how a stored value reads, nil when it cannot be said in the reader's words.
    struct Key: Sendable {
        var label: LocalizedText
        var value: @Sendable (String, Language) -> String?
    }

    /// A value from a fixed list (OpenStreetMap's tag values), matched without case.
    static func choice(_ values: [String: LocalizedText]) -> @Sendable (String, Language) -> String? {
        { value, l in values[value.lowercased()]?(l) }
    }

    /// A value shown as the source wrote it (Chinese text of the café list, a brand, a floor number).
    static let asStored: @Sendable (String, Language) -> String? = { value, _ in value }

    static let yesNo = choice(["yes": LocalizedText(zh: "有", en: "Yes"), "no": LocalizedText(zh: "无", en: "No")])

    /// The keys shown, by the name the importer stored them under, in the order the page lists them.
    static let keys: [(name: String, key: Key)] = [
        ("brand", Key(label: LocalizedText(zh: "品牌", en: "Brand"), value: asStored)),
        ("level", Key(label: LocalizedText(zh: "楼层", en: "Floor"), value: { value, _ in Int(value).map(String.init) })),
        ("wheelchair", Key(label: LocalizedText(zh: "轮椅通行", en: "Wheelchair access"), value: choice([
            "yes": LocalizedText(zh: "可以", en: "Yes"), "no": LocalizedText(zh: "不便", en: "No"), "limited": LocalizedText(zh: "部分可以", en: "Limited"),
        ]))),
        ("takeaway", Key(label: LocalizedText(zh: "外带", en: "Takeaway"), value: choice([
            "yes": LocalizedText(zh: "可以", en: "Yes"), "no": LocalizedText(zh: "不可以", en: "No"), "only": LocalizedText(zh: "仅外带", en: "Takeaway only"),
        ]))),
        ("delivery", Key(label: LocalizedText(zh: "外送", en: "Delivery"), value: yesNo)),
        ("outdoor_seating", Key(label: LocalizedText(zh: "户外座位", en: "Outdoor seating"), value: choice([
            "yes": LocalizedText(zh: "有", en: "Yes"), "no": LocalizedText(zh: "无", en: "No"),
            "garden": LocalizedText(zh: "花园座位", en: "In a garden"), "terrace": LocalizedText(zh: "露台座位", en: "On a terrace"),
        ]))),
        ("internet_access", Key(label: LocalizedText(zh: "上网", en: "Internet"), value: choice([
            "wlan": LocalizedText(zh: "Wi-Fi", en: "Wi-Fi"), "yes": LocalizedText(zh: "有", en: "Yes"), "no": LocalizedText(zh: "无", en: "No"),
        ]))),
        ("smoking", Key(label: LocalizedText(zh: "吸烟", en: "Smoking"), value: choice([
            "no": LocalizedText(zh: "禁烟", en: "Not allowed"), "yes": LocalizedText(zh: "可以吸烟", en: "Allowed"),
            "outside": LocalizedText(zh: "仅限室外", en: "Outside only"), "separated": LocalizedText(zh: "设吸烟区", en: "In a smoking area"),
            "isolated": LocalizedText(zh: "设独立吸烟室", en: "In a separate smoking room"),
        ]))),
        ("download_raw", Key(label: LocalizedText(zh: "下载网速", en: "Download speed"), value: { value, _ in
            value.hasSuffix(" Mbps") && Double(value.dropLast(5)) != nil ? value : nil
        })),
        ("upload_mbps", Key(label: LocalizedText(zh: "上传网速", en: "Upload speed"), value: { value, _ in Double(value) != nil ? "\(value) Mbps" : nil })),
        ("speed_class", Key(label: LocalizedText(zh: "网速", en: "Network speed"), value: choice([
            "fast": LocalizedText(zh: "快", en: "Fast"), "moderate": LocalizedText(zh: "中等", en: "Moderate"), "slow": LocalizedText(zh: "慢", en: "Slow"),
        ]))),
        // `中杯拿铁=27 元`: the café list's own words, the price after its item.
        ("price_items", Key(label: LocalizedText(zh: "价格", en: "Prices"), value: { value, _ in value.replacingOccurrences(of: "=", with: " ") })),
        ("toilet", Key(label: LocalizedText(zh: "洗手间", en: "Toilet"), value: asStored)),
        ("power_outlets", Key(label: LocalizedText(zh: "电源插座", en: "Power outlets"), value: asStored)),
        ("parking", Key(label: LocalizedText(zh: "停车", en: "Parking"), value: asStored)),
        ("business_status", Key(label: LocalizedText(zh: "营业状态", en: "Business status"), value: choice(["停业": LocalizedText(zh: "停业", en: "Closed")]))),
        // Dianping's 销量: how many deals the source says were sold.
        ("sold", Key(label: LocalizedText(zh: "销量（来源）", en: "Sold (source)"), value: { value, _ in Int(value).map(String.init) })),
    ]

    /// The label and value of each fact of `notes` that can be shown, in ``keys`` order; empty when none can.
    static func shown(_ notes: String, _ l: Language) -> [(label: String, value: String)] {
        var stored: [String: String] = [:]
        for line in notes.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { stored[parts[0]] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return keys.compactMap { name, key in
            guard let value = stored[name], !value.isEmpty, let shown = key.value(value, l) else { return nil }
            return (key.label(l), shown)
        }
    }
}
