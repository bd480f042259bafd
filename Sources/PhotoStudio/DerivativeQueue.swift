import HTTPServer
import Synchronization

/// Thumbnails and renditions made on the server's work pool rather than in the request that stored a
/// photo or an edit, so that request answers at once; the grid shows a placeholder meanwhile. A picture
/// already queued or being made is not queued again. Pictures up to ``interactivePixels`` are made on the
/// interactive lane, larger ones on the batch lane.
final class DerivativeQueue: Sendable {
    let library: PhotoLibrary
    let pool: WorkPool
    /// The `displaySHA`s with a job queued or running.
    private let queued = Mutex<Set<String>>([])

    init(library: PhotoLibrary, pool: WorkPool) {
        self.library = library
        self.pool = pool
    }

    /// The work-pool key of an account: its jobs are limited and served fairly against other accounts'.
    static func key(userID: Int64) -> String { "user:\(userID)" }

    /// The largest picture whose image work is interactive: 16 megapixels (a 12 MP phone photo; a thumbnail of
    /// it takes a fraction of a second). Larger pictures, up to the 100 MP limit, are batch work.
    static let interactivePixels = 16_000_000
    /// The largest upload (all files together) stored on the interactive lane: 16 MiB.
    static let interactiveBytes = 16 << 20

    /// The lane for image work on what `photo` shows.
    static func lane(_ photo: Photo) -> WorkLane {
        photo.displayWidth * photo.displayHeight <= interactivePixels ? .interactive : .batch
    }

    /// The lane for storing `files`: interactive while they are small together.
    static func lane(_ files: [UploadedFile]) -> WorkLane {
        files.reduce(0) { $0 + $1.size } <= interactiveBytes ? .interactive : .batch
    }

    /// Queues the missing `kinds` of each photo under its owner's key. Photos whose original does not
    /// decode (`problem`) are skipped. When the pool is full or the owner is over their quota, the rest
    /// are left: the grid, the photo list and a photo's metadata (which photos.js polls) queue missing
    /// thumbnails again, and a thumbnail or rendition request makes its own.
    func submit(_ photos: [Photo], kinds: [PhotoLibrary.DerivativeKind]) {
        for photo in photos where photo.current != nil || photo.problem == nil {
            guard kinds.contains(where: { !library.hasDerivative($0, of: photo) }) else { continue }
            let sha = photo.displaySHA
            guard queued.withLock({ $0.insert(sha).inserted }) else { continue }
            do {
                try pool.submit(Self.lane(photo), key: Self.key(userID: photo.userID)) { [self] in
                    defer { _ = queued.withLock { $0.remove(sha) } }
                    // The photo may have been edited or deleted since: work on what it is now.
                    guard let now = try? library.photo(id: photo.id, userID: photo.userID), now.displaySHA == sha else { return }
                    // A picture that does not decode is recorded by `derivative` and not tried again.
                    do { for kind in kinds { _ = try library.derivative(kind, of: now) } } catch {}
                }
            } catch {
                _ = queued.withLock { $0.remove(sha) }
                return
            }
        }
    }
}
