import Foundation

/// Draws `label [#####-----]  45%  4,500/10,000` on stderr, redrawing in place on a terminal; elsewhere
/// (logs, CI) it prints nothing until `finish`, which always prints one summary line.
final class ProgressBar {
    private let label: String
    private let isTerminal: Bool
    private var lastDrawn = Date.distantPast
    private var lastFraction = -1.0

    init(label: String, isTerminal: Bool = isatty(2) == 1) {
        self.label = label
        self.isTerminal = isTerminal
    }

    /// Redraws at most ten times a second.
    func update(done: Int, total: Int?, detail: String = "") {
        guard isTerminal else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= 0.1 || done == total else { return }
        lastDrawn = now
        write("\r\u{1B}[2K" + Self.line(label: label, done: done, total: total, detail: detail))
    }

    func finish(_ summary: String) {
        write((isTerminal ? "\r\u{1B}[2K" : "") + "\(label): \(summary)\n")
    }

    /// The bar for `done` of `total` (or a plain count when the total is unknown), 24 cells wide.
    static func line(label: String, done: Int, total: Int?, detail: String) -> String {
        guard let total, total > 0 else { return "\(label) \(done) \(detail)" }
        let fraction = min(1, Double(done) / Double(total))
        let filled = Int((fraction * 24).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 24 - filled)
        let percent = String(Int((fraction * 100).rounded(.down))).leftPadded(to: 3)
        return "\(label) [\(bar)] \(percent)%  \(done)/\(total) \(detail)"
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
