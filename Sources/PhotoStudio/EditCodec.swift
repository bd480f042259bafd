import Foundation
public import AppSuiteAPI
public import Imaging

/// The edit list as stored and as the API speaks it: `[{"op":"rotate","degrees":90}, …]`.
public enum EditCodec {
    /// One step as the API and the stored edit lists write it.
    public typealias Operation = PhotoEditOperation

    /// Turns decoded API operations into edits, or names the first one that is malformed. More than
    /// `PhotoLibrary.maximumOperations` are refused here, before any work is queued.
    public static func edits(_ operations: [Operation]) -> Result<[ImageEdit], ImagingError> {
        guard operations.count <= PhotoLibrary.maximumOperations else {
            return .failure(.invalidArgument("an edit has at most \(PhotoLibrary.maximumOperations) operations, not \(operations.count)"))
        }
        return convert(operations)
    }

    /// `edits` without the limit on their number (a stored list may be longer than one request's).
    static func convert(_ operations: [Operation]) -> Result<[ImageEdit], ImagingError> {
        var edits: [ImageEdit] = []
        for (index, operation) in operations.enumerated() {
            let step = "operation \(index + 1) (\(operation.op))"
            switch operation.op {
            case "rotate":
                guard let degrees = operation.degrees, degrees % 90 == 0 else {
                    return .failure(.invalidArgument("\(step): 'degrees' must be a multiple of 90"))
                }
                edits.append(.rotate(degrees: degrees))
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
            case "resize":
                guard let width = operation.width, let height = operation.height else {
                    return .failure(.invalidArgument("\(step): needs width and height"))
                }
                edits.append(.resize(width: width, height: height))
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
