import CRsvg
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import WebUI

/// Reads an SVG design: every element with an `id` none of whose ancestors has one (outside `<defs>` and
/// other non-rendered containers) is a slice named by its id. librsvg measures each element
/// (`rsvg_handle_get_geometry_for_element`) and draws it alone at each scale (`rsvg_handle_render_element`),
/// so every scale is rendered from the vectors, never resized. User units are design pixels.
final class SVGDesign {
    let handle: UnsafeMutablePointer<RsvgHandle>
    let file: String

    private init(handle: UnsafeMutablePointer<RsvgHandle>, file: String) {
        self.handle = handle
        self.file = file
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Reads the document; slices keep a reference to it and draw on demand on the calling thread.
    static func read(_ data: Data, file: String, designScale: Int, limits: SlicerLimits, meter: SliceMeter) throws(SlicerError) -> Design {
        guard data.count <= limits.image.maximumBytes else {
            throw .overLimit("\(file) has \(data.count) bytes; at most \(limits.image.maximumBytes)")
        }
        let outline = SVGOutline(data)
        if let failure = outline.failure {
            LibraryLog.write(failure, library: "libxml2", file: file)
            throw .unreadableDesign(file: file, layer: nil, detail: "not well-formed XML\(outline.failureLine.map { " (line \($0))" } ?? "")")
        }
        var error: UnsafeMutablePointer<GError>?
        let opened = data.withUnsafeBytes { raw in
            rsvg_handle_new_from_data(raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &error)
        }
        guard let opened else {
            let text = LibraryLog.write(error, library: "librsvg", file: file) ?? ""
            throw .unreadableDesign(file: file, layer: nil, detail: text.hasPrefix("XML parse error") ? "not well-formed XML" : "not an SVG this tool can draw")
        }
        let design = SVGDesign(handle: opened, file: file)
        let measured = SVGMeasureCopy.make(data).flatMap { copy in
            copy.withUnsafeBytes { raw in rsvg_handle_new_from_data(raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), nil) }
        }.map { SVGDesign(handle: $0, file: file) }
        guard outline.ids.count <= limits.maximumSlices else {
            throw .overLimit("\(file) has \(outline.ids.count) slices; at most \(limits.maximumSlices)")
        }
        var slices: [Slice] = []
        var notes: [LintFinding] = []
        let scale = Double(designScale)
        for id in outline.ids {
            try meter.premeasure(origin: "\(file)#\(id)", instances: outline.filters.instances(of: id), filterWeight: outline.filters.weight(of: id))
            let ink: RsvgRectangle
            let rectangle = measured.flatMap { try? measure($0.handle, id: id, canvasWidth: outline.canvasWidth, canvasHeight: outline.canvasHeight).get() }
            switch rectangle.map(Result.success) ?? measure(opened, id: id, canvasWidth: outline.canvasWidth, canvasHeight: outline.canvasHeight) {
            case let .success(rectangle): ink = rectangle
            case let .failure(message):
                notes.append(LintFinding(rule: "read", level: .error, subject: "\(file)#\(id)", message: LocalizedText("cannot be measured: \(message)")))
                continue
            }
            guard ink.width > 0, ink.height > 0 else {
                notes.append(LintFinding(rule: "read", level: .warning, subject: "\(file)#\(id)", message: LocalizedText(zh: "不绘制任何内容；已跳过", en: "draws nothing; skipped")))
                continue
            }
            let side = Double(limits.maximumSide)
            guard ink.width <= side, ink.height <= side else {
                throw .overLimit("\(file)#\(id) is \(DesignLint.formatted(ink.width))×\(DesignLint.formatted(ink.height)) px; each side at most \(limits.maximumSide)")
            }
            let width = ink.width / scale, height = ink.height / scale
            slices.append(Slice(
                name: SliceName(id), origin: "\(file)#\(id)", format: .svg, width: width, height: height,
                position: (ink.x / scale, ink.y / scale),
                art: .vector { (pixelsPerPoint, canvasWidth, canvasHeight, left, top) throws(SlicerError) -> RGBAImage in
                    try design.render(id: id, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                      viewport: RsvgRectangle(x: left, y: top, width: width * pixelsPerPoint, height: height * pixelsPerPoint),
                                      maximumSide: limits.maximumSide)
                }, filterWeight: outline.filters.weight(of: id)))
        }
        return Design(slices: slices, canvasWidth: outline.canvasWidth, canvasHeight: outline.canvasHeight, notes: notes)
    }

    /// Draws element `id` alone, fitted to `viewport`, on a transparent canvas.
    func render(id: String, canvasWidth: Int, canvasHeight: Int, viewport: RsvgRectangle, maximumSide: Int) throws(SlicerError) -> RGBAImage {
        let canvas = try CairoCanvas(width: canvasWidth, height: canvasHeight, maximumSide: maximumSide)
        var element = viewport
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_element(handle, canvas.context, "#" + id, &element, &error) != 0 else {
            LibraryLog.write(error, library: "librsvg", file: "\(file)#\(id)")
            throw .unreadableDesign(file: file, layer: LocalizedText("#" + id), detail: "cannot be drawn")
        }
        return canvas.image()
    }

    /// Draws the whole document scaled to fill `width` × `height` (an app icon or launch master, a spec sheet),
    /// charged to `meter` first with the document's filter weight.
    static func renderDocument(_ data: Data, file: String, width: Int, height: Int, maximumSide: Int,
                               meter: SliceMeter) throws(SlicerError) -> RGBAImage {
        try meter.charge(width: width, height: height, filterWeight: SVGOutline(data).filters.documentWeight, origin: file)
        var error: UnsafeMutablePointer<GError>?
        let opened = data.withUnsafeBytes { raw in
            rsvg_handle_new_from_data(raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &error)
        }
        guard let opened else {
            LibraryLog.write(error, library: "librsvg", file: file)
            throw .unreadableDesign(file: file, layer: nil, detail: "not an SVG this tool can draw")
        }
        let design = SVGDesign(handle: opened, file: file)
        let canvas = try CairoCanvas(width: width, height: height, maximumSide: maximumSide)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(design.handle, canvas.context, &viewport, &error) != 0 else {
            LibraryLog.write(error, library: "librsvg", file: file)
            throw .unreadableDesign(file: file, layer: nil, detail: "cannot be drawn")
        }
        return canvas.image()
    }

    struct MeasureFailure: Error { let message: String }

    /// The ink rectangle of element `id` in user units of the document (design pixels): measured in a
    /// viewport the size of the canvas, so its position is where the design places it.
    static func measure(_ handle: UnsafeMutablePointer<RsvgHandle>, id: String, canvasWidth: Double?, canvasHeight: Double?) -> Result<RsvgRectangle, MeasureFailure> {
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        var failure: UnsafeMutablePointer<GError>?
        let measured: gboolean
        if let width = canvasWidth, let height = canvasHeight {
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            measured = rsvg_handle_get_geometry_for_layer(handle, "#" + id, &viewport, &ink, &logical, &failure)
        } else {
            measured = rsvg_handle_get_geometry_for_element(handle, "#" + id, &ink, &logical, &failure)
        }
        guard measured != 0 else {
            LibraryLog.write(failure, library: "librsvg", file: "#" + id)
            return .failure(MeasureFailure(message: "librsvg gives it no size"))
        }
        return .success(ink)
    }

}

/// What the slicer needs from an SVG's XML (parsed by libxml2 through Foundation's XMLParser): the
/// outermost ids, the canvas size from the root's `viewBox` (or `width`/`height`) and what its filters cost.
final class SVGOutline: NSObject, XMLParserDelegate {
    private(set) var ids: [String] = []
    private(set) var canvasWidth: Double?
    private(set) var canvasHeight: Double?
    private(set) var failure: String?
    private(set) var failureLine: Int?
    private(set) var filters = SVGFilterCensus()
    /// Per open element: whether it or an ancestor is a slice or a non-rendered container.
    private var covered: [Bool] = []
    /// Per open element: whether it or an ancestor is a non-rendered container.
    private var hidden: [Bool] = []
    static let hidden: Set<String> = ["defs", "clipPath", "mask", "symbol", "pattern", "linearGradient", "radialGradient",
                                      "filter", "marker", "style", "title", "desc", "metadata", "script"]

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        if !parser.parse() {
            failure = parser.parserError.map { "\($0.localizedDescription) at line \(parser.lineNumber)" } ?? "at line \(parser.lineNumber)"
            failureLine = parser.lineNumber
        }
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let name = element.split(separator: ":").last.map(String.init) ?? element
        let isHidden = (hidden.last ?? false) || Self.hidden.contains(name)
        hidden.append(isHidden)
        filters.start(name, attributes: attributes, rendered: !isHidden)
        if covered.isEmpty, name == "svg" {
            let box = (attributes["viewBox"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if box.count == 4 {
                canvasWidth = Self.canvasSide(box[2])
                canvasHeight = Self.canvasSide(box[3])
            } else {
                canvasWidth = attributes["width"].flatMap(Self.length).flatMap(Self.canvasSide)
                canvasHeight = attributes["height"].flatMap(Self.length).flatMap(Self.canvasSide)
            }
            covered.append(false)
            return
        }
        let parentCovered = covered.last ?? false
        if parentCovered || Self.hidden.contains(name) {
            covered.append(true)
            return
        }
        if let id = attributes["id"], !id.isEmpty {
            ids.append(id)
            covered.append(true)
        } else {
            covered.append(false)
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        _ = covered.popLast()
        _ = hidden.popLast()
        filters.end(element.split(separator: ":").last.map(String.init) ?? element)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { filters.characters(string) }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { filters.characters(String(decoding: block, as: UTF8.self)) }

    /// Canvas sides in design pixels: 0.001 … 1,000,000 (far beyond any screen); anything else (0, negative,
    /// `1e300`, `inf`, `nan`) is no canvas, so no size computed from it overflows.
    static func canvasSide(_ value: Double) -> Double? {
        (0.001...1_000_000).contains(value) ? value : nil
    }

    /// "750", "750px" → 750; other units are not design pixels.
    static func length(_ text: String) -> Double? {
        Double(text.hasSuffix("px") ? String(text.dropLast(2)) : text)
    }
}
