import CartoCore
import CartoHTTP
import CartoProbe
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `carto usage serve`: the collection server apps upload interaction logs to. Token-authenticated batch upload of
/// JSON Lines, idempotent on (session, seq) so a retried or overlapping upload never doubles events, straight into
/// the SQLite store that `carto usage report --db` reads.
///
///     POST   /v1/logs            Authorization: Bearer TOKEN; body: JSON Lines → {"accepted", "duplicates", "problems"}
///     DELETE /v1/users/{user}    Authorization: Bearer TOKEN → {"sessions", "events"}
///     GET    /v1/health          → {"status": "ok", "events": N}
public final class UsageCollector: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port = 8090
        /// Uploads must carry `Authorization: Bearer <token>`.
        public var token: String
        public var maxBodyBytes = 32 << 20
        public var log: (@Sendable (String) -> Void)?
        public init(token: String) { self.token = token }
    }

    public let configuration: Configuration
    public let store: UsageStore
    private let queue = DispatchQueue(label: "carto.usage.store")   // SQLite work off the event loops
    private let lock = NSLock()
    private var server: RunningServer?
    private var boundPort = 0

    public init(store: UsageStore, configuration: Configuration) throws {
        guard !configuration.token.isEmpty else { throw CartoError("carto usage serve: an empty token; pass --token or set CARTO_USAGE_TOKEN") }
        self.store = store
        self.configuration = configuration
    }

    public var port: Int { lock.withLock { boundPort } }

    @discardableResult
    public func start() async throws -> Int {
        let router = Router()
        router.get("/v1/health") { [self] _, _ in
            json(.ok, ["status": "ok", "events": await onQueue { [store] in store.eventCount }])
        }
        router.post("/v1/logs") { [self] request, _ in
            guard authorised(request) else { return json(.unauthorized, ["error": "missing or wrong token (Authorization: Bearer TOKEN)"]) }
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: configuration.maxBodyBytes) } catch {
                return json(.contentTooLarge, ["error": "batch larger than \(configuration.maxBodyBytes) bytes; upload smaller batches"])
            }
            let source = "upload " + (request.headers[.init("X-Carto-Batch")!] ?? UUID().uuidString.lowercased())
            let parsed = InteractionLogReader.parse(Data(buffer: body), name: "upload")
            if parsed.events.isEmpty && !parsed.problems.isEmpty {
                return json(.badRequest, ["error": "no usable line in the batch", "problems": parsed.problems.prefix(20).map(\.description)])
            }
            do {
                let (added, duplicates) = try await onQueue { [store] in try store.insert(parsed.events, source: source) }
                configuration.log?("stored \(added) events (\(duplicates) already present)\(parsed.problems.isEmpty ? "" : ", \(parsed.problems.count) bad lines")")
                return json(.ok, ["accepted": added, "duplicates": duplicates, "problems": parsed.problems.map(\.description)])
            } catch {
                return json(.internalServerError, ["error": "\(error)"])
            }
        }
        router.delete("/v1/users/:user") { [self] request, context in
            guard authorised(request) else { return json(.unauthorized, ["error": "missing or wrong token (Authorization: Bearer TOKEN)"]) }
            let user = context.parameters.get("user") ?? ""
            let deletion = try await onQueue { [store] in try store.deleteUser(user) }
            configuration.log?("deleted user \(user): \(deletion.sessions) sessions, \(deletion.events) events")
            return json(.ok, ["sessions": deletion.sessions, "events": deletion.events])
        }
        let server = try await RunningServer.start("carto usage serve", host: configuration.host, port: configuration.port) { onServerRunning in
            Application(
                router: router,
                configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "carto-usage", reuseAddress: true),
                onServerRunning: onServerRunning, logger: RunningServer.quietLogger)
        }
        lock.withLock { self.server = server; boundPort = server.port }
        return server.port
    }

    public func stop() async {
        await lock.withLock { server }?.stop()
    }

    /// Returns when the server has stopped.
    public func waitUntilStopped() async { await lock.withLock { server }?.waitUntilStopped() }

    private func authorised(_ request: Request) -> Bool {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return false }
        // Constant time: the answer's timing tells nothing about how much of the token matched.
        let given = Array(header.dropFirst(7).utf8), expected = Array(configuration.token.utf8)
        var difference = given.count ^ expected.count
        for i in 0..<max(given.count, expected.count) {
            difference |= Int((i < given.count ? given[i] : 0) ^ (i < expected.count ? expected[i] : 0))
        }
        return difference == 0
    }

    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in queue.async { c.resume(with: Result { try body() }) } }
    }
    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { c in queue.async { c.resume(returning: body()) } }
    }

    private func json(_ status: HTTPResponse.Status, _ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
