import WebUI

/// The condition pictures (``WeatherCondition/icon``), drawn in code as inline SVG and coloured by weather.css
/// through classes (`wx-sun`, `wx-cloud`, `wx-drop`), so they follow dark mode.
enum WeatherIcons {
    private static let cloud = "M14 34h22a8 8 0 0 0 0-16 11 11 0 0 0-21-2 8 8 0 0 0-1 18z"

    static func icon(_ name: String, label: String, size: Int = 40) -> Node {
        SVG.svg(.viewBox("0 0 48 48"), .width(size), .height(size), .role("img"), .ariaLabel(label), .class("wx-icon")) {
            switch name {
            case "sun":
                sun(cx: 24, cy: 24, r: 9)
            case "cloud-sun":
                sun(cx: 17, cy: 16, r: 7)
                SVG.path(.d(cloud), .class("wx-cloud"))
            case "rain":
                SVG.path(.d(cloud), .class("wx-cloud"))
                SVG.path(.d("M17 38l-2 6M25 38l-2 6M33 38l-2 6"), .class("wx-drop"), .strokeWidth("3"), .strokeLinecap("round"))
            case "snow":
                SVG.path(.d(cloud), .class("wx-cloud"))
                for x in [16, 24, 32] { SVG.circle(.attribute("cx", String(x)), .attribute("cy", "41"), .attribute("r", "2.5"), .class("wx-flake")) }
            case "storm":
                SVG.path(.d(cloud), .class("wx-cloud"))
                SVG.path(.d("M25 34l-5 8h6l-3 6 9-10h-6l3-4z"), .class("wx-bolt"))
            case "fog":
                SVG.path(.d("M8 18h32M12 26h28M8 34h30M14 42h22"), .class("wx-mist"), .strokeWidth("3"), .strokeLinecap("round"))
            case "dust":
                SVG.path(.d("M6 20h24a5 5 0 1 0-5-5M6 28h32a5 5 0 1 1-5 5M10 36h14"), .class("wx-mist"), .fill("none"), .strokeWidth("3"),
                         .strokeLinecap("round"))
            default:
                SVG.path(.d(cloud), .class("wx-cloud"))
            }
        }
    }

    private static func sun(cx: Int, cy: Int, r: Int) -> Node {
        SVG.g(.class("wx-sun")) {
            SVG.circle(.attribute("cx", String(cx)), .attribute("cy", String(cy)), .attribute("r", String(r)))
            SVG.path(.d("M\(cx) \(cy - r - 7)v4M\(cx) \(cy + r + 3)v4M\(cx - r - 7) \(cy)h4M\(cx + r + 3) \(cy)h4"), .strokeWidth("3"),
                     .strokeLinecap("round"), .class("wx-ray"))
        }
    }
}
