import Foundation

/// What one slicing run may cost, checked while it runs (issue 27): a run past any of these stops with
/// ``SlicerError/overBudget(_:)`` naming the slice and the figure, before the expensive call is made.
///
/// Filter work is counted in units of one pass over a pixel; one `feTurbulence` octave is one unit, and the
/// other primitives' weights (``SVGFilterCost``) were measured against it with librsvg 2.54 (`rsvg-convert`
/// on a 600 × 600 px filter region): one unit is about 0.06 µs of CPU, so the default 500 million is about
/// 30 s. The ~300-byte SVG of issue 27 (three 1000 × 1000 px slices under `numOctaves="100"`) needs about
/// 1.1 billion and is refused before its first slice is drawn (``SliceMeter/preflight(_:options:file:)``). Before
/// librsvg measures a slice (`rsvg_handle_get_geometry_for_layer`, which runs its filters once at the design's size:
/// about 16 s of CPU for that SVG, bounded by the helper's CPU limit) only what needs no size is checked: the
/// elements its `<use>` chains draw, and a filter weight that no picture of even one pixel could afford.
public struct SliceBudget: Sendable, Hashable {
    /// Pixels of every picture drawn or resized, each slice at each scale: 300 million (1.2 GB of RGBA).
    public var maximumPixels: Int
    /// Filter work of an SVG, pixels × the slice's filter weight summed over every slice and scale.
    public var maximumFilterWork: Int
    /// Elements drawn for one SVG slice, `<use>` copies included (counted before librsvg measures it).
    public var maximumElements: Int
    /// Pages of a PDF (each is drawn three times).
    public var maximumPages: Int
    /// Layers of a PSD.
    public var maximumLayers: Int
    /// Wall-clock time for the whole run, counted from its start; nil for none (the command line).
    public var time: Duration?

    public init(maximumPixels: Int = 300_000_000, maximumFilterWork: Int = 500_000_000, maximumElements: Int = 1_000_000,
                maximumPages: Int = 100, maximumLayers: Int = 500, time: Duration? = nil) {
        self.maximumPixels = maximumPixels
        self.maximumFilterWork = maximumFilterWork
        self.maximumElements = maximumElements
        self.maximumPages = maximumPages
        self.maximumLayers = maximumLayers
        self.time = time
    }
}

/// The running count of one run against its ``SliceBudget``; used on the run's one thread.
final class SliceMeter {
    let budget: SliceBudget
    let deadline: ContinuousClock.Instant?
    private(set) var pixels = 0
    private(set) var filterWork = 0

    init(_ budget: SliceBudget) {
        self.budget = budget
        deadline = budget.time.map { ContinuousClock.now + $0 }
    }

    /// Whole seconds left before the deadline (at least 1), nil without one.
    var secondsLeft: Int? {
        deadline.map { deadline in max(1, Int((deadline - ContinuousClock.now).components.seconds)) }
    }

    /// Before anything is drawn: the pixels and filter work of every slice at every scale it will be written at,
    /// against the whole budget, so a design that cannot fit is refused at once, naming its heaviest slices.
    func preflight(_ design: Design, options: SliceOptions, file: String) throws(SlicerError) {
        var pixels = 0, work = 0
        var heaviest: [(name: String, work: Int)] = []
        for slice in design.slices {
            let plan = Slicer.plan(slice, options: options)
            var sliceWork = 0
            for scale in plan.sources.keys {
                let area = plan.pointWidth * scale * plan.pointHeight * scale
                pixels += area
                sliceWork = min(sliceWork + area * slice.filterWeight, Int.max / 4)
            }
            work = min(work + sliceWork, Int.max / 4)
            if sliceWork > 0 { heaviest.append((slice.name.raw, sliceWork)) }
        }
        guard pixels <= budget.maximumPixels else {
            throw .overBudget(zh: "\(file) 的切图在 @1x–@3x 共需 \(Self.wan(pixels))像素，每次最多 \(Self.wan(budget.maximumPixels))",
                              en: "\(file): its slices need \(Self.millions(pixels)) pixels at @1x–@3x; a run may draw \(Self.millions(budget.maximumPixels))")
        }
        guard work <= budget.maximumFilterWork else {
            let names = heaviest.sorted { $0.work > $1.work }.prefix(3).map(\.name).joined(separator: ", ")
            throw .overBudget(zh: "\(file) 的滤镜共需约 \(Self.wan(work))次像素运算（最重：\(names)），每次最多 \(Self.wan(budget.maximumFilterWork))",
                              en: "\(file): its filters need about \(Self.millions(work)) pixel operations (heaviest: \(names)); a run may do \(Self.millions(budget.maximumFilterWork))")
        }
    }

    /// Before librsvg measures slice `origin`: refuses one whose `<use>` chains draw more than the budget's elements, or
    /// whose filters would pass the budget on a single pixel (their size is not known yet).
    func premeasure(origin: String, instances: Int, filterWeight: Int) throws(SlicerError) {
        guard instances <= budget.maximumElements else {
            throw .overBudget(zh: "\(origin) 通过 <use> 要绘制约 \(Self.wan(instances))个元素，每个切图最多 \(Self.wan(budget.maximumElements))个",
                              en: "\(origin) draws about \(Self.millions(instances)) elements through <use>; a slice may draw \(Self.millions(budget.maximumElements))")
        }
        guard filterWeight <= budget.maximumFilterWork else {
            throw .overBudget(zh: "\(origin) 的滤镜每个像素就需约 \(Self.wan(filterWeight))次运算，超过每次 \(Self.wan(budget.maximumFilterWork))的上限",
                              en: "\(origin): its filters need about \(Self.millions(filterWeight)) operations for each pixel; a run may do \(Self.millions(budget.maximumFilterWork))")
        }
    }

    /// Checks the clock, then counts a `width` × `height` picture of `origin` drawn with `filterWeight` (0
    /// without filters) before it is drawn.
    func charge(width: Int, height: Int, filterWeight: Int, origin: String) throws(SlicerError) {
        try checkTime(before: origin)
        let area = width * height
        guard pixels + area <= budget.maximumPixels else {
            throw .overBudget(zh: "\(origin)：已绘制 \(Self.wan(pixels))像素，再画 \(width)×\(height) 就超过每次 \(Self.wan(budget.maximumPixels))像素的上限",
                              en: "\(origin): \(Self.millions(pixels)) pixels drawn so far and \(width)×\(height) more would pass the \(Self.millions(budget.maximumPixels)) pixels a run may draw")
        }
        let (work, overflow) = area.multipliedReportingOverflow(by: filterWeight)
        guard !overflow, filterWork + work <= budget.maximumFilterWork else {
            throw .overBudget(zh: "\(origin)：滤镜在 \(width)×\(height) 像素上约需 \(Self.wan(overflow ? Int.max : work))次像素运算，本次只剩 \(Self.wan(budget.maximumFilterWork - filterWork))（上限 \(Self.wan(budget.maximumFilterWork))）",
                              en: "\(origin): its filters need about \(Self.millions(overflow ? Int.max : work)) pixel operations at \(width)×\(height) px; the run has \(Self.millions(budget.maximumFilterWork - filterWork)) of \(Self.millions(budget.maximumFilterWork)) left")
        }
        pixels += area
        filterWork += work
    }

    /// Throws when the run's time is up.
    func checkTime(before origin: String) throws(SlicerError) {
        guard let deadline, let time = budget.time, ContinuousClock.now > deadline else { return }
        throw .overBudget(zh: "切图超过 \(time.components.seconds) 秒的时间上限，停在 \(origin)", en: "stopped at \(origin): the run took over its \(time.components.seconds) s")
    }

    /// "11.0 亿", "350 万", "8000".
    static func wan(_ value: Int) -> String {
        if value >= 100_000_000 { return String(format: "%.1f 亿", Double(value) / 100_000_000) }
        if value >= 10_000 { return "\(value / 10_000) 万" }
        return String(value)
    }

    /// "1,250 million", "3.5 million", "800,000".
    static func millions(_ value: Int) -> String {
        if value >= 10_000_000 { return (value / 1_000_000).formatted(.number.locale(Locale(identifier: "en_US"))) + " million" }
        if value >= 1_000_000 { return String(format: "%.1f million", Double(value) / 1_000_000) }
        return value.formatted(.number.locale(Locale(identifier: "en_US")))
    }
}
