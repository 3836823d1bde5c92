import Foundation

/// One line of an interaction log (`carto.interaction/1`, JSON Lines): what a person did in an app and what the app
/// showed, for usability analysis. One flat record type for every event keeps the file greppable and the ingest
/// fast; which fields an event carries depends on its `name` (see `InteractionEventName` and the README's table).
/// OpenTelemetry's app event names are used where they exist (`session.start`, `app.screen.click`,
/// `app.widget.click`, `device.app.lifecycle`); the rest are `carto.*`.
public struct InteractionEvent: Codable, Sendable, Equatable {
    /// Schema version of the line (1).
    public var v: Int
    /// Milliseconds since 1970-01-01 UTC.
    public var ts: Double
    public var session: String
    /// Position in the session, from 0; with `session` the event's identity (uploads are idempotent on it).
    public var seq: Int
    public var name: String
    /// The screen shown when the event happened (set by the logger from the last `carto.screen.appeared`).
    public var screen: String?
    /// Navigation container of the screen: navigation-bar identity (iOS) or URL path (web).
    public var container: String?

    // session.start
    public var user: String?
    public var app: String?
    public var appVersion: String?
    public var device: String?
    public var os: String?
    public var osVersion: String?
    public var platform: String?
    public var screenWidth: Double?
    public var screenHeight: Double?
    /// Whether the user agreed to usage logging. Sessions without consent hold no interaction events.
    public var consent: Bool?
    /// session.end: `closed`, `timeout`, `crash`.
    public var reason: String?

    // touches and gestures; coordinates in points (iOS) or CSS pixels (web) of the screen
    public var x: Double?
    public var y: Double?
    /// carto.touch: `began`, `moved`, `ended`, `cancelled`.
    public var phase: String?
    public var pointer: Int?
    /// carto.gesture: `tap`, `doubleTap`, `longPress`, `swipe`, `pan`, `pinch`, `rotate`.
    public var gesture: String?
    /// False when nothing handled the gesture: the person tried something the screen does not support.
    public var recognised: Bool?
    /// Swipes: `left`, `right`, `up`, `down`.
    public var direction: String?
    /// Pans and swipes: the finger's path, `[[x, y], …]`.
    public var path: [[Double]]?
    /// Pinches: scale factor (< 1 zooms out).
    public var scale: Double?
    public var durationMs: Double?
    /// The element under the finger or acted on.
    public var target: InteractionTarget?

    // carto.control.changed: a control's new value (slider 0.5, switch on, picker row)
    public var control: String?
    public var value: String?

    // carto.text.entry: which field and how long; the text itself only with explicit opt-in, never for secure fields
    public var length: Int?
    public var text: String?
    public var secure: Bool?

    // carto.scroll
    public var dx: Double?
    public var dy: Double?

    // carto.location (WGS 84)
    public var lat: Double?
    public var lon: Double?
    public var alt: Double?
    public var accuracy: Double?

    // carto.connectivity: `wifi`, `cellular`, `ethernet`, `none`
    public var connected: Bool?
    public var network: String?

    /// device.app.lifecycle: `foreground`, `background`, `terminate`.
    public var state: String?
    /// carto.screenshot: the picture's path relative to the log file.
    public var file: String?

    public static let schemaVersion = 1

    public init(name: String, session: String, seq: Int, ts: Double, screen: String? = nil) {
        self.v = Self.schemaVersion
        self.name = name
        self.session = session
        self.seq = seq
        self.ts = ts
        self.screen = screen
    }
}

/// The element an event is about, with several ways to find it again.
public struct InteractionTarget: Codable, Sendable, Hashable {
    /// accessibilityIdentifier (iOS) or id / data-testid (web).
    public var id: String?
    public var label: String?
    /// Normalised role (`button`, `switch`, `slider`, `textField`, …).
    public var type: String?
    public init(id: String? = nil, label: String? = nil, type: String? = nil) { self.id = id; self.label = label; self.type = type }

    /// The name a report shows: identifier, else label, else type.
    public var displayName: String { [id, label, type].compactMap { $0 }.first { !$0.isEmpty } ?? "element" }
}

/// Event names of `carto.interaction/1`.
public enum InteractionEventName {
    public static let sessionStart = "session.start"
    public static let sessionEnd = "session.end"
    /// A tap on the screen (OpenTelemetry `app.screen.click`), with `recognised` false when nothing handled it.
    public static let screenClick = "app.screen.click"
    /// A control's primary action (a button pressed), OpenTelemetry `app.widget.click`.
    public static let widgetClick = "app.widget.click"
    /// Foreground / background / terminate, OpenTelemetry `device.app.lifecycle`.
    public static let lifecycle = "device.app.lifecycle"
    public static let screenAppeared = "carto.screen.appeared"
    public static let screenDisappeared = "carto.screen.disappeared"
    public static let touch = "carto.touch"
    public static let gesture = "carto.gesture"
    public static let controlChanged = "carto.control.changed"
    public static let textEntry = "carto.text.entry"
    public static let scroll = "carto.scroll"
    public static let location = "carto.location"
    public static let connectivity = "carto.connectivity"
    public static let screenshot = "carto.screenshot"

    public static let all: [String] = [sessionStart, sessionEnd, screenClick, widgetClick, lifecycle, screenAppeared,
                                       screenDisappeared, touch, gesture, controlChanged, textEntry, scroll, location,
                                       connectivity, screenshot]
}
