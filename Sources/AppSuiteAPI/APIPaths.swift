import Foundation

/// Every API path, shared by the server's routes and the client SDK so the two cannot drift (a contract test
/// in `APIContractTests` fails when a route the server mounts is not one of these).
///
/// Paths with `{name}` segments are templates, the same pattern the server's router and `/api/openapi.json`
/// use; ``filled(_:_:)`` turns one into a request path.
public enum APIPath {
    /// `GET`: the OpenAPI 3.1 document of every operation (the one route the document describes by hand: its answer is no model).
    public static let openAPI = "/api/openapi.json"
    public static let register = "/api/v1/auth/register"
    public static let login = "/api/v1/auth/login"
    public static let logout = "/api/v1/auth/logout"
    /// `GET`: the signed-in user; `PATCH`: the nickname (`DELETE`: ``PlatformEndpoints/deleteAccount``).
    public static let me = "/api/v1/me"
    public static let password = "/api/v1/me/password"
    public static let avatar = "/api/v1/me/avatar"
    /// `GET`: the user's signed-in sessions (``SessionList``); `DELETE`: sign out every other session.
    public static let sessions = "/api/v1/me/sessions"
    /// `DELETE`: sign out one session (``SessionInfo/id``).
    public static let session = "/api/v1/me/sessions/{id}"
    /// `GET`: the user's address and whether it is verified (``EmailStatus``); `PUT`: set it (``EmailChange``), which
    /// mails a verification link.
    public static let email = "/api/v1/me/email"
    /// `POST`: follow a verification link (``EmailVerification``).
    public static let verifyEmail = "/api/v1/auth/email/verify"
    /// `POST`: mail a reset link to a verified address (``PasswordResetRequest``); the same answer for any address.
    public static let passwordReset = "/api/v1/auth/password-reset"
    /// `POST`: set a new password with a reset link's token (``PasswordReset``); every session of the account ends.
    public static let passwordResetConfirm = "/api/v1/auth/password-reset/confirm"
    /// `GET`: the configured third-party sign-ins (``AuthProviderList``).
    public static let providers = "/api/v1/auth/providers"
    /// `GET`: the user's linked providers (``LinkedLoginList``).
    public static let logins = "/api/v1/me/logins"
    /// `DELETE`: unlink provider `{provider}` from the user.
    public static let linkedLogin = "/api/v1/me/logins/{provider}"

    /// Fills the `{name}` segments of `template` with `values`, each percent-encoded as one path segment
    /// (`filled(Movies.review, ["id": 42])` → `/api/v1/movies/reviews/42`). A segment without a value stays
    /// as it is, which the server answers `404`.
    public static func filled(_ template: String, _ values: [String: any CustomStringConvertible & Sendable]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), let value = values[String(segment.dropFirst().dropLast())] else {
                return String(segment)
            }
            let text = value.description
            return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
        }
        return segments.joined(separator: "/")
    }

    /// What several apps share: favourites, comment edits and replies, share links.
    public enum Community {
        /// `GET`: my favourites, newest first (``CommunityFavoritePage``).
        public static let favorites = "/api/v1/favorites"
        /// `PUT` adds (``FavoriteStatus``), `DELETE` removes the favourite of item `{itemId}` of app `{app}`.
        public static let favorite = "/api/v1/favorites/{app}/{itemId}"
        /// `PATCH` (``CommentEdit`` → ``CommunityComment``) and `DELETE` one of my comments.
        public static let comment = "/api/v1/comments/{id}"
        /// `GET`: every reply under top-level comment `{id}` (``CommunityCommentPage``).
        public static let replies = "/api/v1/comments/{id}/replies"
        /// `PUT`: the stable short link of an item (``ShareLink``).
        public static let share = "/api/v1/shares/{app}/{itemId}"
    }

    /// 影评 Movie Reviews.
    public enum Movies {
        /// `GET`: the review feed (``MovieReviewPage``).
        public static let reviews = "/api/v1/movies/reviews"
        /// `GET`: one review with its body (``MovieReviewDetail``).
        public static let review = "/api/v1/movies/reviews/{id}"
        /// `GET` (``CommunityCommentPage``) and `POST` (``NewComment`` → ``CommunityComment``) comments on a review.
        public static let reviewComments = "/api/v1/movies/reviews/{id}/comments"
        /// `GET`: the film library (``MovieFilmPage``).
        public static let films = "/api/v1/movies/films"
        /// `GET`: one film with a page of its short comments (``MovieFilmDetail``).
        public static let film = "/api/v1/movies/films/{id}"
        /// `PUT` (``MovieMarkInput`` → ``MovieMark``) and `DELETE` the caller's 想看/看过, stars and 短评 on a film.
        public static let filmMark = "/api/v1/movies/films/{id}/mark"
        /// `POST`: publish a review of the film (``MovieReviewInput`` → ``MovieReviewDetail``).
        public static let filmReviews = "/api/v1/movies/films/{id}/reviews"
        /// `PUT` (``MovieReviewInput`` → ``MovieDraft``) and `DELETE` the caller's draft review of a film.
        public static let filmDraft = "/api/v1/movies/films/{id}/draft"
        /// `PUT` (``MovieVoteInput`` → ``MovieVotes``) and `DELETE` the caller's 有用/没用 on a review.
        public static let reviewVote = "/api/v1/movies/reviews/{id}/vote"
        /// `PUT` (``MovieVoteInput`` → ``MovieVotes``) and `DELETE` the caller's 有用/没用 on a 短评.
        public static let shortCommentVote = "/api/v1/movies/short-comments/{id}/vote"
        /// `PUT` (``MovieVoteInput`` `like` → ``MovieVotes``) and `DELETE` the caller's like on a comment under a review.
        public static let commentLike = "/api/v1/movies/comments/{id}/like"
        /// `GET`: a user's movie profile (``MovieProfile``).
        public static let profile = "/api/v1/movies/users/{id}"
        /// `GET`: the Top list by weighted rating, filtered by `genre`, `decade` and `min` (``MovieTopPage``).
        public static let top = "/api/v1/movies/top"
        /// `GET`: 猜你喜欢 for the caller (``MovieRecommendations``).
        public static let forYou = "/api/v1/movies/for-you"
        /// `PUT` and `DELETE`: the caller follows / stops following a user (``MovieFollowState``).
        public static let follow = "/api/v1/movies/users/{id}/follow"
        /// `GET`: whom a user follows (``MovieFollowPage``).
        public static let following = "/api/v1/movies/users/{id}/following"
        /// `GET`: who follows a user (``MovieFollowPage``).
        public static let followers = "/api/v1/movies/users/{id}/followers"
        /// `GET`: 关注的人 — reviews and 短评 of the users the caller follows (``MovieFollowingFeed``).
        public static let followingFeed = "/api/v1/movies/following"
    }

    /// 豹考通 Gaokao. Every route but the profile is a `GET` with query parameters.
    public enum Gaokao {
        public static let provinces = "/api/v1/gaokao/provinces"
        public static let options = "/api/v1/gaokao/options"
        public static let rank = "/api/v1/gaokao/rank"
        public static let equivalentScore = "/api/v1/gaokao/equivalent-score"
        public static let controlLines = "/api/v1/gaokao/control-lines"
        public static let admissionLines = "/api/v1/gaokao/admission-lines"
        public static let majorLines = "/api/v1/gaokao/major-lines"
        public static let prediction = "/api/v1/gaokao/prediction"
        public static let recommendations = "/api/v1/gaokao/recommendations"
        /// `GET` and `PUT` (``GaokaoProfileInput`` → ``GaokaoSavedProfile``) 我的高考.
        public static let profile = "/api/v1/gaokao/profile"
        /// `GET` and `PUT` (``GaokaoPlanInput`` → ``GaokaoPlan``) 志愿表 with its risk check.
        public static let plan = "/api/v1/gaokao/plan"
    }

    /// 图片处理器 Photo Studio. Every route needs a signed-in user.
    public enum Photos {
        /// `GET` the library (``PhotoPage``), `POST` multipart field `file` to upload (``PhotoUploadResult``).
        public static let photos = "/api/v1/photos"
        /// `GET` (``PhotoAlbumList``) and `POST` (``NewPhotoAlbum`` → ``PhotoAlbum``) albums.
        public static let albums = "/api/v1/photos/albums"
        /// `GET` (``PhotoItem`` with versions) and `DELETE` one photo.
        public static let photo = "/api/v1/photos/{id}"
        /// `POST` ``PhotoAlbumChange`` → ``PhotoAlbumMembership``.
        public static let photoAlbums = "/api/v1/photos/{id}/albums"
        /// Image bytes: the 512-px thumbnail.
        public static let thumbnail = "/api/v1/photos/{id}/thumbnail"
        /// Image bytes: the 2048-px screen rendition.
        public static let rendition = "/api/v1/photos/{id}/rendition"
        /// Image bytes: the original as uploaded.
        public static let original = "/api/v1/photos/{id}/original"
        /// Image bytes: the current version as an attachment.
        public static let download = "/api/v1/photos/{id}/download"
        /// `POST` ``NewPhotoVersion`` → ``PhotoItem``.
        public static let versions = "/api/v1/photos/{id}/versions"
        /// `POST` → ``PhotoItem`` showing the original again.
        public static let revert = "/api/v1/photos/{id}/revert"
    }

    /// Reports and moderation (issue 11 item 4). The queue, decisions, bans and the audit log need the
    /// `moderator` or `admin` role (403 otherwise).
    public enum Moderation {
        /// `POST` ``CommentReport`` → ``ReportReceipt``: report a comment.
        public static let reports = "/api/v1/moderation/reports"
        /// `GET`: the queue (``ModerationQueuePage``), `?state=open|approved|rejected|hidden`.
        public static let queue = "/api/v1/moderation/queue"
        /// `POST` ``ModerationDecisionInput`` → ``ModerationQueueItem``.
        public static let decision = "/api/v1/moderation/items/{id}/decision"
        /// `POST` ``NewBan`` → ``BanInfo``.
        public static let bans = "/api/v1/moderation/bans"
        /// `GET`: the audit log (``ModerationAuditPage``).
        public static let audit = "/api/v1/moderation/audit"
    }
}
