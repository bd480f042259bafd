import WebUI

/// Generated pictures: no real avatars exist in the data, and Douban's poster URLs cannot be loaded
/// (hot-link protection, offline, and our CSP allows images from this origin only). Drawn with the
/// WebUI SVG elements, so a film title on a poster is escaped by the one renderer.
enum Graphics {
    static let palette = ["#e8503a", "#f0932b", "#e1b12c", "#44bd32", "#0097e6", "#8c7ae6", "#e84393", "#00a8a8", "#6c5ce7", "#2d98da"]

    /// FNV-1a of the UTF-8 bytes: stable across runs and platforms (unlike `hashValue`).
    static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }

    /// A 5×5 mirrored identicon in a colour picked from the pseudonym: a 48×48 SVG file.
    static func avatarSVG(for name: String) -> String {
        let h = hash(name)
        var cells: [(x: Int, y: Int)] = []
        var bits = h >> 8
        for row in 0..<5 {
            for column in 0..<3 {
                if bits & 1 == 1 {
                    for x in Set([column, 4 - column]).sorted() { cells.append((4 + x * 8, 4 + row * 8)) }
                }
                bits >>= 1
            }
        }
        return SVG.document(viewBox: "0 0 48 48", width: 48, height: 48) {
            SVG.rect(.width(48), .height(48), .fill("#f1f2f6"))
            SVG.g(.fill(palette[Int(h % UInt64(palette.count))])) {
                for cell in cells { SVG.rect(.x(cell.x), .y(cell.y), .width(8), .height(8)) }
            }
        }
    }

    /// A poster-shaped placeholder (200×280 SVG file): a colour band from the film id and the title on it,
    /// six characters a line, at most four lines (the last ends in `…` when the title is longer). Control
    /// characters are dropped from the title: XML does not allow them.
    static func posterSVG(id: String, title: String, year: Int?) -> String {
        let h = hash(id)
        let top = palette[Int(h % UInt64(palette.count))]
        let bottom = palette[Int((h >> 16) % UInt64(palette.count))]
        let lines = posterLines(title)
        return SVG.document(viewBox: "0 0 200 280", width: 200, height: 280) {
            SVG.defs {
                SVG.linearGradient(.id("g"), .x1(0), .y1(0), .x2(0), .y2(1)) {
                    SVG.stop(.offset("0"), .stopColor(top))
                    SVG.stop(.offset("1"), .stopColor(bottom))
                }
            }
            SVG.rect(.width(200), .height(280), .fill("url(#g)"))
            SVG.path(.d("M70 40h60v40H70z M78 40v40 M122 40v40"), .fill("none"), .stroke("#fff"), .strokeOpacity("0.6"), .strokeWidth("3"))
            SVG.g(.fill("#fff"), .fontFamily("sans-serif"), .fontSize(26), .fontWeight(600), .textAnchor("middle")) {
                for (number, line) in lines.enumerated() { SVG.text(.x(100), .y(120 + number * 34)) { line } }
                if let year { SVG.text(.x(100), .y(150 + lines.count * 34), .fontSize(18), .opacity("0.8")) { String(year) } }
            }
        }
    }

    static func posterLines(_ title: String) -> [String] {
        let characters = Array(title.filter { character in !character.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        var lines: [String] = []
        var index = 0
        while index < characters.count, lines.count < 4 {
            lines.append(String(characters[index..<min(index + 6, characters.count)]))
            index += 6
        }
        if index < characters.count, !lines.isEmpty { lines[lines.count - 1] = String(lines[lines.count - 1].dropLast()) + "…" }
        return lines
    }

    /// A speech bubble for the comments button (the shell has no comment icon); decorative.
    static let commentIcon = SVG.svg(
        .class("icon"), .viewBox("0 0 24 24"), .ariaHidden, .fill("none"), .stroke("currentColor"), .strokeWidth("1.8"),
        .strokeLinecap("round"), .strokeLinejoin("round")
    ) {
        SVG.path(.d("M4 5.5h16a1 1 0 0 1 1 1V16a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1z"))
    }
}
