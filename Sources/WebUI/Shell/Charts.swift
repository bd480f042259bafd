/// Line and step charts drawn as inline SVG, for any app's series over time (prices in 爱限免, and reusable
/// by Weather's temperatures or Gaokao's lines by year). Colours come from CSS (`.series-chart-line`, `.series-chart-grid`,
/// `.series-chart-label`, `.series-chart-dot` use `currentColor` and the theme's variables), so dark mode needs nothing here.
public struct ChartPoint: Sendable, Hashable {
    /// Horizontal position in the caller's unit (e.g. UTC seconds).
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

public enum Chart {
    /// How points are joined: `step` holds each value until the next point (prices), `line` joins them straight.
    public enum Style: Sendable { case step, line }

    /// An accessible chart of one series from `points` (sorted by `x`) up to `endX`, `width` × `height` user
    /// units: three horizontal grid lines labelled with `yLabel`, the first and last `x` labelled with `xLabel`,
    /// a dot on each point. `title` is its accessible name. An empty series draws the frame only.
    public static func series(
        _ points: [ChartPoint], endX: Double, style: Style, title: String, width: Int = 340, height: Int = 160,
        yLabel: (Double) -> String, xLabel: (Double) -> String
    ) -> Node {
        let left = 48, right = 12, top = 12, bottom = 26
        let plotWidth = Double(width - left - right), plotHeight = Double(height - top - bottom)
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.first ?? 0, maxX = max(endX, xs.last ?? 0)
        let lowY = min(0, ys.min() ?? 0), highY = max(ys.max() ?? 1, lowY + 1)
        func px(_ x: Double) -> Int { left + Int(((x - minX) / max(maxX - minX, 1)) * plotWidth) }
        func py(_ y: Double) -> Int { top + Int((1 - (y - lowY) / (highY - lowY)) * plotHeight) }
        var d = ""
        for (index, point) in points.enumerated() {
            if index == 0 {
                d += "M\(px(point.x)) \(py(point.y))"
            } else if style == .step {
                d += "H\(px(point.x))V\(py(point.y))"
            } else {
                d += "L\(px(point.x)) \(py(point.y))"
            }
        }
        if let last = points.last, style == .step { d += "H\(px(max(endX, last.x)))" }
        let gridValues = [lowY, (lowY + highY) / 2, highY]
        return SVG.svg(.class("series-chart"), .viewBox("0 0 \(width) \(height)"), .role("img"), .ariaLabel(title)) {
            for value in gridValues {
                SVG.path(.class("series-chart-grid"), .d("M\(left) \(py(value))H\(width - right)"))
                SVG.text(.class("series-chart-label"), .x(left - 6), .y(py(value) + 4), .textAnchor("end")) { yLabel(value) }
            }
            if let first = points.first {
                SVG.text(.class("series-chart-label"), .x(left), .y(height - 6), .textAnchor("start")) { xLabel(first.x) }
                SVG.text(.class("series-chart-label"), .x(width - right), .y(height - 6), .textAnchor("end")) { xLabel(maxX) }
                SVG.path(.class("series-chart-line"), .d(d))
                for point in points { SVG.circle(.class("series-chart-dot"), Attribute("cx", String(px(point.x))), Attribute("cy", String(py(point.y))), Attribute("r", "3")) }
            }
        }
    }
}
