import Foundation
import Imaging
import WebUI

/// Reads bitmap exports: a folder of PNG (and JPEG) files, or one such file. `name@2x.png` is at scale 2,
/// `name@3x.png` at 3, a name without a suffix at the design scale; the files of one name are one slice.
enum BitmapDesign {
    static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// - Parameter paths: bitmap files; names shown in messages are relative to `base`.
    static func read(_ files: [URL], base: URL?, designScale: Int, limits: SlicerLimits) throws(SlicerError) -> Design {
        var byName: [String: (origin: String, format: DesignFormat, images: [Int: RGBAImage])] = [:]
        var order: [String] = []
        var notes: [LintFinding] = []
        guard files.count <= limits.maximumSlices * 3 else {
            throw .overLimit("\(files.count) files; at most \(limits.maximumSlices * 3) (\(limits.maximumSlices) slices × 3 scales)")
        }
        var totalPixels = 0
        for file in files {
            let shown = base.map { relativePath(file, to: $0) } ?? file.lastPathComponent
            let (name, scale) = splitScale(file.deletingPathExtension().lastPathComponent, designScale: designScale)
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try Data(contentsOf: file))
            } catch {
                throw .missingInput(path: shown, detail: "cannot be read")
            }
            let image: RGBAImage
            let format: DesignFormat
            do {
                let info = try Imaging.probe(bytes, limits: limits.image)
                format = info.format == .png ? .png : info.format == .jpeg ? .jpeg : .other
                guard info.width <= limits.maximumSide, info.height <= limits.maximumSide else {
                    throw SlicerError.overLimit("\(shown) is \(info.width)×\(info.height) px; each side at most \(limits.maximumSide)")
                }
                totalPixels += info.width * info.height
                guard totalPixels <= limits.maximumTotalPixels else {
                    throw SlicerError.overLimit("the pictures up to \(shown) have \(totalPixels) pixels in all; at most \(limits.maximumTotalPixels)")
                }
                image = try Imaging.decodeRGBA(bytes, limits: limits.image)
            } catch let error as SlicerError {
                throw error
            } catch {
                let text = (error as? ImagingError)?.shownText ?? "\(error)"
                notes.append(LintFinding(rule: "read", level: .error, subject: shown, message: LocalizedText(zh: "无法读取：\(text)", en: "not read: \(text)")))
                continue
            }
            if byName[name] == nil { order.append(name) }
            var entry = byName[name] ?? (shown, format, [:])
            if entry.images[scale] != nil {
                notes.append(LintFinding(rule: "read", level: .warning, subject: shown, message: LocalizedText(
                    zh: "\(name) 在 @\(scale)x 有第二个文件；用第一个", en: "a second file for \(name) at @\(scale)x; the first one is used")))
                continue
            }
            entry.images[scale] = image
            if scale >= (entry.images.keys.max() ?? 0) { entry.origin = shown }
            byName[name] = entry
        }
        guard byName.count <= limits.maximumSlices else {
            throw .overLimit("\(byName.count) slices; at most \(limits.maximumSlices)")
        }
        let slices = order.compactMap { name -> Slice? in
            guard let entry = byName[name], let top = entry.images.keys.max(), let image = entry.images[top] else { return nil }
            return Slice(name: SliceName(name), origin: entry.origin, format: entry.format,
                         width: Double(image.width) / Double(top), height: Double(image.height) / Double(top),
                         art: .bitmaps(entry.images))
        }
        return Design(slices: slices, notes: notes)
    }

    /// `btn_ok@2x` → ("btn_ok", 2); `btn_ok` → ("btn_ok", designScale).
    static func splitScale(_ base: String, designScale: Int) -> (String, Int) {
        for scale in 1...3 where base.hasSuffix("@\(scale)x") {
            return (String(base.dropLast(3)), scale)
        }
        return (base, designScale)
    }

    /// Bitmap files under a folder (recursively), sorted by path; hidden files are skipped.
    static func files(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                         options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    static func relativePath(_ file: URL, to base: URL) -> String {
        let basePath = base.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        return path.hasPrefix(basePath + "/") ? String(path.dropFirst(basePath.count + 1)) : file.lastPathComponent
    }
}
