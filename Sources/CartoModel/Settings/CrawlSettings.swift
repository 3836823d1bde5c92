import CartoCore
import CartoDrivers
import Foundation

/// Everything a user chose for a crawl, declared once: `carto crawl`'s option groups set it, the crawler's
/// `CrawlConfiguration` derives from it, the checkpoint (`crawl.sqlite`) saves it so that `--resume` continues as
/// the interrupted run was configured, and `model.json` stores it as `settings`. Adding an option is adding its field
/// to `Values` (with its default), its flag to the CLI's option group, and its use.
///
/// Read and written as a flat JSON object of `Values`' fields. A key left out takes its default: models and
/// checkpoints written by earlier versions load (their `maxTime` is `maxTimeSeconds`).
@dynamicMemberLookup
public struct CrawlSettings: Codable, Sendable, Equatable {
    public struct Values: Codable, Sendable, Equatable {
        // What to crawl, and through what.
        public var platform: AppPlatform = .web
        /// The start URL or folder (web) or the bundle id (iOS).
        public var start = ""
        /// The WebDriver server without credentials (they are never written down).
        public var webdriver: String?
        /// `--cacert`, as an absolute path.
        public var cacert: String?
        public var bundleID: String?
        /// `--browsers`: sessions in parallel (nil: the default for the platform).
        public var browsers: Int?
        /// `--desktop`: a desktop-sized window instead of iPhone emulation.
        public var desktop = false
        public var animations: BrowserDriver.AnimationSpeed = .fast
        /// `--block-requests` patterns (the specification's `blockRequests` are read from it again on resume).
        public var blockRequests: [String] = []

        // How to explore.
        public var strategy: CrawlStrategy = .depthFirst
        public var wait: WaitPolicy = .standard
        public var rows: RowPolicy = .first
        /// nil: the crawl specification's, else the screen abstraction.
        public var abstraction: AbstractionMode?
        public var weights = SimilarityWeights()
        /// `--block` patterns: `label:REGEX`, `id:REGEX`, `url:REGEX`.
        public var block: [String] = []
        /// `--input` rules: `FIELD:PATTERN=VALUE`.
        public var inputs: [String] = []
        /// `--only` patterns.
        public var only: [String] = []
        /// The crawl specification file, as an absolute path (read again on resume).
        public var config: String?
        /// The setup journey (`--setup`); its `${NAME}` values come from `--var` or the environment, never saved.
        public var setup: String?
        /// Events in a row that add no state and no transition before the crawl stops as saturated (0: never).
        public var saturation = 60
        /// `--strategy random`'s seed, and a web page's random numbers (the same app on every run).
        public var seed: UInt64 = 1
        public var screenshots = true

        // Budgets.
        public var maxEvents: Int?
        public var maxStates: Int?
        /// States this deep are leaves: their events are not fired.
        public var maxDepth: Int?
        public var maxTimeSeconds: Double?

        public init() {}
    }

    public var values: Values

    public init(platform: AppPlatform = .web, start: String = "") {
        values = Values()
        values.platform = platform
        values.start = start
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<Values, T>) -> T {
        get { values[keyPath: path] }
        set { values[keyPath: path] = newValue }
    }

    public func encode(to encoder: Encoder) throws { try values.encode(to: encoder) }

    public init(from decoder: Decoder) throws {
        // The keys written, over the defaults: a key an older version did not write takes its default.
        var given = try SettingsTree(from: decoder)
        if case .object(var fields) = given, fields["maxTimeSeconds"] == nil, let legacy = fields.removeValue(forKey: "maxTime") {
            fields["maxTimeSeconds"] = legacy
            given = .object(fields)
        }
        let defaults = try JSONDecoder().decode(SettingsTree.self, from: JSONEncoder().encode(Values()))
        values = try JSONDecoder().decode(Values.self, from: JSONEncoder().encode(defaults.overlaid(with: given)))
    }
}

/// A JSON value as `CrawlSettings`' decoding needs it: decoded from any decoder, laid over the defaults, encoded again.
private enum SettingsTree: Codable, Equatable {
    case null, bool(Bool), integer(Int64), unsigned(UInt64), number(Double), string(String)
    case array([SettingsTree]), object([String: SettingsTree])

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let v = try? single.decode(Bool.self) { self = .bool(v) }
        else if let v = try? single.decode(Int64.self) { self = .integer(v) }
        else if let v = try? single.decode(UInt64.self) { self = .unsigned(v) }
        else if let v = try? single.decode(Double.self) { self = .number(v) }
        else if let v = try? single.decode(String.self) { self = .string(v) }
        else if let v = try? single.decode([SettingsTree].self) { self = .array(v) }
        else { self = .object(try single.decode([String: SettingsTree].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case .bool(let v): try single.encode(v)
        case .integer(let v): try single.encode(v)
        case .unsigned(let v): try single.encode(v)
        case .number(let v): try single.encode(v)
        case .string(let v): try single.encode(v)
        case .array(let v): try single.encode(v)
        case .object(let v): try single.encode(v)
        }
    }

    /// `given`'s keys over these, object by object (the weights of an older model keep the defaults they lack).
    func overlaid(with given: SettingsTree) -> SettingsTree {
        guard case .object(var mine) = self, case .object(let theirs) = given else { return given }
        for (key, value) in theirs {
            if value == .null, mine[key] != nil { continue }   // a null for a field that has a default keeps it
            mine[key] = mine[key].map { $0.overlaid(with: value) } ?? value
        }
        return .object(mine)
    }
}
