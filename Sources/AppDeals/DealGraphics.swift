import WebUI

/// Pictures drawn in code: an app's placeholder icon (App Store artwork is remote and the page's CSP allows
/// only our origin) and the fractional star bar.
enum DealGraphics {
    static let palette = ["#e8503a", "#f39c12", "#27ae60", "#2980b9", "#8e44ad", "#16a085", "#d35400", "#c0392b"]

    /// A rounded square in a colour picked by the id, with the name's first character.
    static func iconSVG(id: Int64, name: String) -> String {
        let colour = palette[Int(id.magnitude % UInt64(palette.count))]
        let initial = name.first { !$0.isWhitespace && !$0.isPunctuation }.map { String($0).uppercased() } ?? "?"
        return SVG.document(viewBox: "0 0 120 120", width: 120, height: 120) {
            SVG.rect(.width(120), .height(120), Attribute("rx", "26"), .fill(colour))
            SVG.text(.x(60), .y(78), .textAnchor("middle"), .fontSize(54), .fontWeight(600), .fill("#ffffff"),
                     .fontFamily("PingFang SC, Noto Sans CJK SC, sans-serif")) { initial }
        }
    }

    static let star = "l2.6 5.9 6.4.6-4.8 4.3 1.4 6.3-5.6-3.3-5.6 3.3 1.4-6.3-4.8-4.3 6.4-.6z"

    /// Five stars, 100 × 20 units: grey, with gold ones clipped to `rating / 5` of the width (a nested `<svg>`
    /// clips what lies outside its width; no inline style, which the CSP forbids).
    static func starBar(rating: Double, label: String) -> Node {
        let width = Int((min(max(rating, 0), 5) / 5 * 100).rounded())
        let stars = (0..<5).map { "M\($0 * 20 + 10) 1" + star }.joined()
        return SVG.svg(.class("ad-starbar"), .viewBox("0 0 100 20"), .width(80), .height(16), .role("img"), .ariaLabel(label)) {
            SVG.path(.class("ad-star-off"), .d(stars))
            SVG.svg(.width(width), .height(20), .viewBox("0 0 \(width) 20")) {
                SVG.path(.class("ad-star-on"), .d(stars))
            }
        }
    }
}
