import Foundation

/// The app-side interaction logger, platform-neutral: numbers events, stamps the current screen, masks text,
/// buffers in memory and appends JSON Lines to `<directory>/<session>.jsonl`. The UIKit hooks (`InteractionHooks`)
/// only translate UIKit callbacks into calls on this type, so everything that decides what is written is tested on
/// Linux. Thread-safe; writes happen on the caller's thread at flush points (every `flushEvery` events, on
/// background, at the end) so a crash loses at most one buffer.
public final class InteractionLogger: @unchecked Sendable {
    public struct Options: Sendable {
        /// Keep typed text in `carto.text.entry`. Off by default; secure fields are never kept.
        public var recordText = false
        public var flushEvery = 64
        public init() {}
    }

    public struct SessionInfo: Sendable {
        public var user: String
        public var app: String
        public var appVersion: String?
        public var device: String?
        public var os: String?
        public var osVersion: String?
        public var platform: String
        public var screenWidth: Double
        public var screenHeight: Double
        public var consent: Bool
        public init(user: String, app: String, appVersion: String? = nil, device: String? = nil, os: String? = nil, osVersion: String? = nil,
                    platform: String = "ios", screenWidth: Double, screenHeight: Double, consent: Bool) {
            self.user = user; self.app = app; self.appVersion = appVersion; self.device = device; self.os = os
            self.osVersion = osVersion; self.platform = platform; self.screenWidth = screenWidth; self.screenHeight = screenHeight
            self.consent = consent
        }
    }

    public let session: String
    public let fileURL: URL
    public let options: Options
    public let consent: Bool
    private let lock = NSLock()
    private var seq = 0
    private var screen: String?
    private var buffer: [InteractionEvent] = []
    private var ended = false
    private let clock: @Sendable () -> Double
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    /// Starts a session: writes `session.start` at once, to `<directory>/<fileName or session>.jsonl`. `clock` returns
    /// milliseconds since 1970 (tests pass their own).
    public init(directory: URL, session: String = UUID().uuidString.lowercased(), fileName: String? = nil, info: SessionInfo,
                options: Options = Options(), clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 * 1000 }) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.session = session
        self.fileURL = directory.appendingPathComponent("\(fileName ?? session).jsonl")
        self.options = options
        self.consent = info.consent
        self.clock = clock
        var start = InteractionEvent(name: InteractionEventName.sessionStart, session: session, seq: 0, ts: clock())
        start.user = info.user; start.app = info.app; start.appVersion = info.appVersion; start.device = info.device
        start.os = info.os; start.osVersion = info.osVersion; start.platform = info.platform
        start.screenWidth = info.screenWidth; start.screenHeight = info.screenHeight; start.consent = info.consent
        seq = 1
        buffer.append(start)
        try flush()
    }

    /// Logs one event; `fill` sets its fields. Without consent only the session's start and end are kept.
    public func log(_ name: String, _ fill: (inout InteractionEvent) -> Void = { _ in }) {
        lock.lock()
        guard !ended, consent || name == InteractionEventName.sessionEnd else { lock.unlock(); return }
        var event = InteractionEvent(name: name, session: session, seq: seq, ts: clock(), screen: screen)
        fill(&event)
        event.session = session; event.seq = seq
        if name == InteractionEventName.screenAppeared { screen = event.screen }
        mask(&event)
        seq += 1
        buffer.append(event)
        let full = buffer.count >= options.flushEvery
        lock.unlock()
        if full { try? flush() }
    }

    private func mask(_ event: inout InteractionEvent) {
        guard event.text != nil else { return }
        if event.length == nil { event.length = event.text!.count }
        if !options.recordText || event.secure == true { event.text = nil }
    }

    // Conveniences for the hooks and for apps that log by hand.
    public func screenAppeared(_ name: String, container: String? = nil) {
        log(InteractionEventName.screenAppeared) { $0.screen = name; $0.container = container }
    }
    public func screenDisappeared(_ name: String) { log(InteractionEventName.screenDisappeared) { $0.screen = name } }
    public func touch(phase: String, x: Double, y: Double, pointer: Int = 0, target: InteractionTarget? = nil) {
        log(InteractionEventName.touch) { $0.phase = phase; $0.x = x; $0.y = y; $0.pointer = pointer; $0.target = target }
    }
    public func tap(x: Double, y: Double, recognised: Bool, target: InteractionTarget? = nil) {
        log(InteractionEventName.screenClick) { $0.x = x; $0.y = y; $0.recognised = recognised; $0.target = target; $0.gesture = "tap" }
    }
    public func gesture(_ kind: String, x: Double, y: Double, recognised: Bool, direction: String? = nil, path: [[Double]]? = nil,
                        scale: Double? = nil, durationMs: Double? = nil, target: InteractionTarget? = nil) {
        log(InteractionEventName.gesture) {
            $0.gesture = kind; $0.x = x; $0.y = y; $0.recognised = recognised; $0.direction = direction; $0.path = path
            $0.scale = scale; $0.durationMs = durationMs; $0.target = target
        }
    }
    public func widgetClick(_ target: InteractionTarget, x: Double? = nil, y: Double? = nil) {
        log(InteractionEventName.widgetClick) { $0.target = target; $0.x = x; $0.y = y }
    }
    public func controlChanged(_ target: InteractionTarget, control: String, value: String) {
        log(InteractionEventName.controlChanged) { $0.target = target; $0.control = control; $0.value = value }
    }
    public func textEntry(_ target: InteractionTarget, text: String, secure: Bool) {
        log(InteractionEventName.textEntry) { $0.target = target; $0.text = text; $0.secure = secure }
    }
    public func scroll(_ target: InteractionTarget?, dx: Double, dy: Double) {
        log(InteractionEventName.scroll) { $0.target = target; $0.dx = dx; $0.dy = dy }
    }
    public func location(lat: Double, lon: Double, alt: Double? = nil, accuracy: Double? = nil) {
        log(InteractionEventName.location) { $0.lat = lat; $0.lon = lon; $0.alt = alt; $0.accuracy = accuracy }
    }
    public func connectivity(connected: Bool, network: String) {
        log(InteractionEventName.connectivity) { $0.connected = connected; $0.network = network }
    }
    /// `foreground` / `background` / `terminate`; backgrounding flushes, as the app may be killed next.
    public func lifecycle(_ state: String) {
        log(InteractionEventName.lifecycle) { $0.state = state }
        if state != "foreground" { try? flush() }
    }
    public func screenshot(file: String) { log(InteractionEventName.screenshot) { $0.file = file } }

    /// Ends the session and writes everything buffered; later events are ignored.
    public func end(reason: String = "closed") throws {
        log(InteractionEventName.sessionEnd) { $0.reason = reason }
        lock.lock(); ended = true; lock.unlock()
        try flush()
    }

    /// Appends the buffered events to the file.
    public func flush() throws {
        lock.lock()
        let events = buffer
        buffer.removeAll(keepingCapacity: true)
        var data = Data()
        for event in events {
            data.append(try encoder.encode(event))
            data.append(10)
        }
        defer { lock.unlock() }   // one writer at a time keeps lines whole and in order
        guard !data.isEmpty else { return }
        if !FileManager.default.fileExists(atPath: fileURL.path) {
            guard FileManager.default.createFile(atPath: fileURL.path, contents: data) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
            }
            return
        }
        let handle = try FileHandle(forWritingTo: fileURL)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }
}
