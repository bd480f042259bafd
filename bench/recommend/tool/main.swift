import Foundation
import Recommendations

// bench-recommend RATINGS.csv: item-based collaborative filtering (``ItemNeighbours``) next to a
// most-popular baseline on MovieLens ml-latest-small, with a held-out split per user:
// each user's most recent 20% of ratings (by timestamp, at least one) are held out, the rest of everyone's
// ratings train the model. An item is relevant when the user rated it 4.0 or more in the held-out part;
// users with no relevant held-out item are left out. precision@10 = hits in the top 10 ÷ 10 and
// recall@10 = hits ÷ relevant held-out items, each averaged over the users; the top 10 never repeats an
// item the user rated in training. Prints a Markdown table and the times.

let arguments = CommandLine.arguments
guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: bench-recommend movielens/ratings.csv\n".utf8))
    exit(64)
}
let clock = ContinuousClock()
let started = clock.now

// userId,movieId,rating,timestamp — numbers only, no quoting in this file.
var rows: [(user: Int, item: Int, value: Double, time: Int)] = []
for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).dropFirst() {
    let fields = line.split(separator: ",")
    guard fields.count == 4, let user = Int(fields[0]), let item = Int(fields[1]), let value = Double(fields[2]),
          let time = Int(fields[3].trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
    rows.append((user, item, value, time))
}

var train: [Rating] = []
var heldOut: [Int: [(item: Int, value: Double)]] = [:]
var trainedBy: [Int: [Int: Double]] = [:]
for (user, list) in Dictionary(grouping: rows, by: \.user) {
    let ordered = list.sorted { ($0.time, $0.item) < ($1.time, $1.item) }
    let test = max(1, ordered.count / 5)
    for row in ordered.dropLast(test) {
        train.append(Rating(user: user, item: row.item, value: row.value))
        trainedBy[user, default: [:]][row.item] = row.value
    }
    heldOut[user] = ordered.suffix(test).map { ($0.item, $0.value) }
}
let loaded = clock.now

let environment = ProcessInfo.processInfo.environment
let model = ItemNeighbours(ratings: train, neighbours: environment["K"].flatMap(Int.init) ?? 30,
                           shrinkage: environment["LAMBDA"].flatMap(Double.init) ?? 50)
let built = clock.now

struct Score {
    var precision = 0.0, recall = 0.0, users = 0
    mutating func add(_ list: [Int], relevant: Set<Int>) {
        let hits = Double(list.prefix(10).filter(relevant.contains).count)
        precision += hits / 10
        recall += hits / Double(relevant.count)
        users += 1
    }
}
var cf = Score(), popular = Score(), coverage = Set<Int>()
for (user, test) in heldOut.sorted(by: { $0.key < $1.key }) {
    let relevant = Set(test.filter { $0.value >= 4 }.map(\.item))
    guard !relevant.isEmpty else { continue }
    let rated = trainedBy[user] ?? [:]
    var top = model.recommend(rated: rated, count: 10).map(\.item)
    coverage.formUnion(top)
    // Fewer than 10 neighbours' items: filled from the most popular, as the app does.
    if top.count < 10 { top += model.mostPopular(excluding: Set(rated.keys).union(top), count: 10 - top.count) }
    cf.add(top, relevant: relevant)
    popular.add(model.mostPopular(excluding: Set(rated.keys), count: 10), relevant: relevant)
}
let evaluated = clock.now

func seconds(_ duration: Duration) -> String { String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) }
let users = Set(rows.map(\.user)).count, items = Set(rows.map(\.item)).count
print("MovieLens ml-latest-small: \(rows.count) ratings, \(users) users, \(items) films; training \(train.count), held out \(rows.count - train.count) "
      + "(each user's latest 20%); \(cf.users) users with a relevant (≥ 4.0) held-out film.")
print("")
print("| method | precision@10 | recall@10 |")
print("| --- | ---: | ---: |")
print(String(format: "| most popular (training ratings count) | %.4f | %.4f |", popular.precision / Double(popular.users), popular.recall / Double(popular.users)))
print(String(format: "| item-based CF (adjusted cosine, k = %d, ≥ %d co-raters, shrinkage λ = %.0f) | %.4f | %.4f |", model.neighbours,
             model.minimumCoRaters, model.shrinkage,
             cf.precision / Double(cf.users), cf.recall / Double(cf.users)))
print("")
print("CF recommended \(coverage.count) distinct films to the \(cf.users) users (catalogue coverage).")
print("Times: load+split \(seconds(loaded - started)), build \(seconds(built - loaded)), recommend+score \(seconds(evaluated - built)).")
