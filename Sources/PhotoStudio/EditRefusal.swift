import Foundation
import Imaging
import WebUI

/// Why an edit cannot apply to the picture on screen: the step (counting from 1) and what it asked for, so the editor's
/// toast and the API's 422 say it in the reader's language with the limit it broke (tester 31b #5: "invalid argument:
/// step 1: resize to 100000×133333 is outside 1…16384 pixels per side" was shown as it is, in both languages).
struct EditRefusal: Error, Sendable, Equatable {
    enum Reason: Sendable, Equatable {
        /// A rotation by `degrees`, not a multiple of 90.
        case rotation(degrees: Int)
        /// A crop of `width` × `height` at (`x`, `y`) outside the `pictureWidth` × `pictureHeight` picture.
        case crop(x: Int, y: Int, width: Int, height: Int, pictureWidth: Int, pictureHeight: Int)
        /// A resize to `width` × `height` with a side outside 1…``Imaging/maximumThumbnailSide`` pixels.
        case resize(width: Int, height: Int)
        /// A result of `width` × `height` over `limit` pixels (`--photos-max-megapixels`).
        case pixels(width: Int, height: Int, limit: Int)
        /// Any other step `ImageEdit.outputSize` refuses for the `pictureWidth` × `pictureHeight` picture (a flip applies
        /// to every picture today).
        case other(pictureWidth: Int, pictureHeight: Int)
    }

    let step: Int
    let reason: Reason

    /// Walks `edits` over an upright `width` × `height` picture as `Imaging.plan` does (each step's `outputSize`, then the
    /// pixel limit) and throws for the first step that cannot apply.
    static func check(_ edits: [ImageEdit], width: Int, height: Int, maximumPixels: Int) throws(EditRefusal) {
        var size = (width: width, height: height)
        for (index, edit) in edits.enumerated() {
            guard case .success(let next) = edit.outputSize(width: size.width, height: size.height) else {
                let reason: Reason = switch edit {
                case let .rotate(degrees): .rotation(degrees: degrees)
                case let .crop(x, y, w, h): .crop(x: x, y: y, width: w, height: h, pictureWidth: size.width, pictureHeight: size.height)
                case let .resize(w, h): .resize(width: w, height: h)
                case .flip: .other(pictureWidth: size.width, pictureHeight: size.height)
                }
                throw EditRefusal(step: index + 1, reason: reason)
            }
            size = next
            if size.width * size.height > maximumPixels {
                throw EditRefusal(step: index + 1, reason: .pixels(width: size.width, height: size.height, limit: maximumPixels))
            }
        }
    }

    /// "第 1 步：缩放到 100000×133333 超出了每边 1 到 16384 像素的范围。" / "Step 1: resizing to 100000×133333 is outside 1 to
    /// 16384 pixels per side."
    func message(_ language: Language) -> String {
        let zh = language == .zh
        let what: String = switch reason {
        case let .rotation(degrees):
            zh ? "旋转 \(degrees)° 不是 90° 的倍数" : "a rotation of \(degrees)° is not a multiple of 90°"
        case let .crop(x, y, w, h, pictureWidth, pictureHeight):
            zh ? "裁剪框 \(w)×\(h)（位于 \(x),\(y)）超出了 \(pictureWidth)×\(pictureHeight) 的图片"
                : "the \(w)×\(h) crop at \(x),\(y) does not fit inside the \(pictureWidth)×\(pictureHeight) picture"
        case let .resize(w, h):
            zh ? "缩放到 \(w)×\(h) 超出了每边 1 到 \(Imaging.maximumThumbnailSide) 像素的范围"
                : "resizing to \(w)×\(h) is outside 1 to \(Imaging.maximumThumbnailSide) pixels per side"
        case let .pixels(w, h, limit):
            zh ? "\(w)×\(h) 超过了 \(PhotoText.pixels(limit, .zh))的上限" : "\(w)×\(h) is over the limit of \(PhotoText.pixels(limit, .en))"
        case let .other(pictureWidth, pictureHeight):
            zh ? "无法用于 \(pictureWidth)×\(pictureHeight) 的图片" : "it cannot apply to the \(pictureWidth)×\(pictureHeight) picture"
        }
        return zh ? "第 \(step) 步：\(what)。" : "Step \(step): \(what)."
    }
}
