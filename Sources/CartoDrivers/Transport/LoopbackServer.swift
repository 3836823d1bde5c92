import CartoCore
import Foundation

/// A small threaded HTTP/1.1 server on 127.0.0.1: serves local sites to the browser (`carto crawl DIR`) and
/// stands in for drivers in tests (a WebDriverAgent fake replaying recorded page sources).
/// One request per connection; each connection is answered on its own thread.
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
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var stopped = false

    /// Binds 127.0.0.1 (`port` 0 picks a free one) and starts accepting on a background thread.
    public init(port: Int = 0, handler: @escaping Handler) throws {
        let (fd, boundPort) = try LoopbackSocket.bind(port: port)
        guard listen(fd, 128) == 0 else {
            close(fd)
            throw CartoError("cannot listen on 127.0.0.1:\(boundPort) (\(String(cString: strerror(errno)))); choose another port")
        }
        self.port = boundPort
        self.listener = fd
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "carto-loopback-server"
        thread.start()
    }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    deinit { stop() }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            DispatchQueue.global().async { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var tv = timeval(tv_sec: 10, tv_usec: 0)   // a client that stops sending is dropped, not waited on forever
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var request: Request?
        while request == nil {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return }
            buffer.append(contentsOf: chunk[0..<n])
            if buffer.count > 16 << 20 { respond(fd, .text("request too large", status: 413)); return }
            guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = head.first?.split(separator: " ") ?? []
            guard parts.count >= 2 else { respond(fd, .text("malformed request line", status: 400)); return }
            let headers = LoopbackSocket.headerFields(head.dropFirst())
            let length = headers["content-length"].flatMap(Int.init) ?? 0
            let bodyStart = end.upperBound
            if buffer.count - bodyStart < length { continue }
            let target = String(parts[1])
            let pathPart = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
            request = Request(
                method: String(parts[0]), path: pathPart.removingPercentEncoding ?? pathPart,
                query: target.contains("?") ? String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[1]) : nil,
                headers: headers, body: Data(buffer[bodyStart..<(bodyStart + length)]))
        }
        respond(fd, handler(request!))
    }

    private func respond(_ fd: Int32, _ response: Response) {
        let reason = [200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 400: "Bad Request",
                      404: "Not Found", 405: "Method Not Allowed", 413: "Payload Too Large", 500: "Internal Server Error"][response.status] ?? "Status"
        var head = "HTTP/1.1 \(response.status) \(reason)\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        _ = LoopbackSocket.writeAll(fd, Data((head + "\r\n").utf8) + response.body)   // a client that left needs no answer
    }
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
