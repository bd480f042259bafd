import AppHost
import Gaokao
import MovieReviews
import PhotoStudio

/// The mini apps this build of AppSuite serves, in launcher order. An app appears here when it exists;
/// the launcher shows no tile for an app that is not built yet.
enum AppCatalog {
    static let installed: [any MiniApp] = [PhotoStudioApp(), GaokaoApp(), MovieReviewsApp()]
}
