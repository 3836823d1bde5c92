import CartoCore
import Foundation

/// One event as the analyses read it back from the store (columns, not JSON).
public struct UsageEvent: Sendable {
    public var session: String
    public var seq: Int
    /// Milliseconds since 1970.
    public var ts: Double
    public var name: String
    public var screen: String?
    public var container: String?
    public var x: Double?
    public var y: Double?
    public var gesture: String?
    public var recognised: Bool?
    public var direction: String?
    /// `[[x, y], …]` as stored.
    public var path: String?
    public var scale: Double?
    public var target: String?
    public var targetType: String?
    public var control: String?
    public var value: String?
    public var connected: Bool?
    public var network: String?
    public var lat: Double?
    public var lon: Double?
    public var alt: Double?
    public var state: String?
    public var file: String?

    public init(session: String, seq: Int, ts: Double, name: String) { self.session = session; self.seq = seq; self.ts = ts; self.name = name }

    /// Something the person did (as opposed to what the app or the device did).
    public var isActivity: Bool { UsageEvent.activityNames.contains(name) }
    static let activityNames: Set<String> = ["carto.touch", "carto.gesture", "app.screen.click", "app.widget.click",
                                             "carto.control.changed", "carto.text.entry", "carto.scroll"]

    public var points: [(x: Double, y: Double)] {
        guard let path, let data = path.data(using: .utf8), let array = try? JSONDecoder().decode([[Double]].self, from: data) else { return [] }
        return array.compactMap { $0.count >= 2 ? (x: $0[0], y: $0[1]) : nil }
    }
}

public struct UsageSession: Sendable, Codable, Equatable {
    public var id: String
    public var user: String?
    public var app: String?
    public var platform: String?
    public var device: String?
    public var screenWidth: Double?
    public var screenHeight: Double?
    public var consent: Bool
    public var startTs: Double?
    public var source: String?
}

/// One pass of the usage report, Periphery-style: sees every event of every consenting session once, in order
/// (session by session, by seq), and contributes its part of the report at the end.
public protocol UsageAnalysis: AnyObject {
    func begin(session: UsageSession)
    func consume(_ event: UsageEvent)
    func endSession()
    func contribute(to report: inout UsageReport, context: UsageReportContext) throws
}

/// What passes need beyond the events: options and where to write pictures.
public struct UsageReportContext {
    public var options: UsageReportOptions
    public var outputFolder: URL?
}

public struct UsageReportOptions: Sendable {
    /// A gap between two actions longer than this counts as idle beyond it.
    public var idleThresholdSeconds: Double = 30
    /// Funnels to measure: each an ordered list of screens.
    public var funnels: [[String]] = []
    /// Screen name → functionality; screens not listed use their container, else their name.
    public var functionalities: [String: String] = [:]
    /// Seconds of activity shown before and after a connectivity loss.
    public var connectivityWindowSeconds: Double = 30
    public var heatmaps = true
    public init() {}
}

extension UsageStore {
    /// Sessions by id (all of them, with and without consent).
    public func sessions() throws -> [String: UsageSession] {
        var out: [String: UsageSession] = [:]
        try database.prepare("SELECT id, user, app, platform, device, screen_width, screen_height, consent, start_ts, source FROM sessions").forEach { r in
            let id = r.string(0) ?? ""
            out[id] = UsageSession(id: id, user: r.string(1), app: r.string(2), platform: r.string(3), device: r.string(4),
                                   screenWidth: r.optionalDouble(5), screenHeight: r.optionalDouble(6), consent: r.int(7) == 1,
                                   startTs: r.optionalDouble(8), source: r.string(9))
        }
        return out
    }

    /// Every event of consenting sessions in order; `begin`/`end` bracket each session.
    public func scan(sessions: [String: UsageSession], begin: (UsageSession) -> Void, event: (UsageEvent) -> Void, end: () -> Void) throws {
        var current: String?
        try database.prepare("""
            SELECT session, seq, ts, name, screen, container, x, y, gesture, recognised, direction, path, scale, target, target_type,
            control, value, connected, network, lat, lon, alt, state, file FROM events ORDER BY session, seq
            """).forEach { r in
            let session = r.string(0) ?? ""
            if session != current {
                if current != nil, sessions[current!]?.consent == true { end() }
                current = session
                if let info = sessions[session], info.consent { begin(info) }
            }
            guard sessions[session]?.consent == true else { return }
            var e = UsageEvent(session: session, seq: r.int(1), ts: r.double(2), name: r.string(3) ?? "")
            e.screen = r.string(4); e.container = r.string(5); e.x = r.optionalDouble(6); e.y = r.optionalDouble(7)
            e.gesture = r.string(8); e.recognised = r.optionalInt(9).map { $0 == 1 }; e.direction = r.string(10); e.path = r.string(11)
            e.scale = r.optionalDouble(12); e.target = r.string(13); e.targetType = r.string(14); e.control = r.string(15)
            e.value = r.string(16); e.connected = r.optionalInt(17).map { $0 == 1 }; e.network = r.string(18)
            e.lat = r.optionalDouble(19); e.lon = r.optionalDouble(20); e.alt = r.optionalDouble(21); e.state = r.string(22); e.file = r.string(23)
            event(e)
        }
        if let current, sessions[current]?.consent == true { end() }
    }
}
