import Foundation
import FoundationXML
import Testing
@testable import WebUI

struct SVGTests {
    @Test func documentIsExactMarkupWithTheNamespace() {
        let svg = SVG.document(viewBox: "0 0 10 10", width: 10, height: 10) {
            SVG.rect(.width(10), .height(10), .fill("#fff"))
            SVG.g(.fill("red"), .fontSize(4), .textAnchor("middle")) { SVG.text(.x(5), .y(6)) { "A" } }
        }
        #expect(svg == #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">"#
            + ##"<rect width="10" height="10" fill="#fff"></rect><g fill="red" font-size="4" text-anchor="middle">"##
            + #"<text x="5" y="6">A</text></g></svg>"#)
    }

    @Test(arguments: EscapingTests.hostile.map(\.input))
    func hostileTextAndAttributesStayDataInWellFormedXML(_ input: String) throws {
        let svg = SVG.document(viewBox: "0 0 10 10", width: 10, height: 10) {
            SVG.linearGradient(.id(input)) { SVG.stop(.offset("0"), .stopColor(input)) }
            SVG.text(.x(1), .y(1), .fill(input)) { input }
        }
        // A strict XML parser reads it back: one root, the text exactly as given, attributes as given after
        // XML's attribute-value normalisation (a tab or line break reads as a space).
        let document = try XMLDocument(xmlString: svg, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "svg" && root.uri == SVG.namespace)
        let text = try #require(root.elements(forName: "text").first)
        #expect(text.stringValue == input)
        let attribute = String(input.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
        #expect(Self.attribute("fill", of: text) == attribute)
        #expect(root.elements(forName: "linearGradient").first.flatMap { Self.attribute("id", of: $0) } == attribute)
        #expect(!svg.contains("<script"))
    }

    static func attribute(_ name: String, of element: XMLElement) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    @Test func inlineSVGInAPageKeepsItsCase() {
        let icon = SVG.svg(.viewBox("0 0 24 24"), .ariaHidden) { SVG.path(.d("M4 5h16"), .strokeLinecap("round")) }
        #expect(render(icon) == #"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16" stroke-linecap="round"></path></svg>"#)
    }
}

/// The trend chart's day labels never overlap the values written under the lowest line (issue 30: the low labels
/// ran into 今天/明天 on the weather page).
struct LineChartLayoutTests {
    @Test func labelsClearTheValuesUnderTheLowestLine() throws {
        // Lows at the very bottom of the plot (the series' minimum), as a cold day at the end of a forecast.
        let html = render(lineChart([ChartSeries(name: "高", values: [12, 9, 5], tint: .orange), ChartSeries(name: "低", values: [-1, -3, -6], tint: .blue)],
                                    labels: ["今天", "明天", "周三"], caption: "气温趋势", unit: "°"))
        func baselines(_ className: String) -> [Int] {
            html.components(separatedBy: "<text ").dropFirst().filter { $0.contains("class=\"\(className)\"") }.compactMap { text in
                text.components(separatedBy: "y=\"").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
            }
        }
        let values = baselines("chart-value"), labels = baselines("chart-label")
        #expect(values.count == 6 && labels.count == 3)
        let lowestValue = try #require(values.max()), topOfLabels = try #require(labels.min()) - 12
        // A 13-unit value's descenders reach ~4 below its baseline; a 12-unit label's ascenders ~12 above its own.
        #expect(lowestValue + 4 < topOfLabels, "value baseline \(lowestValue), label top \(topOfLabels)")
        let viewBox = try #require(html.components(separatedBy: "viewBox=\"0 0 ").dropFirst().first?.split(separator: "\"").first)
        let height = try #require(Int(viewBox.split(separator: " ")[1]))
        #expect(try #require(labels.max()) + 4 <= height)
    }
}
