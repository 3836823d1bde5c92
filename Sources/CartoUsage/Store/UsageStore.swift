import CartoCore
import CartoProbe
import Foundation

/// Interaction logs ingested into SQLite, so reports over thousands of sessions read columns instead of re-parsing
/// JSON. Ingest is idempotent: an event is identified by (session, seq), files already read unchanged are skipped,
/// and a batch uploaded twice adds nothing the second time.
public final class UsageStore: @unchecked Sendable {
    public let database: SQLiteDatabase
    static let schemaVersion = 1
    private let lock = NSLock()

    public init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        database = try SQLiteDatabase(path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE IF NOT EXISTS sessions(id TEXT PRIMARY KEY, user TEXT, app TEXT, app_version TEXT, device TEXT, os TEXT,
                os_version TEXT, platform TEXT, screen_width REAL, screen_height REAL, consent INTEGER, start_ts REAL, source TEXT);
            CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user);
            CREATE TABLE IF NOT EXISTS events(session TEXT NOT NULL, seq INTEGER NOT NULL, ts REAL NOT NULL, name TEXT NOT NULL,
                screen TEXT, container TEXT, x REAL, y REAL, gesture TEXT, recognised INTEGER, direction TEXT, path TEXT, scale REAL,
                target TEXT, target_type TEXT, control TEXT, value TEXT, connected INTEGER, network TEXT, lat REAL, lon REAL, alt REAL,
                state TEXT, file TEXT, PRIMARY KEY(session, seq)) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, size INTEGER, mtime REAL);
            """)
        if let version = try database.run("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'schema'").first?.first?.int, version > Self.schemaVersion {
            throw CartoError("\(path): written by a newer carto (usage database schema \(version)); update carto")
        }
        try database.run("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', ?)", [.integer(Int64(Self.schemaVersion))])
    }

    public struct IngestSummary: Sendable, Codable, Equatable {
        public var files = 0
        public var unchangedFiles = 0
        public var events = 0
        public var duplicates = 0
        public var problems: [LogProblem] = []
        public init() {}
    }

    /// Reads every `.jsonl` file under `paths` (files or folders) into the store. Files are parsed in parallel;
    /// each is written in one transaction, so an interrupted ingest leaves whole files only.
    public func ingest(paths: [String], progress: ProgressReporter? = nil) throws -> IngestSummary {
        var logs: [URL] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                throw CartoError("\(path): no such file or folder; pass folders or .jsonl files of interaction logs")
            }
            if !isDir.boolValue { logs.append(URL(fileURLWithPath: path)); continue }
            let found = try FileDiscovery(options: .init(extensions: ["jsonl"])).discover(root: path)
            logs += found.files.map { URL(fileURLWithPath: $0.path) }
        }
        var summary = IngestSummary()
        progress?.begin(phase: "Ingesting logs", total: logs.count)
        defer { progress?.finish() }
        // Which files changed since the last ingest.
        let known = try database.prepare("SELECT size, mtime FROM files WHERE path = ?")
        var pending: [(URL, Int, Double)] = []
        for url in logs {
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let mtime = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            var unchanged = false
            try known.forEach([.text(url.path)]) { row in unchanged = row.int(0) == size && row.double(1) == mtime }
            summary.files += 1
            if unchanged { summary.unchangedFiles += 1; progress?.advance(); continue }
            pending.append((url, size, mtime))
        }
        // Parse on two threads while this one writes.
        var next = 0
        var parsing: [Concurrently<Result<InteractionLogReader.Result, Error>>] = []
        func schedule() {
            guard next < pending.count else { return }
            let url = pending[next].0
            next += 1
            parsing.append(Concurrently(true) { Result { try InteractionLogReader.read(url) } })
        }
        schedule(); schedule()
        for (index, (url, size, mtime)) in pending.enumerated() {
            let result = parsing[index].value
            schedule()
            guard case .success(let parsed) = result else {
                // One unreadable file does not stop a report over thousands: it is reported and skipped.
                if case .failure(let error) = result {
                    summary.problems.append(LogProblem(file: url.path, line: 0, message: "\(error)".replacingOccurrences(of: url.path + ": ", with: "")))
                }
                progress?.advance()
                continue
            }
            summary.problems += parsed.problems
            let folder = url.deletingLastPathComponent()
            let (added, duplicates) = try insert(parsed.events, source: url.path, resolveFilesIn: folder) {
                try self.database.run("INSERT OR REPLACE INTO files(path, size, mtime) VALUES (?, ?, ?)",
                                      [.text(url.path), .integer(Int64(size)), .real(mtime)])
            }
            summary.events += added
            summary.duplicates += duplicates
            progress?.advance()
        }
        return summary
    }

    /// Adds events (an upload batch, a parsed file) in one transaction; returns (added, already present).
    @discardableResult
    public func insert(_ events: [InteractionEvent], source: String, resolveFilesIn folder: URL? = nil,
                       alsoInTransaction: () throws -> Void = {}) throws -> (added: Int, duplicates: Int) {
        lock.lock(); defer { lock.unlock() }
        var added = 0
        try database.transaction {
            let insertEvent = try database.prepare("""
                INSERT OR IGNORE INTO events(session, seq, ts, name, screen, container, x, y, gesture, recognised, direction, path,
                scale, target, target_type, control, value, connected, network, lat, lon, alt, state, file)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insertSession = try database.prepare("""
                INSERT INTO sessions(id, user, app, app_version, device, os, os_version, platform, screen_width, screen_height, consent, start_ts, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET user = excluded.user, app = excluded.app, app_version = excluded.app_version,
                device = excluded.device, os = excluded.os, os_version = excluded.os_version, platform = excluded.platform,
                screen_width = excluded.screen_width, screen_height = excluded.screen_height, consent = excluded.consent,
                start_ts = excluded.start_ts, source = excluded.source WHERE excluded.start_ts IS NOT NULL
                """)
            var seenSessions = Set<String>()
            for e in events {
                if e.name == InteractionEventName.sessionStart || !seenSessions.contains(e.session) {
                    // A batch that starts mid-session still creates the session (filled in when its start arrives).
                    let start = e.name == InteractionEventName.sessionStart
                    try insertSession.run([.text(e.session), text(e.user), text(e.app), text(e.appVersion), text(e.device), text(e.os),
                                           text(e.osVersion), text(e.platform), real(e.screenWidth), real(e.screenHeight),
                                           start ? bool(e.consent ?? false) : .null, start ? .real(e.ts) : .null, .text(source)])
                    seenSessions.insert(e.session)
                }
                var file = e.file
                if let f = file, let folder, !f.hasPrefix("/") { file = folder.appendingPathComponent(f).standardizedFileURL.path }
                let path = e.path.map { p in "[" + p.map { "[\($0.map { String($0) }.joined(separator: ","))]" }.joined(separator: ",") + "]" }
                added += try insertEvent.run([
                    .text(e.session), .integer(Int64(e.seq)), .real(e.ts), .text(e.name), text(e.screen), text(e.container),
                    real(e.x), real(e.y), text(e.gesture), e.recognised.map(bool) ?? .null, text(e.direction), text(path),
                    real(e.scale), text(e.target?.displayName), text(e.target?.type), text(e.control),
                    text(e.value ?? e.length.map { "\($0) characters" }), e.connected.map(bool) ?? .null, text(e.network),
                    real(e.lat), real(e.lon), real(e.alt), text(e.state), text(file),
                ])
            }
            try alsoInTransaction()
        }
        return (added, events.count - added)
    }

    private func text(_ s: String?) -> SQLiteDatabase.Value { s.map { .text($0) } ?? .null }
    private func real(_ d: Double?) -> SQLiteDatabase.Value { d.map { .real($0) } ?? .null }
    private func bool(_ b: Bool) -> SQLiteDatabase.Value { .integer(b ? 1 : 0) }

    public struct Deletion: Sendable, Codable, Equatable {
        public var sessions: Int
        public var events: Int
        /// Log files the user's sessions came from (delete them too, or they come back on the next ingest).
        public var sources: [String]
    }

    /// Deletes every session and event of one user.
    public func deleteUser(_ user: String) throws -> Deletion {
        lock.lock(); defer { lock.unlock() }
        var result = Deletion(sessions: 0, events: 0, sources: [])
        try database.transaction {
            let rows = try database.run("SELECT id, source FROM sessions WHERE user = ?", [.text(user)])
            result.sessions = rows.count
            result.sources = Array(Set(rows.compactMap { row -> String? in if case .text(let s) = row[1] { return s }; return nil })).sorted()
            let delete = try database.prepare("DELETE FROM events WHERE session = ?")
            for row in rows { if case .text(let id) = row[0] { result.events += try delete.run([.text(id)]) } }
            try database.run("DELETE FROM sessions WHERE user = ?", [.text(user)])
        }
        return result
    }

    public var eventCount: Int { (try? database.run("SELECT count(*) FROM events").first?.first?.int) ?? 0 }
}
