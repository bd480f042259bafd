public import Storage

/// Identity's tables, as append-only migrations of module `"identity"`.
///
/// All times are INTEGER UTC seconds since 1970. Run with
/// `try Migrator.migrate(database, IdentitySchema.migrations())` (or the server's combined list).
public enum IdentitySchema {
    /// The migration module name.
    public static let module = "identity"

    /// Version 1 `create_users`, 2 `create_sessions`, 3 `create_login_failures`, 4 `add_user_email`,
    /// 5 `create_email_tokens`, 6 `create_oidc_logins`, 7 `create_oidc_flows`, 8 `create_oidc_signups`,
    /// 9 `create_rate_limit_counters`.
    public static func migrations() -> [Migration] {
        [
            Migration(
                module: module, version: 1, name: "create_users",
                sql: """
                    CREATE TABLE users (
                        id INTEGER PRIMARY KEY,
                        username TEXT NOT NULL,              -- verbatim, as registered
                        username_key TEXT NOT NULL UNIQUE,   -- Username.key(for:): NFC, lowercase, NFC
                        password_hash TEXT NOT NULL,         -- argon2id PHC string (libsodium)
                        nickname TEXT NOT NULL,              -- verbatim; starts as the username
                        avatar_path TEXT,                    -- server-generated relative path, or NULL
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    """),
            Migration(
                module: module, version: 2, name: "create_sessions",
                sql: """
                    CREATE TABLE sessions (
                        token_hash BLOB PRIMARY KEY NOT NULL,  -- BLAKE2b-256 of the token; never the token
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        created_at INTEGER NOT NULL,
                        last_seen_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL,           -- min(last_seen + idle, created + absolute)
                        user_agent TEXT NOT NULL,
                        client_address TEXT NOT NULL
                    );
                    CREATE INDEX sessions_by_user ON sessions(user_id);
                    CREATE INDEX sessions_by_expiry ON sessions(expires_at);
                    """),
            Migration(
                module: module, version: 3, name: "create_login_failures",
                sql: """
                    CREATE TABLE login_failures (
                        scope TEXT NOT NULL,          -- 'account' | 'address' | 'register'
                        subject TEXT NOT NULL,        -- LoginThrottle.accountSubject / addressSubject
                        window_start INTEGER NOT NULL,
                        event_count INTEGER NOT NULL,
                        lockouts INTEGER NOT NULL,
                        locked_until INTEGER NOT NULL,
                        last_event_at INTEGER NOT NULL,
                        PRIMARY KEY (scope, subject)
                    );
                    CREATE INDEX login_failures_by_last_event ON login_failures(last_event_at);
                    """),
            Migration(
                module: module, version: 4, name: "add_user_email",
                sql: """
                    ALTER TABLE users ADD COLUMN email TEXT;               -- as typed (MailAddress rules), or NULL
                    ALTER TABLE users ADD COLUMN email_key TEXT;          -- lowercased email, for lookups
                    ALTER TABLE users ADD COLUMN email_verified_at INTEGER; -- NULL until its link is followed
                    -- A verified address belongs to one account; unverified ones may repeat (no one can squat
                    -- someone else's address by typing it).
                    CREATE UNIQUE INDEX users_by_verified_email ON users(email_key) WHERE email_verified_at IS NOT NULL;
                    """),
            Migration(
                module: module, version: 5, name: "create_email_tokens",
                sql: """
                    CREATE TABLE email_tokens (
                        token_hash BLOB PRIMARY KEY NOT NULL,  -- BLAKE2b-256 of the link's token; never the token
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        purpose TEXT NOT NULL,                 -- 'verify' | 'reset'
                        email TEXT NOT NULL,                   -- the address the link was sent to
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX email_tokens_by_user ON email_tokens(user_id);
                    CREATE INDEX email_tokens_by_expiry ON email_tokens(expires_at);
                    """),
            Migration(
                module: module, version: 6, name: "create_oidc_logins",
                sql: """
                    -- Provider accounts linked to AppSuite accounts; users.password_hash is '' for an account that
                    -- signs in only through them.
                    CREATE TABLE oidc_logins (
                        issuer TEXT NOT NULL,                  -- the provider's issuer identifier
                        subject TEXT NOT NULL,                 -- the ID token's sub: the provider's stable user id
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        provider TEXT NOT NULL,                -- the configured provider id when linked
                        email TEXT,                            -- the provider's verified address, for the list only
                        created_at INTEGER NOT NULL,
                        last_used_at INTEGER NOT NULL,
                        PRIMARY KEY (issuer, subject)
                    );
                    CREATE UNIQUE INDEX oidc_logins_by_user ON oidc_logins(user_id, issuer);
                    """),
            Migration(
                module: module, version: 7, name: "create_oidc_flows",
                sql: """
                    CREATE TABLE oidc_flows (
                        state_hash BLOB PRIMARY KEY NOT NULL,  -- BLAKE2b-256 of the state; never the state
                        browser_hash BLOB NOT NULL,            -- BLAKE2b-256 of the binding cookie of the browser that started it
                        provider TEXT NOT NULL,
                        nonce TEXT NOT NULL,
                        code_verifier TEXT NOT NULL,           -- PKCE (RFC 7636), sent only to the token endpoint
                        link_user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,  -- linking: the signed-in user
                        next_path TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX oidc_flows_by_expiry ON oidc_flows(expires_at);
                    """),
            Migration(
                module: module, version: 8, name: "create_oidc_signups",
                sql: """
                    CREATE TABLE oidc_signups (
                        token_hash BLOB PRIMARY KEY NOT NULL,  -- BLAKE2b-256 of the browser's sign-up cookie
                        provider TEXT NOT NULL,
                        issuer TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        email TEXT,
                        suggestion TEXT NOT NULL,              -- a username to start the form with
                        next_path TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX oidc_signups_by_expiry ON oidc_signups(expires_at);
                    """),
            Migration(
                module: module, version: 9, name: "create_rate_limit_counters",
                sql: """
                    CREATE TABLE rate_limit_counters (
                        limit_class TEXT NOT NULL,             -- RateLimit.name: routes of one class share the count
                        subject TEXT NOT NULL,                 -- u:<user id>, or a:<client address> when signed out
                        window_seconds INTEGER NOT NULL,
                        window_start INTEGER NOT NULL,         -- a multiple of window_seconds
                        call_count INTEGER NOT NULL,
                        PRIMARY KEY (limit_class, subject, window_seconds)
                    );
                    CREATE INDEX rate_limit_counters_by_start ON rate_limit_counters(window_start);
                    """),
        ]
    }
}
