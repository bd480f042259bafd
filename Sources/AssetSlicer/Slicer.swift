import Foundation
public import Imaging

/// How to slice a design.
public struct SliceOptions: Sendable, Hashable {
    /// Pixels per point of the design: 2 for a 750 px wide iPhone 6 design, 3 for 1242 px.
    public var designScale: Int
    /// Pad tap targets (`btn_…`) under 44 × 44 pt with transparency, centred (Apple HIG, the seed's guide).
    public var padTapTargets: Bool
    /// Write scales that enlarge a bitmap, with Lanczos-3 in linear light, each marked "enlarged" in the lint
    /// (the seed's workflow cuts @3x from the 750 px design at 1.5×). Off (`--no-upscale`, for designers who export
    /// @3x themselves): such a scale is left out and the lint says so.
    public var allowUpscale: Bool
    /// Write opaque images and backgrounds (`img_`, `bg_`) as JPEG (quality 85) when that is at most half the PNG.
    public var jpegWhereSmaller: Bool
    public var limits: SlicerLimits

    public init(designScale: Int = 2, padTapTargets: Bool = true, allowUpscale: Bool = true,
                jpegWhereSmaller: Bool = false, limits: SlicerLimits = SlicerLimits()) {
        self.designScale = designScale
        self.padTapTargets = padTapTargets
        self.allowUpscale = allowUpscale
        self.jpegWhereSmaller = jpegWhereSmaller
        self.limits = limits
    }

    /// The scales an iOS asset catalog holds.
    public static let scales = [1, 2, 3]
    /// The smallest tap target, in points (Apple Human Interface Guidelines).
    public static let minimumTapTarget = 44
}

/// One written picture of a slice.
public struct SliceFile: Sendable, Hashable {
    /// 1, 2 or 3.
    public var scale: Int
    /// `btn_sure_nor@2x.png`
    public var fileName: String
    public var image: EncodedImage
    /// True when made by enlarging a smaller bitmap (Lanczos-3, softer than a native export): the report and the job
    /// page mark it 放大 / enlarged (tester 30 #16).
    public var enlarged = false
}

/// A slice as written: its file name (the suggestion when the design's name breaks the rule), its size
/// in whole points after padding, and one file per scale that could be made without enlarging a bitmap.
public struct SliceOutput: Sendable, Hashable {
    public var name: String
    /// The name in the design.
    public var designName: String
    public var origin: String
    /// Size in points after padding to whole points (even pixels at @2x) and to the tap-target minimum.
    public var pointWidth: Int
    public var pointHeight: Int
    /// Whether transparency was added around the content to reach 44 × 44 pt.
    public var tapPadded: Bool
    public var files: [SliceFile]
}

/// Turns a design's slices into pictures at @1x, @2x and @3x.
public enum Slicer {
    /// The padded size in points and the scales written for a slice (no pixels touched).
    struct Plan {
        var pointWidth: Int
        var pointHeight: Int
        var tapPadded: Bool
        /// Scale → the bitmap scale it is made from (equal for a vector slice).
        var sources: [Int: Int]
        /// Scales left out because they would enlarge a bitmap.
        var upscaled: [Int]
        var widthWasWhole: Bool
        var heightWasWhole: Bool
    }

    static func plan(_ slice: Slice, options: SliceOptions) -> Plan {
        let wholeWidth = Int((slice.width - 1e-6).rounded(.up)), wholeHeight = Int((slice.height - 1e-6).rounded(.up))
        var width = max(1, wholeWidth), height = max(1, wholeHeight)
        var tapPadded = false
        let minimum = SliceOptions.minimumTapTarget
        if options.padTapTargets, SliceName.tapTargetKinds.contains(slice.name.kind), width < minimum || height < minimum {
            width = max(width, minimum)
            height = max(height, minimum)
            tapPadded = true
        }
        var sources: [Int: Int] = [:]
        var upscaled: [Int] = []
        for scale in SliceOptions.scales {
            guard case let .bitmaps(images) = slice.art else {
                sources[scale] = scale
                continue
            }
            let available = images.keys.sorted()
            if available.contains(scale) {
                sources[scale] = scale
            } else if let larger = available.first(where: { $0 > scale }) {
                sources[scale] = larger
            } else if let smaller = available.last {
                upscaled.append(scale)
                if options.allowUpscale { sources[scale] = smaller }
            }
        }
        return Plan(pointWidth: width, pointHeight: height, tapPadded: tapPadded, sources: sources, upscaled: upscaled,
                    widthWasWhole: abs(slice.width - slice.width.rounded()) < 1e-6,
                    heightWasWhole: abs(slice.height - slice.height.rounded()) < 1e-6)
    }

    /// Renders every scale of one slice: vector art drawn at the scale, bitmaps placed on the padded canvas
    /// at their own scale and resized in linear light with premultiplied alpha (`Imaging.resizeLinear`).
    /// Each picture is charged to `meter` before it is made (``SlicerError/overBudget(zh:en:)`` past it).
    static func render(_ slice: Slice, options: SliceOptions, meter: SliceMeter) throws(SlicerError) -> SliceOutput {
        let plan = plan(slice, options: options)
        let name = slice.name.fileName
        var files: [SliceFile] = []
        for scale in SliceOptions.scales {
            guard let sourceScale = plan.sources[scale] else { continue }
            let width = plan.pointWidth * scale, height = plan.pointHeight * scale
            guard width <= options.limits.maximumSide, height <= options.limits.maximumSide else {
                throw .overLimit("\(slice.origin) at @\(scale)x is \(width)×\(height) px; each side at most \(options.limits.maximumSide)")
            }
            try meter.charge(width: width, height: height, filterWeight: slice.filterWeight, origin: "\(slice.origin) @\(scale)x")
            let pixels: RGBAImage
            switch slice.art {
            case let .vector(draw):
                let s = Double(scale)
                let left = ((Double(width) - slice.width * s) / 2).rounded(.down)
                let top = ((Double(height) - slice.height * s) / 2).rounded(.down)
                pixels = try draw(s, width, height, max(0, left), max(0, top))
            case let .bitmaps(images):
                guard let source = images[sourceScale] else { continue }
                let canvasWidth = plan.pointWidth * sourceScale, canvasHeight = plan.pointHeight * sourceScale
                let placed = source.width == canvasWidth && source.height == canvasHeight ? source
                    : source.placed(onTransparentWidth: canvasWidth, height: canvasHeight,
                                    left: (canvasWidth - source.width) / 2, top: (canvasHeight - source.height) / 2)
                do {
                    pixels = try Imaging.resizeLinear(placed, width: width, height: height)
                } catch {
                    throw .imaging(error)
                }
            }
            let encoded = try encode(pixels, kind: slice.name.kind, options: options)
            let suffix = scale == 1 ? "" : "@\(scale)x"
            files.append(SliceFile(scale: scale, fileName: "\(name)\(suffix).\(encoded.format.fileExtension)", image: encoded,
                                   enlarged: sourceScale < scale))
        }
        return SliceOutput(name: name, designName: slice.name.raw, origin: slice.origin, pointWidth: plan.pointWidth,
                           pointHeight: plan.pointHeight, tapPadded: plan.tapPadded, files: files)
    }

    /// Kinds that may be JPEG when the rule allows it: photos and backgrounds, never icons.
    static let jpegKinds: Set<String> = ["img", "bg", "launch"]

    static func encode(_ pixels: RGBAImage, kind: String, options: SliceOptions) throws(SlicerError) -> EncodedImage {
        do {
            let png = try Imaging.encodePNG(pixels)
            if options.jpegWhereSmaller, jpegKinds.contains(kind), !pixels.hasTransparency {
                let jpeg = try Imaging.encodeJPEG(pixels, quality: 85)
                if jpeg.bytes.count * 2 <= png.bytes.count { return jpeg }
            }
            return png
        } catch {
            throw .imaging(error)
        }
    }
}
