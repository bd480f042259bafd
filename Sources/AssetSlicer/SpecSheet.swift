import CRsvg
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import WebUI

/// The spec sheet (标注) of an SVG design, as PxCook drew it for the seed's designers: every text with its
/// font size in px and pt and its colour in hex and RGB with opacity, every picture with its size, and the
/// distances of each to the screen edges in points, drawn over the design. Elements with an `id` are
/// measured by librsvg; a text without one is listed at its `x`/`y` attributes, unmeasured.
enum SpecSheet {
    struct Item {
        enum Kind { case text, picture }
        var kind: Kind
        var id: String?
        var text: String
        /// Design pixels.
        var fontSize: Double?
        var colour: String?
        var opacity: Double
        /// Design pixels: measured ink rectangle, or the x/y attributes with no size.
        var frame: (x: Double, y: Double, width: Double, height: Double)?
    }

    /// `spec.html` and the design drawn at @1x (`spec.png`) for `data`, an SVG design.
    static func make(_ data: Data, file: String, designScale: Int, limits: SlicerLimits, meter: SliceMeter) throws(SlicerError) -> [String: [UInt8]] {
        let collector = SpecCollector(data)
        guard let width = collector.canvasWidth, let height = collector.canvasHeight, width > 0, height > 0 else {
            throw .unreadableDesign(file: file, layer: nil, detail: "the spec sheet needs the design's size (viewBox or width and height)")
        }
        var items = collector.items
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { raw in
            rsvg_handle_new_from_data(raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &error)
        }
        guard let handle else {
            LibraryLog.write(error, library: "librsvg", file: file)
            throw .unreadableDesign(file: file, layer: nil, detail: "not an SVG this tool can draw")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        for index in items.indices {
            guard let id = items[index].id else { continue }
            if case let .success(ink) = SVGDesign.measure(handle, id: id, canvasWidth: width, canvasHeight: height), ink.width > 0 {
                items[index].frame = (ink.x, ink.y, ink.width, ink.height)
            }
        }
        let scale = Double(designScale)
        // The design at @1x: a long page may be taller than a slice, but not bigger than one picture may be.
        let pictureWidth = max(1, Int((width / scale).rounded())), pictureHeight = max(1, Int((height / scale).rounded()))
        let tallest = limits.maximumSide * 4
        guard pictureWidth <= tallest, pictureHeight <= tallest, pictureWidth * pictureHeight <= limits.image.maximumPixels else {
            throw .overLimit("\(file) at @1x is \(pictureWidth)×\(pictureHeight) px; each side at most \(tallest) and \(limits.image.maximumPixels) pixels in all")
        }
        let picture = try SVGDesign.renderDocument(data, file: file, width: pictureWidth, height: pictureHeight, maximumSide: tallest, meter: meter)
        let png: [UInt8]
        do {
            png = try Imaging.encodePNG(picture).bytes
        } catch {
            throw .imaging(error)
        }
        let html = page(items, file: file, width: width, height: height, scale: scale)
        return ["spec.html": Array(html.utf8), "spec.png": png]
    }

    static func points(_ pixels: Double, _ scale: Double) -> String { DesignLint.formatted((pixels / scale * 10).rounded() / 10) }

    static func page(_ items: [Item], file: String, width: Double, height: Double, scale: Double) -> String {
        func edges(_ item: Item) -> String {
            guard let frame = item.frame else { return "—" }
            if frame.width == 0 { return "x \(points(frame.x, scale)) / y \(points(frame.y, scale))" }
            return [frame.x, frame.y, width - frame.x - frame.width, height - frame.y - frame.height].map { points($0, scale) }.joined(separator: " / ")
        }
        func box(_ item: Item, _ number: Int) -> [Node] {
            guard let frame = item.frame, frame.width > 0 else { return [] }
            let style = String(format: "left:%.3f%%;top:%.3f%%;width:%.3f%%;height:%.3f%%", frame.x / width * 100, frame.y / height * 100,
                               frame.width / width * 100, frame.height / height * 100)
            return [div(.class(item.kind == .text ? "box text" : "box picture"), .attribute("style", style)) { span { String(number) } }]
        }
        let texts = items.filter { $0.kind == .text }, pictures = items.filter { $0.kind == .picture }
        let body = render([
            h1 { "标注 Spec sheet: \(file)" },
            p { "\(DesignLint.formatted(width))×\(DesignLint.formatted(height)) px = \(points(width, scale))×\(points(height, scale)) pt at @\(Int(scale))x" },
            div(.class("canvas"), .attribute("style", "aspect-ratio:\(width)/\(height)")) {
                img(.src("spec.png"), .alt(file))
                for (number, item) in items.enumerated() { box(item, number + 1) }
            },
            h2 { "文字 Texts (\(texts.count))" },
            table {
                tr { th { "#" }; th { "文字 text" }; th { "字号 size" }; th { "颜色 colour" }; th { "左/上/右/下 edges (pt)" } }
                for item in texts {
                    tr {
                        td { String((items.firstIndex { $0.id == item.id && $0.text == item.text && $0.kind == .text } ?? 0) + 1) }
                        td { item.text }
                        td { item.fontSize.map { "\(DesignLint.formatted($0)) px / \(points($0, scale)) pt" } ?? "—" }
                        td { describe(item.colour, opacity: item.opacity) }
                        td { edges(item) }
                    }
                }
            },
            h2 { "图片 Pictures (\(pictures.count))" },
            table {
                tr { th { "#" }; th { "id" }; th { "尺寸 size" }; th { "左/上/右/下 edges (pt)" } }
                for item in pictures {
                    tr {
                        td { String((items.firstIndex { $0.id == item.id && $0.kind == .picture } ?? 0) + 1) }
                        td { item.id ?? "—" }
                        td { item.frame.map { "\(DesignLint.formatted($0.width))×\(DesignLint.formatted($0.height)) px / \(points($0.width, scale))×\(points($0.height, scale)) pt" } ?? "—" }
                        td { edges(item) }
                    }
                }
            },
        ])
        return """
            <!doctype html><html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Spec sheet</title><style>body{font:14px system-ui,sans-serif;margin:16px;color-scheme:light dark}
            .canvas{position:relative;max-width:375px;border:1px solid #8886}.canvas img{display:block;width:100%;height:auto}
            .box{position:absolute;box-sizing:border-box;border:1px solid}.box.text{border-color:#e53935}.box.picture{border-color:#1e88e5}
            .box span{position:absolute;top:-1px;left:-1px;font-size:10px;line-height:1;padding:1px 2px;color:#fff;background:#e53935}
            .box.picture span{background:#1e88e5}table{border-collapse:collapse;margin:8px 0 16px}
            td,th{border-bottom:1px solid #8884;padding:4px 8px;text-align:left;vertical-align:top}</style></head>
            <body>\(body)</body></html>
            """
    }

    /// `#1E88E5 · RGB(30, 136, 229) · 100%` from a CSS colour (hex or rgb()); other colours as written.
    static func describe(_ colour: String?, opacity: Double) -> String {
        guard let colour else { return "—" }
        // CSS clamps opacity to 0…1 (a value that is not a number is the default, 1).
        let percent = "\(Int((opacity.isNaN ? 100 : min(max(opacity, 0), 1) * 100).rounded()))%"
        guard let rgb = components(colour) else { return "\(colour) · \(percent)" }
        return String(format: "#%02X%02X%02X · RGB(%d, %d, %d) · ", rgb.0, rgb.1, rgb.2, rgb.0, rgb.1, rgb.2) + percent
    }

    static func components(_ colour: String) -> (Int, Int, Int)? {
        let text = colour.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("#") {
            var hex = String(text.dropFirst())
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
            return (value >> 16, (value >> 8) & 0xff, value & 0xff)
        }
        if text.hasPrefix("rgb(") && text.hasSuffix(")") {
            let parts = text.dropFirst(4).dropLast().split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return parts.count == 3 ? (parts[0], parts[1], parts[2]) : nil
        }
        return ["black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "gray": (128, 128, 128), "grey": (128, 128, 128)][text]
    }
}

/// Texts and pictures of an SVG with the styles they inherit (`fill`, `fill-opacity`, `opacity`,
/// `font-size`, from attributes or `style`), parsed by libxml2 through Foundation's XMLParser.
final class SpecCollector: NSObject, XMLParserDelegate {
    private(set) var items: [SpecSheet.Item] = []
    private(set) var canvasWidth: Double?
    private(set) var canvasHeight: Double?
    private var styles: [[String: String]] = []
    private var opacities: [Double] = []
    private var hidden: [Bool] = []
    /// The text element being read and its characters.
    private var text: (item: SpecSheet.Item, depth: Int)?

    init(_ data: Data) {
        super.init()
        let outline = SVGOutline(data)
        canvasWidth = outline.canvasWidth
        canvasHeight = outline.canvasHeight
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        _ = parser.parse()
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let name = element.split(separator: ":").last.map(String.init) ?? element
        var style = styles.last ?? [:]
        for key in ["fill", "fill-opacity", "font-size"] { if let value = attributes[key] { style[key] = value } }
        for declaration in (attributes["style"] ?? "").split(separator: ";") {
            let pair = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { style[pair[0]] = pair[1] }
        }
        let ownOpacity = Double(attributes["opacity"] ?? "") ?? Double(style["opacity"] ?? "") ?? 1
        style["opacity"] = nil
        let opacity = (opacities.last ?? 1) * ownOpacity
        let isHidden = (hidden.last ?? false) || SVGOutline.hidden.contains(name)
        styles.append(style)
        opacities.append(opacity)
        hidden.append(isHidden)
        guard !isHidden else { return }
        let x = Double(attributes["x"] ?? ""), y = Double(attributes["y"] ?? "")
        if name == "text", text == nil {
            let fontSize = style["font-size"].flatMap { Double($0.replacingOccurrences(of: "px", with: "")) }
            let fillOpacity = Double(style["fill-opacity"] ?? "") ?? 1
            text = (SpecSheet.Item(kind: .text, id: attributes["id"], text: "", fontSize: fontSize, colour: style["fill"] ?? "#000000",
                                   opacity: opacity * fillOpacity, frame: x.map { ($0, y ?? 0, 0, 0) }), styles.count)
        } else if name == "image" || (name == "g" || name == "rect" || name == "path" || name == "circle") && attributes["id"] != nil && text == nil
                    && SliceName(attributes["id"] ?? "").isWellFormed {
            let width = Double(attributes["width"] ?? "") ?? 0, height = Double(attributes["height"] ?? "") ?? 0
            items.append(SpecSheet.Item(kind: .picture, id: attributes["id"], text: "", fontSize: nil, colour: nil, opacity: opacity,
                                        frame: x.map { ($0, y ?? 0, width, height) }))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text?.item.text += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if let current = text, current.depth == styles.count {
            var item = current.item
            item.text = item.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !item.text.isEmpty { items.append(item) }
            text = nil
        }
        _ = styles.popLast()
        _ = opacities.popLast()
        _ = hidden.popLast()
    }
}
