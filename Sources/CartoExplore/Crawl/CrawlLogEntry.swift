import CartoCore
import Foundation

/// One line of a crawl's `log.jsonl`: what the crawler did and saw, typed. Each line is a JSON object whose `type`
/// names the case; the fields of each are documented on its struct.
public enum CrawlLogEntry: Encodable, Sendable {
    case state(State)
    case event(Event)
    case failure(Failure)
    case skip(Skip)
    case unreachable(Unreachable)
    case replay(Replay)
    case abstraction(Abstraction)
    case drain(Drain)
    case progress(Progress)

    /// A new abstract state: its name and identity, what it offers and the elements seen.
    public struct State: Encodable, Sendable {
        public var id: String
        public var name: String
        public var properties: [String]
        public var title: String
        public var context: String
        public var depth: Int
        /// The events planned in it (none beyond `--max-depth`).
        public var events: [String]
        /// Seconds since the crawl started.
        public var t: Double
        /// Every element of the snapshot, flattened in document order.
        var elements: [ElementLogRecord]
        /// Elements the planner did not act on, and why.
        public var skipped: [Skipped]?

        public struct Skipped: Encodable, Sendable {
            public var element: String
            public var reason: String
        }
    }

    /// One event fired: where from, what, the outcome and where the time went.
    public struct Event: Encodable, Sendable {
        public var from: String
        public var event: String
        public var key: String
        public var outcome: EventOutcome
        /// The state it led to (null when none: the app left scope and was not brought back).
        public var to: String?
        public var idle: Bool
        public var waitMs: Double
        public var totalMs: Double
        public var driverMs: Double
        public var crawlerMs: Double
        public var t: Double
        /// What kept the app busy when the idle wait timed out.
        public var busy: String?
        /// Which of several parallel sessions fired it (1-based; absent with one session).
        public var session: Int?
        /// Why the action itself failed (the element went away, was covered…).
        public var error: String?
        /// Why the app was out of scope after it (another origin, another app).
        public var leftScope: String?

        enum CodingKeys: String, CodingKey { case from, event, key, outcome, to, idle, waitMs, totalMs, driverMs, crawlerMs, t, busy, session, error, leftScope }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(from, forKey: .from); try c.encode(event, forKey: .event); try c.encode(key, forKey: .key)
            try c.encode(outcome, forKey: .outcome)
            try c.encode(to, forKey: .to)   // null, not absent: the event led nowhere the crawler could name
            try c.encode(idle, forKey: .idle); try c.encode(waitMs, forKey: .waitMs); try c.encode(totalMs, forKey: .totalMs)
            try c.encode(driverMs, forKey: .driverMs); try c.encode(crawlerMs, forKey: .crawlerMs); try c.encode(t, forKey: .t)
            try c.encodeIfPresent(busy, forKey: .busy); try c.encodeIfPresent(session, forKey: .session)
            try c.encodeIfPresent(error, forKey: .error); try c.encodeIfPresent(leftScope, forKey: .leftScope)
        }
    }

    /// A failure found (reported once per kind and message), with the path that reproduces it.
    public struct Failure: Encodable, Sendable {
        public var kind: String
        public var message: String
        public var location: String?
        public var state: String
        public var path: [String]

        enum CodingKeys: String, CodingKey { case kind, message, location, state, path }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind); try c.encode(message, forKey: .message)
            try c.encode(location, forKey: .location)   // null when the app said nowhere
            try c.encode(state, forKey: .state); try c.encode(path, forKey: .path)
        }
    }

    /// An event not fired, and why (repeated on the path, global navigation).
    public struct Skip: Encodable, Sendable {
        public var state: String
        public var event: String
        public var reason: String
    }

    /// A state no path reaches any more.
    public struct Unreachable: Encodable, Sendable {
        public var state: String
    }

    /// Replaying the path to a state went wrong.
    public struct Replay: Encodable, Sendable {
        public var state: String
        public var result: String
    }

    /// A cycle that took a row away from a list, repeated (`ListDrain`): the state, the list, its rows before and
    /// after, and the events repeated.
    public struct Drain: Encodable, Sendable {
        public var state: String
        public var list: String
        public var rows: String
        public var events: [String]
    }

    /// Events that brought the app back to a screen showing other content, fired again (`Progression`): the state,
    /// the round from it, and the events.
    public struct Progress: Encodable, Sendable {
        public var state: String
        public var round: Int
        public var events: [String]
    }

    /// A decision of the state abstraction (split, merge, coarsen), with its reason.
    public struct Abstraction: Encodable, Sendable {
        public var decision: String
        public var screen: String
        public var reason: String
    }

    public var type: String {
        switch self {
        case .state: return "state"
        case .event: return "event"
        case .failure: return "failure"
        case .skip: return "skip"
        case .unreachable: return "unreachable"
        case .replay: return "replay"
        case .abstraction: return "abstraction"
        case .drain: return "drain"
        case .progress: return "progress"
        }
    }

    private enum TypeKey: String, CodingKey { case type }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: TypeKey.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .state(let v): try v.encode(to: encoder)
        case .event(let v): try v.encode(to: encoder)
        case .failure(let v): try v.encode(to: encoder)
        case .skip(let v): try v.encode(to: encoder)
        case .unreachable(let v): try v.encode(to: encoder)
        case .replay(let v): try v.encode(to: encoder)
        case .abstraction(let v): try v.encode(to: encoder)
        case .drain(let v): try v.encode(to: encoder)
        case .progress(let v): try v.encode(to: encoder)
        }
    }

    /// One line of `log.jsonl` (sorted keys, no escaped slashes).
    public func jsonLine() throws -> Data {
        try Self.encoder.encode(self) + Data("\n".utf8)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// What happened after an event (the `outcome` of `log.jsonl`'s event entries).
public enum EventOutcome: String, Encodable, Sendable {
    /// A state found for the first time.
    case new
    /// A state found before.
    case known
    /// The state the crawl had come from.
    case back
    /// The screen changed, and is still the same state.
    case inPlaceChange = "in-place change"
    case noChange = "no change"
    /// The app crashed or left scope and was started again.
    case relaunched
}

/// One element in the log: every property the snapshot has, children flattened away (document order).
struct ElementLogRecord: Encodable, Sendable {
    var role: String
    var type: String
    var identifier: String?
    var label: String?
    var value: String?
    var target: String?
    var locator: String?
    var actions: [String]?
    var frame: [Double]?
    var enabled: Bool
    var visible: Bool
    var selected: Bool?

    init(_ e: UIElement) {
        role = e.role.rawValue
        type = e.platformType
        identifier = e.identifier; label = e.label; value = e.value; target = e.target; locator = e.locator
        actions = e.actions.isEmpty ? nil : e.actions.map(\.rawValue)
        frame = e.frame.map { f in [f.x, f.y, f.width, f.height].map { ($0 * 10).rounded() / 10 } }
        enabled = e.enabled
        visible = e.visible
        selected = e.selected ? true : nil
    }
}
