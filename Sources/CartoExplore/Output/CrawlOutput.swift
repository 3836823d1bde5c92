import CartoCore
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

    /// What a resumed run needs to continue exactly as the interrupted one was configured.
    public struct RunInfo: Codable, Sendable {
        public var platform: String
        public var start: String
        /// The WebDriver server without credentials (they are never written down).
        public var webdriver: String?
        /// `--cacert`, as an absolute path.
        public var cacert: String?
        public var bundleID: String?
        public var strategy: String
        public var wait: String
        public var rows: String
        public var weights: SimilarityWeights
        public var block: [String]
        public var maxEvents: Int?
        public var maxStates: Int?
        public var maxDepth: Int?
        public var maxTime: Double?
        public var seed: UInt64
        public var screenshots: Bool
        /// Added with the screen abstraction; optional so that older crawl folders still resume.
        public var abstraction: String?
        public var config: String?
        public var inputs: [String]?
        public var only: [String]?
        public var saturation: Int?
        /// The setup journey (`--setup`); its `${NAME}` values come from `--var` or the environment, never saved.
        public var setup: String?
        /// `--block-requests` patterns (the specification's `blockRequests` are read from it again on resume).
        public var blockRequests: [String]?
        /// `--animations`: `fast` (the default; nil in folders written before it) or `real`.
        public var animations: String?
        /// `--browsers`: sessions in parallel (nil: the default for the platform).
        public var browsers: Int?
        public init(platform: String, start: String, webdriver: String?, bundleID: String?, strategy: String, wait: String, rows: String,
                    weights: SimilarityWeights, block: [String], maxEvents: Int?, maxStates: Int?, maxDepth: Int?, maxTime: Double?,
                    seed: UInt64, screenshots: Bool) {
            self.platform = platform; self.start = start; self.webdriver = webdriver; self.bundleID = bundleID
            self.strategy = strategy; self.wait = wait; self.rows = rows; self.weights = weights; self.block = block
            self.maxEvents = maxEvents; self.maxStates = maxStates; self.maxDepth = maxDepth; self.maxTime = maxTime
            self.seed = seed; self.screenshots = screenshots
        }
    }

    public static let checkpointName = "crawl.sqlite"

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

    public func saveRunInfo(_ info: RunInfo) throws {
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('run', ?)", [.blob(try JSONEncoder().encode(info))])
    }

    public func loadRunInfo() throws -> RunInfo {
        guard let data = try database.run("SELECT value FROM meta WHERE key = 'run'").first?.first?.data,
              let info = try? JSONDecoder().decode(RunInfo.self, from: data) else {
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
        progress.states = try database.run("SELECT record FROM states ORDER BY id").map { try decode(CrawlProgress.StateRecord.self, $0.first, "state") }
        progress.edges = try database.run("SELECT record FROM edges ORDER BY seq").map { try decode(CrawlProgress.EdgeRecord.self, $0.first, "edge") }
        progress.failures = try database.run("SELECT record FROM failures ORDER BY seq").map { try decode(CrawlModel.Failure.self, $0.first, "failure") }
        if let data = try database.run("SELECT value FROM meta WHERE key = 'counters'").first?.first?.data,
           let counters = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            progress.eventsFired = counters["eventsFired"] as? Int ?? 0
            progress.totalStates = counters["totalStates"] as? Int ?? progress.states.count
            progress.elapsedBefore = counters["elapsed"] as? Double ?? 0
        }
        savedEdges = progress.edges.count
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
    public var onLog: (([String: Any]) -> Void)?

    public func log(_ entry: [String: Any]) {
        onLog?(entry)
        var plain = entry
        var fragments: [(String, Data)] = []
        for (key, value) in entry {
            if let fragment = value as? LogFragment { fragments.append((key, fragment.json)); plain.removeValue(forKey: key) }
        }
        guard var data = try? JSONSerialization.data(withJSONObject: plain, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        if !fragments.isEmpty, data.last == UInt8(ascii: "}") {
            data.removeLast()
            var separator = plain.isEmpty ? "" : ","
            for (key, json) in fragments.sorted(by: { $0.0 < $1.0 }) {
                data.append(contentsOf: Array("\(separator)\"\(key)\":".utf8))
                data.append(json)
                separator = ","
            }
            data.append(UInt8(ascii: "}"))
        }
        logHandle.write(data + Data("\n".utf8))
    }

    public func checkpoint(_ progress: CrawlProgress, changedStates: [Int]) throws {
        let encoder = JSONEncoder()
        try database.transaction {
            for id in changedStates where id < progress.states.count {
                try database.run("INSERT OR REPLACE INTO states (id, record) VALUES (?, ?)", [.integer(Int64(id)), .blob(try encoder.encode(progress.states[id]))])
            }
            for seq in savedEdges..<progress.edges.count {
                try database.run("INSERT OR REPLACE INTO edges (seq, record) VALUES (?, ?)", [.integer(Int64(seq)), .blob(try encoder.encode(progress.edges[seq]))])
            }
            for seq in savedFailures..<progress.failures.count {
                try database.run("INSERT OR REPLACE INTO failures (seq, record) VALUES (?, ?)", [.integer(Int64(seq)), .blob(try encoder.encode(progress.failures[seq]))])
            }
            let counters: [String: Any] = ["eventsFired": progress.eventsFired, "totalStates": progress.totalStates, "elapsed": progress.elapsedBefore]
            try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('counters', ?)", [.blob(try JSONSerialization.data(withJSONObject: counters))])
        }
        savedEdges = progress.edges.count
        savedFailures = progress.failures.count
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
