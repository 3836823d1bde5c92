import CartoCore
import CartoModel
import Foundation

/// The output folder of a crawl, written while it runs: `screenshots/`, `log.jsonl` (appended per entry) and
/// `crawl.sqlite` (the checkpoint, one transaction per event), then the model files at the end.
/// `carto crawl --resume DIR` loads the checkpoint and continues.
public final class CrawlOutput: CrawlSink {
    public let directory: URL
    private let database: SQLiteDatabase
    private let logHandle: FileHandle
    private var savedEdges = 0
    private var savedFailures = 0
    /// Whether this run made the folder (then `discard()` may remove it whole).
    private let createdDirectory: Bool

    public static let checkpointName = "crawl.sqlite"

    private var savedDecisions = 0

    /// What the abstraction learnt (the `learnt` row): rewritten when a decision is added.
    private struct Learnt: Codable {
        var behaviour: ControlBehaviour
        var decisions: [AbstractionDecision]
    }

    /// The checkpoint's running totals (the `counters` row).
    private struct Counters: Codable {
        var eventsFired: Int
        var totalStates: Int
        var elapsed: Double
    }

    /// Removes what a fresh run wrote before it could explore anything (the driver never started): the folder if
    /// this run made it, else only the checkpoint, the log and an empty screenshots folder — never a user's files.
    public func discard() {
        let fm = FileManager.default
        if createdDirectory { try? fm.removeItem(at: directory); return }
        for name in [Self.checkpointName, Self.checkpointName + "-wal", Self.checkpointName + "-shm", "log.jsonl"] {
            try? fm.removeItem(at: directory.appendingPathComponent(name))
        }
        let shots = directory.appendingPathComponent("screenshots")
        if (try? fm.contentsOfDirectory(atPath: shots.path))?.isEmpty == true { try? fm.removeItem(at: shots) }
    }

    /// Opens (creating) the folder. `fresh` refuses a folder that already holds a crawl, so nothing is overwritten
    /// by accident.
    public init(directory: String, fresh: Bool) throws {
        let url = URL(fileURLWithPath: directory)
        self.directory = url
        let fm = FileManager.default
        createdDirectory = !fm.fileExists(atPath: url.path)
        let checkpoint = url.appendingPathComponent(Self.checkpointName).path
        if fresh && fm.fileExists(atPath: checkpoint) {
            throw CartoError("\(directory): already holds a crawl; continue it with --resume \(directory), or choose another --output")
        }
        if !fresh && !fm.fileExists(atPath: checkpoint) {
            throw CartoError("\(directory): no crawl to resume (no \(Self.checkpointName)); start one with --output \(directory)")
        }
        do {
            try fm.createDirectory(at: url.appendingPathComponent("screenshots"), withIntermediateDirectories: true)
        } catch {
            throw CartoError("\(directory): cannot create the output folder (\(error.localizedDescription))")
        }
        database = try SQLiteDatabase(path: checkpoint)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS states (id INTEGER PRIMARY KEY, record BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS edges (seq INTEGER PRIMARY KEY, record BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS failures (seq INTEGER PRIMARY KEY, record BLOB NOT NULL);
            """)
        let logPath = url.appendingPathComponent("log.jsonl").path
        if !fm.fileExists(atPath: logPath) { fm.createFile(atPath: logPath, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: logPath) else { throw CartoError("\(logPath): cannot write the log") }
        handle.seekToEndOfFile()
        logHandle = handle
    }

    deinit { try? logHandle.close() }

    public func saveSettings(_ info: CrawlSettings) throws {
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('run', ?)", [.blob(try JSONEncoder().encode(info))])
    }

    public func loadSettings() throws -> CrawlSettings {
        guard let data = try database.run("SELECT value FROM meta WHERE key = 'run'").first?.first?.data,
              let info = try? JSONDecoder().decode(CrawlSettings.self, from: data) else {
            throw CartoError("\(directory.path)/\(Self.checkpointName): holds no crawl settings; start a new crawl instead")
        }
        return info
    }

    /// The progress of the interrupted crawl.
    public func loadProgress() throws -> CrawlProgress {
        let decoder = JSONDecoder()
        var progress = CrawlProgress()
        func decode<T: Decodable>(_ type: T.Type, _ value: SQLiteDatabase.Value?, _ what: String) throws -> T {
            guard let data = value?.data, let decoded = try? decoder.decode(type, from: data) else {
                throw CartoError("\(directory.path)/\(Self.checkpointName): unreadable \(what); start a new crawl")
            }
            return decoded
        }
        let states = try database.run("SELECT record FROM states ORDER BY id").map { try decode(CrawlProgress.StateRecord.self, $0.first, "state") }
        let edges = try database.run("SELECT record FROM edges ORDER BY seq").map { try decode(CrawlProgress.EdgeRecord.self, $0.first, "edge") }
        progress.graph = StateGraph(states: states, edges: edges)
        progress.failures = try database.run("SELECT record FROM failures ORDER BY seq").map { try decode(CrawlModel.Failure.self, $0.first, "failure") }
        if let data = try database.run("SELECT value FROM meta WHERE key = 'learnt'").first?.first?.data {
            let learnt = try decode(Learnt.self, .blob(data), "abstraction decisions")
            progress.behaviour = learnt.behaviour
            progress.decisions = learnt.decisions
        }
        if let data = try database.run("SELECT value FROM meta WHERE key = 'counters'").first?.first?.data,
           let counters = try? decoder.decode(Counters.self, from: data) {
            progress.eventsFired = counters.eventsFired
            progress.totalStates = counters.totalStates
            progress.elapsedBefore = counters.elapsed
        }
        savedDecisions = progress.decisions.count
        savedEdges = progress.graph.edges.count
        savedFailures = progress.failures.count
        return progress
    }

    // MARK: - CrawlSink

    public func stateDiscovered(id: Int, record: CrawlProgress.StateRecord, screenshot: Data?) throws -> String? {
        guard let screenshot else { return nil }
        let relative = "screenshots/\(Crawler.name(id)).png"
        do { try screenshot.write(to: directory.appendingPathComponent(relative)) } catch {
            throw CartoError("\(directory.path)/\(relative): cannot write the screenshot (\(error.localizedDescription))")
        }
        return relative
    }

    /// Called with every log entry (progress display).
    public var onLog: ((CrawlLogEntry) -> Void)?

    public func log(_ entry: CrawlLogEntry) {
        onLog?(entry)
        guard let line = try? entry.jsonLine() else { return }
        logHandle.write(line)
    }

    public func checkpoint(_ progress: CrawlProgress, changedStates: [Int]) throws {
        let encoder = JSONEncoder()
        try database.transaction {
            for id in changedStates where id < progress.graph.states.count {
                try database.run("INSERT OR REPLACE INTO states (id, record) VALUES (?, ?)", [.integer(Int64(id)), .blob(try encoder.encode(progress.graph.states[id]))])
            }
            for seq in savedEdges..<progress.graph.edges.count {
                try database.run("INSERT OR REPLACE INTO edges (seq, record) VALUES (?, ?)", [.integer(Int64(seq)), .blob(try encoder.encode(progress.graph.edges[seq]))])
            }
            for seq in savedFailures..<progress.failures.count {
                try database.run("INSERT OR REPLACE INTO failures (seq, record) VALUES (?, ?)", [.integer(Int64(seq)), .blob(try encoder.encode(progress.failures[seq]))])
            }
            let counters = Counters(eventsFired: progress.eventsFired, totalStates: progress.totalStates, elapsed: progress.elapsedBefore)
            try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('counters', ?)", [.blob(try encoder.encode(counters))])
            if progress.decisions.count != savedDecisions {
                try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('learnt', ?)",
                                 [.blob(try encoder.encode(Learnt(behaviour: progress.behaviour, decisions: progress.decisions)))])
            }
        }
        savedEdges = progress.graph.edges.count
        savedFailures = progress.failures.count
        savedDecisions = progress.decisions.count
    }

    // MARK: - Final files

    /// Writes model.json, crawl.xml, model.dot, model.graphml and report.html.
    public func writeModel(_ model: CrawlModel) throws {
        let files: [(String, String)] = [
            ("model.json", try JSONOutput.string(model) + "\n"),
            ("crawl.xml", ModelExport.crawlXML(model)),
            ("model.dot", ModelExport.dot(model)),
            ("model.graphml", ModelExport.graphML(model)),
            ("report.html", CrawlHTMLReport.render(model)),
        ]
        for (name, text) in files {
            do { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) } catch {
                throw CartoError("\(directory.path)/\(name): cannot write (\(error.localizedDescription))")
            }
        }
    }
}
