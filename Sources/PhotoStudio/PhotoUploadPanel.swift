import AppHost
import Foundation
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

    /// Why the server refused a file, by the code in its problem type (`urn:appsuite:problem:photo-<code>`).
    static func reasons(_ language: Language) -> [String: String] {
        let english = ["empty": "empty file (0 bytes)", "too-large": "too large (at most 64 MB)",
                       "too-many-pixels": "too many pixels (at most 100 megapixels), refused before decoding",
                       "unsupported": "not a supported image (JPEG, PNG, WebP, GIF, HEIC, AVIF, TIFF)",
                       "corrupt": "corrupt or truncated image", "unreadable": "cannot read the file",
                       "disk-full": "the server's disk is full; not saved", "storage": "could not be saved; try again later"]
        if language == .en { return english }
        return Dictionary(uniqueKeysWithValues: english.keys.map { ($0, PhotoText.reason(IngestError(code: $0, message: ""))) })
    }
}

extension PhotoPages {
    /// The list photos-upload.js fills while it sends the chosen files one request each: a bar for all of them, and per
    /// file its name, bar, state and 取消 / 重试. Hidden until a script upload starts; without JS the form posts as before.
    func uploadPanel(_ language: Language) -> Node {
        var words: [String: Any] = UploadText.words.mapValues { $0(language) }
        words["reasons"] = UploadText.reasons(language)
        let json = (try? JSONSerialization.data(withJSONObject: words, options: [.sortedKeys])).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        return section(.class("upload-panel"), .id("upload-panel"), .flag("hidden"), .attribute("data-words", json),
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
