import Foundation
import Testing
@testable import WebUI

/// Renders the sample pages, with the real assets beside them, when `WEBUI_PREVIEW_DIR` is set,
/// and screenshots them with headless Chromium at phone and desktop size if it is installed:
///
///     WEBUI_PREVIEW_DIR=/tmp/webui-preview swift test --filter WebUITests.writePreview
///
/// Skipped otherwise. Look at the PNGs after changing app.css or a component.
@Test(.enabled(if: ProcessInfo.processInfo.environment["WEBUI_PREVIEW_DIR"] != nil))
func writePreview() throws {
    let out = URL(fileURLWithPath: ProcessInfo.processInfo.environment["WEBUI_PREVIEW_DIR"]!)
    let assets = out.appendingPathComponent("assets")
    try? FileManager.default.removeItem(at: assets)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: WebAssets.directory, to: assets)
    func write(_ html: String, _ name: String) throws {
        // Pages link /assets/…; point them at the copy beside the file.
        let local = html.replacingOccurrences(of: "\"/assets/", with: "\"assets/")
        try local.write(to: out.appendingPathComponent(name + ".html"), atomically: true, encoding: .utf8)
    }
    try write(SamplePages.launcher(.zh), "launcher")
    try write(SamplePages.launcher(.zh, theme: .dark), "launcher-dark")
    try write(SamplePages.launcher(.en), "launcher-en")
    try write(SamplePages.detail(.zh), "detail")
    try write(SamplePages.detail(.zh, theme: .dark), "detail-dark")
    try write(SamplePages.detail(.en), "detail-en")

    let chromium = "/usr/bin/chromium"
    guard FileManager.default.isExecutableFile(atPath: chromium) else { return }
    func shot(_ page: String, _ width: Int, _ height: Int, _ png: String, _ extra: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=1500",
            "--window-size=\(width),\(height)", "--screenshot=" + out.appendingPathComponent(png).path,
        ] + extra + [out.appendingPathComponent(page + ".html").absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
    for page in ["launcher", "launcher-dark", "launcher-en", "detail", "detail-dark", "detail-en"] {
        try shot(page, 390, 844, page + ".png")
    }
    try shot("launcher", 1280, 800, "launcher-desktop.png")
    try shot("detail", 390, 844, "detail-system-dark.png", ["--force-dark-mode"])
    try shot("detail", 390, 2200, "detail-long.png")
}
