import AppHost
import AppSuiteTesting
@testable import AssetSlicer
import Foundation
import Testing
import WebUI

/// Issue 27 item 1: what a slicing run may cost — pixels, SVG filter work, PDF pages, PSD layers, time — is
/// counted from the design before anything is drawn and again before each picture, and a run past it stops
/// with a message naming the file and the figure.
@Suite struct SliceBudgetTests {
    /// The issue's attack: ~300 bytes, three 1000 × 1000 px slices under `<feTurbulence numOctaves="100">`
    /// (about 30 s of librsvg each before this budget).
    static let bomb = #"<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334"><filter id="f">"#
        + #"<feTurbulence baseFrequency=".01" numOctaves="100"/></filter>"#
        + ["a", "b", "c"].map { #"<rect id="bg_\#($0)" width="1000" height="1000" filter="url(#f)"/>"# }.joined() + "</svg>"

    @Test func filterWeightsCountEachPrimitiveAndEachUse() {
        #expect(SVGOutline(Data(Self.bomb.utf8)).filters.weight(of: "bg_a") == 102, "2 + 100 octaves")
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="750" height="1334">
              <defs>
                <filter id="shadow"><feGaussianBlur stdDeviation="4"/><feOffset dx="2"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
                <filter id="erode"><feMorphology radius="50"/></filter>
                <g id="card" filter="url(#shadow)"><rect width="10" height="10"/></g>
              </defs>
              <g id="btn_plain"><rect width="40" height="40"/></g>
              <g id="btn_shadowed" filter="url(#shadow)"><rect width="40" height="40"/></g>
              <g id="img_cards"><use xlink:href="#card"/><use href="#card" x="20"/><rect style="fill:red; filter: url('#erode')" width="5" height="5"/></g>
            </svg>
            """
        let census = SVGOutline(Data(svg.utf8)).filters
        #expect(census.filters == ["shadow": 5, "erode": 55], "blur 3 + offset 1 + merge 1; morphology 15 + its radius capped at 40")
        #expect(census.weight(of: "btn_plain") == 0)
        #expect(census.weight(of: "btn_shadowed") == 5)
        #expect(census.weight(of: "img_cards") == 5 + 5 + 55, "each <use> of the shadowed card, and the style attribute's filter")

        let styled = #"<svg xmlns="http://www.w3.org/2000/svg"><style>.x { filter: url(#t) }</style><filter id="t"><feTurbulence numOctaves="8"/></filter><rect id="bg_x" class="x" width="9" height="9"/></svg>"#
        #expect(SVGOutline(Data(styled.utf8)).filters.weight(of: "bg_x") == 10, "a style sheet may apply any filter: charged once")

        // Levels of ten <use> each multiply: computed once per element, not walked use by use; 10⁷ uses of 11, then capped.
        func chain(levels: Int, uses: Int) -> String {
            var svg = #"<svg xmlns="http://www.w3.org/2000/svg"><defs><filter id="t"><feTurbulence numOctaves="9"/></filter><g id="l0" filter="url(#t)"/>"#
            for level in 1...levels { svg += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: uses) + "</g>" }
            return svg + "</defs><g id=\"bg_chain\"><use href=\"#l\(levels)\"/></g></svg>"
        }
        #expect(SVGOutline(Data(chain(levels: 7, uses: 10).utf8)).filters.weight(of: "bg_chain") == 11 * 10_000_000)
        #expect(SVGOutline(Data(chain(levels: 9, uses: 10).utf8)).filters.weight(of: "bg_chain") == SVGFilterCensus.maximumWeight)
        #expect(SVGOutline(Data(chain(levels: 70, uses: 1).utf8)).filters.weight(of: "bg_chain") == SVGFilterCensus.maximumWeight, "too deep to follow")
        // bg_chain and its <use> (2), then per level its group and ten <use> elements (11) and ten copies of the level below:
        // l0 = 1, l1 = 11 + 10, l2 = 11 + 210, l3 = 11 + 2210.
        #expect(SVGOutline(Data(chain(levels: 3, uses: 10).utf8)).filters.instances(of: "bg_chain") == 2 + 2_221)
    }

    /// A "billion laughs" of `<use>` (10¹¹ copies of a rectangle, no filter) kept librsvg measuring until the helper
    /// was killed at its 120 s; it is refused before librsvg sees it.
    @Test func aUseChainIsRefusedBeforeLibrsvgMeasuresIt() throws {
        var body = #"<defs><g id="l0"><rect width="10" height="10"/></g>"#
        for level in 1...11 { body += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>" }
        let files = try Fixtures()
        try files.write("laughs.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334">"# + body + ##"</defs><g id="bg_a"><use href="#l11"/></g></svg>"##)
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("laughs.svg")))
            Issue.record("the chain was sliced")
        } catch {
            #expect(error == .overBudget(zh: "laughs.svg#bg_a 通过 <use> 要绘制约 10.0 亿个元素，每个切图最多 100 万个",
                                         en: "laughs.svg#bg_a draws about 1,000 million elements through <use>; a slice may draw 1.0 million"))
        }
    }

    @Test func theIssuesFilterBombIsRefusedBeforeAnythingIsDrawn() throws {
        let files = try Fixtures()
        try files.write("bomb.svg", Self.bomb)
        #expect(Self.bomb.utf8.count < 400)
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("bomb.svg")))
            Issue.record("the bomb was sliced")
        } catch {
            guard case let .overBudget(zh, en) = error else { Issue.record("\(error)"); return }
            #expect(en == "bomb.svg: its filters need about 1,071 million pixel operations (heaviest: bg_a, bg_b, bg_c); a run may do 500 million")
            #expect(zh.hasPrefix("bomb.svg 的滤镜共需约 10.7 亿次像素运算"))
            #expect(error.message.en.hasPrefix("Over the budget: bomb.svg"))
        }
        // The same design with modest filters is sliced.
        try files.write("calm.svg", Self.bomb.replacingOccurrences(of: "numOctaves=\"100\"", with: "numOctaves=\"1\""))
        let result = try SliceJob.run(SliceRequest(input: files.url("calm.svg")))
        #expect(result.slices.map(\.name) == ["bg_a", "bg_b", "bg_c"])
    }

    @Test func picturesPagesLayersAndTimeAreCountedWhileItRuns() throws {
        let files = try Fixtures()
        try files.write("home.svg", SlicerTests.svg)
        var options = SliceOptions()
        options.limits.budget.maximumPixels = 20_000
        #expect(throws: SlicerError.self) { try SliceJob.run(SliceRequest(input: files.url("home.svg"), options: options)) }

        options = SliceOptions()
        options.limits.budget.time = .zero
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("home.svg"), options: options))
            Issue.record("a run without time finished")
        } catch {
            guard case let .overBudget(_, en) = error else { Issue.record("\(error)"); return }
            #expect(en.hasPrefix("stopped at home.svg#"), "\(en)")
        }

        // A PDF of 101 pages (made by cairo, through rsvg-convert) is over the 100 pages a run draws.
        let pages = (0..<101).map { _ in "page.svg" }
        try files.write("page.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>"#)
        try files.run("rsvg-convert", ["-f", "pdf", "-o", files.path("ico_many.pdf")] + pages.map { files.path($0) })
        do {
            _ = try SliceJob.run(SliceRequest(input: files.url("ico_many.pdf")))
            Issue.record("101 pages were sliced")
        } catch {
            #expect(error == .overBudget(zh: "ico_many.pdf 有 101 页，每次最多 100 页", en: "ico_many.pdf has 101 pages; a run draws at most 100"))
        }
    }
}
