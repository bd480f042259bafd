import AppHost
@testable import AssetSlicer
import Foundation
import Imaging
import Testing

/// The asset catalog against Apple's "Asset Catalog Format Reference": the keys each kind of
/// `Contents.json` may have and the values Xcode writes.
@Suite struct CatalogTests {
    /// Documented keys: top level, `info`, and an `images` entry of an image set, app icon set and launch image set.
    static let topKeys: Set<String> = ["images", "info", "colors", "properties"]
    static let infoKeys: Set<String> = ["author", "version"]
    static let imageSetKeys: Set<String> = ["filename", "idiom", "scale", "subtype", "appearances", "compression-type",
                                            "display-gamut", "graphics-feature-set", "language-direction", "memory", "resizing", "screen-width", "width-class", "height-class", "unassigned"]
    static let appIconKeys: Set<String> = ["filename", "idiom", "scale", "size", "role", "subtype", "platform", "appearances", "unassigned"]
    static let launchKeys: Set<String> = ["filename", "idiom", "scale", "subtype", "orientation", "extent", "minimum-system-version"]
    static let idioms: Set<String> = ["universal", "iphone", "ipad", "mac", "tv", "watch", "car", "ios-marketing", "watch-marketing", "vision"]

    func check(_ contents: [String: Any], entryKeys: Set<String>, in file: String) throws {
        #expect(Set(contents.keys).isSubset(of: Self.topKeys), "\(file): \(contents.keys.sorted())")
        let info = try #require(contents["info"] as? [String: Any], "\(file) has info")
        #expect(info["author"] as? String == "xcode" && info["version"] as? Int == 1, "\(file)")
        #expect(Set(info.keys).isSubset(of: Self.infoKeys))
        for entry in contents["images"] as? [[String: Any]] ?? [] {
            #expect(Set(entry.keys).isSubset(of: entryKeys), "\(file): \(entry.keys.sorted())")
            #expect(Self.idioms.contains(entry["idiom"] as? String ?? ""), "\(file): idiom")
            if let scale = entry["scale"] as? String { #expect(["1x", "2x", "3x"].contains(scale), "\(file): scale \(scale)") }
            if let size = entry["size"] as? String {
                #expect(size.wholeMatch(of: /[0-9]+(\.[0-9]+)?x[0-9]+(\.[0-9]+)?/) != nil, "\(file): size \(size)")
            }
        }
    }

    @Test func catalogFromSVGHasTheDocumentedShapeAndEveryFileItNames() throws {
        let files = try Fixtures()
        try files.write("home.svg", SlicerTests.svg)
        try files.run("convert", ["-size", "1024x1024", "xc:none", "-fill", "#3355ff", "-draw", "roundrectangle 0,0 1023,1023 180,180", "icon.png"])
        try files.run("convert", ["-size", "1242x2208", "gradient:#ffffff-#3355ff", "launch.png"])
        let result = try SliceJob.run(SliceRequest(input: files.url("home.svg"), appIcon: files.url("icon.png"), legacyIcons: true,
                                                   launchImage: files.url("launch.png"), launchColor: (0x33, 0x55, 0xff)))
        try result.catalog.write(to: files.url("out"))
        let root = "out/Assets.xcassets"
        try check(try files.json("\(root)/Contents.json"), entryKeys: [], in: "Contents.json")
        let walker = try #require(FileManager.default.enumerator(atPath: files.path(root)))
        var sets = 0
        for case let path as String in walker where path.hasSuffix("/Contents.json") {
            let contents = try files.json("\(root)/\(path)")
            let folder = (path as NSString).deletingLastPathComponent
            let keys = folder.hasSuffix(".appiconset") ? Self.appIconKeys : folder.hasSuffix(".launchimage") ? Self.launchKeys : Self.imageSetKeys
            try check(contents, entryKeys: keys, in: path)
            for entry in contents["images"] as? [[String: Any]] ?? [] {
                guard let name = entry["filename"] as? String else { continue }
                let image = try files.decode("\(root)/\(folder)/\(name)")
                if let scale = (entry["scale"] as? String).flatMap({ Int($0.dropLast()) }), let size = entry["size"] as? String {
                    let points = Int(size.split(separator: "x")[0]) ?? 0
                    #expect(image.width == points * scale, "\(folder)/\(name) is \(image.width) px for \(size)@\(scale)x")
                }
            }
            sets += 1
        }
        #expect(sets == 10, "7 image sets, the app icon, launch images and the colour set")

        let icon = try files.json("\(root)/AppIcon.appiconset/Contents.json")
        let entries = try #require(icon["images"] as? [[String: Any]])
        let pixels = entries.compactMap { entry -> Int? in
            guard let size = entry["size"] as? String, let scale = (entry["scale"] as? String)?.dropLast() else { return nil }
            return (Int(size.split(separator: "x")[0]) ?? 0) * (Int(scale) ?? 0)
        }
        #expect(Set(pixels) == [1024, 180, 120, 87, 80, 60, 58, 40, 29, 114, 57], "the seed's list")
        let big = try files.decode("\(root)/AppIcon.appiconset/AppIcon-1024.png")
        #expect(big.width == 1024 && !big.hasTransparency, "no alpha in the 1024 icon")
        #expect(big.pixel(x: 0, y: 0) == [255, 255, 255, 255], "transparent corners flattened onto white")
        #expect(try files.decode("out/iTunesArtwork/iTunesArtwork.png").width == 512)
        #expect(result.findings.contains { $0.rule == "icon-alpha" } && result.findings.contains { $0.rule == "icon-corners" })

        let launch = try files.json("\(root)/LaunchImage.launchimage/Contents.json")
        let sizes = try (launch["images"] as? [[String: Any]] ?? []).map { entry -> String in
            let image = try files.decode("\(root)/LaunchImage.launchimage/\(entry["filename"] as? String ?? "")")
            return "\(image.width)x\(image.height) \(entry["orientation"] as? String ?? "") \(entry["subtype"] as? String ?? "-")"
        }
        #expect(sizes == ["640x960 portrait -", "640x1136 portrait retina4", "750x1334 portrait 667h",
                          "1242x2208 portrait 736h", "2208x1242 landscape 736h"])
        let colour = try files.json("\(root)/LaunchBackground.colorset/Contents.json")
        let components = try #require(((colour["colors"] as? [[String: Any]])?.first?["color"] as? [String: Any])?["components"] as? [String: String])
        #expect(components == ["red": "0.200", "green": "0.333", "blue": "1.000", "alpha": "1.000"])
    }

    @Test func modernAppIconIsOneUniversalEntry() throws {
        let master = RGBAImage(width: 1024, height: 1024, pixels: [UInt8]((0..<(1024 * 1024)).flatMap { _ in [10, 20, 30, 255] as [UInt8] }))
        let set = try AppIconSet.make(from: master, origin: "icon.png", legacy: false)
        #expect(set.findings.isEmpty)
        var catalog = AssetCatalog()
        catalog.add(set)
        let json = String(decoding: try #require(catalog.files["Assets.xcassets/AppIcon.appiconset/Contents.json"]), as: UTF8.self)
        #expect(json == """
            {
              "images" : [
                {
                  "filename" : "AppIcon-1024.png",
                  "idiom" : "universal",
                  "platform" : "ios",
                  "size" : "1024x1024"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }
            """)
        #expect(throws: SlicerError.self) { try AppIconSet.make(from: RGBAImage(transparentWidth: 20, height: 10), origin: "wide.png", legacy: false) }
    }
}
