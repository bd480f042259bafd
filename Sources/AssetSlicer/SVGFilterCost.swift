import Foundation

/// What an SVG's filters cost per pixel drawn, and how many elements its `<use>` references make librsvg draw, read
/// from its XML before librsvg measures or draws anything (issue 27): the
/// weight of each `<filter>` is the sum of its primitives' weights (``weight(primitive:attributes:)``), and the
/// weight of an element is the weight of every filter used in its subtree — by a `filter` attribute or a
/// `filter:` in a `style` attribute, once per use — plus that of every element a `<use>` in it draws (a chain
/// deeper than ``maximumDepth`` is charged as over any budget). A `<style>` sheet that mentions `filter` may apply any filter anywhere, so then every element is
/// charged every filter once. ``SliceMeter`` multiplies the weight by the pixels of each picture drawn.
struct SVGFilterCensus {
    /// Filter id → the summed weight of its primitives.
    private(set) var filters: [String: Int] = [:]
    /// Element id → the filters and `<use>` targets referenced in its subtree (each time they are).
    private var references: [String: References] = [:]
    /// The references of the whole document outside non-rendered containers.
    private var document = References()
    private var styleUsesFilters = false

    struct References {
        var filters: [String] = []
        var uses: [String] = []
        /// Elements in the subtree (the element itself included).
        var elements = 0
    }

    /// Open elements: the id of each one that has one, with what its subtree referenced so far.
    private var open: [(id: String?, references: References)] = []
    /// The filter being read and the weight of its primitives so far.
    private var filter: (id: String, weight: Int)?
    private var inStyle = false

    /// Called for every start tag, `name` without namespace prefix; `rendered` is false inside `<defs>` and
    /// other containers that are not drawn where they stand.
    mutating func start(_ name: String, attributes: [String: String], rendered: Bool) {
        if name == "filter" { filter = (attributes["id"] ?? "", 0) }
        if filter != nil, name.hasPrefix("fe"), !["feFuncR", "feFuncG", "feFuncB", "feFuncA", "feMergeNode", "feDistantLight",
                                                   "fePointLight", "feSpotLight"].contains(name) {
            filter!.weight += Self.weight(primitive: name, attributes: attributes)
        }
        if name == "style" { inStyle = true }
        var found = References()
        if let used = Self.filterReference(attributes["filter"]) ?? Self.filterReference(Self.styleFilter(attributes["style"])) {
            found.filters.append(used)
        }
        if name == "use", let target = (attributes["href"] ?? attributes["xlink:href"]).flatMap(Self.fragment) {
            found.uses.append(target)
        }
        if rendered {
            document.filters += found.filters
            document.uses += found.uses
        }
        found.elements = 1
        for index in open.indices {
            open[index].references.filters += found.filters
            open[index].references.uses += found.uses
            open[index].references.elements += 1
        }
        open.append((attributes["id"].flatMap { $0.isEmpty ? nil : $0 }, found))
    }

    mutating func end(_ name: String) {
        if name == "filter", let done = filter {
            if !done.id.isEmpty { filters[done.id] = done.weight }
            filter = nil
        }
        if name == "style" { inStyle = false }
        guard let closed = open.popLast() else { return }
        if let id = closed.id, references[id] == nil { references[id] = closed.references }
    }

    mutating func characters(_ text: String) {
        if inStyle, text.lowercased().contains("filter") { styleUsesFilters = true }
    }

    /// Weights stop growing here: far past any budget, and far from overflowing when multiplied by a picture's pixels.
    static let maximumWeight = 1_000_000_000
    /// `<use>` chains deeper than this are not followed but charged ``maximumWeight``.
    static let maximumDepth = 64

    /// The filter weight of the element `id` (a slice) per pixel drawn.
    func weight(of id: String) -> Int {
        var memo: [String: Int] = [:]
        return Self.capped(weight(references[id] ?? References(), depth: 0, memo: &memo) + styleWeight)
    }

    /// The filter weight of the whole document per pixel drawn (an app icon or launch master).
    var documentWeight: Int {
        var memo: [String: Int] = [:]
        return Self.capped(weight(document, depth: 0, memo: &memo) + styleWeight)
    }

    private var styleWeight: Int { styleUsesFilters ? filters.values.reduce(0) { Self.capped($0 + $1) } : 0 }

    /// The weight of `found`, each `<use>` target's counted once per use and computed once (`memo`), so a chain of
    /// uses that multiplies (a "billion laughs" of `<use>`) costs as many steps as it has elements.
    private func weight(_ found: References, depth: Int, memo: inout [String: Int]) -> Int {
        var total = found.filters.reduce(0) { Self.capped($0 + (filters[$1] ?? 0)) }
        guard depth < Self.maximumDepth else { return Self.maximumWeight }
        for target in found.uses {
            let each: Int
            if let known = memo[target] {
                each = known
            } else {
                memo[target] = 0  // a cycle (which librsvg refuses to draw) counts nothing
                each = weight(references[target] ?? References(), depth: depth + 1, memo: &memo)
                memo[target] = each
            }
            total = Self.capped(total + each)
        }
        return total
    }

    static func capped(_ value: Int) -> Int { min(max(value, 0), maximumWeight) }

    /// How many elements librsvg draws for the element `id`: its subtree's, each `<use>` counting its target's again
    /// (a "billion laughs" of `<use>` multiplies), computed once per element and capped like the weights.
    func instances(of id: String) -> Int {
        var memo: [String: Int] = [:]
        return instances(references[id] ?? References(), depth: 0, memo: &memo)
    }

    private func instances(_ found: References, depth: Int, memo: inout [String: Int]) -> Int {
        var total = found.elements
        guard depth < Self.maximumDepth else { return Self.maximumWeight }
        for target in found.uses {
            let each: Int
            if let known = memo[target] {
                each = known
            } else {
                memo[target] = 0
                each = instances(references[target] ?? References(), depth: depth + 1, memo: &memo)
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

    /// `url(#shadow)` or `url('#shadow')` → "shadow".
    static func filterReference(_ value: String?) -> String? {
        guard let value, let open = value.range(of: "url("), let close = value[open.upperBound...].firstIndex(of: ")") else { return nil }
        let inside = value[open.upperBound..<close].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
        return fragment(inside)
    }

    /// The `filter:` value of a `style` attribute.
    static func styleFilter(_ style: String?) -> String? {
        style?.split(separator: ";").first { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("filter") }.map(String.init)
    }

    /// "#id" → "id"; references to other files are not drawn (librsvg refuses them) and cost nothing.
    static func fragment(_ reference: String) -> String? {
        reference.hasPrefix("#") && reference.count > 1 ? String(reference.dropFirst()) : nil
    }
}
