/// Generated pictures: no real avatars exist in the data, and Douban's poster URLs cannot be loaded
/// (hot-link protection, offline, and our CSP allows images from this origin only).
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

    /// A 5×5 mirrored identicon in a colour picked from the pseudonym.
    static func avatarSVG(for name: String) -> String {
        let h = hash(name)
        let color = palette[Int(h % UInt64(palette.count))]
        var cells = ""
        var bits = h >> 8
        for row in 0..<5 {
            for column in 0..<3 {
                if bits & 1 == 1 {
                    for x in Set([column, 4 - column]) {
                        cells += "<rect x=\"\(4 + x * 8)\" y=\"\(4 + row * 8)\" width=\"8\" height=\"8\"/>"
                    }
                }
                bits >>= 1
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 48 48\" width=\"48\" height=\"48\">"
            + "<rect width=\"48\" height=\"48\" fill=\"#f1f2f6\"/><g fill=\"\(color)\">\(cells)</g></svg>"
    }

    /// A poster-shaped placeholder: a colour band from the film id and the title written on it.
    static func posterSVG(id: String, title: String, year: Int?) -> String {
        let h = hash(id)
        let top = palette[Int(h % UInt64(palette.count))]
        let bottom = palette[Int((h >> 16) % UInt64(palette.count))]
        let characters = Array(title)
        var lines: [String] = []
        var index = 0
        while index < characters.count, lines.count < 4 {
            lines.append(String(characters[index..<min(index + 6, characters.count)]))
            index += 6
        }
        if index < characters.count, !lines.isEmpty { lines[lines.count - 1] = String(lines[lines.count - 1].dropLast()) + "…" }
        var text = ""
        for (number, line) in lines.enumerated() {
            text += "<text x=\"100\" y=\"\(120 + number * 34)\">\(xmlEscape(line))</text>"
        }
        if let year { text += "<text x=\"100\" y=\"\(150 + lines.count * 34)\" font-size=\"18\" opacity=\"0.8\">\(year)</text>" }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 280\" width=\"200\" height=\"280\">"
            + "<defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(top)\"/>"
            + "<stop offset=\"1\" stop-color=\"\(bottom)\"/></linearGradient></defs>"
            + "<rect width=\"200\" height=\"280\" fill=\"url(#g)\"/>"
            + "<path d=\"M70 40h60v40H70z M78 40v40 M122 40v40\" fill=\"none\" stroke=\"#fff\" stroke-opacity=\"0.6\" stroke-width=\"3\"/>"
            + "<g fill=\"#fff\" font-family=\"sans-serif\" font-size=\"26\" font-weight=\"600\" text-anchor=\"middle\">\(text)</g></svg>"
    }

    static func xmlEscape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
