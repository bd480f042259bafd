// WebUI turns values into HTML for AppSuite's server-rendered, mobile-first pages. It knows
// nothing about HTTP: a handler builds a `PageContext`, calls `Shell.documentBytes`, and sends
// the bytes. It depends on Foundation only (for `WebAssets`).
//
// Building pages
//
//     let context = PageContext(language: lang, title: "今日限免",
//                               back: BackLink(href: "/", label: Strings.home(lang)),
//                               tabs: dealsTabs, activeTab: "today", csrfToken: session.csrf)
//     let body = Shell.documentBytes(context) {
//         segmentedControl(segments, selected: "today")
//         if deals.isEmpty {
//             emptyState(icon: .tag, title: Strings.empty(lang))
//         } else {
//             listGroup(header: "限免") {
//                 for deal in deals {
//                     listCell(title: deal.name, subtitle: deal.price, href: "/deals/\(deal.id)")
//                 }
//             }
//         }
//     }
//
// Element functions (`div`, `a`, `p`, `ul`, `li`, `form`, `input` …) are top-level; a local
// variable with the same name (`p`, `input`, `label`) shadows one, and `WebUI.p { … }` reaches it.
//
// Escaping rules (Render.swift is the only place that escapes)
//
// - Text: `&` `<` `>`. Attribute values: `&` `"` `'` `<` `>`, always double-quoted.
// - Tag and attribute names are `StaticString`s, so they can't come from input.
// - URL attributes (`href`, `src`, `action`, `formaction`, `poster`, `cite`): a `javascript:` or
//   `vbscript:` URL, or a `data:` URL (except `data:image/…` in `src`/`poster`), renders as `#`.
//   Browsers' normalisation (leading spaces/controls, embedded tabs/newlines, case) is applied
//   before the check. See `sanitizedURL(_:allowDataImage:)`.
// - `Node.unsafeRaw` is the single escape hatch, used for the SVG icon constants only. Pictures
//   drawn from data (avatars, posters) use the SVG elements (`SVG.document`, SVG.swift) instead.
//
// Times shown to people are Beijing time, formatted in one place: `BeijingTime`.
//
// CSP
//
// Output never contains an inline `<script>`, an event-handler attribute, a `style` attribute or
// a `<style>` element, so it runs under
// `default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; …`.
// Colours come from a fixed palette (`Tint`) by class; behaviour hangs off `data-*` attributes
// that Assets/app.js enhances (`data-confirm`, `data-theme-toggle`, `data-lang`, `data-back`,
// `data-toast`).
//
// Serving the assets
//
// The server serves `WebAssets.directory` under `/assets/` with long-lived caching (URLs carry
// `?v=<content hash>` from `WebAssets.url(_:)`), and `manifest.webmanifest` from the same
// directory at `/manifest.webmanifest` (`WebAssets.manifestPath`). It reads the `theme` cookie
// app.js writes into `PageContext.theme`, and a `lang` cookie or `?lang=` value into
// `Language.negotiate(acceptLanguage:override:)`.
