import Foundation
import WebUI

/// The design rules of the seed's iOS guide (第二篇 "IOS设计规范") checked on a design before slicing:
/// names `kind_function[_desc]_state` (lower-case English, underscores, no leading digit or symbol,
/// known kind prefixes, a state on controls), whole points (even pixels at @2x), tap targets of at least
/// 44 × 44 pt, tab icons of one size, every state of a control that has some, icons in PNG, no scale
/// that enlarges a bitmap, and a design width that matches the stated scale.
public enum DesignLint {
    public static func check(_ design: Design, options: SliceOptions) -> [LintFinding] {
        var findings = design.notes
        if let width = design.canvasWidth {
            let detected = detectedScale(canvasWidth: width, stated: options.designScale)
            if detected != options.designScale {
                let points = width / Double(options.designScale)
                let hint = detected.map { "; it looks like an @\($0)x design (\(formatted(width / Double($0))) pt), try --design-scale \($0)" } ?? ""
                let hintZH = detected.map { "；看起来是 @\($0)x 设计稿（\(formatted(width / Double($0))) pt），请选 @\($0)x（--design-scale \($0)）" } ?? ""
                findings.append(LintFinding(rule: "design-width", level: .warning, subject: LintFinding.wholeDesign, message: LocalizedText(
                    zh: "设计稿宽 \(formatted(width)) px，按 @\(options.designScale)x 是 \(formatted(points)) pt，不是手机屏宽\(hintZH)",
                    en: "\(formatted(width)) px wide is \(formatted(points)) pt at @\(options.designScale)x, not a phone width\(hint)")))
            }
        }
        var fileNames: [String: String] = [:]
        for slice in design.slices {
            findings += check(slice, options: options)
            let name = slice.name.fileName
            if let other = fileNames[name] {
                findings.append(LintFinding(rule: "name", level: .error, subject: slice.origin, message: LocalizedText(
                    zh: "与 \(other) 写出同名文件（\(name)）", en: "writes the same files as \(other) (\(name))")))
            } else {
                fileNames[name] = slice.origin
            }
        }
        findings += checkTabSizes(design.slices, options: options)
        findings += checkStates(design.slices)
        findings = collapsingUpscales(findings, options: options)
        return findings.sorted { ($0.level, $0.subject, $0.rule) < ($1.level, $1.subject, $1.rule) }
    }

    /// A folder of @2x exports would list every slice as enlarged at @3x: more than three become one finding, which
    /// names every one of them (tester 30 #16: "…" left the fourth unnamed); each slice's row marks its enlarged scales.
    static func collapsingUpscales(_ findings: [LintFinding], options: SliceOptions) -> [LintFinding] {
        let upscales = findings.filter { $0.rule == "upscale" }
        guard upscales.count > 3 else { return findings }
        let names = upscales.map(\.subject).joined(separator: ", ")
        let written = options.allowUpscale
        let message = LocalizedText(
            zh: "\(upscales.count) 处由位图放大而来（\(names)）" + (written ? "；已放大写出（Lanczos-3），比原生导出略软" : "；未写出（--no-upscale）：请导出更高倍率或矢量图（SVG、PDF）"),
            en: "\(upscales.count) scales enlarge a bitmap (\(names))" + (written ? "; written enlarged (Lanczos-3), softer than a native export" : "; not written (--no-upscale): export at a higher scale or as vector (SVG, PDF)"))
        return findings.filter { $0.rule != "upscale" } + [LintFinding(rule: "upscale", level: .warning, subject: LintFinding.wholeDesign, message: message)]
    }

    static func check(_ slice: Slice, options: SliceOptions) -> [LintFinding] {
        var findings: [LintFinding] = []
        let name = slice.name
        let subject = slice.origin
        if let suggestion = name.suggestion {
            let why = name.raw.unicodeScalars.contains { !$0.isASCII } ? LocalizedText(zh: "不是小写英文", en: "not lower-case English")
                : name.raw.first?.isNumber == true ? LocalizedText(zh: "以数字开头", en: "starts with a digit")
                : name.raw.contains(" ") ? LocalizedText(zh: "含空格", en: "contains spaces")
                : name.raw != name.raw.lowercased() ? LocalizedText(zh: "含大写字母", en: "has capitals")
                : LocalizedText(zh: "不符合 类型_功能[_描述]_状态", en: "is not kind_function[_desc]_state")
            findings.append(LintFinding(rule: "name", level: .error, subject: subject, message: LocalizedText(
                zh: "名称“\(name.raw)”\(why.zh)", en: "name \"\(name.raw)\" \(why.en)"), suggestion: suggestion))
        } else if !SliceName.kinds.contains(name.kind) {
            let known = SliceName.kinds.sorted().joined(separator: ", ")
            findings.append(LintFinding(rule: "kind", level: .warning, subject: subject, message: LocalizedText(
                zh: "未知的类型前缀“\(name.kind)”（已知：\(known)）", en: "unknown kind \"\(name.kind)\" (known: \(known))")))
        }
        if SliceName.controlKinds[name.kind] != nil, name.isWellFormed, name.state == nil {
            findings.append(LintFinding(rule: "state", level: .warning, subject: subject, message: LocalizedText(
                zh: "控件没有状态后缀（_nor、_pressed、_selected、_disabled）", en: "a control without a state suffix (_nor, _pressed, _selected, _disabled)"),
                suggestion: name.raw + "_nor"))
        }
        let plan = Slicer.plan(slice, options: options)
        let scale = Double(options.designScale)
        if !plan.widthWasWhole || !plan.heightWasWhole {
            let size = "\(formatted(slice.width * scale))×\(formatted(slice.height * scale)) px"
            let padded = "\(plan.pointWidth * options.designScale)×\(plan.pointHeight * options.designScale) px"
            findings.append(LintFinding(rule: "odd-size", level: .warning, subject: subject, message: LocalizedText(
                zh: "\(size) 在 @\(options.designScale)x 下不是整数 pt（@2x 下为奇数）；已用透明像素补到 \(padded)",
                en: "\(size) is not whole points at @\(options.designScale)x (odd at @2x); padded to \(padded)")))
        }
        let minimum = SliceOptions.minimumTapTarget
        if SliceName.tapTargetKinds.contains(name.kind), slice.width < Double(minimum) || slice.height < Double(minimum) {
            let size = "\(formatted(slice.width))×\(formatted(slice.height)) pt"
            let padded = "\(plan.pointWidth)×\(plan.pointHeight) pt"
            findings.append(LintFinding(rule: "tap-target", level: .warning, subject: subject, message: plan.tapPadded
                ? LocalizedText(zh: "\(size) 小于 \(minimum)×\(minimum) pt；已用透明像素补到 \(padded)",
                                en: "\(size) is under \(minimum)×\(minimum) pt; padded with transparency to \(padded)")
                : LocalizedText(zh: "\(size) 小于 \(minimum)×\(minimum) pt；去掉 --no-pad 再切一次可得补齐的切图",
                                en: "\(size) is under \(minimum)×\(minimum) pt; slice again without --no-pad for a padded copy")))
        }
        if SliceName.iconKinds.contains(name.kind), slice.format == .jpeg {
            findings.append(LintFinding(rule: "not-png", level: .warning, subject: subject, message: LocalizedText(
                zh: "图标导出成了 JPEG；图标应为 PNG（已写为 PNG）", en: "an icon exported as JPEG; icons are PNG (written as PNG)")))
        }
        for missing in plan.upscaled {
            let from = slice.nativeScale.map { "@\($0)x" } ?? "?"
            findings.append(LintFinding(rule: "upscale", level: .warning, subject: subject, message: options.allowUpscale
                ? LocalizedText(zh: "@\(missing)x 由 \(from) 位图放大而来（Lanczos-3，已写出，比原生导出略软）",
                                en: "@\(missing)x enlarged from the \(from) bitmap (Lanczos-3; written, softer than a native export)")
                : LocalizedText(zh: "@\(missing)x 需要放大 \(from) 位图，未写出（--no-upscale）：请导出 @\(missing)x 或矢量图（SVG、PDF）",
                                en: "@\(missing)x would enlarge the \(from) bitmap; not written (--no-upscale): export at @\(missing)x or as vector (SVG, PDF)")))
        }
        return findings
    }

    /// Tab bar icons are one group: all `tab_…` slices have one size.
    static func checkTabSizes(_ slices: [Slice], options: SliceOptions) -> [LintFinding] {
        let tabs = slices.filter { $0.name.kind == "tab" }
        var sizes: [String: [String]] = [:]
        for tab in tabs {
            let plan = Slicer.plan(tab, options: options)
            sizes["\(plan.pointWidth)×\(plan.pointHeight) pt", default: []].append(tab.name.raw)
        }
        guard sizes.count > 1 else { return [] }
        let summary = sizes.sorted { $0.value.count > $1.value.count }
            .map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }.joined(separator: "; ")
        return [LintFinding(rule: "tab-size", level: .error, subject: "tab bar",
                            message: LocalizedText(zh: "标签栏图标尺寸不一：\(summary)", en: "tab icons of unequal size: \(summary)"))]
    }

    /// A control that has some states has the ones its kind needs (btn: nor, pressed; tab: nor, selected;
    /// others: nor).
    static func checkStates(_ slices: [Slice]) -> [LintFinding] {
        var states: [String: Set<String>] = [:]
        var kinds: [String: String] = [:]
        for slice in slices where slice.name.isWellFormed {
            guard let state = slice.name.state else { continue }
            states[slice.name.control, default: []].insert(state)
            kinds[slice.name.control] = slice.name.kind
        }
        return states.keys.sorted().compactMap { control in
            let needed = SliceName.controlKinds[kinds[control] ?? ""] ?? ["nor"]
            let missing = needed.filter { !(states[control] ?? []).contains($0) }
            guard !missing.isEmpty else { return nil }
            let has = (states[control] ?? []).sorted().joined(separator: ", ")
            return LintFinding(rule: "missing-state", level: .warning, subject: control,
                               message: LocalizedText(zh: "有 \(has)，缺少 \(missing.joined(separator: "、"))", en: "has \(has) but no \(missing.joined(separator: ", "))"),
                               suggestion: missing.map { "\(control)_\($0)" }.joined(separator: ", "))
        }
    }

    /// `44`, `22.5`; numbers an SVG may carry that no Int holds (`1e300`, `inf`, `nan`) as `%g` writes them.
    static func formatted(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e15 else { return String(format: "%g", value) }
        return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
