import Foundation
public import AppSuiteAPI
public import Imaging

/// The edit list as stored and as the API speaks it: `[{"op":"rotate","degrees":90}, …]`.
public enum EditCodec {
    /// One step as the API and the stored edit lists write it.
    public typealias Operation = PhotoEditOperation

    /// Turns decoded API operations into edits, or names the first one that is malformed. More than
    /// `PhotoLibrary.maximumOperations` are refused here, before any work is queued.
    /// - Parameter size: the upright size the edits start from; with it a `resize` may give only `width` or only
    ///   `height` and the other follows the aspect of the picture at that step (rounded, at least 1), as in the editor.
    public static func edits(_ operations: [Operation], size: (width: Int, height: Int)? = nil) -> Result<[ImageEdit], ImagingError> {
        guard operations.count <= PhotoLibrary.maximumOperations else {
            return .failure(.invalidArgument("an edit has at most \(PhotoLibrary.maximumOperations) operations, not \(operations.count)"))
        }
        return convert(operations, size: size)
    }

    /// `edits` without the limit on their number (a stored list may be longer than one request's).
    static func convert(_ operations: [Operation], size start: (width: Int, height: Int)? = nil) -> Result<[ImageEdit], ImagingError> {
        var edits: [ImageEdit] = []
        var size = start
        for (index, operation) in operations.enumerated() {
            let step = "operation \(index + 1) (\(operation.op))"
            switch operation.op {
            case "rotate":
                guard let degrees = operation.degrees, degrees % 90 == 0 else {
                    return .failure(.invalidArgument("\(step): 'degrees' must be a multiple of 90"))
                }
                edits.append(.rotate(degrees: degrees))
                if let current = size, degrees % 180 != 0 { size = (current.height, current.width) }
            case "flip":
                switch operation.direction ?? "horizontal" {
                case "horizontal": edits.append(.flip(horizontal: true))
                case "vertical": edits.append(.flip(horizontal: false))
                default: return .failure(.invalidArgument("\(step): 'direction' must be horizontal or vertical"))
                }
            case "crop":
                guard let x = operation.x, let y = operation.y, let width = operation.width, let height = operation.height else {
                    return .failure(.invalidArgument("\(step): needs x, y, width and height"))
                }
                edits.append(.crop(x: x, y: y, width: width, height: height))
                size = size.map { _ in (width, height) }
            case "resize":
                guard let resized = resolved(operation.width, operation.height, size) else {
                    return .failure(.invalidArgument(size == nil ? "\(step): needs width and height" : "\(step): needs a width or a height"))
                }
                edits.append(.resize(width: resized.0, height: resized.1))
                size = size.map { _ in resized }
            default:
                return .failure(.invalidArgument("\(step): unknown operation; use rotate, flip, crop or resize"))
            }
        }
        return .success(edits)
    }

    public static func operations(_ edits: [ImageEdit]) -> [Operation] {
        edits.map { edit in
            switch edit {
            case let .rotate(degrees): Operation.rotate(degrees: degrees)
            case let .flip(horizontal): Operation.flip(vertical: !horizontal)
            case let .crop(x, y, width, height): Operation.crop(x: x, y: y, width: width, height: height)
            case let .resize(width, height): Operation.resize(width: width, height: height)
            }
        }
    }

    /// A resize's size: both as given, or the missing one from the aspect of `size` (nil when neither can be had).
    static func resolved(_ width: Int?, _ height: Int?, _ size: (width: Int, height: Int)?) -> (Int, Int)? {
        switch (width, height, size) {
        case let (width?, height?, _): return (width, height)
        case let (width?, nil, size?) where size.width > 0: return (width, max(1, Int((Double(width) * Double(size.height) / Double(size.width)).rounded())))
        case let (nil, height?, size?) where size.height > 0: return (max(1, Int((Double(height) * Double(size.width) / Double(size.height)).rounded())), height)
        default: return nil
        }
    }

    static func encode(_ edits: [ImageEdit]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? String(decoding: encoder.encode(operations(edits)), as: UTF8.self)) ?? "[]"
    }

    static func decode(_ text: String) -> [ImageEdit] {
        guard let operations = try? JSONDecoder().decode([Operation].self, from: Data(text.utf8)),
            case let .success(edits) = convert(operations)
        else { return [] }
        return edits
    }
}
