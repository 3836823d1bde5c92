import CartoCore
import Foundation

/// A small blocking HTTP/1.1 client for JSON over loopback (WebDriver servers, fake drivers, local sites).
/// Foundation's URLSession on Linux fails against chromedriver ("Failed writing header" from libcurl), so the
/// drivers speak HTTP themselves: one connection per request, Content-Length or chunked bodies, socket timeouts.
/// chromedriver keeps connections open despite `Connection: close`, so a response ends at its Content-Length.
public enum LoopbackHTTP {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Sends one request and reads the whole response (blocking; the drivers issue one command at a time).
    public static func send(method: String, url: URL, body: Data?, timeout: TimeInterval) throws -> Response {
        guard let host = url.host, let port = url.port else { throw Failure(description: "bad URL \(url)") }
        let fd: Int32
        do { fd = try LoopbackSocket.connect(host: host, port: port, timeout: timeout) }
        catch let error as CartoError { throw Failure(description: error.message) }
        defer { close(fd) }

        // The percent-encoded path: element ids and locators may hold spaces or slashes.
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? url.path
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        let payload = body ?? Data()
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nAccept: application/json\r\n"
        if body != nil || method == "POST" {
            request += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\n"
        }
        request += "\r\n"
        guard LoopbackSocket.writeAll(fd, Data(request.utf8) + payload) else { throw Failure(description: "write failed (errno \(errno))") }

        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        // Servers may keep the connection open (chromedriver does): stop once the body is complete.
        while !isComplete(buffer) {
            let n = read(fd, &chunk, chunk.count)
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]); continue }
            if n == 0 { break }
            if errno == EINTR { continue }
            throw Failure(description: errno == EAGAIN || errno == EWOULDBLOCK ? "no answer within \(Int(timeout)) s" : "read failed (errno \(errno))")
        }
        return try parse(buffer)
    }

    /// Whether `buffer` holds a whole response: headers plus Content-Length bytes, or a chunked body's last chunk.
    static func isComplete(_ buffer: Data) -> Bool {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).lowercased()
        let bodyCount = buffer.count - (end.upperBound - buffer.startIndex)
        for line in head.components(separatedBy: "\r\n") {
            if line.hasPrefix("content-length:"), let n = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) { return bodyCount >= n }
            if line.hasPrefix("transfer-encoding:") && line.contains("chunked") {
                return buffer.suffix(5) == Data("0\r\n\r\n".utf8)
            }
        }
        return false   // no length given: read to end of stream
    }

    static func parse(_ data: Data) throws -> Response {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = data.range(of: separator) else { throw Failure(description: "incomplete HTTP response") }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "malformed HTTP status line") }
        let headers = LoopbackSocket.headerFields(head.dropFirst())
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        else if let length = headers["content-length"].flatMap(Int.init), body.count > length { body = body.prefix(length) }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) throws -> Data {
        var out = Data()
        var i = data.startIndex
        while i < data.endIndex {
            guard let lineEnd = data[i...].range(of: Data("\r\n".utf8)) else { break }
            let sizeText = String(decoding: data[i..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw Failure(description: "malformed chunk size") }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard start + size <= data.endIndex else { throw Failure(description: "truncated chunk") }
            out.append(data[start..<(start + size)])
            i = start + size + 2
        }
        return out
    }
}
