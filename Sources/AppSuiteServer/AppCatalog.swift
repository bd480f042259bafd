public import AppHost
import AppDeals
import AssetSlicer
import Gaokao
import Merchants
import MovieReviews
import PhotoStudio
import Weather

/// The mini apps this build of AppSuite serves, in launcher order. An app appears here when it exists;
/// the launcher shows no tile for an app that is not built yet. Adding an app is its target in
/// Package.swift (a dependency of `AppSuiteServer`) plus one entry here: the server, the command line
/// (`appsuite --help`, commands, settings) and the OpenAPI document all find it through this list.
public enum AppCatalog {
    public static let installed: [any MiniApp] = [
        PhotoStudioApp(), DealsApp(), GaokaoApp(), WeatherApp(), MerchantsApp(), MovieReviewsApp(), AssetSlicerApp(),
    ]
}
