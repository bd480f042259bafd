import AppSuiteTesting
import Foundation

/// The recorded replies in `../shared/data/weather/fixtures`.
enum Fixture {
    static func bytes(_ relative: String) throws -> [UInt8] {
        let url = TestData.folder("weather").appendingPathComponent("fixtures").appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw TestFailure("no fixture \(url.path)") }
        return [UInt8](data)
    }
}
