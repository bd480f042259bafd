public import Imaging

/// What a slice was exported as, for messages and the "icons are PNG" rule.
public enum DesignFormat: String, Sendable, Hashable {
    case png, jpeg, svg, pdf, psd, other
}

/// How a slice's pixels are made at a scale.
public enum SliceArt {
    /// Bitmaps keyed by their scale (pixels per point): `btn_ok@2x.png` is at 2. Other scales are
    /// resized from the nearest larger one.
    case bitmaps([Int: RGBAImage])
    /// Vector art drawn at any scale: `draw(scale, canvasWidth, canvasHeight, left, top)` renders the
    /// content at `scale` pixels per point, its top-left corner at (`left`, `top`) pixels of a transparent
    /// canvas of the given size.
    case vector(draw: (Double, Int, Int, Double, Double) throws(SlicerError) -> RGBAImage)
}

/// One slice found in a design: its name, where it came from, its size in points and its art.
public struct Slice {
    public var name: SliceName
    /// File and layer or id, for messages: `icons/btn_ok_nor@2x.png`, `home.svg#btn_ok_nor`, `home.psd, layer "确定"`.
    public var origin: String
    public var format: DesignFormat
    /// Content width and height in points (design pixels ÷ design scale); may be fractional.
    public var width: Double
    public var height: Double
    /// The content's top-left corner in points from the design's top-left, when the design places it.
    public var position: (x: Double, y: Double)?
    public var art: SliceArt
    /// What its SVG filters cost per pixel drawn (``SVGFilterCensus``); 0 without filters.
    public var filterWeight: Int

    public init(name: SliceName, origin: String, format: DesignFormat, width: Double, height: Double,
                position: (x: Double, y: Double)? = nil, art: SliceArt, filterWeight: Int = 0) {
        self.name = name
        self.origin = origin
        self.format = format
        self.width = width
        self.height = height
        self.position = position
        self.art = art
        self.filterWeight = filterWeight
    }

    /// The largest scale at which the slice exists without enlarging a bitmap (vector: unlimited).
    var nativeScale: Int? {
        if case let .bitmaps(images) = art { return images.keys.max() }
        return nil
    }
}

/// A design read from disk: its slices, its width in pixels when it has one (an SVG or PSD canvas),
/// and the texts and pictures a spec sheet shows.
public struct Design {
    public var slices: [Slice]
    /// The canvas width in design pixels (750 for an iPhone 6 design at @2x), when the input has a canvas.
    public var canvasWidth: Double?
    public var canvasHeight: Double?
    /// Problems found while reading that did not stop it (an unreadable file among many, a hidden layer).
    public var notes: [LintFinding]

    public init(slices: [Slice], canvasWidth: Double? = nil, canvasHeight: Double? = nil, notes: [LintFinding] = []) {
        self.slices = slices
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.notes = notes
    }
}

/// Phone screen widths in points (iPhone 4 … 15 Pro Max), to tell the scale of a design from its width.
let phoneWidthsInPoints: Set<Int> = [320, 375, 390, 393, 414, 428, 430]

/// The design scale a canvas width implies: the scale s in 1…3 for which width ÷ s is a phone width,
/// preferring `stated`; nil when no scale fits.
func detectedScale(canvasWidth: Double, stated: Int) -> Int? {
    let fits = { (scale: Int) -> Bool in
        let points = canvasWidth / Double(scale)
        return points == points.rounded() && phoneWidthsInPoints.contains { Double($0) == points }
    }
    if fits(stated) { return stated }
    return [2, 3, 1].first(where: fits)
}
