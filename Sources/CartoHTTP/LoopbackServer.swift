import CartoCore
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore

/// An HTTP server on 127.0.0.1 with a synchronous handler, on Hummingbird: serves local sites to the browser
/// (`carto crawl DIR`) and stands in for drivers in tests (a WebDriverAgent fake replaying recorded page sources).
/// Each request's handler runs on a dispatch thread, not on Swift concurrency's few threads: handlers may block
/// (read files, wait), as the fakes do.
public final class LoopbackServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        /// Path without the query, percent-decoded.
        public var path: String
        public var query: String?
        public var headers: [String: String]
        public var body: Data
        /// The JSON body as a dictionary, when it is one.
        public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public init(status: Int = 200, contentType: String = "text/plain; charset=utf-8", body: Data = Data(), headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.headers = headers.merging(["Content-Type": contentType]) { a, _ in a }
        }
        public static func json(_ object: Any, status: Int = 200) -> Response {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("null".utf8)
            return Response(status: status, contentType: "application/json; charset=utf-8", body: data)
        }
        public static func text(_ text: String, status: Int = 200) -> Response { Response(status: status, body: Data(text.utf8)) }
    }

    public typealias Handler = @Sendable (Request) -> Response

    public let port: Int
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let server: RunningServer
    private let lock = NSLock()
    private var stopped = false

    /// Binds 127.0.0.1 (`port` 0 picks a free one) and returns once it listens.
    public init(port: Int = 0, handler: @escaping Handler) throws {
        let responder = Responder(handler: handler)
        server = try blocking {
            try await RunningServer.start("loopback server", host: "127.0.0.1", port: port) { onServerRunning in
                Application(responder: responder,
                            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil, reuseAddress: true),
                            onServerRunning: onServerRunning, logger: RunningServer.quietLogger)
            }
        }
        self.port = server.port
    }

    /// Stops the server; requests in flight finish first. Idempotent.
    public func stop() {
        let first = lock.withLock { () -> Bool in defer { stopped = true }; return !stopped }
        guard first else { return }
        let server = server
        blocking { await server.stop() }
    }

    deinit { stop() }

    private struct Responder: HTTPResponder {
        typealias Context = BasicRequestContext
        let handler: Handler

        func respond(to request: Hummingbird.Request, context: Context) async throws -> Hummingbird.Response {
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: 16 << 20) } catch {
                return Self.response(.text("request too large", status: 413))
            }
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let path = request.uri.path
            let ours = Request(method: request.method.rawValue, path: path.removingPercentEncoding ?? path, query: request.uri.query,
                               headers: headers, body: Data(buffer: body))
            let handler = handler
            let answer = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: handler(ours)) }
            }
            return Self.response(answer)
        }

        static func response(_ r: Response) -> Hummingbird.Response {
            var fields = HTTPFields()
            fields[.cacheControl] = "no-store"
            for (name, value) in r.headers.sorted(by: { $0.key < $1.key }) {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            return Hummingbird.Response(status: .init(code: r.status), headers: fields, body: .init(byteBuffer: ByteBuffer(data: r.body)))
        }
    }
}

/// Runs async work to completion from synchronous code (tests, the CLI's main thread), never on a Swift
/// concurrency thread, which it would block.
private func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, any Error>!
    Task.detached {
        do { result = .success(try await work()) } catch { result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try result.get()
}

private func blocking(_ work: @escaping @Sendable () async -> Void) {
    _ = try? blocking { await work(); return true }
}

/// Serves a folder of static files (the web app to crawl) on loopback; `overrides` answer chosen paths first.
public enum LocalSite {
    public static func serve(directory: String, port: Int = 0, overrides: (@Sendable (LoopbackServer.Request) -> LoopbackServer.Response?)? = nil) throws -> LoopbackServer {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CartoError("\(directory): no such folder; pass a URL or a folder holding index.html")
        }
        return try LoopbackServer(port: port) { request in
            if let answer = overrides?(request) { return answer }
            guard request.method == "GET" || request.method == "HEAD" else { return .text("method not allowed", status: 405) }
            var relative = request.path
            if relative.hasSuffix("/") { relative += "index.html" }
            let full = URL(fileURLWithPath: root + "/" + relative).standardizedFileURL.path
            // Never outside the folder (`..` in the path).
            guard full == root || full.hasPrefix(root + "/"), let data = FileManager.default.contents(atPath: full) else {
                return .text("not found: \(request.path)", status: 404)
            }
            return LoopbackServer.Response(contentType: MediaType.forFile(full) ?? "application/octet-stream", body: request.method == "HEAD" ? Data() : data)
        }
    }
}
