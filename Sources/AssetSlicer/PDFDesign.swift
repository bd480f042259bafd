import CPoppler
import Foundation
import Imaging
import WebUI

/// Reads a vector PDF (an icon exported from Sketch, Illustrator or Figma): every page is a slice named
/// after the file (`ico_home.pdf` → `ico_home`; pages after the first get `_2`, `_3` …). As in Xcode's
/// vector assets, the page size in PDF points is the size in iOS points; poppler draws each page at
/// each scale.
final class PDFDesign {
    let document: OpaquePointer
    let file: String

    private init(document: OpaquePointer, file: String) {
        self.document = document
        self.file = file
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    static func read(_ data: Data, file: String, limits: SlicerLimits) throws(SlicerError) -> Design {
        let bytes = data.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let opened = poppler_document_new_from_bytes(bytes, nil, &error) else {
            LibraryLog.write(error, library: "poppler", file: file)
            throw .unreadableDesign(file: file, layer: nil, detail: "not a PDF this tool can read")
        }
        let design = PDFDesign(document: opened, file: file)
        let count = Int(poppler_document_get_n_pages(opened))
        guard count <= limits.maximumSlices else { throw .overLimit("\(file) has \(count) pages; at most \(limits.maximumSlices)") }
        guard count <= limits.budget.maximumPages else {
            throw .overBudget(zh: "\(file) 有 \(count) 页，每次最多 \(limits.budget.maximumPages) 页", en: "\(file) has \(count) pages; a run draws at most \(limits.budget.maximumPages)")
        }
        let base = (file as NSString).deletingPathExtension
        var slices: [Slice] = []
        for index in 0..<count {
            guard let page = poppler_document_get_page(opened, Int32(index)) else {
                throw .unreadableDesign(file: file, layer: LocalizedText(zh: "第 \(index + 1) 页", en: "page \(index + 1)"), detail: "cannot be opened")
            }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            g_object_unref(UnsafeMutableRawPointer(page))
            guard width > 0, height > 0, width <= Double(limits.maximumSide), height <= Double(limits.maximumSide) else {
                throw .overLimit("\(file), page \(index + 1) is \(DesignLint.formatted(width))×\(DesignLint.formatted(height)) pt; each side 1…\(limits.maximumSide)")
            }
            let name = index == 0 ? base : "\(base)_\(index + 1)"
            slices.append(Slice(
                name: SliceName(name), origin: count == 1 ? file : "\(file), page \(index + 1)", format: .pdf, width: width, height: height,
                art: .vector { (scale, canvasWidth, canvasHeight, left, top) throws(SlicerError) -> RGBAImage in
                    try design.render(page: index, scale: scale, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                      left: left, top: top, maximumSide: limits.maximumSide)
                }))
        }
        return Design(slices: slices)
    }

    func render(page index: Int, scale: Double, canvasWidth: Int, canvasHeight: Int, left: Double, top: Double, maximumSide: Int) throws(SlicerError) -> RGBAImage {
        guard let page = poppler_document_get_page(document, Int32(index)) else {
            throw .unreadableDesign(file: file, layer: LocalizedText(zh: "第 \(index + 1) 页", en: "page \(index + 1)"), detail: "cannot be opened")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        let canvas = try CairoCanvas(width: canvasWidth, height: canvasHeight, maximumSide: maximumSide)
        cairo_translate(canvas.context, left, top)
        cairo_scale(canvas.context, scale, scale)
        poppler_page_render(page, canvas.context)
        return canvas.image()
    }
}
