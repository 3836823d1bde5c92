import CartoCore
import Foundation

/// Everything `carto usage report` finds, as written to `report.json` (keys stable) and rendered to HTML and CSV.
public struct UsageReport: Codable, Sendable {
    public var schema = "carto.usage-report/1"
    public var summary = Summary()
    public var screens: [ScreenTime] = []
    public var functionalities: [ScreenTime] = []
    public var transitions: [Transition] = []
    public var paths: [PathCount] = []
    public var funnels: [Funnel] = []
    public var gestures: [ScreenGestures] = []
    public var unrecognised: [UnrecognisedGesture] = []
    public var heatmaps: [Heatmap] = []
    public var connectivity: [ConnectivityEpisode] = []
    public var locations: [LocationTrack] = []
    public var problems: [LogProblem] = []

    public init() {}

    public struct Summary: Codable, Sendable, Equatable {
        public var sessions = 0
        /// Sessions without consent: counted, never analysed.
        public var sessionsWithoutConsent = 0
        public var users = 0
        public var events = 0
        public var firstEvent: String?
        public var lastEvent: String?
        public var idleThresholdSeconds = 0.0
    }

    /// Time on one screen (or functionality) over all visits. Active time counts each gap between the person's
    /// actions up to the idle threshold; the rest is idle. Time in the background is not counted.
    public struct ScreenTime: Codable, Sendable, Equatable {
        public var name: String
        public var visits: Int
        public var sessions: Int
        public var totalSeconds: Double
        public var activeSeconds: Double
        public var idleSeconds: Double
        public var meanVisitSeconds: Double
    }

    public struct Transition: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        public var count: Int
    }

    /// A sequence of three screens and how many times sessions went through it.
    public struct PathCount: Codable, Sendable, Equatable {
        public var screens: [String]
        public var count: Int
    }

    public struct Funnel: Codable, Sendable, Equatable {
        public var steps: [Step]
        public struct Step: Codable, Sendable, Equatable {
            public var screen: String
            /// Sessions that reached this step having passed the earlier ones in order.
            public var sessions: Int
            /// Share of the sessions that reached the previous step (1 for the first).
            public var conversion: Double
        }
    }

    /// Gesture versus button use on one screen (the paper's Fig. 3).
    public struct ScreenGestures: Codable, Sendable, Equatable {
        public var screen: String
        /// Controls used: button presses and value changes.
        public var buttons: Int
        /// Recognised gestures by kind (swipe, pan, pinch, long press, double tap).
        public var gestures: [String: Int]
        public var gestureShare: Double
        public var unrecognised: Int
    }

    /// Gestures nothing handled: what people tried that the screen does not support ("tried to zoom").
    public struct UnrecognisedGesture: Codable, Sendable, Equatable {
        public var screen: String
        public var gesture: String
        public var count: Int
        public var sessions: Int
    }

    public struct Heatmap: Codable, Sendable, Equatable {
        public var screen: String
        /// PNG beside report.html.
        public var file: String
        public var touches: Int
        public var paths: Int
        /// The screenshot underneath, when one was logged for the screen.
        public var screenshot: String?
    }

    public struct ConnectivityEpisode: Codable, Sendable, Equatable {
        public var session: String
        public var user: String?
        public var start: String
        public var durationSeconds: Double
        /// Screen shown when the connection dropped.
        public var screen: String?
        public var network: String?
        /// What the person did while offline, and in the window before and after: event name → count.
        public var during: [String: Int]
        public var before: [String: Int]
        public var after: [String: Int]
        /// Screens visited while offline.
        public var screensDuring: [String]
    }

    public struct LocationTrack: Codable, Sendable, Equatable {
        public var session: String
        public var points: Int
        /// GPX 1.1 file beside report.html.
        public var file: String
    }
}

enum ReportTime {
    /// UTC with milliseconds, `2026-11-21T10:00:00.000Z`, formatted by hand (a date formatter per call dominated
    /// reports with many connectivity episodes and location fixes).
    static func iso(_ ms: Double) -> String {
        let total = Int64((ms).rounded(.down))
        let millis = Int(((total % 1000) + 1000) % 1000)
        var seconds = (total - Int64(millis)) / 1000
        let secondOfDay = Int(((seconds % 86_400) + 86_400) % 86_400)
        seconds -= Int64(secondOfDay)
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let z = seconds / 86_400 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms3 = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(year)-\(two(Int(month)))-\(two(Int(day)))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)).\(ms3)Z"
    }
}
