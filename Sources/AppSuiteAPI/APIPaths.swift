/// Every API path, shared by the server's routes and the client SDK so the two cannot drift.
public enum APIPath {
    public static let health = "/healthz"
    public static let openAPI = "/api/openapi.json"
    public static let register = "/api/v1/auth/register"
    public static let login = "/api/v1/auth/login"
    public static let logout = "/api/v1/auth/logout"
    public static let me = "/api/v1/me"
    public static let password = "/api/v1/me/password"
    public static let avatar = "/api/v1/me/avatar"
}
