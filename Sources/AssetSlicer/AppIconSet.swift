public import Imaging
import WebUI

/// The app icon sizes Xcode asks for, made from one square master.
///
/// Default (Xcode 14 and later): one 1024 × 1024 universal iOS icon. Legacy (`legacy: true`): the iPhone
/// list every Xcode before 14 asked for, 20/29/40/60 pt at @2x and @3x, with the seed's older sizes
/// (29 and 57 pt at @1x, 57 pt at @2x = 114 px) and the 1024 App Store icon; the seed's 512 px (and
/// 1024 px) `iTunesArtwork` files go beside the catalog, since no catalog entry takes them.
/// The 1024 icon must have no alpha (App Store Connect refuses it) and no rounded corners (iOS masks the
/// square itself): a master with transparency is flattened onto white and the lint says so.
public struct AppIconSet: Sendable {
    public struct Icon: Sendable {
        public var fileName: String
        public var image: EncodedImage
        /// Its entry in `AppIcon.appiconset/Contents.json`; nil for `iTunesArtwork` files.
        var entry: CatalogImage?
    }

    public var icons: [Icon]
    public var findings: [LintFinding]

    /// (points, scale) of the legacy iPhone list: 40, 60, 29, 58, 87, 80, 120, 57, 114, 120, 180 px.
    static let legacySizes: [(points: Int, scale: Int)] = [
        (20, 2), (20, 3), (29, 1), (29, 2), (29, 3), (40, 2), (40, 3), (57, 1), (57, 2), (60, 2), (60, 3),
    ]

    /// - Parameter master: the picture, square; `origin` names it in findings.
    public static func make(from master: RGBAImage, origin: String, legacy: Bool) throws(SlicerError) -> AppIconSet {
        var findings: [LintFinding] = []
        guard master.width == master.height else {
            throw .invalidArgument(LocalizedText(zh: "\(origin)：App 图标原图须为正方形，而不是 \(master.width)×\(master.height) px",
                                                 en: "\(origin): the app icon master must be square, not \(master.width)×\(master.height) px"))
        }
        if master.width < 1024 {
            findings.append(LintFinding(rule: "upscale", level: .warning, subject: origin,
                                        message: LocalizedText(zh: "\(master.width) px 的原图被放大到 1024 px；请给 1024 px 或矢量原图",
                                                               en: "\(master.width) px master is enlarged to 1024 px; draw it at 1024 or as vector")))
        }
        var opaque = master
        if master.hasTransparency {
            let corners = [master.pixel(x: 0, y: 0), master.pixel(x: master.width - 1, y: 0),
                           master.pixel(x: 0, y: master.height - 1), master.pixel(x: master.width - 1, y: master.height - 1)]
            if corners.allSatisfy({ $0[3] < 128 }) {
                findings.append(LintFinding(rule: "icon-corners", level: .warning, subject: origin,
                                            message: LocalizedText(zh: "四角透明，像是画了圆角；iOS 会自己给方形图标加圆角",
                                                                   en: "transparent corners look like rounded corners; iOS rounds the square itself")))
            }
            findings.append(LintFinding(rule: "icon-alpha", level: .warning, subject: origin,
                                        message: LocalizedText(zh: "1024 图标不能有透明通道；已铺白底", en: "the 1024 icon may not have alpha; flattened onto white")))
            opaque = Imaging.flattened(master, red: 255, green: 255, blue: 255)
        }
        var icons: [Icon] = []
        func icon(_ pixels: Int, fileName: String, entry: CatalogImage?) throws(SlicerError) {
            do {
                let image = try Imaging.encodePNG(try Imaging.resizeLinear(opaque, width: pixels, height: pixels))
                icons.append(Icon(fileName: fileName, image: image, entry: entry))
            } catch {
                throw .imaging(error)
            }
        }
        if legacy {
            try icon(1024, fileName: "AppIcon-1024.png", entry: CatalogImage(filename: "AppIcon-1024.png", idiom: "ios-marketing", scale: "1x", size: "1024x1024"))
            for (points, scale) in legacySizes {
                let name = "AppIcon-\(points)@\(scale)x.png"
                try icon(points * scale, fileName: name, entry: CatalogImage(filename: name, idiom: "iphone", scale: "\(scale)x", size: "\(points)x\(points)"))
            }
            try icon(512, fileName: "iTunesArtwork.png", entry: nil)
            try icon(1024, fileName: "iTunesArtwork@2x.png", entry: nil)
        } else {
            try icon(1024, fileName: "AppIcon-1024.png", entry: CatalogImage(filename: "AppIcon-1024.png", idiom: "universal", size: "1024x1024", platform: "ios"))
        }
        return AppIconSet(icons: icons, findings: findings)
    }
}

/// Launch images for the seed's devices, cut from one master (scaled to cover, centred, in linear light),
/// and the launch screen's background colour.
public struct LaunchImageSet: Sendable {
    public struct Image: Sendable {
        public var fileName: String
        public var image: EncodedImage
        var entry: CatalogImage
    }

    /// The seed's devices: iPhone 4 (640 × 960), 5 (640 × 1136), 6 (750 × 1334), 6 Plus portrait and landscape.
    static let devices: [(width: Int, height: Int, scale: Int, subtype: String?, minimum: String, orientation: String)] = [
        (640, 960, 2, nil, "7.0", "portrait"),
        (640, 1136, 2, "retina4", "7.0", "portrait"),
        (750, 1334, 2, "667h", "8.0", "portrait"),
        (1242, 2208, 3, "736h", "8.0", "portrait"),
        (2208, 1242, 3, "736h", "8.0", "landscape"),
    ]

    public var images: [Image]
    public var background: (red: UInt8, green: UInt8, blue: UInt8)?
    public var findings: [LintFinding]

    /// - Parameter background: the colour set's colour; nil takes the master's top-left pixel.
    public static func make(from master: RGBAImage, origin: String, background: (red: UInt8, green: UInt8, blue: UInt8)?) throws(SlicerError) -> LaunchImageSet {
        var findings: [LintFinding] = []
        let corner = master.pixel(x: 0, y: 0)
        let colour = background ?? (corner[0], corner[1], corner[2])
        let opaque = master.hasTransparency ? Imaging.flattened(master, red: colour.0, green: colour.1, blue: colour.2) : master
        var images: [Image] = []
        for device in devices {
            let cover = max(Double(device.width) / Double(master.width), Double(device.height) / Double(master.height))
            if cover > 1 {
                findings.append(LintFinding(rule: "upscale", level: .warning, subject: origin,
                                            message: LocalizedText(zh: "\(master.width)×\(master.height) px 的原图被放大用于 \(device.width)×\(device.height)",
                                                                   en: "\(master.width)×\(master.height) px is enlarged for \(device.width)×\(device.height)")))
            }
            let width = max(device.width, Int((Double(master.width) * cover).rounded()))
            let height = max(device.height, Int((Double(master.height) * cover).rounded()))
            let name = "Launch-\(device.width)x\(device.height).png"
            do {
                let scaled = try Imaging.resizeLinear(opaque, width: width, height: height)
                let cut = scaled.cropped(x: (width - device.width) / 2, y: (height - device.height) / 2, width: device.width, height: device.height)
                images.append(Image(fileName: name, image: try Imaging.encodePNG(cut), entry: CatalogImage(
                    filename: name, idiom: "iphone", scale: "\(device.scale)x", subtype: device.subtype,
                    orientation: device.orientation, extent: "full-screen", minimumSystemVersion: device.minimum)))
            } catch {
                throw .imaging(error)
            }
        }
        return LaunchImageSet(images: images, background: colour, findings: findings)
    }
}
