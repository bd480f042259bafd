import AppSuiteTesting
import Foundation
import FoundationXML
@testable import MovieReviews
import Testing

@Suite struct GraphicsTests {
    /// The `<text>` lines of a poster, read back by a strict XML parser.
    static func lines(_ svg: String) throws -> [String] {
        let document = try XMLDocument(xmlString: svg, options: [])
        return try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" }
    }

    @Test(.requires(.movies)) func everyFilmsPosterIsWellFormedAndShowsItsTitle() throws {
        let films = try SharedData.rows("movies.csv")
        #expect(films.count > 2_000)
        for film in films {
            let title = try #require(film["title"]), id = try #require(film["movie_id"])
            let year = Int(film["year"] ?? "")
            var lines = try Self.lines(Graphics.posterSVG(id: id, title: title, year: year))
            if let year { #expect(lines.removeLast() == String(year), "\(id)") }
            let shown = lines.joined()
            #expect(!lines.isEmpty && lines.count <= 4, "\(id)")
            if shown.hasSuffix("…") {
                #expect(title.hasPrefix(shown.dropLast()) && title.count > 24, "\(id) \(title)")
            } else {
                #expect(shown == title, "\(id)")
            }
        }
    }

    @Test func markupInATitleIsTextAndControlCharactersAreDropped() throws {
        let title = "</text><script>alert(1)</script>&\u{7}\"'"
        let svg = Graphics.posterSVG(id: "x", title: title, year: nil)
        #expect(!svg.contains("<script"))
        #expect(try Self.lines(svg).joined() == String("</text><script>alert(1)</script>&\"'".prefix(23)) + "…")
        #expect(Graphics.posterLines("a\u{0}b\u{1F}c\nd") == ["abcd"])
    }

    @Test func avatarsAreStableWellFormedIdenticons() throws {
        let svg = Graphics.avatarSVG(for: "user_00012")
        #expect(svg == Graphics.avatarSVG(for: "user_00012"), "the same bytes every time (cacheable)")
        let document = try XMLDocument(xmlString: svg, options: [])
        let cells = try document.nodes(forXPath: "//*[local-name()='g']/*[local-name()='rect']")
        #expect(cells.count > 0 && cells.count <= 25)
        #expect(Graphics.avatarSVG(for: "user_00013") != svg)
    }
}
