public import Foundation
import Imaging

/// An Xcode asset catalog (`Assets.xcassets`) in memory: relative path → bytes. Every `Contents.json` is
/// written with JSONEncoder in the shape of Apple's "Asset Catalog Format Reference" (keys sorted and
/// pretty-printed as Xcode writes them): the catalog's `info`, image sets (`images`: `filename`, `idiom`,
/// `scale`), `AppIcon.appiconset` (`size`, `idiom`, `platform`, `scale`), `LaunchImage.launchimage`
/// (`orientation`, `extent`, `subtype`, `minimum-system-version`) and a colour set (`colors`).
public struct AssetCatalog: Sendable {
    /// The folder name inside the output.
    public static let folder = "Assets.xcassets"
    /// Relative paths (under `Assets.xcassets/` or beside it) → file contents.
    public internal(set) var files: [String: [UInt8]] = [:]

    public init() {
        files[Self.folder + "/Contents.json"] = Self.json(FolderContents())
    }

    /// Adds `name.imageset` with one entry per scale (an entry without a file for a scale left out), and
    /// the same files side by side under `slices/`, as the designers' export tools hand them over.
    public mutating func add(_ slice: SliceOutput) {
        let folder = "\(Self.folder)/\(slice.name).imageset"
        var images: [CatalogImage] = []
        for scale in SliceOptions.scales {
            let file = slice.files.first { $0.scale == scale }
            if let file {
                files["\(folder)/\(file.fileName)"] = file.image.bytes
                files["slices/\(file.fileName)"] = file.image.bytes
            }
            images.append(CatalogImage(filename: file?.fileName, idiom: "universal", scale: "\(scale)x"))
        }
        files["\(folder)/Contents.json"] = Self.json(ImageSetContents(images: images))
    }

    /// Adds `AppIcon.appiconset`.
    public mutating func add(_ icons: AppIconSet) {
        let folder = "\(Self.folder)/AppIcon.appiconset"
        for icon in icons.icons where icon.entry != nil { files["\(folder)/\(icon.fileName)"] = icon.image.bytes }
        for icon in icons.icons where icon.entry == nil { files["iTunesArtwork/\(icon.fileName)"] = icon.image.bytes }
        files["\(folder)/Contents.json"] = Self.json(ImageSetContents(images: icons.icons.compactMap(\.entry)))
    }

    /// Adds `LaunchImage.launchimage` and, when given, `LaunchBackground.colorset`.
    public mutating func add(_ launch: LaunchImageSet) {
        let folder = "\(Self.folder)/LaunchImage.launchimage"
        for image in launch.images { files["\(folder)/\(image.fileName)"] = image.image.bytes }
        files["\(folder)/Contents.json"] = Self.json(ImageSetContents(images: launch.images.map(\.entry)))
        if let colour = launch.background {
            files["\(Self.folder)/LaunchBackground.colorset/Contents.json"] = Self.json(ColorSetContents(colors: [
                CatalogColor(idiom: "universal", color: .init(colorSpace: "srgb", components: .init(
                    red: Self.component(colour.red), green: Self.component(colour.green),
                    blue: Self.component(colour.blue), alpha: "1.000")))
            ]))
        }
    }

    /// Writes every file under `folder` (created when missing).
    /// - Throws: `.outputNotWritable` naming the path that failed.
    public func write(to folder: URL) throws(SlicerError) {
        let manager = FileManager.default
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            } catch {
                throw .outputNotWritable(path: url.path, detail: (error as NSError).localizedFailureReason ?? "\(error)")
            }
        }
    }

    static func component(_ value: UInt8) -> String { String(format: "%.3f", Double(value) / 255) }

    static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail.
        return [UInt8]((try? encoder.encode(value)) ?? Data())
    }
}

/// `{"info": {"author": "xcode", "version": 1}}`
struct CatalogInfo: Codable, Hashable {
    var author = "xcode"
    var version = 1
}

struct FolderContents: Codable {
    var info = CatalogInfo()
}

/// One entry of `images` in an image set, app icon set or launch image set; absent keys are left out.
struct CatalogImage: Codable, Hashable {
    var filename: String?
    var idiom: String
    var scale: String?
    var size: String?
    var platform: String?
    var role: String?
    var subtype: String?
    var orientation: String?
    var extent: String?
    var minimumSystemVersion: String?

    enum CodingKeys: String, CodingKey {
        case filename, idiom, scale, size, platform, role, subtype, orientation, extent
        case minimumSystemVersion = "minimum-system-version"
    }
}

struct ImageSetContents: Codable {
    var images: [CatalogImage]
    var info = CatalogInfo()
}

struct CatalogColor: Codable {
    struct Color: Codable {
        struct Components: Codable {
            var red: String
            var green: String
            var blue: String
            var alpha: String
        }
        var colorSpace: String
        var components: Components
        enum CodingKeys: String, CodingKey {
            case colorSpace = "color-space"
            case components
        }
    }
    var idiom: String
    var color: Color
}

struct ColorSetContents: Codable {
    var colors: [CatalogColor]
    var info = CatalogInfo()
}
