import Storage

/// Module `movies`: films, long reviews (影评) and short comments (短评) from the imported data (and, from
/// version 2, written here). Comments
/// written in the app live in the community target, keyed by subject `movies/<review id>`.
enum MovieSchema {
    static func migrations() -> [Migration] {
        [
            Migration(module: "movies", version: 1, name: "create_movies", sql: """
                CREATE TABLE movies_films (
                    id TEXT PRIMARY KEY,
                    rank INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    original_title TEXT,
                    year INTEGER,
                    genres TEXT,
                    directors TEXT,
                    actors TEXT,
                    rating REAL,
                    rating_count INTEGER,
                    runtime_min INTEGER,
                    release_date TEXT,
                    regions TEXT,
                    languages TEXT,
                    summary TEXT,
                    poster_url TEXT,
                    douban_url TEXT
                );
                CREATE INDEX movies_films_rank ON movies_films(rank);
                CREATE TABLE movies_reviews (
                    id INTEGER PRIMARY KEY,
                    film_id TEXT NOT NULL,
                    author TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    summary TEXT NOT NULL,
                    rating INTEGER,
                    published_at INTEGER NOT NULL,
                    useful_count INTEGER,
                    useless_count INTEGER,
                    featured INTEGER NOT NULL DEFAULT 0,
                    feed_rank INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX movies_reviews_feed ON movies_reviews(feed_rank);
                CREATE INDEX movies_reviews_new ON movies_reviews(published_at, id);
                CREATE INDEX movies_reviews_film ON movies_reviews(film_id, feed_rank);
                CREATE TABLE movies_comments (
                    id TEXT PRIMARY KEY,
                    seq INTEGER NOT NULL UNIQUE,
                    film_id TEXT NOT NULL,
                    author TEXT NOT NULL,
                    rating INTEGER,
                    content TEXT NOT NULL,
                    votes INTEGER,
                    hot INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    is_spam INTEGER,
                    duplicate_of TEXT,
                    listed INTEGER NOT NULL
                );
                CREATE INDEX movies_comments_hot ON movies_comments(film_id, listed, hot, seq);
                CREATE INDEX movies_comments_new ON movies_comments(film_id, listed, created_at, seq);
                """),
            // Issue 18: films known only by the title of their imported short comments are marked incomplete;
            // short comments written here carry their author's account and the time of the last edit.
            Migration(module: "movies", version: 2, name: "incomplete_films_and_own_short_comments", sql: """
                ALTER TABLE movies_films ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE movies_comments ADD COLUMN user_id INTEGER;
                ALTER TABLE movies_comments ADD COLUMN edited_at INTEGER;
                CREATE INDEX movies_comments_user ON movies_comments(user_id, film_id);
                CREATE INDEX movies_comments_votes ON movies_comments(listed, hot, seq);
                """),
            // Issue 18: what signed-in users write. A mark is 想看 or 看过 (with 1–5 stars and the date); one per
            // user and film, so one rating. Votes: 有用 (1) / 没用 (-1) on reviews and short comments, likes (1)
            // on comments, one per user and item. A review draft per user and film.
            Migration(module: "movies", version: 3, name: "marks_votes_drafts_own_reviews", sql: """
                CREATE TABLE movies_marks (
                    user_id INTEGER NOT NULL,
                    film_id TEXT NOT NULL,
                    status TEXT NOT NULL,
                    rating INTEGER,
                    marked_on TEXT NOT NULL,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, film_id)
                );
                CREATE INDEX movies_marks_user ON movies_marks(user_id, status, updated_at);
                CREATE INDEX movies_marks_film ON movies_marks(film_id, updated_at);
                CREATE TABLE movies_votes (
                    user_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    item TEXT NOT NULL,
                    value INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, kind, item)
                );
                CREATE INDEX movies_votes_item ON movies_votes(kind, item);
                CREATE TABLE movies_vote_windows (
                    user_id INTEGER NOT NULL,
                    window_start INTEGER NOT NULL,
                    vote_count INTEGER NOT NULL,
                    PRIMARY KEY (user_id)
                );
                CREATE TABLE movies_drafts (
                    user_id INTEGER NOT NULL,
                    film_id TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    rating INTEGER,
                    spoiler INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, film_id)
                );
                ALTER TABLE movies_reviews ADD COLUMN user_id INTEGER;
                ALTER TABLE movies_reviews ADD COLUMN spoiler INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE movies_reviews ADD COLUMN edited_at INTEGER;
                CREATE INDEX movies_reviews_user ON movies_reviews(user_id, published_at);
                """),
            // Issue 10: the film library's search, trigram-indexed on PostgreSQL (nothing on SQLite).
            filmSearch.indexMigration(module: "movies", version: 4, name: "index_film_search"),
            // Session 5: the next number of each series the app hands out itself (a review's id and feed rank,
            // a 短评's seq) — one row per series, taken with an upsert, never `max(…) + 1` (a race between two
            // servers sharing PostgreSQL). Imported rows keep their explicit ids; see ``MovieWrites/next(_:db:)``.
            Migration(module: "movies", version: 5, name: "counters", sql: """
                CREATE TABLE movies_counters (
                    name TEXT PRIMARY KEY,
                    value INTEGER NOT NULL
                );
                """),
            // Session 5: the feed's 最新 tab reads listed 短评 of all films newest first.
            Migration(module: "movies", version: 6, name: "latest_short_comments", sql: """
                CREATE INDEX movies_comments_latest ON movies_comments(listed, created_at, seq);
                """),
            // Session 6: the feed's newest 短评 written here (``MovieStore/feedCandidates(now:)``) read only the rows
            // with an author account, newest first. Without this the planner walked every listed 短评 (44,000
            // after the import) and looked each one up in the table to test `user_id`: most of a /movies request.
            Migration(module: "movies", version: 7, name: "own_short_comments_newest", sql: """
                CREATE INDEX movies_comments_own ON movies_comments(listed, seq) WHERE user_id IS NOT NULL;
                """),
            // Issue 18: a user follows another user of this server (the feed's 关注的人 tab, ``MovieFollows``);
            // both lists newest first.
            Migration(module: "movies", version: 8, name: "follows", sql: """
                CREATE TABLE movies_follows (
                    user_id INTEGER NOT NULL,
                    followed_id INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, followed_id)
                );
                CREATE INDEX movies_follows_following ON movies_follows(user_id, created_at, followed_id);
                CREATE INDEX movies_follows_followers ON movies_follows(followed_id, created_at, user_id);
                """),
            // Session 7: the 关注的人 tab reads each followed author's listed 短评 newest first
            // (``MovieStore/latestCards(cursor:limit:followedBy:)``), not every listed 短评.
            Migration(module: "movies", version: 9, name: "short_comments_by_author", sql: """
                CREATE INDEX movies_comments_author ON movies_comments(user_id, listed, created_at, seq);
                """),
            // Session 7: the Top list's C and m (``TopList/prior()``) read the rated films' vote counts and scores from
            // this index instead of scanning the film table twice (the median sorting it too).
            Migration(module: "movies", version: 10, name: "film_votes", sql: """
                CREATE INDEX movies_films_votes ON movies_films(rating_count, rating) WHERE rating IS NOT NULL AND rating_count > 0;
                """),
            // Session 7: follows and unfollows a user made in the current minute (``MovieFollows/changesPerMinute``),
            // a fixed window as the votes' `movies_vote_windows`.
            Migration(module: "movies", version: 11, name: "follow_windows", sql: """
                CREATE TABLE movies_follow_windows (
                    user_id INTEGER NOT NULL,
                    window_start INTEGER NOT NULL,
                    change_count INTEGER NOT NULL,
                    PRIMARY KEY (user_id)
                );
                """),
            // Issue 30: `year` is the original year (extra/movie_year_fixes.csv); when movies.csv's date is a
            // Chinese (re-)release it is kept here as well (美丽人生: 1997, 中国大陆上映 2020-01-03).
            Migration(module: "movies", version: 12, name: "china_release_date", sql: """
                ALTER TABLE movies_films ADD COLUMN china_release_date TEXT;
                """),
            // Issue 30 (tester): `release_date` is the original release date, never the China re-release kept in
            // `china_release_date`; the fixes give only the original year, so the date becomes unknown (the importer agrees).
            Migration(module: "movies", version: 13, name: "original_release_date", sql: """
                UPDATE movies_films SET release_date = NULL WHERE china_release_date IS NOT NULL;
                """),
        ]
    }

    /// What the film library's search looks in: the Chinese and original titles and the directors.
    static let filmSearch = TextSearch(table: "movies_films", columns: ["title", "original_title", "directors"])
}
