import Foundation
import Imaging
public import WebUI

/// The lint report: lines for the terminal, and `report.html` beside the catalog (a standalone page with
/// the findings and every slice's sizes).
public enum SliceReport {
    /// A summary line, then one line per finding, errors first.
    public static func lines(_ findings: [LintFinding]) -> [String] {
        let errors = findings.filter { $0.level == .error }.count
        return ["lint: \(errors) error\(errors == 1 ? "" : "s"), \(findings.count - errors) warning\(findings.count - errors == 1 ? "" : "s")"]
            + findings.map(\.line)
    }

    /// The findings as table rows of `report.html`. The report has no reader's language (the command line and the web
    /// job write the same file), so each message is given in Chinese, then English, like the rest of the report
    /// (tester 30 #16: the rows were English only).
    static func findingsTable(_ findings: [LintFinding]) -> Node {
        table(.class("slicer-lint")) {
            for finding in findings {
                tr(.class("lint-" + finding.level.rawValue)) {
                    td { finding.level.rawValue }
                    td { finding.rule }
                    td { finding.subject == LintFinding.wholeDesign ? "设计稿 design" : finding.subject }
                    td {
                        finding.message.zh
                        br()
                        span(.attribute("lang", "en")) { finding.message.en }
                        if let suggestion = finding.suggestion { " → "; code { suggestion } }
                    }
                }
            }
        }
    }

    /// Each slice's sizes, an enlarged file marked 放大 enlarged.
    static func slicesTable(_ slices: [SliceOutput]) -> Node {
        table(.class("slicer-slices")) {
            for slice in slices {
                tr {
                    td { code { slice.name } }
                    td { "\(slice.pointWidth)×\(slice.pointHeight) pt" + (slice.tapPadded ? "（已补足点击区域 padded）" : "") }
                    td {
                        slice.files.map { file in
                            "@\(file.scale)x \(file.image.width)×\(file.image.height) \(file.image.format.fileExtension)" + (file.enlarged ? "（放大 enlarged）" : "")
                        }.joined(separator: ", ")
                    }
                }
            }
        }
    }

    /// `report.html`: a page that needs no server (its style inline).
    static func html(_ result: SliceResult, design: String) -> String {
        let body = render([
            h1 { "切图报告 Slice report: \(design)" },
            p { lines(result.findings)[0] },
            findingsTable(result.findings),
            h2 { "\(result.slices.count) 个切图 slices" },
            slicesTable(result.slices),
        ])
        return """
            <!doctype html><html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Slice report</title><style>body{font:15px system-ui,sans-serif;margin:16px;color-scheme:light dark}
            table{border-collapse:collapse}td{border-bottom:1px solid #8884;padding:6px 8px;vertical-align:top}
            .lint-error td:first-child{color:#d33;font-weight:600}.lint-warning td:first-child{color:#b80}</style></head>
            <body>\(body)</body></html>
            """
    }
}

extension AssetCatalog {
    /// Adds `report.html` beside the catalog.
    mutating func addReport(_ html: String) { files["report.html"] = Array(html.utf8) }
}
