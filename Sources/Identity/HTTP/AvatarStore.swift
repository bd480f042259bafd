import Foundation
import Imaging

/// Turns an uploaded picture into a 256 × 256 JPEG avatar under `<media>/avatars/`.
///
/// The upload is decoded and re-encoded by libvips (ASVS 5.0 5.2.2: content validated, metadata and any
/// payload stripped), cropped to a square around the most interesting region, and stored under a
/// server-generated name (ASVS 5.3.2). Inputs over 40 megapixels or 20 MiB are refused before decoding.
public struct AvatarStore: Sendable {
    public static let side = 256
    static let limits = ImageLimits(maximumPixels: 40_000_000, maximumBytes: 20 << 20)
    public let mediaDirectory: String

    public init(mediaDirectory: String) { self.mediaDirectory = mediaDirectory }

    /// Stores the avatar and returns its path relative to the media directory (`avatars/7-<random>.jpg`).
    /// - Throws: `ImagingError` for input that is not a supported, intact image within the limits.
    func store(uploadAt path: String, userID: Int64) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw ImagingError.fileNotReadable(path: path, detail: "missing") }
        let image = try Imaging.thumbnail(
            [UInt8](data), maxWidth: Self.side, maxHeight: Self.side, crop: .attention, upscale: true,
            format: .jpeg(quality: 85), limits: Self.limits)
        let directory = mediaDirectory + "/avatars"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let relative = "avatars/\(userID)-\(UUID().uuidString.lowercased()).jpg"
        try Data(image.bytes).write(to: URL(fileURLWithPath: mediaDirectory + "/" + relative), options: .atomic)
        return relative
    }

    /// Deletes a previous avatar file (ignores one that is already gone).
    func remove(_ relativePath: String?) {
        guard let relativePath, relativePath.hasPrefix("avatars/"), !relativePath.contains("..") else { return }
        try? FileManager.default.removeItem(atPath: mediaDirectory + "/" + relativePath)
    }
}
