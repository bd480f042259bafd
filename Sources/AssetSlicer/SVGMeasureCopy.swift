import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The copy of an SVG that librsvg measures slices on (issue 27): every `<filter>` keeps its id and attributes, so
/// references resolve as before, but its primitives become one `<feOffset/>`.
///
/// librsvg 2.54 runs an element's filters in `rsvg_handle_get_geometry_for_layer`, although the ink rectangle it
/// returns leaves filter effects out (a circle under a blurred drop shadow measures as the circle). Measuring the
/// original cost one 1000 × 1000 px slice of issue 27's filter bomb 11 s of CPU; the copy takes 0.01 s and gives the
/// same rectangle (`SVGMeasureCopyTests`). Drawing always uses the original.
enum SVGMeasureCopy {
    /// The copy, or nil when `data` has no `<filter>` or libxml2 cannot read it as a document (the original is then
    /// measured). External entities are never loaded and whitespace is kept, so text measures as it draws.
    static func make(_ data: Data) -> Data? {
        guard let document = try? XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever, .nodePreserveWhitespace]),
              let filters = try? document.nodes(forXPath: "//*[local-name()='filter']"), !filters.isEmpty else { return nil }
        for case let filter as XMLElement in filters {
            let name = filter.name ?? "filter"
            let prefix = name.firstIndex(of: ":").map { String(name[...$0]) } ?? ""
            filter.setChildren([XMLElement(name: prefix + "feOffset")])
        }
        return document.xmlData
    }
}
