/// One line of a ``lineChart(_:labels:caption:unit:)``: a value per label (nil leaves a gap) and its colour (a
/// ``Tint`` class, coloured by app.css for light and dark mode; the CSP forbids inline styles).
public struct ChartSeries: Sendable, Hashable {
    public var name: String
    public var values: [Double?]
    public var tint: Tint

    public init(name: String, values: [Double?], tint: Tint) {
        self.name = name
        self.values = values
        self.tint = tint
    }
}

/// A line chart drawn in SVG (no script): one polyline per series over the same labels, each point with its
/// value written above (or below, for the lowest series) in whole numbers, the labels along the bottom, and a
/// legend. The chart scales to the width of its container (`viewBox` at least 320 user units wide, 56 or more per label);
/// the y axis spans the series' own minimum and maximum. The labels sit below the lowest value written under a point
/// (value baseline + 20, label baseline 18 further: the 12-unit label clears the 13-unit value's descenders), so the
/// two never overlap. `caption` is its accessible name and figure caption.
/// An empty chart (no values at all) draws nothing but the caption.
public func lineChart(_ series: [ChartSeries], labels: [String], caption: String, unit: String = "") -> Node {
    let top = 28, plotHeight = 120, valueBelow = 20, labelGap = 18
    let labelBaseline = top + plotHeight + valueBelow + labelGap
    let bottom = valueBelow + labelGap + 8
    let width = max(320, 56 * max(labels.count, 1))
    let step = width / max(labels.count, 1)
    let height = top + plotHeight + bottom
    let values = series.flatMap { $0.values.compactMap { $0 } }
    guard let low = values.min(), let high = values.max() else {
        return figure(.class("chart")) { figcaption(.class("chart-caption")) { caption } }
    }
    let range = max(high - low, 1)
    func x(_ index: Int) -> Int { step / 2 + index * step }
    func y(_ value: Double) -> Int { top + Int(((high - value) / range * Double(plotHeight)).rounded()) }
    func number(_ value: Double) -> String { String(Int(value.rounded())) + unit }
    /// `M x y L x y …`, starting a new stretch after a gap.
    func linePath(_ points: [(Int, Double)]) -> String {
        var path = ""
        var previous: Int?
        for (index, value) in points {
            path += (previous == index - 1 ? "L" : "M") + "\(x(index)) \(y(value))"
            previous = index
        }
        return path
    }
    return figure(.class("chart")) {
        SVG.svg(.viewBox("0 0 \(width) \(height)"), .role("img"), .ariaLabel(caption), .class("chart-svg")) {
            for (rank, line) in series.enumerated() {
                let points = line.values.enumerated().compactMap { index, value in value.map { (index, $0) } }
                SVG.path(.d(linePath(points)), .fill("none"), .class("chart-line \(line.tint.className)"), .strokeWidth("3"),
                         .strokeLinecap("round"), .strokeLinejoin("round"))
                for (index, value) in points {
                    SVG.circle(.attribute("cx", String(x(index))), .attribute("cy", String(y(value))), .attribute("r", "4"),
                               .class("chart-dot \(line.tint.className)"))
                    let below = rank == series.count - 1 && series.count > 1
                    SVG.text(.x(x(index)), .y(y(value) + (below ? valueBelow : -10)), .textAnchor("middle"), .fontSize(13), .class("chart-value")) {
                        number(value)
                    }
                }
            }
            for (index, label) in labels.enumerated() {
                SVG.text(.x(x(index)), .y(labelBaseline), .textAnchor("middle"), .fontSize(12), .class("chart-label")) { label }
            }
        }
        figcaption(.class("chart-caption")) {
            caption
            for line in series {
                span(.class("chart-legend")) {
                    span(.class("chart-swatch \(line.tint.className)"), .attribute("aria-hidden", "true"))
                    line.name
                }
            }
        }
    }
}
