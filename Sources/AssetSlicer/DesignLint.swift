import Foundation

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
                let hint = detected.map { "; it looks like an @\($0)x design (\(Int(width) / $0) pt), try --design-scale \($0)" } ?? ""
                findings.append(LintFinding(rule: "design-width", level: .warning, subject: "design",
                                            message: "\(formatted(width)) px wide is \(formatted(points)) pt at @\(options.designScale)x, not a phone width\(hint)"))
            }
        }
        var fileNames: [String: String] = [:]
        for slice in design.slices {
            findings += check(slice, options: options)
            let name = slice.name.fileName
            if let other = fileNames[name] {
                findings.append(LintFinding(rule: "name", level: .error, subject: slice.origin,
                                            message: "writes the same files as \(other) (\(name))"))
            } else {
                fileNames[name] = slice.origin
            }
        }
        findings += checkTabSizes(design.slices, options: options)
        findings += checkStates(design.slices)
        return findings.sorted { ($0.level, $0.subject, $0.rule) < ($1.level, $1.subject, $1.rule) }
    }

    static func check(_ slice: Slice, options: SliceOptions) -> [LintFinding] {
        var findings: [LintFinding] = []
        let name = slice.name
        let subject = slice.origin
        if let suggestion = name.suggestion {
            let why = name.raw.unicodeScalars.contains { !$0.isASCII } ? "not lower-case English"
                : name.raw.first?.isNumber == true ? "starts with a digit"
                : name.raw.contains(" ") ? "contains spaces"
                : name.raw != name.raw.lowercased() ? "has capitals"
                : "is not kind_function[_desc]_state"
            findings.append(LintFinding(rule: "name", level: .error, subject: subject, message: "name \"\(name.raw)\" \(why)", suggestion: suggestion))
        } else if !SliceName.kinds.contains(name.kind) {
            findings.append(LintFinding(rule: "kind", level: .warning, subject: subject,
                                        message: "unknown kind \"\(name.kind)\" (known: \(SliceName.kinds.sorted().joined(separator: ", ")))"))
        }
        if SliceName.controlKinds[name.kind] != nil, name.isWellFormed, name.state == nil {
            findings.append(LintFinding(rule: "state", level: .warning, subject: subject,
                                        message: "a control without a state suffix (_nor, _pressed, _selected, _disabled)", suggestion: name.raw + "_nor"))
        }
        let plan = Slicer.plan(slice, options: options)
        let scale = Double(options.designScale)
        if !plan.widthWasWhole || !plan.heightWasWhole {
            findings.append(LintFinding(
                rule: "odd-size", level: .warning, subject: subject,
                message: "\(formatted(slice.width * scale))×\(formatted(slice.height * scale)) px is not whole points at @\(options.designScale)x (odd at @2x); padded to \(plan.pointWidth * options.designScale)×\(plan.pointHeight * options.designScale) px"))
        }
        let minimum = SliceOptions.minimumTapTarget
        if SliceName.tapTargetKinds.contains(name.kind), slice.width < Double(minimum) || slice.height < Double(minimum) {
            findings.append(LintFinding(
                rule: "tap-target", level: .warning, subject: subject,
                message: "\(formatted(slice.width))×\(formatted(slice.height)) pt is under \(minimum)×\(minimum) pt"
                    + (plan.tapPadded ? "; padded with transparency to \(plan.pointWidth)×\(plan.pointHeight) pt" : ""),
                suggestion: plan.tapPadded ? nil : "slice again without --no-pad for a padded copy"))
        }
        if SliceName.iconKinds.contains(name.kind), slice.format == .jpeg {
            findings.append(LintFinding(rule: "not-png", level: .warning, subject: subject, message: "an icon exported as JPEG; icons are PNG (written as PNG)"))
        }
        for missing in plan.upscaled {
            let from = slice.nativeScale.map { "@\($0)x" } ?? "a smaller"
            findings.append(LintFinding(
                rule: "upscale", level: .warning, subject: subject,
                message: "@\(missing)x would enlarge the \(from) bitmap" + (options.allowUpscale ? " (written, blurry)" : "; not written"),
                suggestion: "export at @\(missing)x or as vector (SVG, PDF)"))
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
        return [LintFinding(rule: "tab-size", level: .error, subject: "tab bar", message: "tab icons of unequal size: \(summary)")]
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
            return LintFinding(rule: "missing-state", level: .warning, subject: control,
                               message: "has \((states[control] ?? []).sorted().joined(separator: ", ")) but no \(missing.joined(separator: ", "))",
                               suggestion: missing.map { "\(control)_\($0)" }.joined(separator: ", "))
        }
    }

    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
