import CLibXML2

/// What a reader of a rendered page sees or hears, read with libxml2's HTML parser: every text node
/// (not script or style), and the attributes a browser shows or reads aloud or a script puts on screen
/// (`title`, `alt`, `placeholder`, `aria-label`, `label`, meta `content`, the caption of an `<input>`
/// button, every `data-*`). Each is one segment, so a match never spans two of them. An element below
/// the root that declares itself Chinese (`lang="zh-Hans"`, e.g. the 中文 language switch) is skipped.
enum VisibleText {
    static func segments(ofHTML html: [UInt8]) -> [String] {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue)
        guard let document = html.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options) }
        }) else { return [] }
        defer { xmlFreeDoc(document) }
        var segments: [String] = []
        collect(xmlDocGetRootElement(document), into: &segments)
        return segments
    }

    static let shownAttributes: Set<String> = ["title", "alt", "placeholder", "aria-label", "label", "content"]

    private static func collect(_ node: xmlNodePtr?, into segments: inout [String]) {
        var node = node
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { segments.append(String(cString: content)) }
            case XML_ELEMENT_NODE:
                let name = String(cString: current.pointee.name).lowercased()
                if name != "html", value(of: "lang", in: current)?.hasPrefix("zh") == true { break }
                var attribute = current.pointee.properties
                let isButton = name == "input" && ["submit", "button", "reset"].contains(value(of: "type", in: current))
                while let property = attribute {
                    let key = String(cString: property.pointee.name).lowercased()
                    if shownAttributes.contains(key) || key.hasPrefix("data-") || (isButton && key == "value"),
                       let text = xmlNodeGetContent(UnsafeMutablePointer(OpaquePointer(property))) {
                        segments.append(String(cString: text))
                        CLibXML2_free(text)
                    }
                    attribute = property.pointee.next
                }
                if name != "script" && name != "style" { collect(current.pointee.children, into: &segments) }
            default:
                break
            }
            node = current.pointee.next
        }
    }

    private static func value(of attribute: String, in node: xmlNodePtr) -> String? {
        guard let raw = xmlGetProp(node, Array(attribute.utf8) + [0]) else { return nil }
        defer { CLibXML2_free(raw) }
        return String(cString: raw).lowercased()
    }
}

/// Han characters, kana, bopomofo, CJK punctuation (`、` `。` `《》`) and full-width forms (`，` `：` `（）`):
/// what must not be left in an English page outside data.
func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E80...0x2FDF, 0x3000...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
         0xFF00...0xFFEF, 0x20000...0x3FFFF: true
    default: false
    }
}

/// Finds the CJK text a page shows that is not data: every occurrence of a known data string (a film
/// title, a school name, a review, a user's nickname …) is blanked first, longest first, then any CJK
/// character left is reported with the segment it is in.
struct ContentMask {
    private struct Key: Hashable {
        let first: Character
        let second: Character
    }

    /// Data strings by their first two characters, longest first.
    private var index: [Key: [[Character]]] = [:]
    /// One-character data (a nickname's initial on an avatar): data only when it is the whole segment.
    private var single: Set<String> = []

    /// `content`: every text the pages may show as data, each also trimmed; strings without CJK are left out.
    init(_ content: some Sequence<String>) {
        var all = Set<String>()
        for value in content {
            all.insert(value)
            all.insert(value.trimmingWhitespace())
        }
        for text in all where text.unicodeScalars.contains(where: isCJK) {
            let characters = Array(text)
            guard characters.count >= 2 else {
                single.insert(text)
                continue
            }
            index[Key(first: characters[0], second: characters[1]), default: []].append(characters)
        }
        for key in index.keys { index[key]!.sort { $0.count > $1.count } }
    }

    /// The segments that still hold CJK once data is blanked, each with the leftover characters.
    func leftovers(in segments: [String]) -> [(segment: String, left: String)] {
        segments.compactMap { segment in
            guard segment.unicodeScalars.contains(where: isCJK), !single.contains(segment) else { return nil }
            let characters = Array(segment)
            var kept: [Character] = []
            var position = 0
            scan: while position < characters.count {
                if position + 1 < characters.count,
                   let candidates = index[Key(first: characters[position], second: characters[position + 1])] {
                    for candidate in candidates where position + candidate.count <= characters.count
                        && characters[position..<position + candidate.count].elementsEqual(candidate) {
                        kept.append(" ")
                        position += candidate.count
                        continue scan
                    }
                }
                kept.append(characters[position])
                position += 1
            }
            let left = String(kept).unicodeScalars.filter(isCJK)
            return left.isEmpty ? nil : (segment, String(String.UnicodeScalarView(left)))
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
