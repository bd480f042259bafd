import Foundation
import Imaging

/// Turns an uploaded picture into a 256 × 256 JPEG avatar under `<media>/avatars/`.
///
/// The upload is decoded and re-encoded by libvips (ASVS 5.0 5.2.2: content validated, metadata and any
/// payload stripped), cropped to a square around the most interesting region, and stored under a
/// server-generated name (ASVS 5.3.2). Inputs over 40 megapixels or 20 MiB are refused before decoding,
/// and so are pictures narrower than 32 pixels or more than 8 times as long as wide: filling the square
/// from those means enlarging one side hundreds of times (a 39,999 × 1 PNG of 543 bytes took 2 minutes
/// and 4 GB).
public struct AvatarStore: Sendable {
    public static let side = 256
    static let limits = ImageLimits(maximumPixels: 40_000_000, maximumBytes: 20 << 20)
    static let minimumSide = 32
    static let maximumAspectRatio = 8
    public let mediaDirectory: String

    /// Why a picture cannot become an avatar, in words for the user.
    enum Refusal: Error {
        case unreadable
        case tooLarge
        case badShape
    }

    public init(mediaDirectory: String) { self.mediaDirectory = mediaDirectory }

    /// Stores the avatar and returns its path relative to the media directory (`avatars/7-<random>.jpg`).
    /// - Throws: ``Refusal`` for input that is not a supported, intact image of a usable size and shape.
    func store(uploadAt path: String, userID: Int64) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw Refusal.unreadable }
        let bytes = [UInt8](data)
        let image: EncodedImage
        do {
            let info = try Imaging.probe(bytes, limits: Self.limits)
            let short = min(info.width, info.height), long = max(info.width, info.height)
            guard short >= Self.minimumSide, long <= short * Self.maximumAspectRatio else { throw Refusal.badShape }
            image = try Imaging.thumbnail(
                bytes, maxWidth: Self.side, maxHeight: Self.side, crop: .attention, upscale: true,
                format: .jpeg(quality: 85), limits: Self.limits)
        } catch let error as ImagingError {
            switch error {
            case .tooManyBytes, .tooManyPixels: throw Refusal.tooLarge
            default: throw Refusal.unreadable
            }
        }
        let directory = mediaDirectory + "/avatars"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let relative = "avatars/\(userID)-\(UUID().uuidString.lowercased()).jpg"
        try Data(image.bytes).write(to: URL(fileURLWithPath: mediaDirectory + "/" + relative), options: .atomic)
        return relative
    }

    /// Deletes every avatar file of `userID` except `current` (also those left by concurrent uploads).
    func removeOthers(of userID: Int64, keeping current: String) {
        let directory = mediaDirectory + "/avatars"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix("\(userID)-") && "avatars/" + name != current {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }
}
