import AppHost
import Foundation
import Imaging
import WebUI

/// Words of the upload progress list (issue 29 item 5); `{…}` are filled in by photos-upload.js.
enum UploadText {
    static let title = LocalizedText(zh: "上传进度", en: "Uploads")
    static let words: [String: LocalizedText] = [
        "waiting": LocalizedText(zh: "等待上传", en: "Waiting"),
        "sending": LocalizedText(zh: "上传中 {percent}%", en: "Uploading {percent}%"),
        "processing": LocalizedText(zh: "已上传，正在处理…", en: "Uploaded, processing…"),
        "done": LocalizedText(zh: "已添加", en: "Added"),
        "duplicate": LocalizedText(zh: "已在图库中", en: "Already in the library"),
        "restored": LocalizedText(zh: "已从最近删除中恢复", en: "Restored from Recently deleted"),
        "cancelled": LocalizedText(zh: "已取消", en: "Cancelled"),
        "failed": LocalizedText(zh: "上传失败", en: "Failed"),
        "network": LocalizedText(zh: "网络中断，未上传", en: "The connection failed; not uploaded"),
        "httpError": LocalizedText(zh: "上传失败（HTTP {status}）", en: "Failed (HTTP {status})"),
        "cancel": LocalizedText(zh: "取消", en: "Cancel"),
        "retry": LocalizedText(zh: "重试", en: "Retry"),
        "open": LocalizedText(zh: "查看", en: "Open"),
        "total": LocalizedText(zh: "已完成 {done}/{count}", en: "{done} of {count} done"),
        "failedCount": LocalizedText(zh: "，{n} 个失败", en: ", {n} failed"),
    ]

    /// Why the server refused a file, by the code in its problem type (`urn:appsuite:problem:photo-<code>`), with the
    /// configured size and pixel limits.
    static func reasons(_ language: Language, limits: ImageLimits) -> [String: String] {
        let refusals = [IngestError(code: "empty", message: "empty file (0 bytes)"),
                        IngestError(code: "too-large", message: "too large (at most \(PhotoText.megabytes(limits.maximumBytes)))",
                                    limit: limits.maximumBytes),
                        IngestError(code: "too-many-pixels",
                                    message: "too many pixels (at most \(PhotoText.pixels(limits.maximumPixels, .en))), refused before decoding",
                                    limit: limits.maximumPixels),
                        IngestError(code: "unsupported", message: "not a supported image (JPEG, PNG, WebP, GIF, HEIC, AVIF, TIFF)"),
                        IngestError(code: "corrupt", message: "corrupt or truncated image"),
                        IngestError(code: "unreadable", message: "cannot read the file"),
                        IngestError(code: "disk-full", message: "the server's disk is full; not saved"),
                        IngestError(code: "storage", message: "could not be saved; try again later")]
        return Dictionary(uniqueKeysWithValues: refusals.map { ($0.code, $0.message(language)) })
    }
}

extension PhotoText {
    /// The viewer's note for a photo whose pixels do not decode (its `problem`, which is for the log, is not shown).
    static func unreadable(_ photo: Photo, _ language: Language) -> String {
        let file = "\(photo.format.uppercased()) \(photo.width)×\(photo.height)"
        return language == .zh ? "无法读取这张图片：文件已损坏或不完整（\(file)）。只能删除。"
            : "This picture can't be read: the file is corrupt or incomplete (\(file)). It can only be deleted."
    }
    /// The formats and the configured limits (`--photos-max-megabytes`, `--photos-max-megapixels`) under the upload form.
    static func uploadHint(_ limits: ImageLimits, _ language: Language) -> String {
        language == .zh
            ? "支持 JPEG、PNG、WebP、GIF、HEIC、AVIF、TIFF；单个文件最大 \(megabytes(limits.maximumBytes))、\(pixels(limits.maximumPixels, .zh))。"
            : "JPEG, PNG, WebP, GIF, HEIC, AVIF or TIFF; up to \(megabytes(limits.maximumBytes)) and \(pixels(limits.maximumPixels, .en)) each."
    }
    /// `bytes` in MiB as the setting gives them: "64 MB", "2 MB", "0.5 MB" (at most two decimals).
    static func megabytes(_ bytes: Int) -> String {
        let value = (Double(bytes) / 1_048_576 * 100).rounded() / 100
        return (value == value.rounded() ? String(Int(value)) : String(value)) + " MB"
    }
    /// A pixel count as people say it: "1 亿像素", "5000 万像素" / "100 megapixels", "2.5 megapixels".
    static func pixels(_ count: Int, _ language: Language) -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        if language == .en { return number(Double(count) / 1_000_000) + " megapixels" }
        return count >= 100_000_000 ? number(Double(count) / 100_000_000) + " 亿像素" : number(Double(count) / 10_000) + " 万像素"
    }
}

extension PhotoPages {
    /// The list photos-upload.js fills while it sends the chosen files one request each: a bar for all of them, and per
    /// file its name, bar, state and 取消 / 重试. Hidden until a script upload starts; without JS the form posts as before.
    /// `data-max-bytes` is the configured file limit: a larger file is refused in the browser, before it is sent.
    func uploadPanel(_ language: Language, limits: ImageLimits) -> Node {
        var words: [String: Any] = UploadText.words.mapValues { $0(language) }
        words["reasons"] = UploadText.reasons(language, limits: limits)
        let json = (try? JSONSerialization.data(withJSONObject: words, options: [.sortedKeys])).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        return section(.class("upload-panel"), .id("upload-panel"), .flag("hidden"), .attribute("data-words", json),
                       .attribute("data-max-bytes", String(limits.maximumBytes)),
                       .ariaLabel(UploadText.title(language))) {
            div(.class("upload-total")) {
                progress(.class("upload-bar"), .id("upload-total-bar"), .attribute("max", "100"), .attribute("value", "0"),
                         .ariaLabel(UploadText.title(language)))
                span(.class("upload-total-text"), .id("upload-total-text"), .role("status")) { "" }
            }
            ul(.class("upload-list"), .id("upload-list"), .role("list")) {}
        }
    }
}
