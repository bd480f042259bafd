public import HTTPServer
public import Storage

extension DataVersion {
    /// This version as a cache's validity (``Keep/until(_:entries:megabytes:maxAge:)``, ``BoundedCache``): what was
    /// kept at one version is stale at the next, here at once and on other servers when they hear of it.
    public var validity: CacheValidity { CacheValidity { [self] in current } }
}
