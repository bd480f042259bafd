/// A coarse, place-free name for a session's device, read from its `User-Agent` at sign-in: browser and
/// system ("Chrome · Android"), for the "signed-in devices" list. Never the address, never a version.
///
/// The tokens are the ones browsers document for their own strings (MDN, "Browser detection using the
/// user agent", which browser to look for first because others copy its token: Edge and Opera before
/// Chrome, Chrome before Safari). Anything else is `nil` (the page says 未知设备 / Unknown device).
public enum DeviceName {
    /// `"Browser · System"`, one of them alone when only one is known, or `nil`.
    public static func describe(userAgent: String) -> String? {
        let browser = first(in: userAgent, of: browsers)
        let system = first(in: userAgent, of: systems)
        switch (browser, system) {
        case let (browser?, system?): return browser + " · " + system
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        case (nil, nil): return nil
        }
    }

    /// (token, name), first match wins.
    static let browsers: [(String, String)] = [
        ("MicroMessenger/", "WeChat"), ("Edg/", "Edge"), ("EdgA/", "Edge"), ("EdgiOS/", "Edge"), ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"), ("UCBrowser/", "UC Browser"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
        ("curl/", "curl"), ("python-requests/", "Python"), ("AppSuiteClient", "AppSuite SDK"),
    ]
    static let systems: [(String, String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("HarmonyOS", "HarmonyOS"), ("Android", "Android"), ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Macintosh", "macOS"), ("Mac OS X", "macOS"), ("Linux", "Linux"),
    ]

    private static func first(in text: String, of table: [(String, String)]) -> String? {
        table.first { text.contains($0.0) }?.1
    }
}
