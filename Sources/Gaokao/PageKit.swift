import AppHost
import HTTPServer
import Identity
import WebUI

/// Small view helpers of the Gaokao pages.
enum Kit {
    static let tabs = [
        TabItem(id: "home", href: "/gaokao", icon: .home, label: GaokaoText.home),
        TabItem(id: "recommend", href: "/gaokao/recommend", icon: .star, label: GaokaoText.picks),
        TabItem(id: "predict", href: "/gaokao/predict", icon: .search, label: GaokaoText.predict),
        TabItem(id: "plan", href: "/gaokao/plan", icon: .grid, label: GaokaoText.planTitle),
        TabItem(id: "profile", href: "/gaokao/profile", icon: .person, label: GaokaoText.myExamTab),
    ]

    /// A `<select>` with a label. `refresh` marks pickers whose change reloads the dependent lists (gaokao.js).
    static func picker(
        _ label: String, name: String, options: [(value: String, label: String)], selected: String?, refresh: Bool = false,
        error: String? = nil
    ) -> Node {
        let id = "gk-" + name
        var attributes: [Attribute] = [.class("field-input"), .id(id), .name(name)]
        if refresh { attributes.append(.flag("data-refresh")) }
        if error != nil {
            attributes.append(.attribute("aria-invalid", "true"))
            attributes.append(.ariaDescribedBy(id + "-error"))
        }
        let choices = options.map { choice in
            Node.element("option", [.value(choice.value), Attribute.selected.when(choice.value == selected)], [.text(choice.label)])
        }
        return div(.classes("field", error != nil ? "has-error" : nil)) {
            WebUI.label(.class("field-label"), .for(id)) { label }
            Node.element("select", attributes, choices)
            if let error { p(.class("field-error"), .id(id + "-error")) { error } }
        }
    }

    static func options(_ values: [String], any: String? = nil) -> [(value: String, label: String)] {
        (any.map { [("", $0)] } ?? []) + values.map { ($0, $0) }
    }

    /// A search field with a `<datalist>`: the browser's own searchable picker.
    static func searchPicker(_ label: String, name: String, value: String?, suggestions: [String], placeholder: String) -> Node {
        let id = "gk-" + name
        return div(.class("field")) {
            WebUI.label(.class("field-label"), .for(id)) { label }
            input(.class("field-input"), .id(id), .name(name), .type("search"), .attribute("list", id + "-list"),
                  .value(value ?? ""), .placeholder(placeholder), .autocomplete("off"))
            Node.element("datalist", [.id(id + "-list")], suggestions.map { Node.element("option", [.value($0)], []) })
        }
    }

    /// A scrollable table with a header row; its first column stays put while the rest scrolls, and `scrollHint`
    /// (for tables wider than a phone) says that it scrolls.
    static func dataTable(_ headers: [String], _ rows: [[String]], caption: String? = nil, scrollHint: String? = nil) -> Node {
        div(.class("gk-table-block")) {
            if let scrollHint { p(.class("gk-scroll-hint"), .ariaHidden) { scrollHint } }
            dataTableBody(headers, rows, caption: caption)
        }
    }

    private static func dataTableBody(_ headers: [String], _ rows: [[String]], caption: String?) -> Node {
        div(.class("gk-table-wrap")) {
            table(.class("gk-table")) {
                if let caption { WebUI.caption { caption } }
                thead { tr { for header in headers { th(.attribute("scope", "col")) { header } } } }
                tbody {
                    for row in rows { tr { for cell in row { td { cell } } } }
                }
            }
        }
    }

    /// A table that becomes one card per row on a phone (≤ 640 px, gaokao.css `.gk-stacked`): the first cell heads the
    /// card and every other cell is a line `header … value`, an empty one hidden, so nothing scrolls sideways
    /// (tester pass 11, finding 8: 最低分 was off-screen at 390 px).
    static func stackedTable(_ headers: [String], _ rows: [[String]], caption: String? = nil) -> Node {
        div(.class("gk-table-wrap")) {
            table(.classes("gk-table", "gk-stacked")) {
                if let caption { WebUI.caption { caption } }
                thead { tr { for header in headers { th(.attribute("scope", "col")) { header } } } }
                tbody {
                    for row in rows {
                        tr { for (index, cell) in row.enumerated() { td(.attribute("data-label", headers[index])) { cell } } }
                    }
                }
            }
        }
    }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "—" }

    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }
}
