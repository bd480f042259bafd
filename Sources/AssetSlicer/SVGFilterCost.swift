import Foundation

/// What an SVG's filters cost per pixel drawn, and how many elements its references make librsvg draw, read from its
/// XML before librsvg measures or draws anything (issue 27). The weight of each `<filter>` is the sum of its primitives'
/// weights (``weight(primitive:attributes:)``). Every reference counts, once per use: a `url(#…)` in any attribute
/// (`filter`, `style`, `fill`, `mask`, `clip-path`, `marker-…`) and an `href` on anything but a link (`<use>`,
/// `<feImage>`, a pattern or filter inheriting another). Referring to a filter costs the filter's primitives and what
/// they draw (an `<feImage>` of a filtered element); referring to an element costs its subtree's references. A chain
/// deeper than ``maximumDepth`` is charged as over any budget. A `<style>` sheet that mentions `filter`, and any CSS
/// with a backslash escape (which can spell `filter` or an id unseen), may apply any filter anywhere: every element
/// is then charged every filter once. ``SliceMeter`` multiplies the weight by the pixels of each picture drawn.
struct SVGFilterCensus {
    /// Filter id → the summed weight of its primitives.
    private(set) var filters: [String: Int] = [:]
    /// Element id → what its subtree refers to (each time it does).
    private var references: [String: References] = [:]
    /// The references of the whole document outside non-rendered containers.
    private var document = References()
    private var styleUsesFilters = false

    struct References {
        /// Ids referred to: filters and elements alike.
        var targets: [String] = []
        /// Elements in the subtree (the element itself included).
        var elements = 0
        /// CSS in a `style` attribute of the subtree that this reading cannot follow (a backslash escape).
        var anyFilter = false
    }

    /// Open elements: the id of each one that has one, with what its subtree referenced so far.
    private var open: [(id: String?, references: References)] = []
    /// The filter being read and the weight of its primitives so far.
    private var filter: (id: String, weight: Int)?
    /// The text of the `<style>` sheet being read, which the parser may hand over in pieces.
    private var styleText: String?

    /// Called for every start tag, `name` without namespace prefix; `rendered` is false inside `<defs>` and
    /// other containers that are not drawn where they stand.
    mutating func start(_ name: String, attributes: [String: String], rendered: Bool) {
        if name == "filter" { filter = (attributes["id"] ?? "", 0) }
        if filter != nil, name.hasPrefix("fe"), !["feFuncR", "feFuncG", "feFuncB", "feFuncA", "feMergeNode", "feDistantLight",
                                                   "fePointLight", "feSpotLight"].contains(name) {
            filter!.weight += Self.weight(primitive: name, attributes: attributes)
        }
        if name == "style" { styleText = "" }
        var found = References()
        for (key, value) in attributes where key != "id" {
            found.targets += Self.urlReferences(value)
            if key == "style", value.contains("\\") { found.anyFilter = true }
            if name != "a", key == "href" || key.hasSuffix(":href"), let target = Self.fragment(value.trimmingCharacters(in: .whitespaces)) {
                found.targets.append(target)
            }
        }
        if rendered {
            document.targets += found.targets
            document.anyFilter = document.anyFilter || found.anyFilter
        }
        found.elements = 1
        for index in open.indices {
            open[index].references.targets += found.targets
            open[index].references.anyFilter = open[index].references.anyFilter || found.anyFilter
            open[index].references.elements += 1
        }
        open.append((attributes["id"].flatMap { $0.isEmpty ? nil : $0 }, found))
    }

    mutating func end(_ name: String) {
        if name == "filter", let done = filter {
            if !done.id.isEmpty { filters[done.id] = done.weight }
            filter = nil
        }
        if name == "style", let text = styleText {
            if text.lowercased().contains("filter") || text.contains("\\") { styleUsesFilters = true }
            styleText = nil
        }
        guard let closed = open.popLast() else { return }
        if let id = closed.id, references[id] == nil { references[id] = closed.references }
    }

    mutating func characters(_ text: String) {
        if styleText != nil { styleText! += text }
    }

    /// Weights stop growing here: far past any budget, and far from overflowing when multiplied by a picture's pixels.
    static let maximumWeight = 1_000_000_000
    /// Reference chains deeper than this are not followed but charged ``maximumWeight``.
    static let maximumDepth = 64

    /// The filter weight of the element `id` (a slice) per pixel drawn.
    func weight(of id: String) -> Int {
        var memo: [String: Int] = [:]
        let found = references[id] ?? References()
        return Self.capped(weight(found, depth: 0, memo: &memo) + everyFilter(if: styleUsesFilters || found.anyFilter, memo: &memo))
    }

    /// The filter weight of the whole document per pixel drawn (an app icon or launch master).
    var documentWeight: Int {
        var memo: [String: Int] = [:]
        return Self.capped(weight(document, depth: 0, memo: &memo) + everyFilter(if: styleUsesFilters || document.anyFilter, memo: &memo))
    }

    /// Every filter once, with what it draws, when CSS may apply any of them.
    private func everyFilter(if applies: Bool, memo: inout [String: Int]) -> Int {
        guard applies else { return 0 }
        return filters.keys.sorted().reduce(0) { Self.capped($0 + target($1, depth: 0, memo: &memo)) }
    }

    /// The weight of `found`, each target counted once per reference and computed once (`memo`), so a chain of
    /// references that multiplies (a "billion laughs" of `<use>`) costs as many steps as it has elements.
    private func weight(_ found: References, depth: Int, memo: inout [String: Int]) -> Int {
        guard depth < Self.maximumDepth else { return Self.maximumWeight }
        return found.targets.reduce(0) { Self.capped($0 + target($1, depth: depth, memo: &memo)) }
    }

    /// A target's weight: a filter's primitives, plus what the target's own subtree refers to.
    private func target(_ id: String, depth: Int, memo: inout [String: Int]) -> Int {
        if let known = memo[id] { return known }
        memo[id] = 0  // a cycle (which librsvg refuses to draw) counts nothing
        let each = Self.capped((filters[id] ?? 0) + weight(references[id] ?? References(), depth: depth + 1, memo: &memo))
        memo[id] = each
        return each
    }

    static func capped(_ value: Int) -> Int { min(max(value, 0), maximumWeight) }

    /// How many elements librsvg draws for the element `id`: its subtree's, each reference counting its target's again
    /// (a "billion laughs" of `<use>` multiplies), computed once per element and capped like the weights.
    func instances(of id: String) -> Int {
        var memo: [String: Int] = [:]
        return instances(references[id] ?? References(), depth: 0, memo: &memo)
    }

    private func instances(_ found: References, depth: Int, memo: inout [String: Int]) -> Int {
        var total = found.elements
        guard depth < Self.maximumDepth else { return Self.maximumWeight }
        for target in found.targets {
            guard var drawn = references[target] else { continue }
            if filters[target] != nil { drawn.elements = 0 }  // primitives are not drawn elements; what an <feImage> draws is
            let each: Int
            if let known = memo[target] {
                each = known
            } else {
                memo[target] = 0
                each = instances(drawn, depth: depth + 1, memo: &memo)
                memo[target] = each
            }
            total = Self.capped(total + each)
        }
        return total
    }

    /// One filter primitive's weight: units of one pass over a pixel, where one `feTurbulence` octave is one.
    /// Measured with librsvg 2.54 on a 600 × 600 px region: an octave ≈ 0.064 µs a pixel; `feMorphology`
    /// 15 units at radius 5 and 45 at 50 (librsvg clamps larger radii to the region); a 15 × 15
    /// `feConvolveMatrix` about 20; `feDisplacementMap` about 10; blurs of any radius (box blurs past
    /// σ = 2), lighting and the rest 1–3.
    static func weight(primitive name: String, attributes: [String: String]) -> Int {
        func number(_ key: String, default value: Double) -> [Double] {
            let parts = (attributes[key] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            return parts.isEmpty ? [value] : parts.map { $0.isFinite ? min(max($0, 0), 1_000_000) : 1_000_000 }
        }
        switch name {
        case "feTurbulence": return 2 + Int(min(number("numOctaves", default: 1)[0], Double(maximumWeight)))
        case "feMorphology":
            let radius = number("radius", default: 0)
            return 15 + min(Int(2 * (radius[0] + (radius.count > 1 ? radius[1] : radius[0]))), 40)
        case "feConvolveMatrix":
            let order = number("order", default: 3)
            return 1 + Int(min(order[0], 1_000) * min(order.count > 1 ? order[1] : order[0], 1_000)) / 12
        case "feDisplacementMap": return 10
        case "feGaussianBlur", "feDropShadow", "feDiffuseLighting", "feSpecularLighting": return 3
        default: return 1
        }
    }

    /// Every `url(#…)` in an attribute value or CSS, any case and quoting: `url(#a)`, `URL( '#a' )` → ["a"].
    static func urlReferences(_ value: String) -> [String] {
        guard value.range(of: "url(", options: .caseInsensitive) != nil else { return [] }
        return urlPattern.matches(in: value, range: NSRange(value.startIndex..., in: value)).compactMap { match in
            Range(match.range(at: 1), in: value).map { String(value[$0]) }
        }
    }

    nonisolated(unsafe) private static let urlPattern = try! NSRegularExpression(pattern: #"url\(\s*['"]?\s*#([^'")\s]+)"#, options: [.caseInsensitive])

    /// "#id" → "id"; references to other files are not drawn (librsvg refuses them) and cost nothing.
    static func fragment(_ reference: String) -> String? {
        reference.hasPrefix("#") && reference.count > 1 ? String(reference.dropFirst()) : nil
    }
}
