// swift-tools-version: 6.2
// AppSuite: one server hosting six mini apps, their tools and a client SDK.
// Dependencies point one way: appsuite → AppSuiteCLI → AppSuiteServer → apps → AppHost →
// platform targets (HTTPServer, Storage, Identity, Imaging, WebUI) → C system libraries.
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Targets whose work in the tests is mostly their own computation (Gaokao refits its error model, sorting hundreds of
// thousands of scores, for each snapshot and backtest): compiled with the optimizer in debug builds too, where generic
// code runs unspecialized. Tests still see them through `@testable import` (debug builds pass -enable-testing); they
// hold no `assert`, which -O would drop. Measured: one Gaokao snapshot, 76 s of CPU unoptimized. Storage too: every
// test's SQL goes through it, and reading the Gaokao snapshot's 600,000 rows through its unoptimized row decoding was
// 10.6 s of a 25.8 s snapshot build (perf, session 14).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "AppSuite",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "appsuite", targets: ["appsuite"]),
        .library(name: "AppSuiteAPI", targets: ["AppSuiteAPI", "APIKit"]),
        .library(name: "AppSuiteClient", type: .static, targets: ["AppSuiteClient"]),
    ],
    targets: [
        // MARK: C system libraries (module.modulemap + shim.h only)
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CMagickWand", pkgConfig: "MagickWand", providers: [.apt(["libmagickwand-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // Tests only: reads rendered pages as a browser would (the bilingual page test).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // MARK: platform
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CZlib", "APIKit"], swiftSettings: upcoming),
        .target(name: "Storage", dependencies: ["CSQLite", "CPostgres"], swiftSettings: upcoming + optimizedInDebug),
        .target(name: "Imaging", dependencies: ["CVips"], swiftSettings: upcoming),
        .target(name: "WebUI", dependencies: [], resources: [.copy("Assets")], swiftSettings: upcoming),
        // The endpoint core: `Endpoint`, typed queries, access/limit/cache policies, JSON coding. Foundation only.
        .target(name: "APIKit", dependencies: [], swiftSettings: upcoming),
        .target(name: "AppSuiteAPI", dependencies: ["APIKit"], swiftSettings: upcoming),
        .target(name: "Geo", dependencies: [], swiftSettings: upcoming),
        .target(name: "Recommendations", dependencies: [], swiftSettings: upcoming),
        // Owners' articles: CommonMark through libcmark's safe HTML renderer (no raw HTML, images and unsafe links removed).
        .target(name: "Markdown", dependencies: ["CCmark"], swiftSettings: upcoming),
        .target(name: "Mail", dependencies: ["CCurl"], swiftSettings: upcoming),
        .target(name: "OutboundHTTP", dependencies: ["CCurl"], swiftSettings: upcoming),
        // The Swift client SDK: Foundation (+ FoundationNetworking) and AppSuiteAPI only, for iOS/macOS/Linux.
        .target(name: "AppSuiteClient", dependencies: ["AppSuiteAPI", "APIKit"], swiftSettings: upcoming),
        .target(
            name: "Identity",
            dependencies: ["CSodium", "COpenSSL", "Storage", "HTTPServer", "WebUI", "Imaging", "APIKit", "AppSuiteAPI", "Mail", "OutboundHTTP"],
            swiftSettings: upcoming),
        .target(name: "AppHost", dependencies: ["HTTPServer", "Storage", "WebUI", "Identity", "Community", "Notifications", "RemoteImages", "CZip"], swiftSettings: upcoming),
        // The remote-image cache: fetched once through OutboundHTTP, re-encoded by Imaging, served from our origin.
        .target(name: "RemoteImages", dependencies: ["HTTPServer", "Storage", "OutboundHTTP", "Imaging", "Identity"], swiftSettings: upcoming),
        // Maps for every app: the operator's tile source (`--map-tile-*`), Leaflet from Debian and maps.js, the offline
        // plots' projection. Knows no app.
        .target(name: "Maps", dependencies: ["AppHost", "HTTPServer", "WebUI", "Geo"], resources: [.copy("Assets")], swiftSettings: upcoming),
        .target(name: "Community", dependencies: ["HTTPServer", "Storage", "Identity", "WebUI", "AppSuiteAPI", "Notifications"], swiftSettings: upcoming),
        .target(
            name: "Notifications", dependencies: ["HTTPServer", "Storage", "Identity", "WebUI", "AppSuiteAPI", "COpenSSL", "OutboundHTTP"],
            swiftSettings: upcoming),

        // MARK: apps
        .target(
            name: "MovieReviews",
            dependencies: ["AppHost", "Community", "HTTPServer", "Storage", "Identity", "WebUI", "AppSuiteAPI", "RemoteImages", "Recommendations"],
            resources: [.copy("Assets")], swiftSettings: upcoming),
        .target(
            name: "PhotoStudio",
            dependencies: ["AppHost", "HTTPServer", "Storage", "Identity", "WebUI", "Imaging", "AppSuiteAPI", "Geo", "Maps"],
            resources: [.copy("Assets")], swiftSettings: upcoming),

        .target(
            name: "Gaokao", dependencies: ["AppHost", "HTTPServer", "Storage", "Identity", "WebUI", "AppSuiteAPI", "CZlib"],
            resources: [.copy("Assets")], swiftSettings: upcoming + optimizedInDebug),
        .target(
            name: "AssetSlicer",
            dependencies: ["AppHost", "HTTPServer", "Identity", "WebUI", "Imaging", "CRsvg", "CPoppler", "CMagickWand"],
            resources: [.copy("Assets")], swiftSettings: upcoming),
        .target(
            name: "Weather", dependencies: ["AppHost", "HTTPServer", "Storage", "Identity", "WebUI", "Geo", "OutboundHTTP", "AppSuiteAPI", "Imaging"],
            resources: [.copy("Assets")], swiftSettings: upcoming),
        .target(
            name: "Merchants",
            dependencies: ["AppHost", "Community", "HTTPServer", "Storage", "Identity", "Notifications", "WebUI", "Geo", "Maps", "Imaging", "AppSuiteAPI", "Markdown"],
            resources: [.copy("Assets")], swiftSettings: upcoming),
        .target(
            name: "AppDeals",
            dependencies: ["AppHost", "Community", "HTTPServer", "Storage", "Identity", "Imaging", "WebUI", "AppSuiteAPI", "OutboundHTTP", "Notifications", "RemoteImages"],
            resources: [.copy("Assets")], swiftSettings: upcoming),
        // MARK: composition and command line
        .target(
            name: "AppSuiteServer",
            dependencies: ["AppHost", "Community", "HTTPServer", "Storage", "WebUI", "Identity", "Imaging", "Mail", "Notifications", "OutboundHTTP", "RemoteImages", "MovieReviews", "Gaokao", "PhotoStudio", "Weather", "AssetSlicer", "AppDeals", "Merchants", "Maps"],
            swiftSettings: upcoming),
        .target(name: "AppSuiteCLI", dependencies: ["AppSuiteServer", "AppHost", "Identity", "WebUI"], swiftSettings: upcoming),
        .executableTarget(name: "appsuite", dependencies: ["AppSuiteCLI"], swiftSettings: upcoming),

        // MARK: examples
        // The SDK in use: signs in, prints a Gaokao rank and the movie feed (scripts/example runs it in CI).
        .executableTarget(
            name: "appsuite-cli-client", dependencies: ["AppSuiteClient", "AppSuiteAPI"], path: "Examples/appsuite-cli-client",
            swiftSettings: upcoming),

        // MARK: benchmarks
        .executableTarget(
            name: "bench-http-server", dependencies: ["HTTPServer", "Storage", "WebUI"],
            path: "bench/http/server", swiftSettings: upcoming),
        .executableTarget(
            name: "bench-comments", dependencies: ["Community", "Storage"],
            path: "bench/comments/Sources", swiftSettings: upcoming),

        .executableTarget(
            name: "bench-recommend", dependencies: ["Recommendations"], path: "bench/recommend/tool", swiftSettings: upcoming),
        .executableTarget(
            name: "bench-thumbnails", dependencies: ["Imaging"], path: "bench/thumbnails/tool", swiftSettings: upcoming),

        // MARK: tests
        // The test harness: a real suite with chosen apps over a socket or in process, shared data, helpers.
        .target(
            name: "AppSuiteTesting", dependencies: ["AppSuiteServer", "AppHost", "HTTPServer", "AppSuiteAPI", "Storage", "CSQLite", "CPostgres"],
            path: "Tests/AppSuiteTesting", swiftSettings: upcoming),
        .testTarget(name: "APIKitTests", dependencies: ["APIKit"], swiftSettings: upcoming),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CZlib", "AppSuiteTesting", "AppSuiteAPI"], swiftSettings: upcoming),
        .testTarget(name: "AppSuiteClientTests", dependencies: ["AppSuiteClient", "AppSuiteAPI", "AppSuiteTesting", "Identity", "Storage"], swiftSettings: upcoming),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: upcoming),
        .testTarget(name: "MailTests", dependencies: ["Mail", "AppSuiteTesting"], swiftSettings: upcoming),
        .testTarget(name: "OutboundHTTPTests", dependencies: ["OutboundHTTP", "HTTPServer"], swiftSettings: upcoming),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "AppSuiteTesting"], swiftSettings: upcoming),
        .testTarget(
            name: "RemoteImagesTests", dependencies: ["RemoteImages", "HTTPServer", "Storage", "OutboundHTTP", "Imaging", "AppSuiteTesting"],
            swiftSettings: upcoming),
        .testTarget(name: "WebUITests", dependencies: ["WebUI"], swiftSettings: upcoming),
        .testTarget(name: "AppHostTests", dependencies: ["AppHost", "Storage"], swiftSettings: upcoming),
        .testTarget(name: "IdentityTests", dependencies: ["Identity", "APIKit", "Storage", "WebUI", "AppSuiteTesting", "OutboundHTTP"], swiftSettings: upcoming),
        .testTarget(
            name: "CommunityTests", dependencies: ["Community", "Identity", "Notifications", "Storage", "HTTPServer", "WebUI", "AppSuiteTesting"],
            swiftSettings: upcoming),
        .testTarget(name: "NotificationsTests", dependencies: ["Notifications", "Identity", "Storage", "WebUI", "HTTPServer", "OutboundHTTP", "AppSuiteTesting"], swiftSettings: upcoming),
        .testTarget(
            name: "AppSuiteServerTests",
            dependencies: ["AppSuiteServer", "AppSuiteAPI", "AppHost", "HTTPServer", "Storage", "Identity", "Community", "WebUI", "AppSuiteTesting", "CLibXML2",
                           "AssetSlicer", "PhotoStudio", "Merchants", "Weather", "Markdown"],
            swiftSettings: upcoming),
        .testTarget(
            name: "AppSuiteCLITests",
            dependencies: ["AppSuiteCLI", "AppSuiteServer", "AppHost", "Community", "HTTPServer", "Identity", "Storage", "WebUI", "AppSuiteTesting"],
            swiftSettings: upcoming),
        .testTarget(
            name: "MovieReviewsTests",
            dependencies: ["MovieReviews", "Community", "AppSuiteServer", "AppHost", "Storage", "Identity", "Notifications", "HTTPServer", "WebUI", "AppSuiteTesting"],
            swiftSettings: upcoming),
        .testTarget(
            name: "AppDealsTests",
            dependencies: ["AppDeals", "AppSuiteAPI", "AppSuiteServer", "AppHost", "Community", "Identity", "Imaging", "Notifications", "Storage", "HTTPServer", "OutboundHTTP", "AppSuiteTesting"],
            swiftSettings: upcoming),
        .testTarget(
            name: "GaokaoTests", dependencies: ["Gaokao", "Storage", "AppHost", "AppSuiteServer", "AppSuiteTesting"],
            swiftSettings: upcoming),
        .testTarget(name: "GeoTests", dependencies: ["Geo"], swiftSettings: upcoming),
        .testTarget(name: "MapsTests", dependencies: ["Maps", "Geo", "AppHost", "WebUI"], swiftSettings: upcoming),
        .testTarget(name: "RecommendationsTests", dependencies: ["Recommendations"], swiftSettings: upcoming),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"], swiftSettings: upcoming),
        .testTarget(
            name: "MerchantsTests", dependencies: ["Merchants", "Maps", "Geo", "Community", "Storage", "AppHost", "AppSuiteServer", "AppSuiteAPI", "AppSuiteTesting", "WebUI", "HTTPServer"],
            swiftSettings: upcoming),
        .testTarget(
            name: "WeatherTests", dependencies: ["Weather", "Geo", "Storage", "AppHost", "AppSuiteServer", "AppSuiteAPI", "AppSuiteTesting", "WebUI", "HTTPServer", "Imaging"],
            swiftSettings: upcoming),
        .testTarget(
            name: "AssetSlicerTests", dependencies: ["AssetSlicer", "Imaging", "AppHost", "AppSuiteServer", "AppSuiteTesting", "HTTPServer", "WebUI"],
            swiftSettings: upcoming),
        .testTarget(
            name: "PhotoStudioTests",
            dependencies: ["PhotoStudio", "AppSuiteServer", "AppHost", "Storage", "Imaging", "Identity", "HTTPServer", "WebUI", "AppSuiteTesting", "AppSuiteAPI", "Geo", "Maps"],
            swiftSettings: upcoming),
    ]
)
