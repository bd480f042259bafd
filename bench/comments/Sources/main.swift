// bench-comments: one subject with N generated comments (default 1,000,000); the same 20-comment page
// fetched at several depths with the keyset cursor (what the API uses) and with LIMIT … OFFSET, in the same
// run on the same database. Prints p50/p99 per depth and checks that both return the same page.
import Community
import Foundation
import Storage

var count = 1_000_000
var keysetRuns = 500
var offsetRuns = 40
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--count": count = Int(arguments.next() ?? "") ?? count
    case "--keyset-runs": keysetRuns = Int(arguments.next() ?? "") ?? keysetRuns
    case "--offset-runs": offsetRuns = Int(arguments.next() ?? "") ?? offsetRuns
    default: print("usage: bench-comments [--count N] [--keyset-runs N] [--offset-runs N]"); exit(64)
    }
}

let directory = NSTemporaryDirectory() + "bench-comments-\(getpid())"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let database = try SQLiteDatabase(path: directory + "/bench.sqlite")
try Migrator.migrate(database, CommunitySchema.migrations())
let subject = Subject(app: "movies", item: "7885559")

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

print("generating \(count) comments on one subject …")
let started = now()
let phrases = ["唢呐声里的告别", "老一辈手艺人的坚守", "画面很美，节奏很慢", "看哭了", "Great film 🎬", "<b>not bold</b> 想嫁<3"]
var written = 0
while written < count {
    let batch = min(50_000, count - written)
    try database.write { db in
        for index in written..<(written + batch) {
            let text = phrases[index % phrases.count] + " #\(index)"
            try db.execute(
                "INSERT INTO community_comments (app, item, user_id, author_name, body, body_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                subject.app, subject.item, Int64(index % 5_000 + 1), "user_\(index % 5_000)", text, text, Int64(1_700_000_000 + index))
        }
        try db.execute("INSERT INTO community_counts (app, item, visible) VALUES (?, ?, ?) "
                       + "ON CONFLICT (app, item) DO UPDATE SET visible = visible + excluded.visible", subject.app, subject.item, batch)
    }
    written += batch
}
try database.write { try $0.execute("ANALYZE") }
print(String(format: "generated in %.1f s", (now() - started) / 1000))

let store = CommentStore(database: database)
let maxID = try database.read { try $0.scalar("SELECT max(id) FROM community_comments", as: Int64.self) } ?? 0
let depths = [0, 1_000, 10_000, 100_000, 500_000, count - 20].filter { $0 >= 0 && $0 <= count - 20 }

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))]
}

print("")
print("| depth (comments skipped) | keyset p50 ms | keyset p99 ms | OFFSET p50 ms | OFFSET p99 ms | OFFSET / keyset (p99) | same page |")
print("|---:|---:|---:|---:|---:|---:|:---:|")
var worstKeyset = 0.0
for depth in depths {
    // The page after the first `depth` comments (newest first): the cursor names the last comment skipped.
    let cursor = depth == 0 ? nil : CommentStore.cursor(after: maxID - Int64(depth) + 1)
    var keyset: [Double] = []
    var keysetPage: [Int64] = []
    for _ in 0..<keysetRuns {
        let t = now()
        let page = try store.page(subject, cursor: cursor, limit: 20)
        keyset.append(now() - t)
        keysetPage = page.items.map(\.id)
    }
    var offset: [Double] = []
    var offsetPage: [Int64] = []
    for _ in 0..<offsetRuns {
        let t = now()
        let page = try store.pageUsingOffset(subject, offset: depth, limit: 20)
        offset.append(now() - t)
        offsetPage = page.map(\.id)
    }
    let k99 = percentile(keyset, 0.99), o99 = percentile(offset, 0.99)
    worstKeyset = max(worstKeyset, k99)
    print(String(format: "| %d | %.3f | %.3f | %.3f | %.3f | %.1f× | %@ |", depth, percentile(keyset, 0.5), k99,
                 percentile(offset, 0.5), o99, o99 / max(k99, 0.001), keysetPage == offsetPage && keysetPage.count == 20 ? "yes" : "NO"))
}
print("")
print("keyset runs per depth: \(keysetRuns), OFFSET runs per depth: \(offsetRuns); each fetch = 20 top-level comments + the subject total,")
print("through CommentStore.page (the API's query) vs CommentStore.pageUsingOffset (same SQL with OFFSET), same database, same process.")
print(worstKeyset < 10 ? "PASS: keyset p99 < 10 ms at every depth" : "FAIL: keyset p99 \(worstKeyset) ms ≥ 10 ms")
exit(worstKeyset < 10 ? 0 : 1)
