internal import CCmark
import Foundation

/// Why a Markdown source was refused.
public enum MarkdownError: Error, Sendable, Hashable {
    /// The source has `bytes` UTF-8 bytes, over ``Markdown/maxSourceBytes``.
    case tooLong(bytes: Int, maximum: Int)
    /// Block quotes and lists nest deeper than ``Markdown/maxNesting`` levels.
    case tooDeep(maximum: Int)
    /// libcmark returned nothing (out of memory).
    case failed
}

/// A Markdown source rendered: the HTML fragment and a plain-text summary of it.
public struct RenderedMarkdown: Sendable, Hashable {
    /// An HTML fragment (`<p>…</p>`, `<ul>`, `<blockquote>` …) made by libcmark's renderer from the rewritten tree:
    /// no raw HTML (each piece becomes the comment `<!-- raw HTML omitted -->`), no images, no links but
    /// ``Markdown/isAllowedLink(_:)`` ones, each with `rel="nofollow noopener ugc"`, headings one level down.
    public let html: String
    /// The text of the document, whitespace folded, cut at ``Markdown/summaryLength`` characters (an ellipsis marks a cut).
    public let summary: String
}

/// CommonMark (libcmark 0.30, the reference implementation; Debian `libcmark-dev`) for text users write and
/// others read — merchants' articles. A safe subset: the document is parsed by libcmark, its tree rewritten, then
/// rendered by libcmark's HTML renderer with `CMARK_OPT_SAFE` (safe is the default since 0.29: raw HTML is
/// omitted and `javascript:`, `vbscript:`, `file:` and most `data:` URLs are emptied). On top of that:
/// - **images** are not shown: an image becomes its description (text), so articles cannot pull pictures from
///   other servers (tracking pixels, hot-linking); pictures of a merchant come through Imaging's upload pipeline;
/// - **links** keep only `http:`, `https:`, `mailto:`, `tel:` and same-site paths (`/merchants/12`, never `//host`);
///   any other link becomes its text; every link carries `rel="nofollow noopener ugc"` (RFC 8288 link types, the
///   `ugc` hint for user-generated content);
/// - **headings** move one level down (`#` → `<h2>`): the page's title is the only `<h1>`;
/// - **limits**: at most ``maxSourceBytes`` bytes of source, block quotes and lists nested at most ``maxNesting`` deep.
///
/// libcmark parses in linear time (its pathological-input tests cover nested brackets, emphasis and quotes)
/// and renders without recursion, so a source inside the limits cannot hang or exhaust the stack.
public enum Markdown {
    /// UTF-8 bytes of source, at most.
    public static let maxSourceBytes = 20_000
    /// Block quotes and lists inside each other, at most.
    public static let maxNesting = 16
    /// Characters of ``RenderedMarkdown/summary``.
    public static let summaryLength = 140
    /// The `rel` of every link (RFC 8288; `ugc` per Google's guidance on user-generated content).
    public static let linkRel = "nofollow noopener ugc"

    /// Renders `source` (see the type's rules).
    /// - Throws: ``MarkdownError/tooLong(bytes:maximum:)``, ``MarkdownError/tooDeep(maximum:)``.
    public static func render(_ source: String) throws(MarkdownError) -> RenderedMarkdown {
        let bytes = Array(source.utf8)
        guard bytes.count <= maxSourceBytes else { throw .tooLong(bytes: bytes.count, maximum: maxSourceBytes) }
        guard !bytes.isEmpty else { return RenderedMarkdown(html: "", summary: "") }
        let options = CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress!, $0.count, options) }
        }
        guard let root = parsed else { throw .failed }
        defer { cmark_node_free(root) }
        let summary = try rewrite(root)
        guard let rendered = cmark_render_html(root, options) else { throw .failed }
        defer { free(rendered) }
        // In the safe renderer's output `<a href="` comes only from link nodes: text, code and attributes are escaped
        // (`<` as `&lt;`) and raw HTML is omitted.
        let html = String(cString: rendered).replacingOccurrences(of: "<a href=\"", with: "<a rel=\"\(linkRel)\" href=\"")
        return RenderedMarkdown(html: html, summary: summary)
    }

    /// True for the link targets articles may keep: `http:`, `https:`, `mailto:`, `tel:` (any case) and paths on
    /// this site (`/…`, but not `//host` or `/\host`, which browsers read as another host).
    public static func isAllowedLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        if ["http://", "https://", "mailto:", "tel:"].contains(where: lower.hasPrefix) { return true }
        return lower.hasPrefix("/") && !lower.hasPrefix("//") && !lower.hasPrefix("/\\")
    }

    /// Checks the nesting, unwraps images and refused links (their children take their place), moves headings down;
    /// returns the summary.
    static func rewrite(_ root: OpaquePointer) throws(MarkdownError) -> String {
        guard let iterator = cmark_iter_new(root) else { throw .failed }
        defer { cmark_iter_free(iterator) }
        var depth = 0
        var unwrapped: [OpaquePointer] = []
        var headings: [OpaquePointer] = []
        var text = ""
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            switch type {
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST:
                depth += entering ? 1 : -1
                if depth > maxNesting { throw .tooDeep(maximum: maxNesting) }
            case CMARK_NODE_IMAGE where entering:
                unwrapped.append(node)
            case CMARK_NODE_LINK where entering:
                if !isAllowedLink(cmark_node_get_url(node).map { String(cString: $0) } ?? "") { unwrapped.append(node) }
            case CMARK_NODE_HEADING:
                if entering { headings.append(node) }
                if text.count <= summaryLength { text += " " }
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if text.count <= summaryLength, let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_CODE_BLOCK:
                if text.count <= summaryLength, let literal = cmark_node_get_literal(node) { text += " " + String(cString: literal) + " " }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_PARAGRAPH, CMARK_NODE_ITEM:
                if text.count <= summaryLength { text += " " }
            default:
                break
            }
        }
        for node in unwrapped {
            while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        for heading in headings { cmark_node_set_heading_level(heading, min(cmark_node_get_heading_level(heading) + 1, 6)) }
        let folded = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.count > summaryLength ? String(folded.prefix(summaryLength - 1)) + "…" : folded
    }
}
