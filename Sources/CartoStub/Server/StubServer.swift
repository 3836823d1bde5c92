import CartoCore
import CartoHTTP
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The stub server: Hummingbird 2 on SwiftNIO serving WireMock-compatible mappings, the admin API and the
/// app-event hub. Start it in-process (tests, CartoTestKit) or from `carto stub`.
public final class StubServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// 127.0.0.1 unless told otherwise: a stub server is for the machine running the tests.
        public var host = "127.0.0.1"
        /// 0 picks a free port (read it from `port` after `start()`).
        public var port = 8080
        /// Larger request bodies get 413.
        public var maxBodyBytes = 10 << 20
        /// A connection with no traffic for this long is closed (slow or stuck clients).
        public var idleTimeout: Duration? = .seconds(30)
        public var journalLimit = 10_000
        public var eventLimit = 10_000
        /// How often the mapping files are checked for changes (nil: never).
        public var watchInterval: Duration? = .milliseconds(500)
        /// Render every response as a template (WireMock's `--global-response-templating`); otherwise only
        /// mappings with `"transformers": ["response-template"]`.
        public var globalTemplating = false
        /// Answer CORS preflights and allow every origin, for web apps served from elsewhere.
        public var cors = false
        /// Pending-connection queue; large enough for bursts of a thousand connections.
        public var backlog = 4096
        /// Where to report reloads, unmatched requests and bad mapping files (the CLI prints them on stderr).
        public var log: (@Sendable (String) -> Void)?

        public init() {}
    }

    public let configuration: Configuration
    public let store: StubStore
    public let events: EventHub
    public let folder: MappingFolder?
    let files: BodyFileCache?
    /// Mapping files that did not load at start-up (each with its path and JSON location); the others serve.
    public let loadProblems: [MappingError]
    let recorder: RecordingProxy?
    let proxy: ProxyForwarder

    private let lock = NSLock()
    private var server: RunningServer?
    private var watcher: MappingWatcher?
    private var boundPort = 0

    /// - Parameter root: a WireMock root folder (`mappings/`, `__files/`), or nil for a server fed only
    ///   through the admin API.
    public init(root: URL?, configuration: Configuration = .init(), recorder: RecordingProxy? = nil) throws {
        self.configuration = configuration
        self.recorder = recorder
        proxy = ProxyForwarder(log: configuration.log)
        events = EventHub(limit: configuration.eventLimit)
        if let root {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir), isDir.boolValue else {
                throw CartoError("\(root.path): no such folder; pass --root DIR with a mappings/ folder (WireMock layout)")
            }
            let folder = MappingFolder(root: root)
            self.folder = folder
            files = BodyFileCache(folder: folder)
            let (mappings, problems) = recorder == nil ? folder.load() : ([], [])
            loadProblems = problems
            store = StubStore(mappings: mappings, journalLimit: configuration.journalLimit, globalTemplating: configuration.globalTemplating)
        } else {
            folder = nil
            files = nil
            loadProblems = []
            store = StubStore(journalLimit: configuration.journalLimit, globalTemplating: configuration.globalTemplating)
        }
    }

    /// The port the server listens on (after `start()`).
    public var port: Int { lock.withLock { boundPort } }
    public var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
    }

    /// Binds and starts serving; returns the port. Throws a `CartoError` when the address cannot be bound.
    @discardableResult
    public func start() async throws -> Int {
        let responder = StubResponder(
            store: store,
            admin: AdminAPI(store: store, events: events, shutdown: { [weak self] in
                Task { await self?.stop() }
            }),
            eventsAPI: EventsAPI(events: events), files: files, maxBodyBytes: configuration.maxBodyBytes,
            recorder: recorder, proxy: proxy, log: configuration.log)
        let store = store, files = files, log = configuration.log, recording = recorder != nil, cors = configuration.cors
        let maxBody = configuration.maxBodyBytes
        let idle = configuration.idleTimeout.map { TimeAmount.nanoseconds($0.wholeNanoseconds) }
        let server = try await RunningServer.start("carto stub", host: configuration.host, port: configuration.port) { onServerRunning in
            Application(
                responder: responder,
                // The fast path owns the idle timeout (see StubFastPath); Hummingbird's would not see its requests.
                server: HTTPServerBuilder { httpResponder in
                    StubChannel(
                        responder: httpResponder,
                        // Per connection: the wire path first (when answers may skip the pipeline), NIO's HTTP codec,
                        // then the fault handler, CORS and the event-loop fast path (which owns the idle timeout: see
                        // StubFastPath), then Hummingbird. The two fast paths share the connection's state.
                        first: { connection in
                            recording || cors ? nil
                                : StubWirePath(store: store, files: files, maxBody: min(StubFastPath.maxBufferedBody, maxBody), connection: connection, log: log)
                        },
                        afterCodec: { connection in
                            [FaultHandler()] + (cors ? [CORSHandler()] : [])
                                + [StubFastPath(store: store, files: files, idleTimeout: idle, maxBodyBytes: maxBody, log: log, enabled: !recording,
                                                rawWrites: !cors, connection: connection)]
                        })
                },
                configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "carto-stub",
                                     backlog: configuration.backlog, reuseAddress: true),
                onServerRunning: onServerRunning,
                logger: RunningServer.quietLogger)
        }
        let bound = server.port
        lock.withLock { self.server = server; boundPort = bound }
        if let folder, recorder == nil, let interval = configuration.watchInterval {
            let w = MappingWatcher(folder: folder, store: store, interval: interval) { [log = configuration.log] in log?($0) }
            w.start()
            lock.withLock { watcher = w }
        }
        return bound
    }

    /// Stops accepting, finishes in-flight requests, and returns when the server is down.
    public func stop() async {
        let (server, watcher) = lock.withLock { (self.server, self.watcher) }
        watcher?.stop()
        await server?.triggerShutdown()
        events.closeListeners()  // open event streams and long-polls would hold the graceful shutdown
        await waitUntilStopped()
        await proxy.shutdown()
    }

    /// Returns when the server has stopped (admin shutdown, `stop()`).
    public func waitUntilStopped() async { await lock.withLock { server }?.waitUntilStopped() }
}

/// A stub connection: Hummingbird's HTTP/1 channel with the stub's handlers, made per connection so that they can
/// share its state (`ConnectionState`), and the wire path placed before NIO's HTTP decoder.
struct StubChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let responder: HTTPChannelHandler.Responder
    let first: @Sendable (ConnectionState) -> StubWirePath?
    let afterCodec: @Sendable (ConnectionState) -> [any RemovableChannelHandler]

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connection = ConnectionState()
        return channel.eventLoop.makeCompletedFuture {
            if let wire = first(connection) { try channel.pipeline.syncOperations.addHandler(wire) }
        }.flatMap { [afterCodec, responder] in
            HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: afterCodec(connection))).setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}
